import type { ResponseOf } from '@brigade/api-client/client';
import { getReconciliation, getReconciliationRange } from '@brigade/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

/** A business day reconciled (packages/contracts/src/reports.ts); key ['restaurant', id, 'reports', 'reconciliation', date]. */
export type Reconciliation = ResponseOf<typeof getReconciliation>['data'];
export type ReconciliationRow = Reconciliation['rows'][number];
/** Several business days reconciled from the stored gateway reports; key […, 'reconciliation', from, to]. */
export type ReconciliationRange = ResponseOf<typeof getReconciliationRange>['data'];

export function useReconciliation(date: string, enabled: boolean) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'reports', 'reconciliation', date),
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(getReconciliation, {
          params: { tenantId, restaurantId },
          query: { date },
          signal,
        })
      ).data,
    enabled,
    // six gateway reads a day: the answer is kept a minute, and the last day stays on screen until the next
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

/** A range of business days (at most 31), reconciled from what the daily import stored: no gateway call. */
export function useReconciliationRange(range: { from: string; to: string }, enabled: boolean) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'reports', 'reconciliation', range.from, range.to),
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(getReconciliationRange, {
          params: { tenantId, restaurantId },
          query: range,
          signal,
        })
      ).data,
    enabled,
    placeholderData: keepPreviousData,
  });
}
