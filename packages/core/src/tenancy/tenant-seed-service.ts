import type { Actor } from '@brigade/domain/access';
import { BrigadeError } from '@brigade/domain/errors';
import type { CreateRestaurantInput, Restaurant } from '@brigade/domain/restaurant';
import { type CreateTenantInput, planChangeRefusal, type Tenant } from '@brigade/domain/tenant';
import type { UseCaseDeps } from '../use-case';
import { createRestaurant } from './restaurant-service';
import { createTenant } from './tenant-service';

export interface TenantSeed {
  tenant: CreateTenantInput;
  restaurants: Omit<CreateRestaurantInput, 'tenantId'>[];
}

/**
 * Seeds a tenant with restaurants in a batch: the tenant and all its restaurants in one
 * transaction, all or nothing. Seeding is a site administrator's work, so the plan's cap applies but not
 * the starter plan's "cannot create" rule. A restaurant's validation errors name it (`restaurants.1.name`).
 */
export function seedTenantWithRestaurants(
  deps: UseCaseDeps,
  actor: Actor,
  seed: TenantSeed,
): Promise<{ tenant: Tenant; restaurants: Restaurant[] }> {
  return deps.db.transaction(async (tx) => {
    const within = { ...deps, db: tx };
    const tenant = await createTenant(within, actor, seed.tenant);
    const refusal = planChangeRefusal(tenant.plan, seed.restaurants.length);
    if (refusal) throw new BrigadeError('conflict', 'PLAN_RESTAURANT_CAP_REACHED', refusal);
    const restaurants: Restaurant[] = [];
    for (const [index, input] of seed.restaurants.entries()) {
      try {
        restaurants.push(await createRestaurant(within, actor, { ...input, tenantId: tenant.tenantId }));
      } catch (error) {
        if (error instanceof BrigadeError && error.kind === 'validation' && error.errors) {
          const errors = error.errors.map((e) => ({ ...e, path: `restaurants.${index}.${e.path}` }));
          throw new BrigadeError('validation', error.code, error.message, { errors });
        }
        throw error;
      }
    }
    return { tenant, restaurants };
  });
}
