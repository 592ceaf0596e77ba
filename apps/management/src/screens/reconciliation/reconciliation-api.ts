import type { ResponseOf } from '@brigade/api-client/client';
import { getReconciliation, getReconciliationRange, refreshReconciliation } from '@brigade/contracts/reports';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

/**
 * A business day reconciled from the stored gateway reports (packages/contracts/src/reports.ts); key
 * ['restaurant', id, 'reports', 'reconciliation', date].
 */
export type ReconciliationDay = ResponseOf<typeof getReconciliation>['data'];
/** A day as the day's answer and each day of a range have it. */
export type Reconciliation = Omit<ReconciliationDay, 'reports'>;
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
    // the last day stays on screen until the next one answers
    placeholderData: keepPreviousData,
  });
}

/**
 * Reads the day's settlement and funding reports from the gateway again (the server skips those read in the
 * last minute) and puts the day it answers in place.
 */
export function useRefreshReconciliation(date: string) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await apiClient.call(refreshReconciliation, { params: { tenantId, restaurantId }, body: { date } }))
        .data,
    onSuccess: (day) => {
      client.setQueryData(restaurantKey(restaurantId, 'reports', 'reconciliation', day.date), day);
    },
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
