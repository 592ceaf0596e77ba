import type { AnyEndpoint } from '@brigade/api-client/client';
import { roleAtLeast, type TenantRole } from '@brigade/domain/access';
import { useSession } from '@brigade/ui/lib/session';
import { useSelection } from '@brigade/ui/selection';

/** The restaurant every management screen works on: the selection's tenant and restaurant. */
export interface CurrentRestaurant {
  tenantId: number;
  restaurantId: number;
  restaurantName: string;
  /** The signed-in user's role in the tenant; null for a site administrator without an assignment. */
  role: TenantRole | null;
  isSiteAdmin: boolean;
  /** The restaurant's clock (its tenant's zone); undefined for a selection stored before it was sent. */
  timezone: string | undefined;
}

/**
 * The current restaurant. Screens render inside the shell's SelectionGuard (context "management"), so a
 * selection always exists there; calling this elsewhere is a programming error.
 */
export function useCurrentRestaurant(): CurrentRestaurant {
  const { tenant, restaurant } = useSelection();
  const { state } = useSession();
  if (!tenant || !restaurant) throw new Error('useCurrentRestaurant must be used below the selection guard');
  return {
    tenantId: tenant.tenantId,
    restaurantId: restaurant.restaurantId,
    restaurantName: restaurant.name,
    role: tenant.role,
    isSiteAdmin: state.status === 'authenticated' && state.user.isSiteAdmin,
    timezone: tenant.timezone ?? undefined,
  };
}

/**
 * Whether the signed-in user may call an endpoint, from the access its contract declares (the same rule the
 * server applies): screens hide or disable what a role may not do (issue 8 §4). The server enforces it
 * regardless.
 */
export function useCan(endpoint: AnyEndpoint): boolean {
  const current = useCurrentRestaurant();
  return canCall(endpoint, current);
}

export function canCall(
  endpoint: AnyEndpoint,
  who: Pick<CurrentRestaurant, 'role' | 'isSiteAdmin'>,
): boolean {
  const access = endpoint.access;
  if (access.kind === 'public' || access.kind === 'signed-in') return true;
  if (who.isSiteAdmin) return true;
  if (access.kind === 'site-admin') return false;
  // a member: any role in a tenant (the screens run inside one of the user's tenants)
  if (access.kind === 'member') return who.role !== null;
  return who.role !== null && roleAtLeast(who.role, access.role);
}
