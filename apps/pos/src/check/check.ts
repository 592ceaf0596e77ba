import { MAX_LINES, MAX_QUANTITY } from '@brigade/domain/ordering/cart';
import type { CartLine } from '@brigade/domain/ordering/line-pricing';
import type { PlacePosOrderInput, PosService } from '@brigade/domain/pos/api';

/**
 * The check being rung up (issue 46): its lines, dine in or takeout, and an optional name to call. Pure
 * state and a reducer, so the register's screens and the unit tests share it. Each line has a local key
 * (lines can be alike: two burgers cooked differently).
 */
export interface CheckLine extends CartLine {
  key: string;
}

export interface Check {
  service: PosService;
  guestName: string;
  lines: CheckLine[];
}

export type CheckAction =
  | { type: 'add'; line: CartLine }
  | { type: 'quantity'; key: string; quantity: number }
  | { type: 'remove'; key: string }
  | { type: 'notes'; key: string; notes: string }
  | { type: 'service'; service: PosService }
  | { type: 'guest'; guestName: string }
  | { type: 'clear' };

export const EMPTY_CHECK: Check = { service: 'dine_in', guestName: '', lines: [] };

let counter = 0;
const newKey = () => {
  counter += 1;
  return `line-${Date.now().toString(36)}-${counter}`;
};

/** A line with nothing chosen: tapping its item again adds one to it instead of a new line. */
const isPlain = (line: CartLine) =>
  line.modifiers.length === 0 && line.sizeId === undefined && line.openPrice === undefined && !line.notes;

const clampQuantity = (quantity: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.round(quantity)));

function addLine(check: Check, line: CartLine): Check {
  const same = isPlain(line) ? check.lines.find((l) => l.itemId === line.itemId && isPlain(l)) : undefined;
  if (same)
    return {
      ...check,
      lines: check.lines.map((l) =>
        l === same ? { ...l, quantity: clampQuantity(l.quantity + line.quantity) } : l,
      ),
    };
  if (check.lines.length >= MAX_LINES) return check;
  return { ...check, lines: [...check.lines, { ...line, key: newKey() }] };
}

const mapLine = (check: Check, key: string, change: (line: CheckLine) => CheckLine): Check => ({
  ...check,
  lines: check.lines.map((line) => (line.key === key ? change(line) : line)),
});

export function checkReducer(check: Check, action: CheckAction): Check {
  switch (action.type) {
    case 'add':
      return addLine(check, action.line);
    case 'quantity':
      return mapLine(check, action.key, (line) => ({ ...line, quantity: clampQuantity(action.quantity) }));
    case 'remove':
      return { ...check, lines: check.lines.filter((line) => line.key !== action.key) };
    case 'notes':
      return mapLine(check, action.key, (line) => ({ ...line, notes: action.notes }));
    case 'service':
      return { ...check, service: action.service };
    case 'guest':
      return { ...check, guestName: action.guestName };
    case 'clear':
      return EMPTY_CHECK;
  }
}

/** The check as the register sends it: the lines without their local keys, a name only when given. */
export function orderOf(check: Check): Pick<PlacePosOrderInput, 'service' | 'lines' | 'guestName'> {
  const guestName = check.guestName.trim();
  return {
    service: check.service,
    lines: check.lines.map(({ key: _key, notes, ...line }) => ({
      ...line,
      ...(notes?.trim() ? { notes: notes.trim() } : {}),
    })),
    ...(guestName ? { guestName } : {}),
  };
}

/** The sale as the register sends it, paid with `tendered` cash. */
export function saleOf(check: Check, tendered: number): PlacePosOrderInput {
  return { ...orderOf(check), tender: { method: 'cash', tendered } };
}
