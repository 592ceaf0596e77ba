import type { ResponseOf } from '@brigade/api-client/client';
import { getReconciliation } from '@brigade/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

/** A business day reconciled (packages/contracts/src/reports.ts); key ['restaurant', id, 'reports', 'reconciliation', date]. */
export type Reconciliation = ResponseOf<typeof getReconciliation>['data'];
export type ReconciliationRow = Reconciliation['rows'][number];

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
