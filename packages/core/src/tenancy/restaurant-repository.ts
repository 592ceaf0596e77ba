import type { Executor } from '@brigade/db/database';
import { restaurants } from '@brigade/db/schema/tenancy';
import { type Restaurant, restaurantSchema } from '@brigade/domain/restaurant';
import { and, asc, eq, like } from 'drizzle-orm';

export type NewRestaurantRow = typeof restaurants.$inferInsert;

const toRestaurant = (row: typeof restaurants.$inferSelect): Restaurant => restaurantSchema.parse(row);

export async function insertRestaurant(ex: Executor, row: NewRestaurantRow): Promise<Restaurant> {
  const [inserted] = await ex.insert(restaurants).values(row).returning();
  return toRestaurant(inserted!);
}

/** A restaurant is always looked up under its tenant (spec 02 §1): another tenant's id finds nothing. */
export async function findRestaurant(
  ex: Executor,
  tenantId: number,
  restaurantId: number,
): Promise<Restaurant | null> {
  const [row] = await ex
    .select()
    .from(restaurants)
    .where(and(eq(restaurants.tenantId, tenantId), eq(restaurants.restaurantId, restaurantId)))
    .limit(1);
  return row ? toRestaurant(row) : null;
}

export async function findRestaurantByGuid(ex: Executor, guid: string): Promise<Restaurant | null> {
  const [row] = await ex.select().from(restaurants).where(eq(restaurants.guid, guid)).limit(1);
  return row ? toRestaurant(row) : null;
}

/** spec 01 §7.3: by slug across tenants, limit 1 (public sites resolve restaurants this way). */
export async function findRestaurantBySlug(ex: Executor, slug: string): Promise<Restaurant | null> {
  const [row] = await ex.select().from(restaurants).where(eq(restaurants.slug, slug)).limit(1);
  return row ? toRestaurant(row) : null;
}

export async function listRestaurantsOfTenant(ex: Executor, tenantId: number): Promise<Restaurant[]> {
  const rows = await ex
    .select()
    .from(restaurants)
    .where(eq(restaurants.tenantId, tenantId))
    .orderBy(asc(restaurants.name), asc(restaurants.restaurantId));
  return rows.map(toRestaurant);
}

/** The slugs in use that start with `base` (the base itself and its numbered variants). */
export async function listSlugsLike(ex: Executor, base: string): Promise<string[]> {
  const escaped = base.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await ex
    .select({ slug: restaurants.slug })
    .from(restaurants)
    .where(like(restaurants.slug, `${escaped}%`));
  return rows.map((row) => row.slug);
}
