import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { LockIcon } from '@brigade/ui/components/icons';
import { useSelection } from '@brigade/ui/selection';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type AuditFilters, filtersFromSearch, isFiltering, searchFromFilters } from './audit-filters';
import { AuditList } from './audit-list';
import { AuditFilterForm } from './filter-form';
import { useAuditLog, useCanReadAuditLog, useTenantRestaurants } from './queries';
import './audit-log.css';

/**
 * The organization's audit log (issue 14, decision 019): every write to its data, newest first, with who,
 * when, what changed and through which route. Owners and admins of the organization (and site
 * administrators) read it, whichever restaurant is selected; the filters live in the URL.
 */
export default function AuditLogScreen() {
  const { tenant } = useSelection();
  const allowed = useCanReadAuditLog();
  const organization = tenant?.displayName || tenant?.name || 'the organization';
  const title = 'Audit log';
  if (!allowed)
    return (
      <>
        <PageHeader title={title} />
        <EmptyState
          icon={<LockIcon />}
          title="You do not have access"
          message={`The audit log of ${organization} is for its owners and admins.`}
        />
      </>
    );
  return (
    <>
      <PageHeader
        title={title}
        description={`Every change to ${organization}'s data: who made it, when, and through which route.`}
      />
      <AuditLogBody />
    </>
  );
}

function AuditLogBody() {
  const [search, setSearch] = useSearchParams();
  const searchText = search.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query's text is what the filters follow
  const filters = useMemo(() => filtersFromSearch(search), [searchText]);
  const log = useAuditLog(filters);
  const { refetch } = log;
  // the same filters again read the log again (the newest changes)
  const apply = useCallback(
    (next: AuditFilters) => {
      const nextSearch = searchFromFilters(next);
      if (nextSearch.toString() === searchText) void refetch();
      else setSearch(nextSearch);
    },
    [setSearch, searchText, refetch],
  );
  const restaurants = useTenantRestaurants();
  return (
    <section className="audit-log" aria-label="Audit log">
      <AuditFilterForm filters={filters} onApply={apply} />
      <AuditList
        log={log}
        filtering={isFiltering(filters)}
        restaurantNames={restaurants.names}
        onClearFilters={() => apply({})}
      />
    </section>
  );
}
