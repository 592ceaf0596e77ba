import type { HTMLAttributes, ReactNode } from 'react';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  eyebrow?: ReactNode;
  title?: ReactNode;
  description?: ReactNode;
  footer?: ReactNode;
  flat?: boolean;
  /** Heading level of the title (h1 for a page's main card). */
  titleAs?: 'h1' | 'h2' | 'h3';
}

export function Card({
  eyebrow,
  title,
  description,
  footer,
  flat,
  titleAs: Title = 'h2',
  className,
  children,
  ...rest
}: CardProps) {
  return (
    <section className={['ui-card', flat && 'ui-card--flat', className].filter(Boolean).join(' ')} {...rest}>
      {(eyebrow || title || description) && (
        <header className="ui-card__header">
          {eyebrow && <p className="ui-card__eyebrow">{eyebrow}</p>}
          {title && <Title className="ui-card__title">{title}</Title>}
          {description && <p className="ui-card__description">{description}</p>}
        </header>
      )}
      {children}
      {footer && <footer className="ui-card__footer">{footer}</footer>}
    </section>
  );
}
