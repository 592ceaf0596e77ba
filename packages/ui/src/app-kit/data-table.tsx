// biome-ignore-all lint/a11y/noRedundantRoles: the phone layout sets display: block on the table parts, which drops their implicit roles in Chromium; the explicit roles keep the table announced as a table
import { errorMessage } from '@brigade/api-client/problem-error';
import { type ReactNode, useId } from 'react';
import { SearchIcon } from '../app-shell/icons';
import { ErrorView } from '../components/alert';
import { Button } from '../components/button';
import { EmptyState } from '../components/empty-state';
import { Skeleton } from '../components/skeleton';

export interface Column<T> {
  /** Column heading (also the label of the value on phone cards). */
  header: string;
  cell: (row: T) => ReactNode;
  /** The row's main text: bold in the table, the card's title on phones. */
  primary?: boolean;
  align?: 'start' | 'end';
  /** Hidden on phone cards (secondary detail). */
  hideOnMobile?: boolean;
}

export interface DataTableProps<T> {
  /** Accessible name of the table ("Tax rates"). */
  label: string;
  rows: readonly T[] | undefined;
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  isLoading?: boolean;
  error?: unknown;
  onRetry?: () => void;
  /** A search box above the list; the screen filters `rows` itself. */
  search?: { value: string; onChange: (value: string) => void; placeholder?: string };
  /** Extra filters next to the search box. */
  toolbar?: ReactNode;
  /** Shown when there are no rows at all. */
  empty: { title: string; message?: ReactNode; actions?: ReactNode };
  /** Per-row buttons (edit, delete...), rendered in the last column. */
  rowActions?: (row: T) => ReactNode;
}

/**
 * A list screen's body: search, loading rows, the error view with "Try Again", the empty state, and the
 * rows — a table on wide screens, stacked cards below 768 px (CSS only). Searching with no match says so.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, search, toolbar } = props;
  return (
    <section className="data-table" aria-label={label}>
      {(search || toolbar) && (
        <div className="data-table__toolbar">
          {search && <SearchBox label={label} search={search} />}
          {toolbar}
        </div>
      )}
      <TableBody {...props} />
    </section>
  );
}

function SearchBox({
  label,
  search,
}: {
  label: string;
  search: NonNullable<DataTableProps<unknown>['search']>;
}) {
  const searchId = useId();
  return (
    <div className="data-table__search">
      <label htmlFor={searchId} className="ui-visually-hidden">
        Search {label.toLowerCase()}
      </label>
      <SearchIcon className="data-table__search-icon" />
      <input
        id={searchId}
        type="search"
        className="ui-field__input"
        value={search.value}
        placeholder={search.placeholder ?? 'Search...'}
        onChange={(event) => search.onChange(event.target.value)}
      />
    </div>
  );
}

/** What is below the toolbar: the error, loading rows, an empty state, or the table. */
function TableBody<T>({
  label,
  rows,
  error,
  onRetry,
  isLoading,
  search,
  empty,
  ...table
}: DataTableProps<T>) {
  if (error)
    return (
      <ErrorView
        title={`Could not load ${label.toLowerCase()}`}
        message={errorMessage(error)}
        actions={onRetry && <Button onClick={onRetry}>Try Again</Button>}
      />
    );
  if (isLoading || !rows)
    return (
      <div className="data-table__loading" role="status" aria-busy="true" aria-label={`Loading ${label}`}>
        {[0, 1, 2, 3, 4].map((row) => (
          <div key={row} className="data-table__skeleton-row">
            <Skeleton width={`${45 - row * 5}%`} />
            <Skeleton width="20%" />
          </div>
        ))}
      </div>
    );
  if (rows.length === 0 && search?.value.trim())
    return <EmptyState title="No matches" message={`Nothing matches “${search.value.trim()}”.`} />;
  if (rows.length === 0)
    return <EmptyState title={empty.title} message={empty.message} actions={empty.actions} />;
  return <Table label={label} rows={rows} {...table} />;
}

function Table<T>({
  label,
  rows,
  columns,
  rowKey,
  rowActions,
}: Pick<DataTableProps<T>, 'label' | 'columns' | 'rowKey' | 'rowActions'> & { rows: readonly T[] }) {
  return (
    // Explicit roles: the phone layout turns the rows into blocks, and CSS display would drop the table
    // semantics in Chromium; the roles keep rows, row headers and cells announced.
    <table className="data-table__table" aria-label={label} role="table">
      <thead role="rowgroup">
        <tr role="row">
          {columns.map((column) => (
            <th key={column.header} scope="col" role="columnheader" data-align={column.align}>
              {column.header}
            </th>
          ))}
          {rowActions && (
            <th scope="col" role="columnheader" data-align="end">
              <span className="ui-visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {rows.map((row) => (
          <tr key={rowKey(row)} role="row">
            {columns.map((column) =>
              column.primary ? (
                <th
                  key={column.header}
                  scope="row"
                  role="rowheader"
                  className="data-table__primary"
                  data-label={column.header}
                >
                  {column.cell(row)}
                </th>
              ) : (
                <td
                  key={column.header}
                  role="cell"
                  data-label={column.header}
                  data-align={column.align}
                  data-mobile={column.hideOnMobile ? 'hidden' : undefined}
                >
                  {column.cell(row)}
                </td>
              ),
            )}
            {rowActions && (
              <td className="data-table__actions" role="cell" data-align="end">
                {rowActions(row)}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Case-insensitive match of a search text against some of a row's values. */
export function matchesSearch(search: string, ...values: (string | number | null | undefined)[]): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return values.some(
    (value) => value !== undefined && value !== null && String(value).toLowerCase().includes(needle),
  );
}
