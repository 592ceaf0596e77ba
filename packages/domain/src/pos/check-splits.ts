import { z } from 'zod';
import { text } from '../text';
import type { ApprovedBy, CheckLine } from './checks';
import {
  DISCOUNT_KINDS,
  DISCOUNT_REASON_REQUIRED,
  grossOf,
  PERCENT_TOO_LARGE,
  versionSchema,
} from './checks';

/**
 * Splitting, merging and moving open checks, transfers between servers, check-wide discounts and the
 * manager's approval above a limit (docs/behaviour/pos.md#splitting-and-merging-checks, decision 056). Pure
 * rules and the API's shapes; the server applies them under the checks' row locks.
 */

export const MAX_SPLIT_PARTS = 20;
export const CHOOSE_LINES = 'Choose at least one line';
export const LEAVE_A_LINE = 'Leave at least one line on the check';
export const ONE_SEAT = 'The lines of this check are on one seat: there is nothing to split by seat';
export const ALREADY_SHARED = 'This check holds shares of an even split: split or move it by item instead';
export const SAME_CHECK = 'Choose another check';
export const SERVER_NOT_FOUND = 'Employee not found';
export const APPROVAL_NEEDED =
  "This is above the register's limit: a manager enters their passcode to approve it";
export const NOT_A_MANAGER = 'That passcode is not a manager’s';
export const SPLIT_BY = "Split by must be 'seat', 'item' or 'even'";

const id = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(2_147_483_647, `${label} cannot exceed 2147483647`);

const lineIdsSchema = z
  .array(id('Line ID'), { error: 'Line IDs must be a list' })
  .min(1, CHOOSE_LINES)
  .max(200, 'Too many lines');

/** A manager's passcode typed on the register for an action above the limit (4–8 digits). */
export const managerPasscodeSchema = z
  .string({ error: 'The manager passcode must be 4 to 8 digits' })
  .regex(/^\d{4,8}$/, 'The manager passcode must be 4 to 8 digits')
  .optional();

/**
 * A split: `seat` (each seat's lines become a check of their own on the same table; lines on no seat stay),
 * `item` (the lines named move to a new check, at the same table or `tableId`), or `even` (the check is
 * paid in `parts` equal parts: every line is shared out, the remainder cents on the first part).
 */
export const splitCheckSchema = z.discriminatedUnion(
  'by',
  [
    z.strictObject({ version: versionSchema, by: z.literal('seat') }),
    z.strictObject({
      version: versionSchema,
      by: z.literal('item'),
      lineIds: lineIdsSchema,
      tableId: id('Table ID').nullable().optional(),
    }),
    z.strictObject({
      version: versionSchema,
      by: z.literal('even'),
      parts: z
        .number({ error: `Parts must be a whole number` })
        .int('Parts must be a whole number')
        .min(2, 'Split into at least 2 parts')
        .max(MAX_SPLIT_PARTS, `Split into at most ${MAX_SPLIT_PARTS} parts`),
    }),
  ],
  { error: SPLIT_BY },
);
export type SplitCheckInput = z.input<typeof splitCheckSchema>;

/** Another open check, at the version the register saw. */
const otherCheckSchema = z.strictObject({ orderId: id('Order ID'), version: versionSchema });

/** Merges the check `from` into this one: its lines join this check's, and `from` is closed. */
export const mergeCheckSchema = z.strictObject({ version: versionSchema, from: otherCheckSchema });

/** Moves lines to another open check (`to`) or to a new check at a table (`tableId`, null: a tab). */
export const moveLinesSchema = z
  .strictObject({
    version: versionSchema,
    lineIds: lineIdsSchema,
    to: otherCheckSchema.optional(),
    tableId: id('Table ID').nullable().optional(),
  })
  .refine((m) => m.to !== undefined || m.tableId !== undefined, {
    message: 'Name the check or the table the lines go to',
    path: ['to'],
  });

/** Hands the check to another server (an employee of the restaurant). */
export const transferCheckSchema = z.strictObject({ version: versionSchema, employeeId: id('Employee ID') });

/** A discount or comp on the whole check, as a line's (0 takes it off), with a manager's passcode if needed. */
export const discountCheckSchema = z
  .strictObject({
    version: versionSchema,
    kind: z.enum(DISCOUNT_KINDS, { error: "Discount kind must be 'amount' or 'percent'" }),
    value: z
      .number({ error: 'Discount must be a whole number' })
      .int('Discount must be a whole number')
      .min(0, 'Discount must be at least 0')
      .max(10_000_00, 'Discount cannot exceed 1000000'),
    reason: text().trim().min(1, DISCOUNT_REASON_REQUIRED).max(200, 'Reason cannot exceed 200 characters'),
    managerPasscode: managerPasscodeSchema,
  })
  .refine((d) => d.kind !== 'percent' || d.value <= 100, { message: PERCENT_TOO_LARGE, path: ['value'] });

/** Who approved an action above the limit: the manager whose passcode was typed (or who was at the register). */
export type Approval = ApprovedBy;

export interface CheckDiscount {
  kind: (typeof DISCOUNT_KINDS)[number];
  value: number;
  reason: string;
  by: string;
  at: string;
  approvedBy?: Approval | undefined;
}

// --- Rules ---------------------------------------------------------------------------------------------------

/** A line's amount after its own discount and before the check's. */
const baseOf = (line: CheckLine) => grossOf(line) - (line.discount?.amount ?? 0);

/** Splits `amount` over `weights` in proportion, the remainder cents to the largest remainders (first first). */
export function allocate(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((n, w) => n + w, 0);
  if (total <= 0 || amount <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (amount * w) / total);
  const parts = exact.map(Math.floor);
  let left = amount - parts.reduce((n, p) => n + p, 0);
  const order = exact
    .map((e, index) => ({ index, rest: e - Math.floor(e) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

/** What a check discount takes off lines worth `base`: an amount (never more) or a percentage rounded half up. */
export function checkDiscountAmount(base: number, discount: Pick<CheckDiscount, 'kind' | 'value'>): number {
  if (discount.kind === 'amount') return Math.min(discount.value, base);
  return Math.floor((base * discount.value + 50) / 100);
}

/**
 * The lines with the check's discount shared out over them in proportion to what each costs after its own
 * discount, so each line's total — and with it the taxes and the ledger — is net of it.
 */
export function applyCheckDiscount(
  lines: readonly CheckLine[],
  discount: Pick<CheckDiscount, 'kind' | 'value'> | null,
): { lines: CheckLine[]; amount: number } {
  const bases = lines.map(baseOf);
  const amount = discount
    ? checkDiscountAmount(
        bases.reduce((n, b) => n + b, 0),
        discount,
      )
    : 0;
  const shares = allocate(amount, bases);
  return {
    amount,
    lines: lines.map((line, index) => {
      const { checkDiscount: _old, ...plain } = line;
      const share = shares[index]!;
      return { ...plain, lineTotal: bases[index]! - share, ...(share > 0 ? { checkDiscount: share } : {}) };
    }),
  };
}

/** Seat by seat: the lines of each seat, in seat order; lines on no seat (the table's) under seat 0. */
export function linesBySeat(lines: readonly CheckLine[]): Map<number, CheckLine[]> {
  const seats = new Map<number, CheckLine[]>();
  for (const line of [...lines].sort((a, b) => (a.seat ?? 0) - (b.seat ?? 0))) {
    const seat = line.seat ?? 0;
    seats.set(seat, [...(seats.get(seat) ?? []), line]);
  }
  return seats;
}

/**
 * An even split: `parts` lists of lines, each line shared out (its gross and its own discount). The remainder
 * cents go round the parts from the first, carried on from line to line, so the parts differ by a cent at
 * most and the extra cents are on the first parts. The kitchen has only the first part's lines (inKitchen)
 * and the reports count the quantity there, so each dish is cooked once and counted once.
 */
export function shareLines(lines: readonly CheckLine[], parts: number): CheckLine[][] {
  const result: CheckLine[][] = Array.from({ length: parts }, () => []);
  let next = 0;
  for (const line of lines) {
    const gross = grossOf(line);
    const grossShares = roundRobin(gross, parts, next);
    next = (next + (gross % parts)) % parts;
    const discountShares = line.discount ? evenly(line.discount.amount, parts) : [];
    grossShares.forEach((shareGross, part) => {
      const { checkDiscount: _c, discount, ...plain } = line;
      const off = Math.min(discountShares[part] ?? 0, shareGross);
      result[part]!.push({
        ...plain,
        lineTotal: shareGross - off,
        ...(discount ? { discount: { ...discount, amount: off } } : {}),
        share: { part: part + 1, of: parts, gross: shareGross },
      });
    });
  }
  return result;
}

/** `amount` in `parts` equal cents, the remainder one cent each from part `from` on (wrapping round). */
function roundRobin(amount: number, parts: number, from: number): number[] {
  const each = Math.floor(amount / parts);
  const rest = amount - each * parts;
  return Array.from({ length: parts }, (_, index) => each + ((index - from + parts) % parts < rest ? 1 : 0));
}

/** `amount` in `parts` equal cents, the remainder on the first. */
export function evenly(amount: number, parts: number): number[] {
  const each = Math.floor(amount / parts);
  return Array.from({ length: parts }, (_, index) => (index === 0 ? amount - each * (parts - 1) : each));
}

/**
 * Whether a void or discount of `amount` off `base` (the line's or the check's gross) is above the limits:
 * more cents than `approvalLimit`, or a larger share of `base` than `approvalLimitPercent`.
 */
export function aboveLimit(
  amount: number,
  base: number,
  limits: { approvalLimit: number; approvalLimitPercent: number },
): boolean {
  if (amount <= 0) return false;
  if (amount > limits.approvalLimit) return true;
  return base > 0 && amount * 100 > base * limits.approvalLimitPercent;
}
