import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { type CatalogueRecords, KIND_OF, type Row } from '@brigade/domain/catalogue/catalogue-io';
import { pricesAt, type SizePriceOverride } from '@brigade/domain/catalogue/menu-share';
import { BrigadeError } from '@brigade/domain/errors';
import { getCatalogueRecord, updateCatalogueRecord } from './catalogue-service';
import type { LinkMaps, MenuShareRow, OverrideValues } from './menu-share-repository';

/**
 * A location's overrides of one item, applied to its rows at once (menu-shares.ts): its price fields, and
 * its place in the location's copies of the menu's groups. Through the catalogue's own update, so checked
 * and audited like a PATCH. A publish applies the same overrides again (menu-share-sync.ts).
 */

export interface OverrideTarget {
  share: MenuShareRow;
  links: LinkMaps;
  /** The master menu's records. */
  master: CatalogueRecords;
  masterItemId: number;
  /** The location's copy of the item. */
  itemId: number;
}

export async function applyOverride(
  tx: Executor,
  actor: Actor,
  target: OverrideTarget,
  before: OverrideValues,
  after: OverrideValues,
): Promise<void> {
  await applyPrices(tx, actor, target, after);
  const hiddenBefore = before.available === false;
  const hiddenAfter = after.available === false;
  if (hiddenBefore !== hiddenAfter) await placeInGroups(tx, actor, target, !hiddenAfter);
}

const scopeOf = (target: OverrideTarget) => ({
  tenantId: target.share.tenantId,
  restaurantId: target.share.restaurantId,
});

/** The item's prices: the master's, with the location's own over them; sizes keep the location's ids. */
async function applyPrices(
  tx: Executor,
  actor: Actor,
  target: OverrideTarget,
  after: OverrideValues,
): Promise<void> {
  const masterItem = target.master.items.find((item) => item.itemId === target.masterItemId)!;
  const wanted = pricesAt(masterItem, {
    basePrice: after.basePrice,
    sizePrice: after.sizePrice as SizePriceOverride[] | null,
  });
  const item = { kind: KIND_OF.items, ...scopeOf(target), id: target.itemId };
  const stored = await getCatalogueRecord({ db: tx }, actor, item);
  const patch: Row = {};
  if (wanted.basePrice !== undefined && wanted.basePrice !== stored.basePrice)
    patch.basePrice = wanted.basePrice;
  const priceOf = new Map(wanted.sizePrice.map((size) => [size.name, size.price]));
  const sizes = (stored.sizePrice as Row[]).map((size) =>
    priceOf.has(size.name) ? { ...size, price: priceOf.get(size.name) } : size,
  );
  if (sizes.some((size, index) => size.price !== (stored.sizePrice as Row[])[index]!.price))
    patch.sizePrice = sizes;
  if (Object.keys(patch).length > 0) await updateCatalogueRecord({ db: tx }, actor, { ...item, patch });
}

/**
 * Takes the item out of every group of the location's copy (`offered` false), or puts it back where the
 * master menu lists it (`offered` true), at the master's position.
 */
async function placeInGroups(
  tx: Executor,
  actor: Actor,
  target: OverrideTarget,
  offered: boolean,
): Promise<void> {
  for (const masterGroup of target.master.menuGroups) {
    const groupId = target.links.menuGroups.get(masterGroup.menuGroupId as number);
    if (groupId === undefined) continue;
    const masterRefs = (masterGroup.items as Row[]) ?? [];
    const masterIndex = masterRefs.findIndex((ref) => ref.itemId === target.masterItemId);
    const group = { kind: KIND_OF.menuGroups, ...scopeOf(target), id: groupId };
    const stored = await getCatalogueRecord({ db: tx }, actor, group).catch(unlessNotFound);
    if (!stored) continue;
    const refs = stored.items as Row[];
    const listed = refs.some((ref) => ref.itemId === target.itemId);
    let items: Row[] | undefined;
    if (!offered && listed) items = refs.filter((ref) => ref.itemId !== target.itemId);
    if (offered && !listed && masterIndex >= 0) {
      const { itemId: _master, ...placement } = masterRefs[masterIndex]!;
      items = [...refs];
      items.splice(Math.min(masterIndex, items.length), 0, { ...placement, itemId: target.itemId });
    }
    if (items) await updateCatalogueRecord({ db: tx }, actor, { ...group, patch: { items } });
  }
}

/** A group the location deleted is skipped; any other failure stands. */
function unlessNotFound(error: unknown): null {
  if (error instanceof BrigadeError && error.kind === 'not_found') return null;
  throw error;
}
