import type { Jsonify } from '@brigade/api-client/client';
import {
  createDomainMapping,
  createGeneratedSubdomain,
  deleteDomainMapping,
  queryDomainMappings,
  updateDomainMapping,
  verifyDomainMapping,
} from '@brigade/contracts/domains';
import type { DomainMapping } from '@brigade/domain/domain-mapping';
import type { UpdateDomainMappingInput } from '@brigade/domain/domain-mapping-input';
import { useSelection } from '@brigade/ui/selection';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

export type Mapping = Jsonify<DomainMapping>;

/** The guids the domain mapping API names the restaurant by (decision 010). */
function useTarget() {
  const { tenant, restaurant } = useSelection();
  const { restaurantId } = useCurrentRestaurant();
  return { tenantGuid: tenant?.guid ?? '', restaurantGuid: restaurant?.guid ?? '', restaurantId };
}

export function useDomainMappings(enabled: boolean) {
  const { restaurantGuid, restaurantId } = useTarget();
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'domains'),
    queryFn: async ({ signal }) =>
      (
        await apiClient.call(queryDomainMappings, {
          query: { restaurantGuid, limit: 100, sortBy: 'createdAt', sortOrder: 'asc' },
          signal,
        })
      ).data.mappings,
    enabled: enabled && restaurantGuid !== '',
  });
}

/** Every domain change refreshes the list and the public address (a new primary moves the site). */
export function useDomainMutations() {
  const { tenantGuid, restaurantGuid, restaurantId } = useTarget();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'domains') });
    void queryClient.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'public-link') });
  };
  return {
    addCustom: useMutation({
      mutationFn: async (input: { domain: string; isPrimary?: boolean | undefined }) =>
        (
          await apiClient.call(createDomainMapping, {
            body: { ...input, domainType: 'custom', tenantGuid, restaurantGuid },
          })
        ).data.mapping,
      onSuccess: refresh,
    }),
    generateSubdomain: useMutation({
      mutationFn: async () =>
        (await apiClient.call(createGeneratedSubdomain, { body: { tenantGuid, restaurantGuid } })).data
          .mapping,
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: async ({ guid, body }: { guid: string; body: UpdateDomainMappingInput }) =>
        (await apiClient.call(updateDomainMapping, { params: { guid }, body })).data.mapping,
      onSuccess: refresh,
    }),
    /** One primary per restaurant: the server demotes the previous primary in the same transaction. */
    setPrimary: useMutation({
      mutationFn: async (guid: string) =>
        (await apiClient.call(updateDomainMapping, { params: { guid }, body: { isPrimary: true } })).data
          .mapping,
      onSettled: refresh,
    }),
    verify: useMutation({
      mutationFn: async (guid: string) =>
        (await apiClient.call(verifyDomainMapping, { params: { guid } })).data,
      onSettled: refresh,
    }),
    remove: useMutation({
      mutationFn: async (guid: string) => {
        await apiClient.call(deleteDomainMapping, { params: { guid } });
      },
      onSuccess: refresh,
    }),
  };
}
