import type { ResponseOf } from '@brigade/api-client/client';
import {
  getJournal,
  getSalesReport,
  getTenantJournal,
  getTenantSalesReport,
} from '@brigade/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

/** The sales report (contracts: packages/contracts/src/reports.ts); key ['restaurant', id, 'reports', 'sales', from, to]. */
export type SalesReport = ResponseOf<typeof getSalesReport>['data'];

/** What a report covers: the restaurant on screen, or every restaurant of its organization. */
export type ReportScope = 'restaurant' | 'all';

export function useSalesReport(range: { from: string; to: string }, enabled: boolean, scope: ReportScope) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'reports', 'sales', scope, range.from, range.to),
    queryFn: async ({ signal }) => {
      const query = { ...range, compare: 'previous' as const };
      const answer =
        scope === 'all'
          ? await apiClient.call(getTenantSalesReport, { params: { tenantId }, query, signal })
          : await apiClient.call(getSalesReport, { params: { tenantId, restaurantId }, query, signal });
      return answer.data;
    },
    enabled,
    // the period being changed keeps the last figures on screen until the next arrive
    placeholderData: keepPreviousData,
  });
}

/** The daily journal of a range, fetched when asked for (the Download journal button). */
export function useJournalFetch() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return async (range: { from: string; to: string }, scope: ReportScope) =>
    (scope === 'all'
      ? await apiClient.call(getTenantJournal, { params: { tenantId }, query: range })
      : await apiClient.call(getJournal, { params: { tenantId, restaurantId }, query: range })
    ).data;
}
