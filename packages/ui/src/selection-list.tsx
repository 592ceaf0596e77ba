import type { UseQueryResult } from '@tanstack/react-query';
import type { Key, ReactNode } from 'react';
import { ErrorView } from './components/alert';
import { ChevronRightIcon } from './components/icons';
import { SkeletonRows } from './components/skeleton';
import { ROW_STAGGER_MS } from './lib/constants';

/*
 * The scaffold every "pick one of your organizations / restaurants" list shares: the
 * step's title (SelectionPanel), three skeleton rows while the list loads, the error view with its way out, the empty state, then one row
 * per entry. The tenant picker, the restaurant selector and the auth app's home page are this with their own
 * rows and texts.
 */

export interface SelectionListProps<T> {
  query: Pick<UseQueryResult<readonly T[]>, 'isPending' | 'isError' | 'error' | 'data'>;
  /** The loading rows' accessible name, e.g. "Loading organizations". */
  loadingLabel: string;
  errorTitle: string;
  /** The error view's button (Try Again, Go Back). */
  errorAction: ReactNode;
  /** Shown when the list is empty (an <EmptyState>). */
  empty: ReactNode;
  /** The list's accessible name. */
  label: string;
  keyOf: (entry: T) => Key;
  itemClassName?: string;
  children: (entry: T, index: number) => ReactNode;
}

export function SelectionList<T>({
  query,
  loadingLabel,
  errorTitle,
  errorAction,
  empty,
  label,
  keyOf,
  itemClassName,
  children,
}: SelectionListProps<T>) {
  if (query.isPending) return <SkeletonRows count={3} label={loadingLabel} />;
  if (query.isError || !query.data)
    return <ErrorView title={errorTitle} message={query.error?.message ?? ''} actions={errorAction} />;
  if (query.data.length === 0) return empty;
  return (
    <ul className="ui-list" aria-label={label}>
      {query.data.map((entry, index) => (
        <li key={keyOf(entry)} className={itemClassName}>
          {children(entry, index)}
        </li>
      ))}
    </ul>
  );
}

/** A selection step: its title and description above the list. */
export function SelectionPanel({
  title,
  description,
  children,
}: {
  title?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="ui-stack">
      {(title || description) && (
        <header>
          {title && <h2 className="ui-card__title">{title}</h2>}
          {description && <p className="ui-card__description">{description}</p>}
        </header>
      )}
      {children}
    </div>
  );
}

/** One choice of a selection list: avatar, name and a line below, pressed when it is the current one. */
export function SelectionOption({
  index,
  pressed,
  onSelect,
  avatar,
  title,
  meta,
}: {
  /** The row's place, for the staggered appearance. */
  index: number;
  pressed: boolean;
  onSelect: () => void;
  avatar: ReactNode;
  title: ReactNode;
  meta: ReactNode;
}) {
  return (
    <button
      type="button"
      className="ui-option ui-option--appear"
      style={{ animationDelay: `${index * ROW_STAGGER_MS}ms` }}
      aria-pressed={pressed}
      onClick={onSelect}
    >
      <SelectionAvatar>{avatar}</SelectionAvatar>
      <SelectionText title={title} meta={meta} />
      <ChevronRightIcon className="ui-option__chevron" />
    </button>
  );
}

export function SelectionAvatar({ children }: { children: ReactNode }) {
  return (
    <span className="ui-option__avatar" aria-hidden="true">
      {children}
    </span>
  );
}

export function SelectionText({ title, meta }: { title: ReactNode; meta: ReactNode }) {
  return (
    <span className="ui-option__text">
      <span className="ui-option__title">{title}</span>
      <span className="ui-option__meta">{meta}</span>
    </span>
  );
}
