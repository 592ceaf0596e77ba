import type { ReactNode } from 'react';

export type BadgeTone = 'brand' | 'success' | 'warning' | 'danger' | 'info';

/** A small label (packages/ui's .ui-badge). */
export function Badge({ tone, children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={tone ? `ui-badge ui-badge--${tone}` : 'ui-badge'}>{children}</span>;
}
