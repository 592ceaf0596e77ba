import type { ReactNode } from 'react';
import { InboxIcon } from './icons';

export function EmptyState({
  title,
  message,
  actions,
  icon,
}: {
  title: ReactNode;
  message?: ReactNode;
  actions?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="ui-state" role="status">
      <span className="ui-state__icon">{icon ?? <InboxIcon />}</span>
      <h2 className="ui-state__title">{title}</h2>
      {message && <p className="ui-state__message">{message}</p>}
      {actions && <div className="ui-state__actions">{actions}</div>}
    </div>
  );
}
