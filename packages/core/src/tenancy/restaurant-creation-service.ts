import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import type { CreateRestaurantInput, Restaurant } from '@brigade/domain/restaurant';
import { restaurantCreationRefusal } from '@brigade/domain/tenant';
import type { UseCaseDeps } from '../use-case';
import { countRestaurantsOfTenant } from './restaurant-repository';
import { createRestaurant } from './restaurant-service';
import { lockTenant } from './tenant-repository';

const isSiteAdmin = (actor: Actor) => actor.kind === 'user' && actor.isSiteAdmin && actor.isActive;

/**
 * Creates a restaurant through the tenancy API, within the tenant's plan (starter 1,
 * professional 5, enterprise 999; only professional and enterprise create restaurants). The tenant row is
 * locked while counting, so concurrent creates cannot pass the cap together. A refusal says why.
 */
export function createRestaurantWithinPlan(
  deps: UseCaseDeps,
  actor: Actor,
  input: CreateRestaurantInput,
): Promise<Restaurant> {
  return deps.db.transaction(async (tx) => {
    const tenant = await lockTenant(tx, input.tenantId);
    if (!tenant) throw notFound(`Tenant with ID ${input.tenantId} not found`, 'TENANT_NOT_FOUND');
    const refusal = restaurantCreationRefusal(
      tenant.plan,
      await countRestaurantsOfTenant(tx, tenant.tenantId),
      { isSiteAdmin: isSiteAdmin(actor) },
    );
    if (refusal) throw new BrigadeError('conflict', refusal.code, refusal.message);
    return createRestaurant({ ...deps, db: tx }, actor, input);
  });
}
