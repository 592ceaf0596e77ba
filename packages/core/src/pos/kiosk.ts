import { randomBytes } from 'node:crypto';
import { DEFAULT_UPDATED_BY } from '@brigade/domain/catalogue/job-title';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import { BrigadeError, validationError } from '@brigade/domain/errors';
import type { OrderTotals } from '@brigade/domain/ordering/totals';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from '@brigade/domain/payments/api';
import { SERVICE_LABELS } from '@brigade/domain/pos/api';
import type { CheckLine } from '@brigade/domain/pos/checks';
import {
  KIOSK_NO_MENU,
  type KioskMenu,
  type KioskOrder,
  kioskOrderName,
  NOT_ON_KIOSK,
  placeKioskOrderSchema,
} from '@brigade/domain/pos/kiosk';
import { resolveCatalogueScope } from '../catalogue/scope';
import { KEY_REUSED } from '../ordering/checkout';
import {
  addOrderEvent,
  findOrderByKey,
  insertOrder,
  nextOrderNumber,
  type OrderRow,
} from '../ordering/ordering-repository';
import { requestHash } from '../request-hash';
import { pricedCheck } from './checks';
import { pairedKiosk } from './devices';
import { type PosDeps, type RegisterPlace, rulesView, sellingPlace } from './register';
import { priceSale } from './sale';

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
 * one 400; nothing stored), to pay at the counter. One Idempotency-Key makes one order.
 */
export async function placeKioskOrder(
  deps: PosDeps,
  call: { token: unknown; idempotencyKey: unknown; body: unknown },
): Promise<KioskOrder> {
  const key = idempotencyKeySchema.safeParse(call.idempotencyKey);
  if (!key.success)
    throw validationError(IDEMPOTENCY_KEY_MESSAGE, [
      { path: 'idempotency-key', message: IDEMPOTENCY_KEY_MESSAGE },
    ]);
  const place = await openKiosk(deps, call.token);
  const scope = { tenantId: place.device.tenantId, restaurantId: place.device.restaurantId };
  const request = placeKioskOrderSchema.parse(call.body);
  const hash = requestHash('placeKioskOrder', request);
  const earlier = await findOrderByKey(deps.db, scope, key.data);
  if (earlier) return replay(earlier, hash);
  const { lines: priced } = priceSale(place, request, KIOSK_MESSAGES);
  const lines: CheckLine[] = priced.map((line, index) => ({ ...line, lineId: index + 1, pending: true }));
  const check = pricedCheck({ fulfilment: request.service, checkDiscount: null }, lines, place.rules, null);
  const now = deps.now?.() ?? new Date();
  const businessDate = toLocalMoment(now.toISOString(), place.resolved.timezone).date;
  const name = kioskOrderName(request);
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
    customer: { name, email: '', phone: '' },
    lines: check.lines,
    totals: check.totals,
    total: check.total,
    currency: place.currency,
    idempotencyKey: key.data,
    requestHash: hash,
  });
  // the same order sent twice at once: the first is the order
  if (!row) return replay((await findOrderByKey(deps.db, scope, key.data))!, hash);
  const service = SERVICE_LABELS[request.service].toLowerCase();
  await addOrderEvent(
    deps.db,
    row,
    'open',
    'guest',
    `Placed at ${place.device.name} (${service}) for ${name}, to pay at the counter`,
  );
  return kioskOrderOf(row);
}

function replay(row: OrderRow, hash: string): KioskOrder {
  if (row.requestHash !== hash || row.channel !== 'kiosk')
    throw new BrigadeError('unprocessable', 'IDEMPOTENCY_KEY_REUSED', KEY_REUSED);
  return kioskOrderOf(row);
}

function kioskOrderOf(row: OrderRow): KioskOrder {
  const totals = row.totals as unknown as OrderTotals;
  return {
    orderId: row.orderId,
    number: row.number,
    status: row.status,
    service: row.fulfilment === 'takeout' ? 'takeout' : 'dine_in',
    name: row.customer.name,
    totals: {
      subtotal: totals.subtotal,
      tax: totals.tax,
      includedTax: totals.includedTax,
      total: totals.total,
    },
    payment: 'counter',
    createdAt: row.createdAt,
  };
}
