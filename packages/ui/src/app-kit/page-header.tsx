import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * The top of every screen: an h1 title, an optional description and the screen's actions (right-aligned,
 * wrapping under the title on phones). `back` adds a link above the title ("← Items").
 */
export function PageHeader({
  title,
  description,
  actions,
  back,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <header className="page-header">
      <div className="page-header__text">
        {back && (
          <Link className="page-header__back" to={back.to}>
            ← {back.label}
          </Link>
        )}
        <h1 className="page-header__title">{title}</h1>
        {description && <p className="page-header__description">{description}</p>}
      </div>
      {actions && <div className="page-header__actions">{actions}</div>}
    </header>
  );
}
