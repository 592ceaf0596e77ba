import type { ReactNode } from 'react';

/** A small label (packages/ui's .ui-badge). */
export function Badge({ tone, children }: { tone?: 'brand' | 'success' | 'warning'; children: ReactNode }) {
  return <span className={tone ? `ui-badge ui-badge--${tone}` : 'ui-badge'}>{children}</span>;
}
