import { sideBySide } from '@brigade/db/side-by-side';
import type { ResolvedMenuGroup } from '@brigade/domain/catalogue/resolved-menu';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import type { OrderingSection, OrderingSettings } from '@brigade/domain/ordering/api';
import { ordersInternally } from '@brigade/domain/ordering/internal';
import { type OrderableItem, orderableItemOf } from '@brigade/domain/ordering/orderable';
import type { PickupRules } from '@brigade/domain/ordering/pickup';
import type { OrderTaxRate, TotalsRules } from '@brigade/domain/ordering/totals';
import type { Restaurant } from '@brigade/domain/restaurant';
import {
  listMenusIn,
  type MenuDeps,
  type ResolvedScope,
  resolveCatalogueScope,
  resolveMenuIn,
} from '../catalogue/index';
import { findRestaurantBySlug } from '../tenancy/index';
import { type RestaurantScope, readSettings, readTaxRates } from './ordering-repository';

/**
 * The restaurant a guest orders from, with everything ordering reads about it: found by its slug (unique
 * across tenants), open for internal online ordering, with its clock, settings and tax rates.
 */
export interface OrderingPlace {
  scope: RestaurantScope;
  restaurant: Restaurant;
  resolved: ResolvedScope;
  settings: OrderingSettings;
  taxRates: OrderTaxRate[];
}

export const ORDERING_NOT_AVAILABLE = 'Online ordering is not available for this restaurant';

export async function openOrderingPlace(deps: MenuDeps, slug: string): Promise<OrderingPlace> {
  const restaurant = await findRestaurantBySlug(deps.db, slug.toLowerCase());
  if (!restaurant || !ordersInternally(restaurant))
    throw notFound(ORDERING_NOT_AVAILABLE, 'ORDERING_NOT_AVAILABLE');
  const scope = { tenantId: restaurant.tenantId, restaurantId: restaurant.restaurantId };
  const [resolved, settings, taxRates] = await sideBySide(deps.db, [
    () => resolveCatalogueScope(deps.db, { ...scope, actor: 'System' }),
    () => readSettings(deps.db, scope),
    () => readTaxRates(deps.db, scope),
  ]);
  return { scope, restaurant, resolved, settings, taxRates };
}

export const pickupRulesOf = (place: OrderingPlace): PickupRules => ({
  hours: place.restaurant.operatingHours,
  specialHours: place.restaurant.specialHours,
  timeZone: place.resolved.timezone,
  leadTimeMinutes: place.settings.leadTimeMinutes,
  schedulingDays: place.settings.schedulingDays,
});

export const totalsRulesOf = (place: OrderingPlace): TotalsRules => ({
  taxRates: place.taxRates,
  // The restaurant keeps its service charge as a percent (0-100).
  serviceChargePercent: place.restaurant.settings.serviceCharge,
  allowTips: place.restaurant.settings.allowTips,
  tipPresets: place.settings.tipPresets,
});

/** Why guests cannot order at `now`, or null. */
export function closedReason(place: OrderingPlace, now: Date): string | null {
  const paused = place.settings.pausedUntil;
  if (paused && paused.getTime() > now.getTime()) {
    const until = new Intl.DateTimeFormat('en-US', {
      timeZone: place.resolved.timezone,
      hour: 'numeric',
      minute: '2-digit',
    }).format(paused);
    return `Online ordering is paused until ${until}`;
  }
  return null;
}

export const orderingPaused = (reason: string) => new BrigadeError('conflict', 'ORDERING_PAUSED', reason);

export interface OrderableMenus {
  sections: OrderingSection[];
  items: Map<number, OrderableItem>;
}

/**
 * What can be ordered for pickup at `at`: every menu on the online-ordering channel that is available then
 * (days, times, dates, seasons), with its items that can be ordered online; items marked sold out are kept,
 * marked, so guests see them as such.
 */
export async function orderableMenusAt(
  deps: MenuDeps,
  place: OrderingPlace,
  at: Date,
): Promise<OrderableMenus> {
  const filter = { channel: 'onlineOrdering' as const, at: at.toISOString() };
  const summaries = await listMenusIn(deps.db, place.resolved, filter);
  const soldOut = new Set(place.settings.soldOutItemIds);
  const items = new Map<number, OrderableItem>();
  const sections: OrderingSection[] = [];
  for (const summary of summaries) {
    const { menu, available } = await resolveMenuIn(
      deps.db,
      place.resolved,
      summary.menuGroupId,
      filter,
      deps.menuCache,
    );
    if (!available) continue;
    const section = sectionOf(menu, soldOut, items);
    if (section) sections.push(section);
  }
  return { sections, items };
}

function sectionOf(
  group: ResolvedMenuGroup,
  soldOut: ReadonlySet<number>,
  items: Map<number, OrderableItem>,
): OrderingSection | null {
  const own = [...group.items]
    .sort((a, b) => a.position - b.position)
    .flatMap((reference) => {
      const item = orderableItemOf(reference.item, soldOut);
      if (!item) return [];
      // an item in several groups reports under the first that offers it
      items.set(item.itemId, items.get(item.itemId) ?? { ...item, menuGroupId: group.menuGroupId });
      return [publicItem(item)];
    });
  const sections = [...group.subgroups]
    .sort((a, b) => a.position - b.position)
    .map((child) => sectionOf(child, soldOut, items))
    .filter((child): child is OrderingSection => child !== null);
  if (own.length === 0 && sections.length === 0) return null;
  return {
    menuGroupId: group.menuGroupId,
    name: group.name,
    ...(group.description ? { description: group.description } : {}),
    items: own,
    sections,
  };
}

/** What a guest's browser gets of an item: no tax, kitchen or station details. */
function publicItem(item: OrderableItem) {
  const {
    kitchenName: _k,
    prepStationIds: _p,
    courseId: _c,
    taxRateIds: _t,
    taxInclusion: _i,
    takeoutTaxException: _e,
    salesCategoryId: _s,
    menuGroupId: _g,
    ...shown
  } = item;
  return {
    ...shown,
    description: shown.description || undefined,
    imageUrl: shown.imageUrl || undefined,
  };
}
