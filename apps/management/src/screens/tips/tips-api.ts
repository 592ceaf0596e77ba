import type { ResponseOf } from '@brigade/api-client/client';
import {
  createTipRule,
  deleteTipRule,
  getTipsReport,
  listTipRules,
  updateTipRule,
} from '@brigade/contracts/staff';
import type { TipRuleInput } from '@brigade/domain/staff/tips';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

/** A pay period's tips report and the tip-out rules (packages/contracts/src/staff.ts). */
export type TipsReport = ResponseOf<typeof getTipsReport>['data'];
export type TipsRow = TipsReport['rows'][number];
export type TipPool = TipsReport['pools'][number];
export type TipRule = ResponseOf<typeof listTipRules>['data'][number];

export function useTipsReport(date: string, enabled: boolean) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'tips', date),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getTipsReport, { params: { tenantId, restaurantId }, query: { date }, signal }))
        .data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useTipRules(enabled: boolean) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'tip-rules'),
    queryFn: async ({ signal }) =>
      (await apiClient.call(listTipRules, { params: { tenantId, restaurantId }, signal })).data,
    enabled,
  });
}

/** Adds a rule (no ruleId) or replaces one; the report and the list are read again. */
export function useSaveTipRule() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ ruleId, body }: { ruleId?: number; body: TipRuleInput }) =>
      ruleId === undefined
        ? (await apiClient.call(createTipRule, { params: { tenantId, restaurantId }, body })).data
        : (await apiClient.call(updateTipRule, { params: { tenantId, restaurantId, ruleId }, body })).data,
    onSuccess: () => refresh(client, restaurantId),
  });
}

export function useDeleteTipRule() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (ruleId: number) =>
      (await apiClient.call(deleteTipRule, { params: { tenantId, restaurantId, ruleId } })).data,
    onSuccess: () => refresh(client, restaurantId),
  });
}

const refresh = (client: ReturnType<typeof useQueryClient>, restaurantId: number) =>
  Promise.all([
    client.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'tip-rules') }),
    client.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'tips') }),
  ]);
