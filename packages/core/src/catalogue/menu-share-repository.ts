import type { Executor } from '@brigade/db/database';
import { menuGroups } from '@brigade/db/schema/catalogue';
import { menuShareLinks, menuShareOverrides, menuShares } from '@brigade/db/schema/menu-shares';
import { restaurants } from '@brigade/db/schema/tenancy';
import { DOCUMENT_KINDS, type DocumentKind } from '@brigade/domain/catalogue/catalogue-io';
import type { SizePriceOverride } from '@brigade/domain/catalogue/menu-share';
import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { tenantIs } from '../tenant-scope';

/**
 * The menu shares, their links and the locations' overrides (packages/db/src/schema/menu-shares.ts). Private
 * to the catalogue's menu sharing (menu-shares.ts, menu-share-sync.ts); every query carries its tenant.
 */

export type MenuShareRow = typeof menuShares.$inferSelect;
export type OverrideRow = typeof menuShareOverrides.$inferSelect;
export type LinkMaps = Record<DocumentKind, Map<number, number>>;

interface Tenant {
  tenantId: number;
}

const shareIs = (tenantId: number, shareId: number): SQL =>
  and(tenantIs(menuShares.tenantId, tenantId), eq(menuShares.shareId, shareId))!;

export async function insertShare(
  ex: Executor,
  values: Tenant & { restaurantId: number; sourceRestaurantId: number; sourceMenuGroupId: number },
): Promise<MenuShareRow> {
  const [row] = await ex
    .insert(menuShares)
    .values({ ...values, publishedAt: sql`now()` })
    .returning();
  return row!;
}

/** The share of this menu with this location, if there is one. */
export async function findShare(
  ex: Executor,
  key: Tenant & { restaurantId: number; sourceRestaurantId: number; sourceMenuGroupId: number },
): Promise<MenuShareRow | null> {
  const [row] = await ex
    .select()
    .from(menuShares)
    .where(
      and(
        tenantIs(menuShares.tenantId, key.tenantId),
        eq(menuShares.restaurantId, key.restaurantId),
        eq(menuShares.sourceRestaurantId, key.sourceRestaurantId),
        eq(menuShares.sourceMenuGroupId, key.sourceMenuGroupId),
      ),
    );
  return row ?? null;
}

/** A share the restaurant takes part in (as master or as location); null otherwise. */
export async function shareOf(
  ex: Executor,
  scope: Tenant & { restaurantId: number },
  shareId: number,
  options: { forUpdate?: boolean } = {},
): Promise<MenuShareRow | null> {
  const query = ex
    .select()
    .from(menuShares)
    .where(and(shareIs(scope.tenantId, shareId), sidesOf(scope.restaurantId)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

const sidesOf = (restaurantId: number) =>
  or(eq(menuShares.restaurantId, restaurantId), eq(menuShares.sourceRestaurantId, restaurantId));

/** Every share of one master menu, locked: publishes of one menu wait for each other. */
export async function sharesOfMenu(
  ex: Executor,
  scope: Tenant & { restaurantId: number },
  menuGroupId: number,
): Promise<MenuShareRow[]> {
  return ex
    .select()
    .from(menuShares)
    .where(
      and(
        tenantIs(menuShares.tenantId, scope.tenantId),
        eq(menuShares.sourceRestaurantId, scope.restaurantId),
        eq(menuShares.sourceMenuGroupId, menuGroupId),
      ),
    )
    .orderBy(asc(menuShares.shareId))
    .for('update');
}

export interface ShareListRow extends MenuShareRow {
  masterRestaurantName: string;
  restaurantName: string;
  menuName: string | null;
  overrides: number;
}

/** The shares a restaurant takes part in, with the restaurants' and the master menu's names. */
export async function listShares(
  ex: Executor,
  scope: Tenant & { restaurantId: number },
  shareId?: number,
): Promise<ShareListRow[]> {
  const master = alias(restaurants, 'master');
  const location = alias(restaurants, 'location');
  const overrides = sql<number>`(select count(*) from ${menuShareOverrides} o
    where o.tenant_id = ${menuShares.tenantId} and o.share_id = ${menuShares.shareId}
    and (o.base_price is not null or o.size_price is not null or o.available is not null))`;
  const rows = await ex
    .select({
      share: menuShares,
      masterRestaurantName: master.name,
      restaurantName: location.name,
      menuName: menuGroups.name,
      overrides,
    })
    .from(menuShares)
    .innerJoin(
      master,
      and(eq(master.tenantId, menuShares.tenantId), eq(master.restaurantId, menuShares.sourceRestaurantId)),
    )
    .innerJoin(
      location,
      and(eq(location.tenantId, menuShares.tenantId), eq(location.restaurantId, menuShares.restaurantId)),
    )
    .leftJoin(
      menuGroups,
      and(
        eq(menuGroups.tenantId, menuShares.tenantId),
        eq(menuGroups.restaurantId, menuShares.sourceRestaurantId),
        eq(menuGroups.menuGroupId, menuShares.sourceMenuGroupId),
      ),
    )
    .where(
      and(
        tenantIs(menuShares.tenantId, scope.tenantId),
        sidesOf(scope.restaurantId),
        shareId === undefined ? undefined : eq(menuShares.shareId, shareId),
      ),
    )
    .orderBy(asc(menuShares.shareId));
  return rows.map(({ share, overrides: count, ...names }) => ({
    ...share,
    ...names,
    overrides: Number(count),
  }));
}

export async function markPublished(ex: Executor, tenantId: number, shareId: number): Promise<Date> {
  const [row] = await ex
    .update(menuShares)
    .set({ publishedAt: sql`now()`, updatedAt: sql`now()` })
    .where(shareIs(tenantId, shareId))
    .returning({ publishedAt: menuShares.publishedAt });
  return row!.publishedAt!;
}

export async function deleteShare(ex: Executor, tenantId: number, shareId: number): Promise<void> {
  await ex.delete(menuShares).where(shareIs(tenantId, shareId));
}

// --- Links ------------------------------------------------------------------------------------------------

const linkIs = (tenantId: number, shareId: number) =>
  and(tenantIs(menuShareLinks.tenantId, tenantId), eq(menuShareLinks.shareId, shareId));

/** Master id → location id, per kind. */
export async function linksOf(ex: Executor, tenantId: number, shareId: number): Promise<LinkMaps> {
  const rows = await ex.select().from(menuShareLinks).where(linkIs(tenantId, shareId));
  const maps = {} as LinkMaps;
  for (const kind of LINK_KINDS) maps[kind] = new Map();
  for (const row of rows) maps[row.kind as DocumentKind]?.set(row.sourceId, row.targetId);
  return maps;
}

/** Every kind a share links (the kinds of a catalogue file). */
const LINK_KINDS: readonly DocumentKind[] = DOCUMENT_KINDS;

/** Replaces the share's links with `maps` (one statement per 1,000 links). */
export async function replaceLinks(
  ex: Executor,
  tenantId: number,
  shareId: number,
  maps: Record<DocumentKind, ReadonlyMap<unknown, number>>,
): Promise<void> {
  await ex.delete(menuShareLinks).where(linkIs(tenantId, shareId));
  const rows = LINK_KINDS.flatMap((kind) =>
    [...maps[kind]].map(([sourceId, targetId]) => ({
      tenantId,
      shareId,
      kind,
      sourceId: sourceId as number,
      targetId,
    })),
  );
  for (let start = 0; start < rows.length; start += 1000)
    await ex.insert(menuShareLinks).values(rows.slice(start, start + 1000));
}

// --- Overrides --------------------------------------------------------------------------------------------

const overrideIs = (tenantId: number, shareId: number) =>
  and(tenantIs(menuShareOverrides.tenantId, tenantId), eq(menuShareOverrides.shareId, shareId));

export async function overridesOf(ex: Executor, tenantId: number, shareId: number): Promise<OverrideRow[]> {
  return ex
    .select()
    .from(menuShareOverrides)
    .where(overrideIs(tenantId, shareId))
    .orderBy(asc(menuShareOverrides.sourceItemId));
}

export interface OverrideValues {
  basePrice: number | null;
  sizePrice: SizePriceOverride[] | null;
  available: boolean | null;
}

/** Writes an item's overrides; an item left with none has no row. */
export async function saveOverride(
  ex: Executor,
  key: { tenantId: number; shareId: number; sourceItemId: number },
  values: OverrideValues,
): Promise<void> {
  const where = and(
    overrideIs(key.tenantId, key.shareId),
    eq(menuShareOverrides.sourceItemId, key.sourceItemId),
  );
  if (values.basePrice === null && values.sizePrice === null && values.available === null) {
    await ex.delete(menuShareOverrides).where(where);
    return;
  }
  await ex
    .insert(menuShareOverrides)
    .values({ ...key, ...values })
    .onConflictDoUpdate({
      target: [menuShareOverrides.tenantId, menuShareOverrides.shareId, menuShareOverrides.sourceItemId],
      set: { ...values, updatedAt: sql`now()` },
    });
}

/** Drops the overrides of items the share no longer links. */
export async function dropOverridesOf(
  ex: Executor,
  tenantId: number,
  shareId: number,
  sourceItemIds: readonly number[],
): Promise<void> {
  if (sourceItemIds.length === 0) return;
  await ex
    .delete(menuShareOverrides)
    .where(and(overrideIs(tenantId, shareId), inArray(menuShareOverrides.sourceItemId, [...sourceItemIds])));
}
