import { sideBySide } from '@brigade/db/side-by-side';
import type { Actor } from '@brigade/domain/access';
import type { MenuGroup } from '@brigade/domain/catalogue/menu-group';
import { isCloudConnection } from '@brigade/domain/catalogue/printer';
import { notFound } from '@brigade/domain/errors';
import { inFiringOrder } from '@brigade/domain/ordering/kitchen';
import type { TotalsRules } from '@brigade/domain/ordering/totals';
import type { PosItem, PosMenuGroup, Register } from '@brigade/domain/pos/api';
import { posGroupOf, posItemsById, type SellingChannel } from '@brigade/domain/pos/menu';
import {
  type MenuDeps,
  menusShownIn,
  type ResolvedScope,
  readTopMenuGroups,
  resolveCatalogueScope,
  resolveMenuIn,
} from '../catalogue/index';
import { coursesOfRestaurant, kitchenPrintingOf, readSettings, readTaxRates } from '../ordering/index';
import {
  registerManagerCheck,
  registerServerOf,
  registerServers,
  registerUnlockedCheck,
} from '../staff/index';
import { findRestaurant } from '../tenancy/index';
import { userIdOf } from '../use-case';
import { type DeviceRow, findPrinter, type RestaurantScope } from './device-repository';
import { deviceOf, pairedDevice } from './devices';

/**
 * What a register sells (docs/behaviour/pos.md#the-register-menu): the menus visible in the POS that are
 * available now, their items on the POS channel, the 86 list shared with online ordering, and the tax rules
 * the sale is priced by. The server prices a sale from this same read.
 */

export interface PosDeps extends MenuDeps {
  now?: () => Date;
}

export interface RegisterPlace {
  device: DeviceRow;
  resolved: ResolvedScope;
  restaurantName: string;
  currency: string;
  menus: PosMenuGroup[];
  items: Map<number, PosItem>;
  rules: Omit<TotalsRules, 'dineIn'>;
  /** Tips the card terminal offers; empty when the restaurant takes none. */
  tipPresets: number[];
  /**
   * The items on the 86 list that this read sold all the same (a sale made offline, decision 063: the sale
   * happened); absent for every other read, which marks them sold out.
   */
  soldOutSold?: ReadonlySet<number>;
  /**
   * Who a sale on it is rung up under (employees.guid, decision 057); set by the writes (servedRegister),
   * not by a read of the register.
   */
  serverEmployeeId?: string | null;
}

/** Quick cash amounts the register offers beside the exact one (cents). */
export const CASH_NOTES = [500, 1000, 2000, 5000, 10000];

/** The restaurant's clock and the paired device a register call names (403 for any other token). */
export async function registerDevice(
  deps: PosDeps,
  actor: Actor,
  scope: RestaurantScope,
  token: unknown,
): Promise<{ resolved: ResolvedScope; device: DeviceRow }> {
  const resolved = await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  return { resolved, device: await pairedDevice(deps, scope, token) };
}

/**
 * The register for a change to a check: paired, and — where the restaurant locks its registers with
 * passcodes — unlocked by someone (decision 054), as a sale needs.
 */
export async function unlockedRegister(deps: PosDeps, actor: Actor, scope: RestaurantScope, token: unknown) {
  const found = await registerDevice(deps, actor, scope, token);
  await registerUnlockedCheck(deps.db, found.device);
  return found;
}

/**
 * The register for a manager's action on a check (a void, a discount): the unlocked employee's derived access
 * decides, or the session's role when nobody unlocked it (decision 054).
 */
export async function managerRegister(deps: PosDeps, actor: Actor, scope: RestaurantScope, token: unknown) {
  const found = await registerDevice(deps, actor, scope, token);
  await registerManagerCheck(deps.db, actor, found.device);
  return found;
}

/**
 * The register for a new sale or check: opened as openRegister does, refused while locked (decision 054), and
 * with the employee the sale is rung up under (decision 057).
 */
export async function servedRegister(
  deps: PosDeps,
  actor: Actor,
  scope: RestaurantScope,
  token: unknown,
  sold?: SoldMoment,
): Promise<RegisterPlace> {
  return servedPlace(deps, actor, await registerDevice(deps, actor, scope, token), sold);
}

/** servedRegister for a device already found (a sale looks its key up first: a replay prices nothing). */
export async function servedPlace(
  deps: PosDeps,
  actor: Actor,
  found: { resolved: ResolvedScope; device: DeviceRow },
  sold?: SoldMoment,
): Promise<RegisterPlace> {
  const place = await sellingPlace(deps, found.resolved, found.device, 'pos', sold);
  return { ...place, serverEmployeeId: await registerServerOf(deps.db, actor, place.device) };
}

/**
 * The moment a sale was made, when it is not now: a sale made offline is priced from the menus available
 * when it was sold, and sells items 86'd meanwhile (decision 063).
 */
export interface SoldMoment {
  at: Date;
  offline: true;
}

export async function openRegister(
  deps: PosDeps,
  actor: Actor,
  scope: RestaurantScope,
  token: unknown,
  sold?: SoldMoment,
): Promise<RegisterPlace> {
  const { resolved, device } = await registerDevice(deps, actor, scope, token);
  return sellingPlace(deps, resolved, device, 'pos', sold);
}

/**
 * What a paired device sells now: the menus visible on its channel (the register's `pos`, a kiosk's `kiosk`)
 * that are available at this moment, the 86 list, and the tax rules a sale is priced by.
 */
export async function sellingPlace(
  deps: PosDeps,
  resolved: ResolvedScope,
  device: DeviceRow,
  channel: SellingChannel,
  sold?: SoldMoment,
): Promise<RegisterPlace> {
  return placeFrom(deps, await sellingBasis(deps, resolved, device), channel, sold);
}

/**
 * What a device's place is made of that does not change with the moment: the restaurant, its ordering
 * settings (the 86 list), taxes and top menu groups. A batch of offline sales reads it once (decision 073).
 */
export interface SellingBasis {
  resolved: ResolvedScope;
  device: DeviceRow;
  restaurant: NonNullable<Awaited<ReturnType<typeof findRestaurant>>>;
  settings: Awaited<ReturnType<typeof readSettings>>;
  taxRates: TotalsRules['taxRates'];
  menuGroups: MenuGroup[];
}

export async function sellingBasis(
  deps: PosDeps,
  resolved: ResolvedScope,
  device: DeviceRow,
): Promise<SellingBasis> {
  const scope = { tenantId: device.tenantId, restaurantId: device.restaurantId };
  const cached = deps.menuCache?.value<RestaurantShape>(resolved, SHAPE_KEY);
  // the ordering settings are read every time: only their 86 list raises the restaurant's version
  const [settings, shape] = await sideBySide(deps.db, [
    () => readSettings(deps.db, scope),
    async () => cached ?? (await readShape(deps, resolved)),
  ]);
  return { resolved, device, settings, ...shape };
}

const SHAPE_KEY = 'pos:shape';
type RestaurantShape = Pick<SellingBasis, 'restaurant' | 'taxRates' | 'menuGroups'>;

/**
 * The restaurant, its tax rates and its top menu groups: rows whose writes raise the restaurant's version
 * (the change feed's triggers), so with the menu cache they are read once per version, not once a sale.
 */
async function readShape(deps: PosDeps, resolved: ResolvedScope): Promise<RestaurantShape> {
  const scope = { tenantId: resolved.tenantId, restaurantId: resolved.restaurantId };
  const [restaurant, taxRates, menuGroups] = await sideBySide(deps.db, [
    () => findRestaurant(deps.db, scope.tenantId, scope.restaurantId),
    () => readTaxRates(deps.db, scope),
    () => readTopMenuGroups(deps.db, resolved),
  ]);
  if (!restaurant)
    throw notFound(`Restaurant with ID ${scope.restaurantId} not found`, 'RESTAURANT_NOT_FOUND');
  const shape = { restaurant, taxRates, menuGroups };
  deps.menuCache?.storeValue(resolved, SHAPE_KEY, shape);
  return shape;
}

/** The place of a basis at a moment: the menus available then (their trees through the menu cache). */
export async function placeFrom(
  deps: PosDeps,
  basis: SellingBasis,
  channel: SellingChannel,
  sold?: SoldMoment,
): Promise<RegisterPlace> {
  const { resolved, device, restaurant, settings } = basis;
  const now = sold?.at ?? deps.now?.() ?? new Date();
  const eightySixed = new Set(settings.soldOutItemIds);
  const soldOut = sold?.offline ? new Set<number>() : eightySixed;
  const filter = { channel, at: now.toISOString() };
  const menus: PosMenuGroup[] = [];
  for (const summary of menusShownIn(basis.menuGroups, resolved, filter)) {
    const { menu, available } = await resolveMenuIn(
      deps.db,
      resolved,
      summary.menuGroupId,
      filter,
      deps.menuCache,
    );
    const group = available ? posGroupOf(menu, soldOut, channel) : null;
    if (group) menus.push(group);
  }
  return {
    device,
    resolved,
    restaurantName: restaurant.name,
    currency: restaurant.settings.currency,
    menus,
    items: posItemsById(menus),
    rules: {
      taxRates: basis.taxRates,
      serviceChargePercent: restaurant.settings.serviceCharge,
      allowTips: false,
      tipPresets: [],
    },
    tipPresets: restaurant.settings.allowTips ? [...settings.tipPresets] : [],
    ...(sold?.offline ? { soldOutSold: eightySixed } : {}),
  };
}

/** The tax rules as a register or kiosk reads them, to show the same totals the server charges. */
export const rulesView = (place: RegisterPlace): Register['rules'] => ({
  taxRates: place.rules.taxRates.map((rate) => ({
    taxRateId: rate.taxRateId,
    name: rate.name,
    type: rate.type,
    disabled: rate.disabled,
    rate: rate.rate,
    default: rate.default,
    takeoutTaxEnabled: rate.takeoutTaxEnabled,
    ...(rate.takeoutTaxrate === undefined ? {} : { takeoutTaxrate: rate.takeoutTaxrate }),
    roundingOptions: rate.roundingOptions,
  })),
  serviceChargePercent: place.rules.serviceChargePercent,
});

export async function getRegister(
  deps: PosDeps,
  actor: Actor,
  input: RestaurantScope & { token: unknown },
): Promise<Register> {
  const place = await openRegister(deps, actor, input, input.token);
  return {
    device: deviceOf(place.device),
    restaurantName: place.restaurantName,
    currency: place.currency,
    timezone: place.resolved.timezone,
    menus: place.menus,
    rules: rulesView(place),
    cashPresets: CASH_NOTES,
    tipPresets: place.tipPresets,
    courses: inFiringOrder(await coursesOfRestaurant(deps.db, input)),
    servers: await registerServers(deps.db, input),
    kitchenPrinting: await kitchenPrintingOf(deps.db, input),
    registerPrinter: await bridgePrinterOf(deps, place.device),
    restaurantContact: await contactOf(deps, input),
  };
}

/** The printer an offline register prints its receipt on and opens its drawer with, through the print bridge. */
async function bridgePrinterOf(deps: PosDeps, device: DeviceRow): Promise<Register['registerPrinter']> {
  if (device.receiptPrinterId === null) return null;
  const printer = await findPrinter(deps.db, device, device.receiptPrinterId);
  if (!printer?.ipAddress || isCloudConnection(printer.connection)) return null;
  const drawers = { 'No Cash Drawer': 0, 'One Cash Drawer': 1, 'Two Cash Drawers': 2 }[printer.hasCashDrawer];
  return {
    printerId: printer.printerId,
    ipAddress: printer.ipAddress,
    paperWidth: printer.paperWidth,
    customerReceiptFontSize: printer.customerReceiptFontSize,
    customFooter: printer.customFooter,
    drawers: drawers ?? 0,
  };
}

/** The receipt header's address and phone, as the server's receipts print them. */
async function contactOf(deps: PosDeps, scope: RestaurantScope): Promise<Register['restaurantContact']> {
  const restaurant = await findRestaurant(deps.db, scope.tenantId, scope.restaurantId);
  return {
    address: restaurant ? `${restaurant.address.street}, ${restaurant.address.city}` : null,
    phone: restaurant?.contact.phone ?? null,
  };
}
