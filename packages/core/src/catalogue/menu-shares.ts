import type { Executor } from '@brigade/db/database';
import { type Actor, worksAt } from '@brigade/domain/access';
import type { Row } from '@brigade/domain/catalogue/catalogue-io';
import {
  type CreateMenuShareInput,
  MENU_SHARE_MESSAGES,
  type MenuShare,
  type MenuShareDetail,
  type MenuShareItem,
  type MenuShareOverride,
  type MenuShareOverrideInput,
  type PublishResult,
  type SizePriceOverride,
} from '@brigade/domain/catalogue/menu-share';
import { BrigadeError, notFound, validationError } from '@brigade/domain/errors';
import { isUniqueViolation } from '../db-errors';
import type { UseCaseDeps } from '../use-case';
import { applyOverride } from './menu-share-overrides';
import {
  deleteShare,
  findShare,
  insertShare,
  linksOf,
  listShares,
  type MenuShareRow,
  type OverrideValues,
  overridesOf,
  type ShareListRow,
  saveOverride,
  shareOf,
  sharesOfMenu,
} from './menu-share-repository';
import { masterMenuOf, syncShare } from './menu-share-sync';
import { catalogueScopeOf, resolveCatalogueScope } from './scope';

/**
 * One master menu shared across a tenant's locations (issue 45 item 13; docs/behaviour/catalogue.md#sharing-one-menu-across-locations,
 * decision 074): share (copy and link), publish, the locations' overrides, list and unlink. Managers and above
 * (the contracts declare it); every write is one transaction, and the catalogue rows change through the
 * catalogue's own create, update and delete, so they are checked and audited as any other write.
 */

interface Restaurant {
  tenantId: number;
  restaurantId: number;
}

const resolve = (tx: Executor, actor: Actor, input: Restaurant) =>
  resolveCatalogueScope(tx, catalogueScopeOf(actor, input));

/**
 * A share (or a copy) reads another restaurant's menu and a publish writes into every location: a manager
 * limited to some of the tenant's restaurants must work at each of them (the route's own check covers only
 * the path's restaurant).
 */
export function refuseUnassigned(actor: Actor, tenantId: number, restaurantIds: readonly number[]): void {
  const elsewhere = restaurantIds.filter((restaurantId) => !worksAt(actor, tenantId, restaurantId));
  if (elsewhere.length > 0)
    throw new BrigadeError(
      'forbidden',
      'RESTAURANT_NOT_ASSIGNED',
      `You do not work at restaurant ${elsewhere.join(', ')} of this organization`,
    );
}

/** Shares a master menu with the path's restaurant: copies it as menu-copies does, and links every record. */
export async function createMenuShare(
  deps: UseCaseDeps,
  actor: Actor,
  input: Restaurant & CreateMenuShareInput,
): Promise<MenuShare> {
  if (input.fromRestaurantId === input.restaurantId)
    throw validationError(MENU_SHARE_MESSAGES.itself, [
      { path: 'fromRestaurantId', message: MENU_SHARE_MESSAGES.itself },
    ]);
  return deps.db.transaction(async (tx) => {
    await resolve(tx, actor, input);
    refuseUnassigned(actor, input.tenantId, [input.fromRestaurantId]);
    const master = { tenantId: input.tenantId, restaurantId: input.fromRestaurantId };
    const records = await masterMenuOf(tx, actor, { ...master, menuGroupId: input.menuGroupId });
    const key = {
      ...input,
      sourceRestaurantId: input.fromRestaurantId,
      sourceMenuGroupId: input.menuGroupId,
    };
    if (await findShare(tx, key)) throw alreadyShared();
    // Two shares of one menu at once: the unique key refuses the second, with the same answer.
    const share = await insertShare(tx, key).catch((error: unknown) => {
      throw isUniqueViolation(error) ? alreadyShared(error) : error;
    });
    await syncShare(tx, actor, share, records);
    return (await shareListOf(tx, input, share.shareId))[0]!;
  });
}

const alreadyShared = (cause?: unknown) =>
  new BrigadeError('conflict', 'MENU_ALREADY_SHARED', MENU_SHARE_MESSAGES.twice, { cause });

/** Pushes the master menu to every location it is shared with, in one transaction. */
export async function publishMenuShares(
  deps: UseCaseDeps,
  actor: Actor,
  input: Restaurant & { menuGroupId: number },
): Promise<PublishResult> {
  return deps.db.transaction(async (tx) => {
    await resolve(tx, actor, input);
    const records = await masterMenuOf(tx, actor, input);
    const shares = await sharesOfMenu(tx, input, input.menuGroupId);
    if (shares.length === 0)
      throw notFound(`Menu group with ID ${input.menuGroupId} is not shared with any location`, 'NOT_SHARED');
    refuseUnassigned(
      actor,
      input.tenantId,
      shares.map((share) => share.restaurantId),
    );
    const locations = [];
    let publishedAt = new Date();
    for (const share of shares) {
      const { publishedAt: at, ...location } = await syncShare(tx, actor, share, records);
      locations.push(location);
      publishedAt = at;
    }
    return { publishedAt: publishedAt.toISOString(), locations };
  });
}

export async function listMenuShares(
  deps: UseCaseDeps,
  actor: Actor,
  input: Restaurant,
): Promise<MenuShare[]> {
  await resolve(deps.db, actor, input);
  return shareListOf(deps.db, input);
}

async function shareListOf(ex: Executor, input: Restaurant, shareId?: number): Promise<MenuShare[]> {
  const rows = await listShares(ex, input, shareId);
  const result: MenuShare[] = [];
  for (const row of rows)
    result.push(shareOfRow(row, (await linksOf(ex, row.tenantId, row.shareId)).menuGroups));
  return result;
}

const shareOfRow = (row: ShareListRow, menuGroupLinks: ReadonlyMap<number, number>): MenuShare => ({
  shareId: row.shareId,
  masterRestaurantId: row.sourceRestaurantId,
  masterRestaurantName: row.masterRestaurantName,
  masterMenuGroupId: row.sourceMenuGroupId,
  menuName: row.menuName,
  restaurantId: row.restaurantId,
  restaurantName: row.restaurantName,
  menuGroupId: menuGroupLinks.get(row.sourceMenuGroupId) ?? null,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  overrides: row.overrides,
});

/** A share with every item of the menu: the master's prices and the location's overrides. */
export async function getMenuShare(
  deps: UseCaseDeps,
  actor: Actor,
  input: Restaurant & { shareId: number },
): Promise<MenuShareDetail> {
  await resolve(deps.db, actor, input);
  const [share] = await shareListOf(deps.db, input, input.shareId);
  if (!share) throw notFound(MENU_SHARE_MESSAGES.notFound(input.shareId), 'MENU_SHARE_NOT_FOUND');
  return { ...share, items: await itemsOf(deps.db, actor, input.tenantId, share) };
}

async function itemsOf(
  ex: Executor,
  actor: Actor,
  tenantId: number,
  share: MenuShare,
): Promise<MenuShareItem[]> {
  const master = await masterMenuOf(ex, actor, {
    tenantId,
    restaurantId: share.masterRestaurantId,
    menuGroupId: share.masterMenuGroupId,
  }).catch((error: unknown) => {
    if (error instanceof BrigadeError && error.kind === 'not_found') return null;
    throw error;
  });
  if (!master) return [];
  const links = await linksOf(ex, tenantId, share.shareId);
  const overrides = new Map(
    (await overridesOf(ex, tenantId, share.shareId)).map((row) => [row.sourceItemId, row]),
  );
  return master.items.map((item) => {
    const masterItemId = item.itemId as number;
    const override = overrides.get(masterItemId);
    return {
      itemId: links.items.get(masterItemId) ?? null,
      masterItemId,
      name: item.name as string,
      pricingStrategy: item.pricingStrategy as string,
      masterBasePrice: (item.basePrice as number | undefined) ?? null,
      masterSizePrice: ((item.sizePrice as Row[]) ?? []).map((size) => ({
        name: size.name as string,
        price: size.price as number,
      })),
      basePrice: override?.basePrice ?? null,
      sizePrice: override?.sizePrice ?? null,
      available: override?.available ?? null,
    };
  });
}

/** Unlinks: the location keeps its copy as a plain menu of its own; its overrides go with the share. */
export async function deleteMenuShare(
  deps: UseCaseDeps,
  actor: Actor,
  input: Restaurant & { shareId: number },
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await resolve(tx, actor, input);
    const share = await shareOf(tx, input, input.shareId, { forUpdate: true });
    if (!share) throw notFound(MENU_SHARE_MESSAGES.notFound(input.shareId), 'MENU_SHARE_NOT_FOUND');
    await deleteShare(tx, input.tenantId, input.shareId);
  });
}

/**
 * Sets a location's overrides of one of its items (the path's item: the location's copy): a value sets one,
 * null clears one, an absent field stays. Applied to the location's rows at once; every publish applies them
 * again. Only the location sets them: from the master's side the share is not found for this.
 */
export async function setMenuShareOverride(
  deps: UseCaseDeps,
  actor: Actor,
  input: Restaurant & { shareId: number; itemId: number; override: MenuShareOverrideInput },
): Promise<MenuShareOverride> {
  return overrideTransaction(deps, actor, input, (before) => ({
    basePrice: input.override.basePrice === undefined ? before.basePrice : input.override.basePrice,
    sizePrice: input.override.sizePrice === undefined ? before.sizePrice : input.override.sizePrice,
    available: input.override.available === undefined ? before.available : input.override.available,
  }));
}

/** Clears every override of an item: the master's prices and the item back in its groups, at once. */
export async function clearMenuShareOverride(
  deps: UseCaseDeps,
  actor: Actor,
  input: Restaurant & { shareId: number; itemId: number },
): Promise<MenuShareOverride> {
  return overrideTransaction(deps, actor, input, () => ({
    basePrice: null,
    sizePrice: null,
    available: null,
  }));
}

const NONE: OverrideValues = { basePrice: null, sizePrice: null, available: null };

async function overrideTransaction(
  deps: UseCaseDeps,
  actor: Actor,
  input: Restaurant & { shareId: number; itemId: number },
  next: (before: OverrideValues) => OverrideValues,
): Promise<MenuShareOverride> {
  return deps.db.transaction(async (tx) => {
    await resolve(tx, actor, input);
    const share = await locationShareOf(tx, input);
    const links = await linksOf(tx, share.tenantId, share.shareId);
    const masterItemId = [...links.items].find(([, target]) => target === input.itemId)?.[0];
    if (masterItemId === undefined) throw notFound(MENU_SHARE_MESSAGES.notShared(input.itemId), 'NOT_SHARED');
    const master = await masterMenuOf(tx, actor, {
      tenantId: share.tenantId,
      restaurantId: share.sourceRestaurantId,
      menuGroupId: share.sourceMenuGroupId,
    });
    const item = master.items.find((record) => record.itemId === masterItemId);
    if (!item) throw notFound(MENU_SHARE_MESSAGES.notShared(input.itemId), 'NOT_SHARED');
    const stored = (await overridesOf(tx, share.tenantId, share.shareId)).find(
      (row) => row.sourceItemId === masterItemId,
    );
    const before: OverrideValues = stored
      ? { basePrice: stored.basePrice, sizePrice: stored.sizePrice, available: stored.available }
      : NONE;
    const after = next(before);
    refuseMismatchedPrices(item, after);
    await saveOverride(
      tx,
      { tenantId: share.tenantId, shareId: share.shareId, sourceItemId: masterItemId },
      after,
    );
    await applyOverride(
      tx,
      actor,
      { share, links, master, masterItemId, itemId: input.itemId },
      before,
      after,
    );
    return { itemId: input.itemId, masterItemId, ...after };
  });
}

/** The share of the path's restaurant as the location: the master's side cannot set a location's prices. */
async function locationShareOf(tx: Executor, input: Restaurant & { shareId: number }): Promise<MenuShareRow> {
  const share = await shareOf(tx, input, input.shareId, { forUpdate: true });
  if (!share) throw notFound(MENU_SHARE_MESSAGES.notFound(input.shareId), 'MENU_SHARE_NOT_FOUND');
  if (share.restaurantId !== input.restaurantId)
    throw validationError(MENU_SHARE_MESSAGES.locationOnly, [
      { path: 'restaurantId', message: MENU_SHARE_MESSAGES.locationOnly },
    ]);
  return share;
}

/** A size override needs an item priced by size and its sizes' names; a base price one, an item that has one. */
function refuseMismatchedPrices(item: Row, after: OverrideValues): void {
  const errors: { path: string; message: string }[] = [];
  const sized = item.pricingStrategy === 'size';
  if (after.sizePrice !== null && !sized)
    errors.push({ path: 'sizePrice', message: MENU_SHARE_MESSAGES.notSizePriced });
  if (after.basePrice !== null && sized)
    errors.push({ path: 'basePrice', message: MENU_SHARE_MESSAGES.notBasePriced });
  if (after.sizePrice !== null && sized) {
    const names = new Set(((item.sizePrice as Row[]) ?? []).map((size) => size.name));
    (after.sizePrice as SizePriceOverride[]).forEach((size, index) => {
      if (!names.has(size.name))
        errors.push({ path: `sizePrice.${index}.name`, message: MENU_SHARE_MESSAGES.unknownSize(size.name) });
    });
  }
  if (errors.length > 0) throw validationError(errors[0]!.message, errors);
}
