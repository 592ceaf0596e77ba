import { listTenantAuditLog } from '@brigade/contracts/audit-log';
import { useMyRestaurants } from '@brigade/ui/lib/queries';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiClient } from '../../api';
import { tenantKey } from '../../components/query-keys';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import { type AuditFilters, apiFiltersOf } from './audit-filters';

/** Entries per page: "Load more" asks for the next this many (older ones). */
export const AUDIT_PAGE_SIZE = 50;

/** Whether the signed-in user may read the organization's audit log (owners, admins, site administrators). */
export const useCanReadAuditLog = () => useCan(listTenantAuditLog);

/**
 * The organization's audit log, newest first, keyset paged (decision 019): page after page follows
 * `nextCursor`. Read afresh on every visit (no stale time): it is the list of what just changed.
 */
export function useAuditLog(filters: AuditFilters) {
  const { tenantId } = useCurrentRestaurant();
  const allowed = useCanReadAuditLog();
  const query = useMemo(() => apiFiltersOf(filters), [filters]);
  return useInfiniteQuery({
    queryKey: tenantKey(tenantId, 'audit-log', query),
    queryFn: async ({ pageParam, signal }) =>
      apiClient.call(listTenantAuditLog, {
        params: { tenantId },
        query: { ...query, limit: AUDIT_PAGE_SIZE, ...(pageParam === null ? {} : { cursor: pageParam }) },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: allowed,
    staleTime: 0,
  });
}

/** The organization's restaurants by id (for the filter and to name an entry's restaurant). */
export function useTenantRestaurants() {
  const { tenantId } = useCurrentRestaurant();
  const restaurants = useMyRestaurants(tenantId);
  const names = useMemo(
    () => new Map((restaurants.data ?? []).map((r) => [r.restaurantId, r.name] as const)),
    [restaurants.data],
  );
  return { list: restaurants.data ?? [], names };
}
