import type { CSSProperties } from 'react';

export function Skeleton({
  width = '100%',
  height = '0.875rem',
  style,
}: {
  width?: string;
  height?: string;
  style?: CSSProperties;
}) {
  return <span className="ui-skeleton" style={{ width, height, ...style }} />;
}

/** Placeholder rows shaped like the selectable list rows (three while loading). */
export function SkeletonRows({ count = 3, label = 'Loading' }: { count?: number; label?: string }) {
  return (
    <div className="ui-stack ui-stack--sm" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div className="ui-skeleton-row" key={index} data-testid="skeleton-row">
          <span className="ui-skeleton ui-skeleton-row__avatar" />
          <span className="ui-skeleton-row__lines">
            <Skeleton width={`${60 - index * 8}%`} />
            <Skeleton width={`${40 - index * 5}%`} height="0.75rem" />
          </span>
        </div>
      ))}
    </div>
  );
}
