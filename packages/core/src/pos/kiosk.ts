import { randomBytes } from 'node:crypto';
import type { Actor } from '@brigade/domain/access';
import { DEFAULT_UPDATED_BY } from '@brigade/domain/catalogue/job-title';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import { BrigadeError, validationError } from '@brigade/domain/errors';
import type { OrderTotals } from '@brigade/domain/ordering/totals';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '@brigade/domain/payments/api';
import { SERVICE_LABELS } from '@brigade/domain/pos/api';
import type { CheckLine } from '@brigade/domain/pos/checks';
import {
  KIOSK_NO_MENU,
  KIOSK_NO_TERMINAL,
  KIOSK_ORDER_LIMIT,
  KIOSK_ORDERS_LIMITED,
  type KioskMenu,
  type KioskOrder,
  type KioskOrderLimit,
  kioskOrderName,
  NOT_ON_KIOSK,
  placeKioskOrderSchema,
} from '@brigade/domain/pos/kiosk';
import { resolveCatalogueScope } from '../catalogue/index';
import { takeAttemptOrRefuse } from '../identity/index';
import {
  addOrderEvent,
  findOrder,
  findOrderByKey,
  insertOrder,
  KEY_REUSED,
  liveNumber,
  nextOrderNumber,
  type OrderRow,
} from '../ordering/index';
import { requestHash } from '../request-hash';
import type { PosCardDeps } from './card-sale';
import { payCheckOnTerminal } from './check-card';
import { pricedCheck } from './checks';
import { pairedKiosk } from './devices';
import { type PosDeps, type RegisterPlace, rulesView, sellingPlace } from './register';
import { priceSale, registerPrinter } from './sale';
import { type TenderRow, tendersOf } from './sale-repository';

/**
 * The self-order kiosk (docs/behaviour/kiosk.md, decision 059). A kiosk is a paired device in kiosk mode:
 * its token alone names it and its restaurant (no staff session), and it can do two things — read the kiosk
 * menu and place a kiosk order. A kiosk order is an order of channel `kiosk` waiting as an open check with
 * nothing sent to the kitchen: the guest pays at the counter, where any register takes it like any open check
 * (cash or card), and paying sends it to the kitchen and writes its ledger lines.
 */

const KIOSK_MESSAGES = { noMenu: KIOSK_NO_MENU, notOnMenu: NOT_ON_KIOSK };

/** The kiosk a token names, and what it sells now (the kiosk channel). */
async function openKiosk(deps: PosDeps, token: unknown): Promise<RegisterPlace> {
  const device = await pairedKiosk(deps, token);
  const resolved = await resolveCatalogueScope(deps.db, {
    tenantId: device.tenantId,
    restaurantId: device.restaurantId,
    actor: DEFAULT_UPDATED_BY,
  });
  return sellingPlace(deps, resolved, device, 'kiosk');
}

export async function getKioskMenu(deps: PosDeps, input: { token: unknown }): Promise<KioskMenu> {
  const place = await openKiosk(deps, input.token);
  return {
    cardTerminal: Boolean(place.device.terminalHsn && place.device.terminalKey),
    receiptPrinter: (await registerPrinter(deps, place.device)) !== null,
    device: { deviceId: place.device.deviceId, name: place.device.name },
    restaurantName: place.restaurantName,
    currency: place.currency,
    timezone: place.resolved.timezone,
    menus: place.menus,
    rules: rulesView(place),
  };
}

/**
 * Places a guest's order from the kiosk, priced on the server from the kiosk menu (every problem at once, as
 * one 400; nothing stored). To pay at the counter it waits there as an open check; paid by card, the kiosk's
 * terminal charges it at once through the register's card steps (decision 052) and it goes to the kitchen.
 * One Idempotency-Key makes one order, whichever way it is paid (a declined card can still go to the counter).
 */
export async function placeKioskOrder(
  deps: PosCardDeps & { kioskLimit?: KioskOrderLimit },
  call: { token: unknown; idempotencyKey: unknown; body: unknown },
): Promise<KioskOrder> {
  const key = idempotencyKeySchema.safeParse(call.idempotencyKey);
  if (!key.success)
    throw validationError(IDEMPOTENCY_KEY_MESSAGE, [
      { path: 'idempotency-key', message: IDEMPOTENCY_KEY_MESSAGE },
    ]);
  const request = placeKioskOrderSchema.parse(call.body);
  const place = await deps.transact((tx) => openKiosk({ db: tx, menuCache: deps.menuCache }, call.token));
  if (request.payment === 'card' && (!place.device.terminalHsn || !place.device.terminalKey))
    throw new BrigadeError('conflict', 'NO_TERMINAL', KIOSK_NO_TERMINAL);
  const limit = deps.kioskLimit ?? KIOSK_ORDER_LIMIT;
  const row = await deps.transact((tx) =>
    writeKioskOrder({ ...deps, db: tx }, place, request, { key: key.data, limit }),
  );
  const scope = { tenantId: row.tenantId, restaurantId: row.restaurantId };
  const answer = async () =>
    deps.transact(async (tx) => {
      const current = (await findOrder(tx, scope, row.orderId))!;
      return kioskOrderOf(current, await tendersOf(tx, scope, [row.orderId]));
    });
  // to the counter, or already paid (the same key again): no terminal
  if (request.payment === 'counter' || row.status !== 'open') return answer();
  await payCheckOnTerminal(deps, kioskActor(place.device.name), {
    scope,
    orderId: row.orderId,
    version: row.version,
    receipt: 'none',
    key: key.data,
    openPlace: async () => place,
  });
  return answer();
}

/**
 * Who acted in a kiosk's card payment, as its records name it (decision 062): "Kiosk Door kiosk" in the
 * payment's events, the tender and the order's history, not "system". An actor of no one signed in: inactive
 * and with no tenant, so it passes no access check — it only names the kiosk where a user id would stand.
 */
export const kioskActor = (deviceName: string): Actor => ({
  kind: 'user',
  userId: `Kiosk ${deviceName}`,
  isSiteAdmin: false,
  isActive: false,
  assignments: [],
});

/** The kiosk order, written once per key: the same key again finds the order it made. */
async function writeKioskOrder(
  deps: PosDeps,
  place: RegisterPlace,
  request: ReturnType<typeof placeKioskOrderSchema.parse>,
  { key, limit }: { key: string; limit: KioskOrderLimit },
): Promise<OrderRow> {
  const scope = { tenantId: place.device.tenantId, restaurantId: place.device.restaurantId };
  // how it is paid is not part of the order: a declined card may go to the counter with the same key
  const { payment: _payment, ...order } = request;
  const hash = requestHash('placeKioskOrder', order);
  const earlier = await findOrderByKey(deps.db, scope, key);
  if (earlier) return sameOrder(earlier, hash);
  // a new order counts against its kiosk's limit (the same key again does not), in the order's transaction:
  // a refused one leaves nothing behind
  const throttle = `kiosk-orders:${scope.tenantId}:${place.device.deviceId}`;
  await takeAttemptOrRefuse(deps.db, throttle, limit.ordersPerDevice, limit.windowMs, KIOSK_ORDERS_LIMITED);
  const { lines: priced } = priceSale(place, request, KIOSK_MESSAGES);
  const lines: CheckLine[] = priced.map((line, index) => ({ ...line, lineId: index + 1, pending: true }));
  const check = pricedCheck({ fulfilment: request.service, checkDiscount: null }, lines, place.rules, null);
  const now = deps.now?.() ?? new Date();
  const businessDate = toLocalMoment(now.toISOString(), place.resolved.timezone).date;
  const name = kioskOrderName(request);
  const guestName = request.guestName ?? '';
  const row = await insertOrder(deps.db, {
    ...scope,
    token: randomBytes(16).toString('base64url'),
    number: await nextOrderNumber(deps.db, scope, businessDate),
    businessDate,
    status: 'open',
    channel: 'kiosk',
    fulfilment: request.service,
    deviceId: place.device.deviceId,
    pickupAt: now,
    asap: true,
    customer: { name: guestName, email: '', phone: '' },
    tableTent: request.tableTent ?? null,
    lines: check.lines,
    totals: check.totals,
    total: check.total,
    currency: place.currency,
    idempotencyKey: key,
    requestHash: hash,
  });
  // the same order sent twice at once: the first is the order
  if (!row) return sameOrder((await findOrderByKey(deps.db, scope, key))!, hash);
  const service = SERVICE_LABELS[request.service].toLowerCase();
  const how = request.payment === 'card' ? 'to pay by card at the kiosk' : 'to pay at the counter';
  await addOrderEvent(
    deps.db,
    row,
    'open',
    'guest',
    `Placed at ${place.device.name} (${service}) for ${name}, ${how}`,
  );
  return row;
}

function sameOrder(row: OrderRow, hash: string): OrderRow {
  if (row.requestHash !== hash || row.channel !== 'kiosk')
    throw new BrigadeError('unprocessable', 'IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
  return row;
}

function kioskOrderOf(row: OrderRow, tenders: TenderRow[]): KioskOrder {
  const totals = row.totals as unknown as OrderTotals;
  const card = tenders.find((t) => t.method === 'card' && t.kind === 'payment');
  return {
    orderId: row.orderId,
    number: liveNumber(row),
    status: row.status,
    service: row.fulfilment === 'takeout' ? 'takeout' : 'dine_in',
    name: kioskOrderName({ guestName: row.customer.name, tableTent: row.tableTent }),
    totals: {
      subtotal: totals.subtotal,
      tax: totals.tax,
      includedTax: totals.includedTax,
      total: totals.total,
    },
    payment: card ? 'card' : 'counter',
    card: card ? { brand: card.cardBrand, lastFour: card.lastFour } : null,
    createdAt: row.createdAt,
  };
}
