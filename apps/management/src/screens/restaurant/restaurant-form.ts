import { specialHoursSchema } from '@brigade/domain/hours/special';
import {
  addressSchema,
  contactSchema,
  operatingHoursSchema,
  restaurantSettingsSchema,
  updateRestaurantInputSchema,
} from '@brigade/domain/restaurant';
import { z } from 'zod';
import type { RestaurantRecord } from './queries';

/**
 * The restaurant form: the server's own schemas (and their messages), every section complete because a sent
 * nested document replaces the stored one.
 */
const { name, concept, slug, status } = updateRestaurantInputSchema.shape;
export const restaurantFormSchema = z.object({
  name: name.unwrap(),
  concept: concept.unwrap(),
  slug: slug.unwrap(),
  status: status.unwrap(),
  address: addressSchema,
  contact: contactSchema,
  operatingHours: operatingHoursSchema,
  specialHours: specialHoursSchema,
  settings: restaurantSettingsSchema,
});
export type RestaurantFormInput = z.input<typeof restaurantFormSchema>;
export type RestaurantFormOutput = z.output<typeof restaurantFormSchema>;

export function restaurantToForm(restaurant: RestaurantRecord): RestaurantFormInput {
  return {
    name: restaurant.name,
    concept: restaurant.concept,
    slug: restaurant.slug,
    status: restaurant.status,
    address: { ...restaurant.address },
    contact: { ...restaurant.contact },
    operatingHours: structuredClone(restaurant.operatingHours),
    specialHours: structuredClone(restaurant.specialHours),
    settings: { ...restaurant.settings },
  };
}

/** JSON with sorted keys: stored documents (JSONB) come back with their keys in another order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>)
            .filter(([, v]) => v !== undefined)
            .sort(([a], [b]) => a.localeCompare(b)),
        )
      : inner,
  );
}

/** Only what changed is sent; a changed section goes whole (the server replaces nested documents). */
export function changedFields(
  values: RestaurantFormOutput,
  original: RestaurantFormInput,
): Partial<RestaurantFormOutput> {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys(values) as (keyof RestaurantFormOutput)[]) {
    if (stableJson(values[key]) !== stableJson(original[key])) patch[key] = values[key];
  }
  return patch as Partial<RestaurantFormOutput>;
}
