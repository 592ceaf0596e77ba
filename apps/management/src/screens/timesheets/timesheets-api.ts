import type { ResponseOf } from '@brigade/api-client/client';
import { editTimeEntry, getTimesheet, saveTimeClockSettings } from '@brigade/contracts/staff';
import type { EditTimeEntryInput, TimeClockSettings } from '@brigade/domain/staff/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

/** A pay period's timesheet (packages/contracts/src/staff.ts); key ['restaurant', id, 'timesheets', date]. */
export type Timesheet = ResponseOf<typeof getTimesheet>['data'];
export type TimesheetRow = Timesheet['rows'][number];
export type Shift = Timesheet['entries'][number];
export type LabourDay = Timesheet['labour'][number];

export function useTimesheet(date: string, enabled: boolean) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'timesheets', date),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getTimesheet, { params: { tenantId, restaurantId }, query: { date }, signal }))
        .data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useSaveClockSettings() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: TimeClockSettings) =>
      (await apiClient.call(saveTimeClockSettings, { params: { tenantId, restaurantId }, body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'timesheets') }),
  });
}

export function useEditShift() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ entryId, body }: { entryId: number; body: EditTimeEntryInput }) =>
      (await apiClient.call(editTimeEntry, { params: { tenantId, restaurantId, entryId }, body })).data,
    onSuccess: () => client.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'timesheets') }),
  });
}
