import type { ReactNode } from 'react';
import { AlertIcon, CheckCircleIcon, InfoIcon } from './icons';

export type AlertTone = 'error' | 'success' | 'warning' | 'info';

const icons = { error: AlertIcon, success: CheckCircleIcon, warning: AlertIcon, info: InfoIcon };

/** An inline message. Errors are announced at once (role alert); the rest politely (role status). */
export function Alert({
  tone = 'error',
  title,
  children,
}: {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
}) {
  const Icon = icons[tone];
  return (
    <div
      className={tone === 'error' ? 'ui-alert' : `ui-alert ui-alert--${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      <Icon className="ui-alert__icon" />
      <div>
        {title && <p className="ui-alert__title">{title}</p>}
        {children && <p className="ui-alert__body">{children}</p>}
      </div>
    </div>
  );
}

/** A block-level failure: heading, the message, and what the user can do about it. */
export function ErrorView({
  title,
  message,
  actions,
  icon,
  level = 2,
}: {
  title: ReactNode;
  message?: ReactNode;
  actions?: ReactNode;
  icon?: ReactNode;
  /** 1 when the view is the whole page (a guard's screen), so the page has its level-one heading. */
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="ui-state ui-state--error" role="alert">
      <span className="ui-state__icon">{icon ?? <AlertIcon />}</span>
      <Heading className="ui-state__title">{title}</Heading>
      {message && <p className="ui-state__message">{message}</p>}
      {actions && <div className="ui-state__actions">{actions}</div>}
    </div>
  );
}
