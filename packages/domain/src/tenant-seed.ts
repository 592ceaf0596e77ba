import { z } from 'zod';
import { createRestaurantInputSchema } from './restaurant';
import { createTenantInputSchema } from './tenant';

/**
 * Seeding a tenant with restaurants in a batch: the tenant and its restaurants (each without a
 * tenantId: they go to the new tenant). The API and the site administration's form share it.
 */
export const seedTenantInputSchema = z.object({
  tenant: createTenantInputSchema,
  restaurants: z.array(createRestaurantInputSchema.omit({ tenantId: true })).default([]),
});
export type SeedTenantInput = z.input<typeof seedTenantInputSchema>;
