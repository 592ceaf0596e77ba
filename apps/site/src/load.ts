import {
  listMenusFor,
  listMenuTimeBoundaries,
  type MenuTreeCache,
  resolveMenu,
} from '@brigade/core/catalogue/menu-resolver';
import { readSettings } from '@brigade/core/ordering/ordering-repository';
import { findSiteConfiguration } from '@brigade/core/site-config/site-config-repository';
import { findTenantAndRestaurantByGuids } from '@brigade/core/tenancy/restaurant-repository';
import type { Executor } from '@brigade/db/database';
import { ANONYMOUS } from '@brigade/domain/access';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import type { MenuSummary, ResolvedMenuGroup } from '@brigade/domain/catalogue/resolved-menu';
import { soldOutDisplayOf, withoutHiddenItems } from '@brigade/domain/catalogue/sold-out';
import {
  type EffectiveSiteConfiguration,
  effectiveSiteConfiguration,
} from '@brigade/domain/effective-site-config';
import { closureOn } from '@brigade/domain/hours/opening-state';
import type { SpecialDay } from '@brigade/domain/hours/special';
import type { Restaurant } from '@brigade/domain/restaurant';
import { defaultSiteConfiguration, type SiteConfiguration } from '@brigade/domain/site-config';
import type { Tenant } from '@brigade/domain/tenant';

/** What every page of a restaurant's site is drawn from. */
export interface SiteData {
  tenant: Tenant;
  restaurant: Restaurant;
  siteConfig: SiteConfiguration;
  effective: EffectiveSiteConfiguration;
  /** The tenant's IANA time zone (restaurants keep none of their own). */
  timezone: string;
  currency: string;
  /** The parent menu groups shown online now, by position (for the menu chooser). */
  menus: MenuSummary[];
  /**
   * The parent menu groups shown online at some time, now or not (a brunch menu on a weekday): what the
   * sitemap and the Restaurant's hasMenu list, and what a menu's own page shows (decision 024).
   */
  listedMenus: MenuSummary[];
  /** When the data was read; "available now" is relative to it. */
  now: Date;
  /** The restaurant's local date at `now` (YYYY-MM-DD). */
  today: string;
  /**
   * The special day closing the restaurant today (a holiday), if any: the site then shows no menu as served
   * now and no ordering, but a "Closed today" notice (decision 030).
   */
  closure: SpecialDay | null;
  /**
   * The restaurant's 86 list (the one online ordering and the register use): its items are marked "Sold out"
   * or left out, by the website's soldOutDisplay (issue 45 item 5). A change of it is announced as a
   * catalogue change (migration 0037), which drops this data and the pages drawn from it.
   */
  soldOut: ReadonlySet<number>;
}

/** The menu reads of the site: what the online-ordering channel shows at this moment. */
export const SITE_CHANNEL = 'onlineOrdering' as const;

// The site reads as nobody in particular: public menus only.
const scopeOf = (restaurant: Restaurant) => ({
  tenantId: restaurant.tenantId,
  restaurantId: restaurant.restaurantId,
});

/** The stored site configuration; the default one while none is stored. */
async function siteConfigurationOf(ex: Executor): Promise<SiteConfiguration> {
  const stored = await findSiteConfiguration(ex);
  if (stored) return stored;
  return { ...defaultSiteConfiguration(), lastModified: new Date(0), lastModifiedBy: 'system', version: 1 };
}

/**
 * The restaurant, its tenant, the effective site configuration and the menus available online now; null when
 * either guid names nothing.
 */
export async function loadSiteData(
  ex: Executor,
  ids: { tenantGuid: string; restaurantGuid: string },
  now: Date = new Date(),
  siteConfig?: SiteConfiguration,
): Promise<SiteData | null> {
  // The site handler passes the configuration it keeps; the website preview and tests have it read here.
  const config = siteConfig ?? (await siteConfigurationOf(ex));
  const { tenant, restaurant } = await findTenantAndRestaurantByGuids(ex, ids);
  if (!tenant || !restaurant || restaurant.tenantId !== tenant.tenantId) return null;
  const timezone = tenant.settings.timezone;
  const today = toLocalMoment(now.toISOString(), timezone).date;
  const closure = closureOn(restaurant, today);
  // On a holiday closure the menu reads themselves show nothing "now" (menu-resolver, decision 030).
  const [menus, listedMenus] = (await listMenusFor({ db: ex }, ANONYMOUS, scopeOf(restaurant), [
    { channel: SITE_CHANNEL, at: now.toISOString() },
    { channel: SITE_CHANNEL },
  ])) as [MenuSummary[], MenuSummary[]];
  // one after the other: `ex` may be a transaction, whose connection runs one statement at a time
  const ordering = await readSettings(ex, scopeOf(restaurant));
  return {
    tenant,
    restaurant,
    siteConfig: config,
    effective: effectiveSiteConfiguration(config, restaurant),
    timezone,
    currency: restaurant.settings.currency,
    menus,
    listedMenus,
    now,
    today,
    closure,
    soldOut: new Set(ordering.soldOutItemIds),
  };
}

export { siteConfigurationOf };

/**
 * One menu as the site shows it now; a menu shown online at other times (not now) whole, as its own page
 * shows it; null when it is not among the menus shown online.
 */
export async function loadMenu(
  data: SiteData,
  ex: Executor,
  cache: MenuTreeCache | undefined,
  menuGroupId: number,
): Promise<ResolvedMenuGroup | null> {
  const now = isMenuShownNow(data, menuGroupId);
  if (!now && !data.listedMenus.some((m) => m.menuGroupId === menuGroupId)) return null;
  const { menu, available } = await resolveMenu({ db: ex, menuCache: cache }, ANONYMOUS, {
    ...scopeOf(data.restaurant),
    menuGroupId,
    channel: SITE_CHANNEL,
    ...(now ? { at: data.now.toISOString() } : {}),
  });
  if (!available) return null;
  // The items the 86 rule hides go before the empty groups do: a section of sold-out items only goes too.
  const display = soldOutDisplayOf(data.restaurant.websiteConfig);
  return pruneEmptyGroups(withoutHiddenItems(menu, data.soldOut, display));
}

export const isMenuShownNow = (data: SiteData, menuGroupId: number) =>
  data.menus.some((m) => m.menuGroupId === menuGroupId);

/** A menu without the groups that have nothing to show (no items, and no subgroup with items). */
export function pruneEmptyGroups(group: ResolvedMenuGroup): ResolvedMenuGroup {
  const subgroups = group.subgroups
    .map(pruneEmptyGroups)
    .filter((sub) => sub.items.length > 0 || sub.subgroups.length > 0);
  return { ...group, subgroups };
}

/**
 * The menu chooser: the menu named by the website configuration when it is among those shown
 * (website-config), else the only one (single-menu), else none.
 */
export function chooseMenu(
  menus: readonly MenuSummary[],
  parentMenuGroupId: number | undefined,
): { menu: MenuSummary | null; reason: 'website-config' | 'single-menu' | 'none' } {
  const configured =
    parentMenuGroupId === undefined ? undefined : menus.find((m) => m.menuGroupId === parentMenuGroupId);
  if (configured) return { menu: configured, reason: 'website-config' };
  if (menus.length === 1) return { menu: menus[0]!, reason: 'single-menu' };
  return { menu: null, reason: 'none' };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * How long a page drawn at `now` stays right as time passes: until the next minute at which any of the
 * restaurant's menu groups starts or ends its time range, or the next local midnight (days of the week, date
 * ranges and seasons change there). Never more than `maxMs`.
 */
export async function availabilityTtlMs(
  ex: Executor,
  restaurant: Restaurant,
  timezone: string,
  now: Date,
  maxMs: number,
): Promise<number> {
  return ttlUntilNextBoundary(await listMenuTimeBoundaries(ex, restaurant), timezone, now, maxMs);
}

/** The pure part of availabilityTtlMs: boundaries as HH:MM on the restaurant's clock. */
export function ttlUntilNextBoundary(
  times: readonly string[],
  timezone: string,
  now: Date,
  maxMs: number,
): number {
  const local = toLocalMoment(now.toISOString(), timezone);
  const boundaries = [...times.map(minutesOf), 24 * 60].filter((m) => m > local.minutes);
  const next = Math.min(...boundaries);
  const msIntoMinute = now.getUTCSeconds() * 1000 + now.getUTCMilliseconds();
  const ms = (next - local.minutes) * 60_000 - msIntoMinute;
  return Math.max(1000, Math.min(ms, maxMs));
}
