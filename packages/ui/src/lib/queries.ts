import { listMyRestaurants, listMyTenants } from '@brigade/contracts/me';
import { useQuery } from '@tanstack/react-query';
import { usePlatform } from '../platform';

export const myTenantsKey = ['me', 'tenants'] as const;
export const myRestaurantsKey = (tenantId: number) => ['me', 'tenants', tenantId, 'restaurants'] as const;

export function useMyTenants(enabled = true) {
  const { client } = usePlatform();
  return useQuery({
    queryKey: myTenantsKey,
    queryFn: async ({ signal }) => (await client.call(listMyTenants, { signal })).data,
    enabled,
  });
}

export function useMyRestaurants(tenantId: number | null | undefined) {
  const { client } = usePlatform();
  return useQuery({
    queryKey: myRestaurantsKey(tenantId ?? 0),
    queryFn: async ({ signal }) =>
      (await client.call(listMyRestaurants, { params: { tenantId: tenantId as number }, signal })).data,
    enabled: typeof tenantId === 'number',
  });
}
