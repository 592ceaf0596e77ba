import { errorMessage } from '@brigade/api-client/problem-error';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { strokeIcon } from '@brigade/ui/components/icons';
import { Skeleton } from '@brigade/ui/components/skeleton';
import type { ReactNode } from 'react';

/**
 * Small building blocks of the catalogue screens (menus, items, modifier groups), styled by catalogue.css
 * (the generic form helpers are in src/components).
 */

/** A fieldset with a legend: one part of a long form. */
export function Section({
  title,
  description,
  children,
  actions,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <fieldset className="cat-section">
      <legend className="cat-section__title">{title}</legend>
      {(description || actions) && (
        <div className="cat-section__intro">
          {description && <p className="ui-muted ui-small">{description}</p>}
          {actions}
        </div>
      )}
      <div className="cat-section__body">{children}</div>
    </fieldset>
  );
}

/** Loading rows or the error view with "Try Again" while a screen's data comes in. */
export function LoadState({
  error,
  onRetry,
  label,
}: {
  error?: unknown;
  onRetry?: () => void;
  label: string;
}) {
  if (error)
    return (
      <ErrorView
        title={`Could not load ${label}`}
        message={errorMessage(error)}
        actions={onRetry && <Button onClick={onRetry}>Try Again</Button>}
      />
    );
  return (
    <div className="cat-loading" role="status" aria-busy="true" aria-label={`Loading ${label}`}>
      {[60, 45, 52, 38].map((width) => (
        <Skeleton key={width} width={`${width}%`} />
      ))}
    </div>
  );
}

const icon = (paths: string[]) => strokeIcon(paths.join('|'), { width: 16, height: 16 });

export const GripIcon = icon(['M9 5h.01', 'M9 12h.01', 'M9 19h.01', 'M15 5h.01', 'M15 12h.01', 'M15 19h.01']);
export const ArrowUpIcon = icon(['M12 19V5', 'm5 12 7-7 7 7']);
export const ArrowDownIcon = icon(['M12 5v14', 'm19 12-7 7-7-7']);
export const FolderIcon = icon([
  'M4 20h16a2 2 0 0 0 2-2V8a2 2 0 0 0-2-2h-7.9a2 2 0 0 1-1.7-.9l-.8-1.2A2 2 0 0 0 7.9 3H4a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2z',
]);
export const UnlinkIcon = icon(['M18 6 6 18', 'm6 6 12 12']);
/** "Move to another group": an arrow into a folder. */
export const MoveToIcon = icon([
  'M2 9V5a2 2 0 0 1 2-2h3.9a2 2 0 0 1 1.69.9l.81 1.2a2 2 0 0 0 1.67.9H20a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2v-1',
  'M2 13h10',
  'm9 16 3-3-3-3',
]);

/**
 * Move up / move down for row `index` of `count`; `onMove(to, direction)`. `focusKey` marks the buttons
 * (data-focus-id) for refocusMoveButton.
 */
export function MoveButtons({
  label,
  index,
  count,
  focusKey,
  onMove,
}: {
  label: string;
  index: number;
  count: number;
  focusKey?: string;
  onMove: (to: number, direction: 'up' | 'down') => void;
}) {
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Move ${label} up`}
        data-focus-id={focusKey && `${focusKey}-up`}
        disabled={index === 0}
        onClick={() => onMove(index - 1, 'up')}
      >
        <ArrowUpIcon />
      </Button>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Move ${label} down`}
        data-focus-id={focusKey && `${focusKey}-down`}
        disabled={index === count - 1}
        onClick={() => onMove(index + 1, 'down')}
      >
        <ArrowDownIcon />
      </Button>
    </>
  );
}
