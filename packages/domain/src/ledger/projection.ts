import { toLocalMoment } from '../catalogue/menu-availability';
import type { RefundAllocation } from '../ordering/refund-lines';
import { allocate } from './allocate';

/**
 * The sales ledger (docs/behaviour/reports.md#the-sales-ledger): every money event of a sale as immutable
 * lines. A sale is an online order, or a card payment taken without one (the virtual terminal). Its lines are
 * a pure function of the records — the order, its history, its payment and that payment's refunds — so the
 * lines written as each event commits and the lines a rebuild derives from the same records are the same
 * lines, key for key.
 *
 * Two sides, never mixed in one sum:
 * - sales lines (event `sale` or `return`): what was sold — items (or the amount of a payment without items),
 *   tax by rate, service charge and tip — positive when the sale is recognised (an order accepted, a
 *   terminal payment captured), negative when money goes back;
 * - tender lines (kind `tender`): money taken on a card — a capture, and back by a void or a refund — or in
 *   cash at a register (`cash_taken`).
 *
 * Money going back (a void of a captured amount, a refund, whole or part) is spread over the sale's lines in
 * proportion (largest remainder, so the cents add up exactly); a refund of chosen lines gives back those
 * lines and quantities, and its tax over the tax lines; an order cancelled or refunded after it was
 * recognised reverses whatever of it is left, so a sale given back in full ends at zero on every line.
 */

export const LEDGER_EVENTS = [
  'sale',
  'return',
  'capture',
  'void',
  'refund',
  'credit',
  'cash_taken',
  'cash_returned',
] as const;
export type LedgerEvent = (typeof LEDGER_EVENTS)[number];
export const LEDGER_KINDS = ['item', 'custom', 'tax', 'service_charge', 'tip', 'tender'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const LEDGER_CHANNELS = ['online', 'virtual_terminal', 'pos', 'kiosk'] as const;
export type LedgerChannel = (typeof LEDGER_CHANNELS)[number];

export interface LedgerLine {
  lineKey: string;
  saleKey: string;
  event: LedgerEvent;
  kind: LedgerKind;
  channel: LedgerChannel;
  occurredAt: Date;
  /** The restaurant's day and hour (its own clock) when it happened. */
  businessDate: string;
  localHour: number;
  orderId: number | null;
  transactionId: string | null;
  itemId: number | null;
  itemName: string | null;
  quantity: number;
  menuGroupId: number | null;
  salesCategoryId: number | null;
  taxRateId: number | null;
  taxName: string | null;
  /** Tax inside tax-inclusive prices, for the rate (tax lines only; not part of `amount`). */
  includedTax: number;
  /** Cents: positive into the restaurant, negative back out. */
  amount: number;
  currency: string;
  paymentMethod: 'card' | 'cash' | null;
  cardBrand: string | null;
  /** Who did it: a user id, 'guest' or 'system'. */
  employee: string | null;
  /** The server the sale was rung up under (the order's, decision 057): every line of the sale carries it. */
  serverEmployeeId: string | null;
}

/** One line of an order as the ledger reads it (the order's priced line). */
export interface SaleItemRecord {
  itemId: number;
  name: string;
  quantity: number;
  lineTotal: number;
  menuGroupId?: number | undefined;
  salesCategoryId?: number | undefined;
}

export interface OrderRecord {
  orderId: number;
  /** Where it was taken: the public site, or a register (a POS sale). */
  channel?: 'online' | 'pos' | 'kiosk' | undefined;
  /** A register sale's server (employees.guid), when one is known. */
  serverEmployeeId?: string | null | undefined;
  currency: string;
  lines: readonly SaleItemRecord[];
  totals: {
    taxes?: readonly { taxRateId: number; name: string; amount: number; included: number }[];
    serviceCharge?: number;
    tip?: number;
  };
  /** Its history, oldest first. */
  events: readonly { eventId: number; status: string; actor: string; occurredAt: Date }[];
  /** Money a register took for it (cash): what paid the order, not the change handed back. */
  tenders?: readonly {
    tenderId: number;
    method: 'cash' | 'card';
    /** `refund`: cash handed back (a voided register sale). */
    kind?: 'payment' | 'refund' | undefined;
    amount: number;
    takenAt: Date;
    takenBy: string;
    /** A card's tip; when it was written on the receipt and added after the sale, the moment (decision 068). */
    tip?: number | undefined;
    tipAddedAt?: Date | null | undefined;
  }[];
}

export interface PaymentRecord {
  transactionId: string;
  kind: string;
  amount: number;
  tipAmount: number;
  currency: string;
  cardBrand: string | null;
  createdBy: string;
  /** What was captured and is still captured, and when it was captured. */
  capturedAmount: number;
  capturedAt: Date | null;
  /** A void of a captured amount: what it gave back and when. */
  voidedAmount: number;
  voidedAt: Date | null;
  /** Its approved refunds (a refund transaction each); a refund of chosen lines names them. */
  refunds: readonly {
    transactionId: string;
    amount: number;
    capturedAt: Date;
    createdBy: string;
    allocation?: RefundAllocation | null | undefined;
  }[];
}

export interface SaleRecords {
  timezone: string;
  order: OrderRecord | null;
  payment: PaymentRecord | null;
  /**
   * The cards that paid parts of a check (split tender, decision 070), besides the order's own payment (the
   * card that paid the rest, if one did): each one's capture, void and refunds, under keys of its own.
   */
  parts?: readonly PaymentRecord[] | undefined;
}

const CASH_EVENTS = new Set<LedgerEvent>(['cash_taken', 'cash_returned']);

/** Statuses after which an order counts as sold (it reached the kitchen). */
const SOLD = new Set(['accepted', 'in_preparation', 'ready', 'completed']);
const GIVEN_BACK = new Set(['cancelled', 'refunded']);

export const saleKeyOf = (records: Pick<SaleRecords, 'order' | 'payment'>): string =>
  records.order ? `o:${records.order.orderId}` : `t:${records.payment?.transactionId ?? ''}`;

type Part = Pick<
  LedgerLine,
  | 'kind'
  | 'itemId'
  | 'itemName'
  | 'quantity'
  | 'menuGroupId'
  | 'salesCategoryId'
  | 'taxRateId'
  | 'taxName'
  | 'includedTax'
  | 'amount'
>;

const NO_ITEM = {
  itemId: null,
  itemName: null,
  quantity: 0,
  menuGroupId: null,
  salesCategoryId: null,
  taxRateId: null,
  taxName: null,
  includedTax: 0,
};

/** Tips written on receipts and added after the sale (decision 068): each a sale line of its own moment. */
const lateTipsOf = (order: OrderRecord) =>
  (order.tenders ?? []).filter(
    (t): t is typeof t & { tip: number; tipAddedAt: Date } =>
      t.kind !== 'refund' && t.tipAddedAt instanceof Date && (t.tip ?? 0) > 0,
  );

function orderParts(order: OrderRecord): Part[] {
  const items: Part[] = order.lines.map((line) => ({
    ...NO_ITEM,
    kind: 'item',
    itemId: line.itemId,
    itemName: line.name,
    quantity: ((line as { share?: { part: number } }).share?.part ?? 1) > 1 ? 0 : line.quantity, // decision 056
    menuGroupId: line.menuGroupId ?? null,
    salesCategoryId: line.salesCategoryId ?? null,
    amount: line.lineTotal,
  }));
  const taxes: Part[] = (order.totals.taxes ?? []).map((tax) => ({
    ...NO_ITEM,
    kind: 'tax',
    taxRateId: tax.taxRateId,
    taxName: tax.name,
    includedTax: tax.included,
    amount: tax.amount,
  }));
  const extras: Part[] = [];
  if (order.totals.serviceCharge)
    extras.push({ ...NO_ITEM, kind: 'service_charge', amount: order.totals.serviceCharge });
  // the order's tip as it was when sold: a tip added later from the receipt is a line of its own moment
  const tip = (order.totals.tip ?? 0) - lateTipsOf(order).reduce((sum, t) => sum + t.tip, 0);
  if (tip > 0) extras.push({ ...NO_ITEM, kind: 'tip', amount: tip });
  return [...items, ...taxes, ...extras];
}

function paymentParts(payment: PaymentRecord, captured: number): Part[] {
  const tip = Math.min(payment.tipAmount, captured);
  const parts: Part[] = [{ ...NO_ITEM, kind: 'custom', amount: captured - tip }];
  if (tip > 0) parts.push({ ...NO_ITEM, kind: 'tip', amount: tip });
  return parts;
}

interface Happening {
  at: Date;
  /** Sorts happenings of one instant: money before the order's own moves. */
  rank: number;
  key: string;
  apply: () => void;
}

/** Every ledger line of one sale, in the order they happened. */
export function projectSale(records: SaleRecords): LedgerLine[] {
  const { order, payment } = records;
  const lines: LedgerLine[] = [];
  const writers = saleBook(records, lines);
  const happenings: Happening[] = [];
  if (payment) addPaymentHappenings(payment, order, happenings, writers);
  for (const part of records.parts ?? [])
    addPaymentHappenings(part, order, happenings, partWriters(writers, part));
  if (order) addOrderHappenings(order, happenings, writers);
  // a card tender's money is its payment's capture, void and refund lines (above): only cash is written here
  for (const tender of (order?.tenders ?? []).filter((t) => t.method === 'cash'))
    happenings.push({
      at: tender.takenAt,
      rank: 0,
      key: `cash:${tender.tenderId}`,
      apply: () =>
        tender.kind === 'refund'
          ? writers.line(`cash:${tender.tenderId}`, tender.takenAt, 'cash_returned', tender.takenBy, {
              ...NO_ITEM,
              kind: 'tender',
              amount: -tender.amount,
            })
          : writers.line(`cash:${tender.tenderId}`, tender.takenAt, 'cash_taken', tender.takenBy, {
              ...NO_ITEM,
              kind: 'tender',
              amount: tender.amount,
            }),
    });
  for (const tender of order ? lateTipsOf(order) : [])
    happenings.push({
      at: tender.tipAddedAt,
      rank: 1,
      key: `tip:${tender.tenderId}`,
      apply: () =>
        writers.addToSale(`tip:${tender.tenderId}`, tender.tipAddedAt, tender.takenBy, {
          ...NO_ITEM,
          kind: 'tip',
          amount: tender.tip,
        }),
    });
  happenings.sort((a, b) => a.at.getTime() - b.at.getTime() || a.rank - b.rank || a.key.localeCompare(b.key));
  for (const happening of happenings) happening.apply();
  return lines;
}

/** The sale's order moves: recognised when it reaches the kitchen; what is left reversed when given back. */
function addOrderHappenings(order: OrderRecord, happenings: Happening[], w: Writers) {
  const soldAt = order.events.find((e) => SOLD.has(e.status));
  if (!soldAt) return;
  happenings.push({
    at: soldAt.occurredAt,
    rank: 1,
    key: `e${soldAt.eventId}`,
    apply: () => w.recognise(soldAt.occurredAt, soldAt.actor, orderParts(order)),
  });
  const back = order.events.find((e) => GIVEN_BACK.has(e.status) && e.eventId > soldAt.eventId);
  if (back)
    happenings.push({
      at: back.occurredAt,
      rank: 2,
      key: `e${back.eventId}`,
      apply: () => w.giveBack(`ret:e${back.eventId}`, back.occurredAt, back.actor, 'all'),
    });
}

/** The writers of one sale's lines, and what of each part of the sale has gone back so far. */
function saleBook(records: SaleRecords, lines: LedgerLine[]): Writers {
  const { order, payment } = records;
  const saleKey = saleKeyOf(records);
  const channel: LedgerChannel = order ? (order.channel ?? 'online') : 'virtual_terminal';
  const currency = order?.currency ?? payment?.currency ?? 'USD';
  const line: Writers['line'] = (key, at, event, employee, part, via = payment ?? undefined) => {
    const moment = toLocalMoment(at.toISOString(), records.timezone);
    lines.push({
      lineKey: `${saleKey}:${key}`,
      saleKey,
      event,
      channel,
      occurredAt: at,
      businessDate: moment.date,
      localHour: Math.floor(moment.minutes / 60),
      orderId: order?.orderId ?? null,
      transactionId: via?.transactionId ?? null,
      currency,
      paymentMethod: part.kind !== 'tender' ? null : CASH_EVENTS.has(event) ? 'cash' : 'card',
      cardBrand: part.kind === 'tender' && !CASH_EVENTS.has(event) ? (via?.cardBrand ?? null) : null,
      employee,
      serverEmployeeId: order?.serverEmployeeId ?? null,
      ...part,
    });
  };
  const state = { sold: [] as Part[], returned: [] as number[], returnedIncluded: [] as number[] };
  const recognise: Writers['recognise'] = (at, employee, parts) => {
    // beside what was sold before it (a tip added from a receipt while the check was open)
    state.sold = [...state.sold, ...parts];
    state.returned = [...state.returned, ...parts.map(() => 0)];
    state.returnedIncluded = [...state.returnedIncluded, ...parts.map(() => 0)];
    parts.forEach((part, i) => {
      line(`sale:${i}`, at, 'sale', employee, part);
    });
  };
  const giveBack: Writers['giveBack'] = (key, at, employee, amount, allocation) =>
    giveBackFrom(state, (k, part) => line(`${key}${k}`, at, 'return', employee, part), amount, allocation);
  // a part sold after the sale (a tip from the receipt): later money back reaches it as any other part
  const addToSale: Writers['addToSale'] = (key, at, employee, part) => {
    state.sold = [...state.sold, part];
    state.returned.push(0);
    state.returnedIncluded.push(0);
    line(key, at, 'sale', employee, part);
  };
  return { line, recognise, giveBack, addToSale, sold: () => state.sold.length > 0 };
}

/**
 * Money back: spread over what is left of the sale; `all` reverses everything that is left. A refund of chosen
 * lines (`allocation`) takes those lines' amounts and quantities, its tax from the tax lines, and anything
 * beyond what they hold over the rest in proportion.
 */
function giveBackFrom(
  state: { sold: Part[]; returned: number[]; returnedIncluded: number[] },
  write: (key: string, part: Part) => void,
  amount: number | 'all',
  allocation?: RefundAllocation | null,
) {
  const parts = state.sold;
  const left = parts.map((part, i) => part.amount - state.returned[i]!);
  const leftIncluded = parts.map((part, i) => part.includedTax - state.returnedIncluded[i]!);
  const total = left.reduce((a, b) => a + b, 0);
  const wanted = amount === 'all' ? total : Math.min(amount, Math.max(total, 0));
  // more back than the sale holds (money back before its sale was recognised): a line of its own
  if (amount !== 'all' && amount > wanted)
    write(':unallotted', { ...NO_ITEM, kind: 'custom', amount: wanted - amount });
  if (parts.length === 0 || wanted === 0) return;
  const targeted = amount !== 'all' && allocation ? sharesOfLines(parts, left, wanted, allocation) : null;
  const shares = amount === 'all' ? left : (targeted?.shares ?? allocate(left, wanted));
  const includedLeft = leftIncluded.reduce((a, b) => a + b, 0);
  const included =
    amount === 'all' ? leftIncluded : allocate(leftIncluded, Math.round((includedLeft * wanted) / total));
  parts.forEach((part, i) => {
    const share = shares[i]!;
    if (share === 0 && included[i] === 0) return;
    state.returned[i]! += share;
    state.returnedIncluded[i]! += included[i]!;
    const quantity =
      part.kind !== 'item' ? 0 : amount === 'all' ? -part.quantity : -(targeted?.quantities[i] ?? 0);
    write(`:${i}`, { ...part, quantity, includedTax: -(included[i] ?? 0), amount: -share });
  });
}

/**
 * A refund of chosen lines over the sale's parts (the order's lines come first, one part each): each chosen
 * line's amount from its part, the rest from the tax parts, and what is still left over every part.
 */
function sharesOfLines(
  parts: readonly Part[],
  left: readonly number[],
  wanted: number,
  allocation: RefundAllocation,
): { shares: number[]; quantities: number[] } {
  const shares = parts.map(() => 0);
  const quantities = parts.map(() => 0);
  let rest = wanted;
  for (const entry of allocation.lines) {
    const i = entry.line;
    if (parts[i]?.kind !== 'item') continue;
    const share = Math.max(0, Math.min(entry.amount, left[i]! - shares[i]!, rest));
    shares[i]! += share;
    quantities[i]! += entry.quantity;
    rest -= share;
  }
  const taxLeft = parts.map((part, i) => (part.kind === 'tax' ? left[i]! - shares[i]! : 0));
  const taxTotal = taxLeft.reduce((a, b) => a + b, 0);
  if (rest > 0 && taxTotal > 0) {
    const fromTax = Math.min(rest, taxTotal);
    allocate(taxLeft, fromTax).forEach((share, i) => {
      shares[i]! += share;
    });
    rest -= fromTax;
  }
  if (rest > 0)
    allocate(
      parts.map((_, i) => left[i]! - shares[i]!),
      rest,
    ).forEach((share, i) => {
      shares[i]! += share;
    });
  return { shares, quantities };
}

/**
 * The writers of a card that paid part of a check: its lines are keyed under its own payment (`p:{id}:…`) and
 * name it and its brand; what it gives back comes out of the same sale.
 */
function partWriters(w: Writers, payment: PaymentRecord): Writers {
  const prefix = `p:${payment.transactionId}:`;
  return {
    ...w,
    line: (key, at, event, employee, part) => w.line(`${prefix}${key}`, at, event, employee, part, payment),
    // a part given back while the check was still open gave back nothing sold: only its card lines move
    giveBack: (key, ...rest) => {
      if (w.sold()) w.giveBack(`${prefix}${key}`, ...rest);
    },
  };
}

interface Writers {
  line: (
    key: string,
    at: Date,
    event: LedgerEvent,
    employee: string | null,
    part: Part,
    /** The payment the line is money of, when it is not the sale's own (a card that paid a part). */
    via?: PaymentRecord,
  ) => void;
  recognise: (at: Date, employee: string, parts: Part[]) => void;
  /** Whether anything of the sale has been recognised yet. */
  sold: () => boolean;
  addToSale: (key: string, at: Date, employee: string, part: Part) => void;
  giveBack: (
    key: string,
    at: Date,
    employee: string,
    amount: number | 'all',
    allocation?: RefundAllocation | null,
  ) => void;
}

function addPaymentHappenings(
  payment: PaymentRecord,
  order: OrderRecord | null,
  happenings: Happening[],
  w: Writers,
) {
  const capturedOnce = payment.capturedAmount + payment.voidedAmount;
  const tender = (amount: number): Part => ({ ...NO_ITEM, kind: 'tender', amount });
  if (payment.kind === 'forced_credit' && payment.capturedAt) {
    const at = payment.capturedAt;
    happenings.push({
      at,
      rank: 0,
      key: 'credit',
      apply: () => {
        w.line('credit', at, 'credit', payment.createdBy, tender(-payment.amount));
        w.line('credit:sale', at, 'return', payment.createdBy, {
          ...NO_ITEM,
          kind: 'custom',
          amount: -payment.amount,
        });
      },
    });
    return;
  }
  if (payment.capturedAt && capturedOnce > 0) {
    const at = payment.capturedAt;
    happenings.push({
      at,
      rank: 0,
      key: 'capture',
      apply: () => {
        w.line('capture', at, 'capture', payment.createdBy, tender(capturedOnce));
        // Without an order, the payment is the sale (recognised when the money is taken).
        if (!order) w.recognise(at, payment.createdBy, paymentParts(payment, capturedOnce));
      },
    });
  }
  if (payment.voidedAt && payment.voidedAmount > 0) {
    const at = payment.voidedAt;
    happenings.push({
      at,
      rank: 0,
      key: 'void',
      apply: () => {
        w.line('void', at, 'void', null, tender(-payment.voidedAmount));
        w.giveBack('ret:void', at, 'system', payment.voidedAmount);
      },
    });
  }
  for (const refund of payment.refunds) {
    happenings.push({
      at: refund.capturedAt,
      rank: 0,
      key: `refund:${refund.transactionId}`,
      apply: () => {
        w.line(
          `refund:${refund.transactionId}`,
          refund.capturedAt,
          'refund',
          refund.createdBy,
          tender(-refund.amount),
        );
        w.giveBack(
          `ret:${refund.transactionId}`,
          refund.capturedAt,
          refund.createdBy,
          refund.amount,
          refund.allocation,
        );
      },
    });
  }
}
