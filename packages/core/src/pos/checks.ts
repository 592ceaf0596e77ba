import type { Executor } from '@brigade/db/database';
import { sideBySide } from '@brigade/db/side-by-side';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound, validationError } from '@brigade/domain/errors';
import { computeTotals, type OrderTotals, type TotalsRules } from '@brigade/domain/ordering/totals';
import { paidAtCounter } from '@brigade/domain/pos/api';
import { applyCheckDiscount, type CheckDiscount } from '@brigade/domain/pos/check-splits';
import {
  addCheckLinesSchema,
  CHECK_NOT_FOUND,
  type Check,
  type CheckLine,
  type CheckLineInput,
  type CheckLineView,
  isSent,
  LINE_NOT_FOUND,
  LINE_SENT,
  nextLineId,
  type openCheckSchema,
  paidToward,
  removeCheckLineSchema,
  type VoidedLine,
} from '@brigade/domain/pos/checks';
import { kioskOrderName } from '@brigade/domain/pos/kiosk';
import { findOrder, liveNumber, ORDER_INVALID, type OrderRow, readTaxRates } from '../ordering/index';
import { registerUnlockedCheck, serverOf } from '../staff/index';
import { findRestaurant } from '../tenancy/index';
import { deviceNameOf, lockOpenCheck, openCheckRows, saveCheck } from './check-repository';
import type { RestaurantScope } from './device-repository';
import { openRegister, type PosDeps, type RegisterPlace, registerDevice, unlockedRegister } from './register';
import { priceSale, saleOf } from './sale';
import { type TenderRow, tendersOf } from './sale-repository';

/**
 * Open checks (docs/behaviour/pos.md#open-checks, decision 055): a register order kept `open` while the
 * table eats. Lines are priced on the server as a sale's are and carry a seat and a course; every change
 * names the check's version (409 "changed on another terminal" when another register changed it first).
 * Opening is in check-open.ts; sending to the kitchen and voiding in check-kitchen.ts; paying in check-pay.ts.
 */

export interface CheckCall extends RestaurantScope {
  token: unknown;
  orderId: number;
}

const scopeOf = (input: RestaurantScope) => ({ tenantId: input.tenantId, restaurantId: input.restaurantId });

/** A check as the register shows it, with its tenders (once paid), the register that opened it, its server. */
export async function viewOf(db: Executor, row: OrderRow): Promise<Check> {
  const [tenders, deviceName, server] = await sideBySide(db, [
    () => tendersOf(db, row, [row.orderId]),
    () => deviceNameOf(db, row),
    () => serverOf(db, row, row.serverEmployeeId),
  ]);
  return checkOf(row, tenders, deviceName, server);
}

/** Prices new lines from the register's menu (every problem at once, as a sale's), numbered from `firstId`. */
export function priceCheckLines(
  place: RegisterPlace,
  service: 'dine_in' | 'takeout',
  input: ReturnType<typeof openCheckSchema.parse>['lines'],
  firstId: number,
): CheckLine[] {
  if (input.length === 0) return [];
  const cartLines = input.map(({ seat: _s, courseId: _c, ...line }) => line);
  const { lines } = priceSale(place, { service, lines: cartLines });
  return lines.map((priced, index) => {
    const asked: CheckLineInput = input[index]!;
    const courseId = asked.courseId === undefined ? priced.courseId : (asked.courseId ?? undefined);
    return {
      ...priced,
      courseId,
      lineId: firstId + index,
      ...(asked.seat ? { seat: asked.seat } : {}),
      pending: true,
    };
  });
}

/**
 * A check's lines with its check-wide discount shared out over them, and its totals (decision 056): every
 * change to a check's lines goes through this, so the discount follows what is on the check.
 */
export function pricedCheck(
  row: Pick<OrderRow, 'fulfilment' | 'checkDiscount'> & { totals?: unknown },
  lines: CheckLine[],
  rules: Omit<TotalsRules, 'dineIn'>,
  discount: CheckDiscount | null = row.checkDiscount as CheckDiscount | null,
) {
  const applied = applyCheckDiscount(lines, discount);
  // the tips of cards that paid parts of it (decision 070) stay on it whatever its lines become
  const tip = (row.totals as { tip?: number } | undefined)?.tip ?? 0;
  return {
    lines: applied.lines,
    checkDiscount: discount ? { ...discount, amount: applied.amount } : null,
    ...totalsOf(applied.lines, rules, row.fulfilment, tip),
  };
}

/** The check's totals from its live lines (a sale's rules: dine in at each rate's own percent), and its tip. */
export function totalsOf(
  lines: CheckLine[],
  rules: Omit<TotalsRules, 'dineIn'>,
  service: 'dine_in' | 'takeout' | string,
  tip = 0,
): { totals: Record<string, unknown>; total: number } {
  const computed = computeTotals(lines, undefined, { ...rules, dineIn: service !== 'takeout' });
  if ('errors' in computed) throw validationError(ORDER_INVALID, computed.errors);
  const total = computed.totals.total + tip;
  return { totals: { ...computed.totals, tip: computed.totals.tip + tip, total }, total };
}

/** The tax rules a check's totals are recomputed by when a line leaves it (no menu read needed). */
export async function checkRules(db: Executor, scope: RestaurantScope): Promise<Omit<TotalsRules, 'dineIn'>> {
  const [restaurant, taxRates] = await sideBySide(db, [
    () => findRestaurant(db, scope.tenantId, scope.restaurantId),
    () => readTaxRates(db, scope),
  ]);
  if (!restaurant)
    throw notFound(`Restaurant with ID ${scope.restaurantId} not found`, 'RESTAURANT_NOT_FOUND');
  return {
    taxRates,
    serviceChargePercent: restaurant.settings.serviceCharge,
    allowTips: false,
    tipPresets: [],
  };
}

/** Lines rung onto an open check (unsent until a send). */
export async function addCheckLines(
  deps: PosDeps,
  actor: Actor,
  call: CheckCall & { body: unknown },
): Promise<Check> {
  const scope = scopeOf(call);
  const place = await openRegister(deps, actor, scope, call.token);
  await registerUnlockedCheck(deps.db, place.device);
  const request = addCheckLinesSchema.parse(call.body);
  const row = await lockOpenCheck(deps.db, scope, call.orderId, request.version);
  const lines = row.lines as CheckLine[];
  const service = row.fulfilment === 'takeout' ? 'takeout' : 'dine_in';
  const added = priceCheckLines(place, service, request.lines, nextLineId(lines, voidedOf(row)));
  const saved = await saveCheck(deps.db, row, pricedCheck(row, [...lines, ...added], place.rules));
  return viewOf(deps.db, saved);
}

/** Takes an unsent line off the check; a sent one only a manager's void removes. */
export async function removeCheckLine(
  deps: PosDeps,
  actor: Actor,
  call: CheckCall & { lineId: number; body: unknown },
): Promise<Check> {
  const scope = scopeOf(call);
  await unlockedRegister(deps, actor, scope, call.token);
  const request = removeCheckLineSchema.parse(call.body);
  const row = await lockOpenCheck(deps.db, scope, call.orderId, request.version);
  const lines = row.lines as CheckLine[];
  const line = lines.find((l) => l.lineId === call.lineId);
  if (!line) throw notFound(LINE_NOT_FOUND, 'LINE_NOT_FOUND');
  if (isSent(line)) throw new BrigadeError('conflict', 'LINE_SENT', LINE_SENT);
  const left = lines.filter((l) => l !== line);
  return viewOf(deps.db, await withLines(deps.db, row, left));
}

/** A check's lines changed (a discount): its new totals with them, in the caller's transaction. */
export async function withLines(
  db: Executor,
  row: OrderRow,
  lines: CheckLine[],
  changes: Partial<Pick<OrderRow, 'tableId' | 'lastRound' | 'voidedLines'>> & {
    checkDiscount?: CheckDiscount | null;
  } = {},
): Promise<OrderRow> {
  const rules = await checkRules(db, row);
  const { checkDiscount, ...rest } = changes;
  return saveCheck(db, row, {
    ...rest,
    ...pricedCheck(
      row,
      lines,
      rules,
      checkDiscount === undefined ? (row.checkDiscount as CheckDiscount | null) : checkDiscount,
    ),
  });
}

/** A line taken off a check by a manager's void (check-kitchen.ts): the check's new lines and totals. */
export async function withoutLine(
  db: Executor,
  row: OrderRow,
  line: CheckLine,
  voided: VoidedLine,
): Promise<OrderRow> {
  const left = (row.lines as CheckLine[]).filter((l) => l.lineId !== line.lineId);
  return withLines(db, row, left, { voidedLines: [...voidedOf(row), voided] });
}

export const voidedOf = (row: OrderRow) => row.voidedLines as VoidedLine[];

/** One check, open or paid, on any register of the restaurant. */
export async function getCheck(deps: PosDeps, actor: Actor, call: CheckCall): Promise<Check> {
  const scope = scopeOf(call);
  await registerDevice(deps, actor, scope, call.token);
  const row = await findOrder(deps.db, scope, call.orderId);
  if (!row || !paidAtCounter(row.channel)) throw notFound(CHECK_NOT_FOUND, 'CHECK_NOT_FOUND');
  return viewOf(deps.db, row);
}

/** The restaurant's open checks (every register's), oldest first. */
export async function listOpenChecks(
  deps: PosDeps,
  actor: Actor,
  input: RestaurantScope & { token: unknown },
): Promise<Check[]> {
  const scope = scopeOf(input);
  await registerDevice(deps, actor, scope, input.token);
  const rows = await openCheckRows(deps.db, scope);
  return rows.map(({ order, deviceName, serverId, serverFirst, serverLast, serverChosen }) =>
    checkOf(
      order,
      [],
      deviceName,
      serverId !== null && serverFirst !== null
        ? {
            employeeId: serverId,
            name: `${serverChosen || serverFirst} ${serverLast ?? ''}`.trim(),
          }
        : null,
    ),
  );
}

const lineView = (line: CheckLine): CheckLineView => ({
  lineId: line.lineId,
  itemId: line.itemId,
  name: line.name,
  ...(line.sizeName ? { sizeName: line.sizeName } : {}),
  quantity: line.quantity,
  unitPrice: line.unitPrice,
  modifiers: line.modifiers.map((m) => ({ name: m.name, quantity: m.quantity, price: m.price })),
  lineTotal: line.lineTotal,
  ...(line.notes ? { notes: line.notes } : {}),
  seat: line.seat ?? null,
  courseId: line.courseId ?? null,
  discount: line.discount
    ? {
        kind: line.discount.kind,
        value: line.discount.value,
        amount: line.discount.amount,
        reason: line.discount.reason,
        approvedBy: line.discount.approvedBy ?? null,
      }
    : null,
  checkDiscount: line.checkDiscount ?? 0,
  share: line.share ? { part: line.share.part, of: line.share.of } : null,
  sent: isSent(line),
  round: line.round ?? null,
  sentAt: line.sentAt ?? null,
});

export function checkOf(
  row: OrderRow,
  tenders: TenderRow[],
  deviceName: string | null,
  server: { employeeId: number; name: string } | null = null,
): Check {
  const totals = row.totals as unknown as OrderTotals;
  const discount = row.checkDiscount as (CheckDiscount & { amount: number }) | null;
  const paid = paidToward(tenders);
  return {
    orderId: row.orderId,
    number: liveNumber(row),
    businessDate: row.businessDate,
    status: row.status,
    version: row.version,
    service: row.fulfilment === 'takeout' ? 'takeout' : 'dine_in',
    channel: row.channel === 'kiosk' ? 'kiosk' : 'pos',
    guestName: kioskOrderName({ guestName: row.customer.name, tableTent: row.tableTent }) || null,
    tableId: row.tableId,
    lines: (row.lines as CheckLine[]).map((line, index) =>
      lineView({ ...line, lineId: line.lineId ?? index + 1 }),
    ),
    voided: voidedOf(row).map((v) => ({ ...v, line: lineView(v.line), approvedBy: v.approvedBy ?? null })),
    discount: discount
      ? {
          kind: discount.kind,
          value: discount.value,
          amount: discount.amount,
          reason: discount.reason,
          approvedBy: discount.approvedBy ?? null,
        }
      : null,
    server: server ? { employeeId: server.employeeId, name: server.name } : null,
    totals: {
      subtotal: totals.subtotal,
      taxes: totals.taxes,
      tax: totals.tax,
      includedTax: totals.includedTax,
      total: totals.total,
    },
    tenders: saleOf(row, tenders, deviceName, { drawerKick: false, receiptQueued: false }).tenders,
    paid,
    balance: totals.total - paid,
    openedAt: row.createdAt,
    deviceName,
  };
}
