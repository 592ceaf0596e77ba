import { z } from 'zod';
import { type CourseRef, groupByCourse } from '../ordering/kitchen';
import type { PricedLine } from '../ordering/line-pricing';
import { cardExpiry, cardToken } from '../payments/api';
import { text } from '../text';
import {
  cashTenderSchema,
  MAX_TENDERED,
  POS_SERVICES,
  posLineSchema,
  printedStationsSchema,
  tenderSchema,
} from './api';

/**
 * Open checks (docs/behaviour/pos.md#open-checks, decision 055): a register order that stays `open` while
 * the table eats — lines are added (with a seat and a course), sent to the kitchen in rounds, and the check
 * is paid later on any register. Pure rules and the API's shapes; the server applies them.
 */

export const MAX_CHECK_LINES = 200;
export const MAX_SEAT = 99;

export const CHECK_CHANGED = 'This check was changed on another terminal: refresh it and try again';
export const CHECK_NOT_OPEN = 'This check is not open any more';
export const CHECK_ALREADY_PAID = 'This check is already paid';
export const CHECK_NOT_FOUND = 'Check not found';
export const LINE_NOT_FOUND = 'Line not found';
export const LINE_SENT = 'This line was sent to the kitchen: a manager voids it with a reason';
export const LINE_NOT_SENT = 'This line was not sent yet: remove it instead';
export const NOTHING_TO_SEND = 'Nothing on this check is waiting to be sent';
export const CHECK_EMPTY = 'The check is empty';
export const VOID_REASON_REQUIRED = 'Give a reason for the void';
/** What payments taken on a check (split tender) already cover: its total cannot go below it. */
export const checkBelowPaid = (number: number, paid: string) =>
  `Check #${number} already has ${paid} paid toward it: its total cannot go below that`;

export const NOTHING_PAID = 'Nothing has been paid toward this check';
export const CARD_PAID_PART =
  'A card paid part of this check: a manager hands back what was paid before the check is closed';

/**
 * What has been paid toward a check so far: its payments less what was handed back. A check paid in parts
 * (split tender) stays open until this reaches its total.
 */
export function paidToward(tenders: readonly { kind: 'payment' | 'refund'; amount: number }[]): number {
  return tenders.reduce((sum, t) => sum + (t.kind === 'refund' ? -t.amount : t.amount), 0);
}

export const CHECK_HAS_SENT_LINES =
  'This check has lines sent to the kitchen: a manager voids them before the check is closed';

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} cannot exceed ${max}`);

/** The check's version the register last saw: every change names it, so two registers never lose a line. */
export const versionSchema = whole('Version', 0, 2_147_483_647);

/** A line rung onto a check: a register line, its seat (0 or none: the table's) and its course. */
export const checkLineInputSchema = posLineSchema.extend({
  seat: whole('Seat', 0, MAX_SEAT).optional(),
  /** Overrides the item's own course (an item has a courseId); null: no course, it fires at once. */
  courseId: whole('Course ID', 1, 2_147_483_647).nullable().optional(),
});
export type CheckLineInput = z.input<typeof checkLineInputSchema>;

const checkLinesSchema = z
  .array(checkLineInputSchema, { error: 'Lines must be a list' })
  .max(MAX_CHECK_LINES, `A check cannot have more than ${MAX_CHECK_LINES} lines`);

export const OFFLINE_OPENED_AT = 'Opened at must be an ISO date-time';
export const openCheckSchema = z.strictObject({
  service: z.enum(POS_SERVICES, { error: 'Service must be dine_in or takeout' }).default('dine_in'),
  /** A tab's name, a table tent, or the guest to call. */
  guestName: text().trim().max(60, 'Guest name cannot exceed 60 characters').optional(),
  /** The floor plan's table it is seated at. */
  tableId: whole('Table ID', 1, 2_147_483_647).optional(),
  lines: checkLinesSchema.default([]),
  /** Send the lines to the kitchen as the check opens: a counter order kept open to pay later. */
  send: z.boolean({ error: 'Send must be true or false' }).default(false),
  /** Kept on the register while it was offline (decision 072), sent when it reconnected. */
  offline: z
    .strictObject({
      openedAt: z.iso.datetime({ offset: true, error: OFFLINE_OPENED_AT }),
      printedStations: printedStationsSchema.optional(),
    })
    .optional(),
});
export type OpenCheckInput = z.input<typeof openCheckSchema>;

export const addCheckLinesSchema = z.strictObject({
  version: versionSchema,
  lines: checkLinesSchema.min(1, 'Add at least one line'),
});

export const sendCheckSchema = z.strictObject({
  version: versionSchema,
  /** Only these courses (null: the lines with no course); all unsent lines when absent. */
  courseIds: z
    .array(whole('Course ID', 1, 2_147_483_647).nullable(), { error: 'Course IDs must be a list' })
    .max(50, 'Too many courses')
    .optional(),
});

export const removeCheckLineSchema = z.strictObject({ version: versionSchema });

/** Seats a check at another table (null: no table, a tab). */
export const moveCheckSchema = z.strictObject({
  version: versionSchema,
  tableId: whole('Table ID', 1, 2_147_483_647).nullable(),
});

export const voidCheckLineSchema = z.strictObject({
  version: versionSchema,
  reason: text().trim().min(1, VOID_REASON_REQUIRED).max(200, 'Reason cannot exceed 200 characters'),
  /** A manager's passcode, when the void is above the register's limit (decision 056). */
  managerPasscode: z
    .string({ error: 'The manager passcode must be 4 to 8 digits' })
    .regex(/^\d{4,8}$/, 'The manager passcode must be 4 to 8 digits')
    .optional(),
});

export const DISCOUNT_KINDS = ['amount', 'percent'] as const;
export const DISCOUNT_REASON_REQUIRED = 'Give a reason for the discount';
export const PERCENT_TOO_LARGE = 'A discount cannot be more than 100%';

/**
 * A manager's discount on a line: an amount (cents) or a whole percentage of the line, with the reason. 100%
 * is a comp; 0 takes the discount off again.
 */
export const discountCheckLineSchema = z
  .strictObject({
    version: versionSchema,
    kind: z.enum(DISCOUNT_KINDS, { error: "Discount kind must be 'amount' or 'percent'" }),
    value: whole('Discount', 0, 10_000_00),
    reason: text().trim().min(1, DISCOUNT_REASON_REQUIRED).max(200, 'Reason cannot exceed 200 characters'),
    managerPasscode: z
      .string({ error: 'The manager passcode must be 4 to 8 digits' })
      .regex(/^\d{4,8}$/, 'The manager passcode must be 4 to 8 digits')
      .optional(),
  })
  .refine((d) => d.kind !== 'percent' || d.value <= 100, { message: PERCENT_TOO_LARGE, path: ['value'] });

/** The manager who approved a void or discount above the register's limit (decision 056). */
export interface ApprovedBy {
  employeeId: number;
  name: string;
}

export interface LineDiscount {
  kind: (typeof DISCOUNT_KINDS)[number];
  value: number;
  /** What it takes off the line, cents. */
  amount: number;
  reason: string;
  by: string;
  at: string;
  approvedBy?: ApprovedBy | undefined;
}

/** A line's price before any discount: quantity × (unit price + modifiers), or its share of an even split. */
export const grossOf = (
  line: Pick<PricedLine, 'quantity' | 'unitPrice' | 'modifierCharge'> & {
    share?: { gross: number } | undefined;
  },
) => (line.share ? line.share.gross : line.quantity * (line.unitPrice + line.modifierCharge));

/** What a discount takes off a line: an amount (never more than the line), or a percentage rounded half up. */
export function discountAmount(
  gross: number,
  discount: { kind: 'amount' | 'percent'; value: number },
): number {
  if (discount.kind === 'amount') return Math.min(discount.value, gross);
  return Math.floor((gross * discount.value + 50) / 100);
}

export const AMOUNT_OVER_BALANCE = 'The amount to pay cannot be more than the balance due';
export const CASH_SHORT_OF_AMOUNT = 'The cash tendered is less than the amount to pay';

export const payCheckSchema = z.strictObject({
  version: versionSchema,
  tender: cashTenderSchema,
  /**
   * Split tender: the part of the balance this cash pays (cents). Less than the balance leaves the check open
   * with the rest to pay (in cash or by card); without it, the cash pays the whole balance.
   */
  amount: whole('Amount to pay', 1, MAX_TENDERED).optional(),
  receipt: z.enum(['print', 'none'], { error: 'Receipt must be print or none' }).default('print'),
});
export type PayCheckInput = z.input<typeof payCheckSchema>;

/**
 * Paying a check by card on the register's terminal (the tip is chosen on the terminal): the balance, or with
 * `amount` a part of it (split tender: one card each, or a card and cash); the check stays open for the rest.
 */
export const payCheckCardSchema = payCheckSchema.omit({ tender: true });
export type PayCheckCardInput = z.input<typeof payCheckCardSchema>;

/**
 * Paying a check's balance with a card keyed into the hosted card-entry frame (the card cannot be read, or the
 * guest is not there): the frame's token and the expiry, never the card number; the tip as the guest said it.
 */
export const payCheckKeyedSchema = payCheckCardSchema.extend({
  token: cardToken(),
  expiry: cardExpiry(),
  tip: whole('Tip', 0, MAX_TENDERED).default(0),
});
export type PayCheckKeyedInput = z.input<typeof payCheckKeyedSchema>;

/**
 * A check's line as stored in the order's `lines`: the priced line, its id on the check, its seat, and
 * where it is in the kitchen — `pending` until it is sent, then the `round` (1, 2, …) it went in.
 * An order that was never a check has none of these: each of its lines counts as sent.
 */
export interface CheckLine extends PricedLine {
  lineId: number;
  /** A manager's discount (its `lineTotal` is already net of it). */
  discount?: LineDiscount | undefined;
  seat?: number | undefined;
  /** What the check's discount takes off this line (cents; `lineTotal` is net of it too). */
  checkDiscount?: number | undefined;
  /** A share of a line in an even split: part `part` of `of`, worth `gross` before discounts. */
  share?: { part: number; of: number; gross: number } | undefined;
  pending?: true | undefined;
  round?: number | undefined;
  sentAt?: string | undefined;
}

/** A sent line taken off the check, with why and by whom. */
export interface VoidedLine {
  line: CheckLine;
  reason: string;
  by: string;
  at: string;
  approvedBy?: ApprovedBy | undefined;
}

export const isSent = (line: { pending?: boolean | undefined }) => line.pending !== true;

/** The next line id of a check: one past every id it ever had, voided lines included. */
export function nextLineId(lines: readonly { lineId?: number }[], voided: readonly VoidedLine[]): number {
  const ids = [...lines.map((l) => l.lineId ?? 0), ...voided.map((v) => v.line.lineId)];
  return ids.reduce((max, id) => Math.max(max, id), 0) + 1;
}

/**
 * The round a send makes: one past the highest round already sent — the check's own record of it
 * (`lastRound`) too, since a round's lines may have moved to another check (decision 056).
 */
export const nextRound = (lines: readonly { round?: number | undefined }[], lastRound = 0) =>
  lines.reduce((max, line) => Math.max(max, line.round ?? 0), lastRound) + 1;

const courseOf = (line: { courseId?: number | undefined }) => line.courseId ?? null;

/**
 * The lines a send fires: the unsent ones, of the courses asked for (all when none are named). Those held
 * back stay unsent until they are fired.
 */
export function linesToSend<Line extends CheckLine>(
  lines: readonly Line[],
  courseIds?: readonly (number | null)[],
): Line[] {
  return lines.filter(
    (line) => !isSent(line) && (courseIds === undefined || courseIds.includes(courseOf(line))),
  );
}

/** Marks `chosen` lines sent in `round` at `at`: a new list, the others untouched. */
export function markSent<Line extends CheckLine>(
  lines: readonly Line[],
  chosen: readonly Line[],
  round: number,
  at: string,
): Line[] {
  const ids = new Set(chosen.map((line) => line.lineId));
  return lines.map((line) => {
    if (!ids.has(line.lineId)) return line;
    const { pending: _pending, ...sent } = line;
    return { ...sent, round, sentAt: at } as Line;
  });
}

/**
 * "Fire next course": the first course, in firing order, that still has unsent lines (null: the lines with
 * no course, which come first); undefined when nothing waits.
 */
export function nextCourseToFire(
  lines: readonly CheckLine[],
  courses: readonly CourseRef[],
): number | null | undefined {
  const waiting = lines.filter((line) => !isSent(line));
  const [first] = groupByCourse(waiting, courses);
  return first ? first.courseId : undefined;
}

// --- API shapes -----------------------------------------------------------------------------------------

const approvedBySchema = z.object({ employeeId: z.number(), name: z.string() });

export const checkLineSchema = z.object({
  lineId: z.number(),
  itemId: z.number(),
  name: z.string(),
  sizeName: z.string().optional(),
  quantity: z.number(),
  unitPrice: z.number(),
  modifiers: z.array(z.object({ name: z.string(), quantity: z.number(), price: z.number() })),
  lineTotal: z.number(),
  notes: z.string().optional(),
  seat: z.number().nullable(),
  courseId: z.number().nullable(),
  /** A manager's discount or comp: `lineTotal` is net of it. */
  discount: z
    .object({
      kind: z.enum(DISCOUNT_KINDS),
      value: z.number(),
      amount: z.number(),
      reason: z.string(),
      approvedBy: approvedBySchema.nullable(),
    })
    .nullable(),
  /** The line's part of the check's discount (cents). */
  checkDiscount: z.number(),
  /** A share of an even split: part 1 of 3. */
  share: z.object({ part: z.number(), of: z.number() }).nullable(),
  /** Sent to the kitchen (in which round, when); unsent lines may still be removed. */
  sent: z.boolean(),
  round: z.number().nullable(),
  sentAt: z.string().nullable(),
});
export type CheckLineView = z.infer<typeof checkLineSchema>;

export const checkSchema = z.object({
  orderId: z.number(),
  number: z.number(),
  businessDate: z.string(),
  /** `open` while the table eats; `accepted` once paid (then it is a sale like any other). */
  status: z.string(),
  version: z.number(),
  service: z.enum(POS_SERVICES),
  /** Opened at a register, or placed by a guest at a self-order kiosk (the register marks it "Kiosk"). */
  channel: z.enum(['pos', 'kiosk']),
  guestName: z.string().nullable(),
  tableId: z.number().nullable(),
  lines: z.array(checkLineSchema),
  voided: z.array(
    z.object({
      line: checkLineSchema,
      reason: z.string(),
      by: z.string(),
      at: z.string(),
      approvedBy: approvedBySchema.nullable(),
    }),
  ),
  /** A discount or comp on the whole check (shared out over its lines: their totals are net of it). */
  discount: z
    .object({
      kind: z.enum(DISCOUNT_KINDS),
      value: z.number(),
      amount: z.number(),
      reason: z.string(),
      approvedBy: approvedBySchema.nullable(),
    })
    .nullable(),
  /** The employee who serves the check (who opened it, or whom it was transferred to). */
  server: z.object({ employeeId: z.number(), name: z.string() }).nullable(),
  totals: z.object({
    subtotal: z.number(),
    tax: z.number(),
    includedTax: z.number(),
    total: z.number(),
    taxes: z.array(
      z.object({ taxRateId: z.number(), name: z.string(), amount: z.number(), included: z.number() }),
    ),
  }),
  tenders: z.array(tenderSchema),
  /** Paid toward the check so far (split tender: cash taken in parts), and what is left to pay. */
  paid: z.number(),
  balance: z.number(),
  /** When it was opened (the table's time seated) and on which register. */
  openedAt: z.date(),
  deviceName: z.string().nullable(),
  /** The ticket jobs a send queued (0 when no station prints). */
  ticketsQueued: z.number().optional(),
});
export type Check = z.infer<typeof checkSchema>;
