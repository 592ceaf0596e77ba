import { errorMessage } from '@brigade/api-client/problem-error';
import { Alert, ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { Skeleton } from '@brigade/ui/components/skeleton';
import type { ReactNode } from 'react';
import type { Entry } from './audit-format';
import { EntryRows } from './entry-rows';
import type { useAuditLog } from './queries';

type AuditQuery = ReturnType<typeof useAuditLog>;

/**
 * The entries, newest first, with the states every list has: loading rows, the error with "Try Again",
 * the empty state (one for filters that match nothing, one for a log with nothing in it), and "Load more"
 * at the end while older entries remain.
 */
export function AuditList({
  log,
  filtering,
  restaurantNames,
  onClearFilters,
}: {
  log: AuditQuery;
  filtering: boolean;
  restaurantNames: ReadonlyMap<number, string>;
  onClearFilters: () => void;
}) {
  if (log.isError && !log.data)
    return (
      <ErrorView
        title="Could not load the audit log"
        message={errorMessage(log.error)}
        actions={<Button onClick={() => void log.refetch()}>Try Again</Button>}
      />
    );
  if (!log.data) return <LoadingRows />;
  const entries = log.data.pages.flatMap((page) => page.data);
  if (entries.length === 0)
    return filtering ? (
      <EmptyState
        title="No changes match these filters"
        message="Try fewer filters or a wider range of days."
        actions={
          <Button variant="secondary" onClick={onClearFilters}>
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        title="Nothing has been changed yet"
        message="Every change made to the organization's data will be listed here."
      />
    );
  return (
    <>
      <EntriesTable entries={entries} restaurantNames={restaurantNames} />
      <ListFooter log={log} count={entries.length} />
    </>
  );
}

function EntriesTable({
  entries,
  restaurantNames,
}: {
  entries: readonly Entry[];
  restaurantNames: ReadonlyMap<number, string>;
}) {
  return (
    <table className="audit-table" aria-label="Audit log entries">
      <thead>
        <tr>
          <th scope="col">
            <span className="ui-visually-hidden">Details</span>
          </th>
          <th scope="col">Time</th>
          <th scope="col">Actor</th>
          <th scope="col">Change</th>
          <th scope="col">Endpoint</th>
          <th scope="col">Request</th>
        </tr>
      </thead>
      {entries.map((entry) => (
        <EntryRows
          key={entry.auditId}
          entry={entry}
          restaurantName={entry.restaurantId === null ? undefined : restaurantNames.get(entry.restaurantId)}
        />
      ))}
    </table>
  );
}

/** How many are shown, and "Load more" (or its failure and a retry) while older entries remain. */
function ListFooter({ log, count }: { log: AuditQuery; count: number }) {
  let action: ReactNode = null;
  if (log.isFetchNextPageError)
    action = (
      <>
        <Alert title="Could not load more entries">{errorMessage(log.error)}</Alert>
        <Button variant="secondary" onClick={() => void log.fetchNextPage()}>
          Try Again
        </Button>
      </>
    );
  else if (log.hasNextPage)
    action = (
      <Button
        variant="secondary"
        loading={log.isFetchingNextPage}
        loadingText="Loading..."
        onClick={() => void log.fetchNextPage()}
      >
        Load more
      </Button>
    );
  return (
    <div className="list-footer audit-footer">
      <p className="list-footer__count" aria-live="polite">
        {log.hasNextPage
          ? `Showing the newest ${count} entries`
          : `${count} ${count === 1 ? 'entry' : 'entries'}, all shown`}
      </p>
      {action}
    </div>
  );
}

function LoadingRows() {
  return (
    <div className="data-table__loading" role="status" aria-busy="true" aria-label="Loading the audit log">
      {[0, 1, 2, 3, 4].map((row) => (
        <div key={row} className="data-table__skeleton-row">
          <Skeleton width={`${45 - row * 5}%`} />
          <Skeleton width="20%" />
        </div>
      ))}
    </div>
  );
}
