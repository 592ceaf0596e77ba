import { LoadingView } from '@brigade/ui/components/spinner';
import { useMyRestaurants, useMyTenants } from '@brigade/ui/lib/queries';
import { useSelection } from '@brigade/ui/selection';
import { type ReactNode, useEffect, useState } from 'react';

/*
 * After sign-in with a selection the auth app returns here with tenantId and restaurantId
 * (guids) next to the handoff token. Another origin has its own local storage, so the choice is taken from
 * the address: looked up among the user's tenants and restaurants, stored, and removed from the address.
 * Unknown guids are dropped and the selection guard asks as usual.
 */
const SELECTION_PARAMS = ['tenantId', 'restaurantId'] as const;

function readParams(): { tenantGuid: string; restaurantGuid: string } | null {
  const url = new URL(window.location.href);
  const tenantGuid = url.searchParams.get('tenantId');
  const restaurantGuid = url.searchParams.get('restaurantId');
  return tenantGuid && restaurantGuid ? { tenantGuid, restaurantGuid } : null;
}

function clearParams(): void {
  const url = new URL(window.location.href);
  for (const name of SELECTION_PARAMS) url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}

export function SelectionFromUrl({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(readParams);
  const { setSelection } = useSelection();
  const tenants = useMyTenants(wanted !== null);
  const tenant = wanted ? tenants.data?.find((entry) => entry.guid === wanted.tenantGuid) : undefined;
  const restaurants = useMyRestaurants(tenant?.tenantId);
  const restaurant = wanted
    ? restaurants.data?.find((entry) => entry.guid === wanted.restaurantGuid)
    : undefined;
  const settled =
    wanted === null ||
    tenants.isError ||
    (tenants.isSuccess && !tenant) ||
    restaurants.isError ||
    restaurants.isSuccess;

  useEffect(() => {
    if (!wanted || !settled) return;
    if (tenant && restaurant) setSelection(tenant, restaurant);
    clearParams();
    setWanted(null);
  }, [wanted, settled, tenant, restaurant, setSelection]);

  if (wanted) return <LoadingView page message="Loading your workspace..." />;
  return <>{children}</>;
}
