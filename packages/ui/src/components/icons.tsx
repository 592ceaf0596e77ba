import type { SVGProps } from 'react';

// A handful of inline icons (no icon package: a few paths are cheaper than a dependency).
const base = (props: SVGProps<SVGSVGElement>) => ({
  width: 20,
  height: 20,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  focusable: false,
  ...props,
});

export const AlertIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" {...base(props)}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 8v4M12 16h.01" />
  </svg>
);
export const CheckCircleIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" {...base(props)}>
    <circle cx="12" cy="12" r="10" />
    <path d="m9 12 2 2 4-4" />
  </svg>
);
export const InfoIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" {...base(props)}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 16v-4M12 8h.01" />
  </svg>
);
export const LockIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" {...base(props)}>
    <rect x="4" y="11" width="16" height="10" rx="2" />
    <path d="M8 11V7a4 4 0 0 1 8 0v4" />
  </svg>
);
export const ShieldIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" {...base(props)}>
    <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
  </svg>
);
export const InboxIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" {...base(props)}>
    <path d="M22 12h-6l-2 3h-4l-2-3H2" />
    <path d="M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H7.24a2 2 0 0 0-1.79 1.11z" />
  </svg>
);
export const ChevronRightIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" {...base(props)}>
    <path d="m9 18 6-6-6-6" />
  </svg>
);
export const ChevronLeftIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" {...base(props)}>
    <path d="m15 18-6-6 6-6" />
  </svg>
);
export const StoreIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" {...base(props)}>
    <path d="M3 9l1.5-5h15L21 9M3 9v11h18V9M3 9h18M9 20v-6h6v6" />
  </svg>
);
export const BuildingIcon = (props: SVGProps<SVGSVGElement>) => (
  <svg aria-hidden="true" {...base(props)}>
    <rect x="4" y="2" width="16" height="20" rx="2" />
    <path d="M9 22v-4h6v4M8 6h.01M16 6h.01M12 6h.01M12 10h.01M12 14h.01M16 10h.01M16 14h.01M8 10h.01M8 14h.01" />
  </svg>
);

/**
 * An inline stroke icon on the 24px grid from its paths (separated by "|"), 18px unless `defaults` or the
 * props say otherwise.
 */
export function strokeIcon(paths: string, defaults: SVGProps<SVGSVGElement> = {}) {
  return function StrokeIcon(props: SVGProps<SVGSVGElement>) {
    return (
      <svg
        aria-hidden="true"
        focusable="false"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        {...defaults}
        {...props}
      >
        {paths.split('|').map((d) => (
          <path key={d} d={d} />
        ))}
      </svg>
    );
  };
}

export const CloseIcon = strokeIcon('M18 6 6 18M6 6l12 12');
export const SunIcon = strokeIcon(
  'M12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8z|M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
);
export const MoonIcon = strokeIcon('M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8z');

/** A funnel: the "Filters" toggle of a filter bar. */
export const FilterIcon = strokeIcon('M22 3H2l8 9.5V19l4 2v-8.5z');
