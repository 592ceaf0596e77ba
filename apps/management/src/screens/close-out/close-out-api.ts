import type { ResponseOf } from '@brigade/api-client/client';
import { getCloseOut } from '@brigade/contracts/pos';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

/** A business day's close-out (packages/contracts/src/pos.ts); key ['restaurant', id, 'reports', 'close-out', date]. */
export type CloseOut = ResponseOf<typeof getCloseOut>['data'];
export type StaffRow = CloseOut['staff'][number];
export type DrawerRow = CloseOut['drawers'][number];

export function useCloseOut(date: string, enabled: boolean) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'reports', 'close-out', date),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getCloseOut, { params: { tenantId, restaurantId }, query: { date }, signal }))
        .data,
    enabled,
    // the day being changed keeps the last figures on screen until the next arrive
    placeholderData: keepPreviousData,
  });
}
