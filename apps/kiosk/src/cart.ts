import type { FieldError } from '@brigade/domain/errors';
import { MAX_LINES, MAX_QUANTITY } from '@brigade/domain/ordering/cart';
import { type CartLine, type PricedLine, priceLine } from '@brigade/domain/ordering/line-pricing';
import { computeTotals, type OrderTotals, type TotalsRules } from '@brigade/domain/ordering/totals';
import type { PosService } from '@brigade/domain/pos/api';
import { NAME_OR_TENT, type PlaceKioskOrderInput } from '@brigade/domain/pos/kiosk';
import type { Item, Menu, MenuData } from './queries';

/**
 * The guest's order on the kiosk (issue 47 item 4): its lines, dine in or takeout, a name or a table tent
 * number, and the Idempotency-Key it is placed with. Pure state and a reducer (unit-tested), priced with the
 * very code the server charges with (line-pricing.ts, totals.ts).
 */
export interface KioskLine extends CartLine {
  key: string;
}

export interface Cart {
  lines: KioskLine[];
  service: PosService | null;
  guestName: string;
  /** The table tent's number as typed (digits). */
  tent: string;
  /** One key per order: a retry after a lost answer sends the same one. */
  orderKey: string;
}

export type CartAction =
  | { type: 'add'; line: CartLine }
  | { type: 'quantity'; key: string; quantity: number }
  | { type: 'remove'; key: string }
  | { type: 'service'; service: PosService }
  | { type: 'guest'; guestName: string }
  | { type: 'tent'; tent: string }
  | { type: 'clear' };

let counter = 0;
const newKey = (prefix: string) => {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
};
const newOrderKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : newKey('order');

export const emptyCart = (): Cart => ({
  lines: [],
  service: null,
  guestName: '',
  tent: '',
  orderKey: newOrderKey(),
});

const clamp = (quantity: number) => Math.min(MAX_QUANTITY, Math.max(1, Math.round(quantity)));
const sameChoices = (a: CartLine, b: CartLine) =>
  a.itemId === b.itemId &&
  a.sizeId === b.sizeId &&
  (a.notes ?? '') === (b.notes ?? '') &&
  JSON.stringify(a.modifiers) === JSON.stringify(b.modifiers);

export function cartReducer(cart: Cart, action: CartAction): Cart {
  switch (action.type) {
    case 'add': {
      const same = cart.lines.find((line) => sameChoices(line, action.line));
      if (same)
        return {
          ...cart,
          lines: cart.lines.map((l) =>
            l === same ? { ...l, quantity: clamp(l.quantity + action.line.quantity) } : l,
          ),
        };
      if (cart.lines.length >= MAX_LINES) return cart;
      return { ...cart, lines: [...cart.lines, { ...action.line, key: newKey('line') }] };
    }
    case 'quantity':
      return {
        ...cart,
        lines: cart.lines.map((l) => (l.key === action.key ? { ...l, quantity: clamp(action.quantity) } : l)),
      };
    case 'remove':
      return { ...cart, lines: cart.lines.filter((l) => l.key !== action.key) };
    case 'service':
      return { ...cart, service: action.service };
    case 'guest':
      return { ...cart, guestName: action.guestName.slice(0, 40) };
    case 'tent':
      return { ...cart, tent: action.tent.replace(/\D/g, '').slice(0, 3) };
    case 'clear':
      return emptyCart();
  }
}

export const itemCount = (cart: Cart) => cart.lines.reduce((n, l) => n + l.quantity, 0);

/** Every item of the kiosk's menus by id (an item can sit in several groups). */
export function itemsById(menus: readonly Menu[]): Map<number, Item> {
  const found = new Map<number, Item>();
  const visit = (group: Menu) => {
    for (const item of group.items) if (!found.has(item.itemId)) found.set(item.itemId, item);
    for (const child of group.groups) visit(child);
  };
  for (const menu of menus) visit(menu);
  return found;
}

/** The categories the guest browses: each group (or subgroup) that has items of its own, in menu order. */
export function categoriesOf(menus: readonly Menu[]): { id: number; name: string; items: Item[] }[] {
  const found: { id: number; name: string; items: Item[] }[] = [];
  const visit = (group: Menu) => {
    if (group.items.length > 0) found.push({ id: group.menuGroupId, name: group.name, items: group.items });
    for (const child of group.groups) visit(child);
  };
  for (const menu of menus) visit(menu);
  return found;
}

type Rules = MenuData['rules'];
type PricedItem = NonNullable<Parameters<typeof priceLine>[1]>;

export interface PricedCart {
  lines: { line: KioskLine; item: Item | undefined; priced: PricedLine | null }[];
  totals: OrderTotals | null;
  problems: string[];
}

export function priceCart(cart: Cart, items: ReadonlyMap<number, Item>, rules: Rules): PricedCart {
  const problems: FieldError[] = [];
  const lines = cart.lines.map((line, index) => {
    const item = items.get(line.itemId);
    const result = priceLine(line, item as PricedItem | undefined, `lines.${index}`);
    if ('errors' in result) problems.push(...result.errors);
    return { line, item, priced: 'line' in result ? result.line : null };
  });
  const priced = lines.flatMap((l) => (l.priced ? [l.priced] : []));
  const result = computeTotals(priced, undefined, {
    taxRates: rules.taxRates as TotalsRules['taxRates'],
    serviceChargePercent: rules.serviceChargePercent,
    allowTips: false,
    tipPresets: [],
    dineIn: cart.service !== 'takeout',
  });
  const messages = [...new Set(problems.map((p) => p.message))];
  if ('errors' in result)
    return { lines, totals: null, problems: [...messages, ...result.errors.map((e) => e.message)] };
  return { lines, totals: result.totals, problems: messages };
}

/** What keeps the order from being placed yet, in the guest's words (null: ready). */
export function missingFor(cart: Cart): string | null {
  if (cart.lines.length === 0) return 'Your order is empty';
  if (!cart.service) return 'Choose dine in or takeout';
  if (!cart.guestName.trim() && !cart.tent) return NAME_OR_TENT;
  const tent = cart.tent ? Number(cart.tent) : null;
  if (tent !== null && (tent < 1 || tent > 999)) return 'Table tent must be a number from 1 to 999';
  return null;
}

/** The order as the kiosk sends it. */
export function orderOf(cart: Cart): PlaceKioskOrderInput {
  const guestName = cart.guestName.trim();
  return {
    service: cart.service ?? 'takeout',
    lines: cart.lines.map(({ key: _key, openPrice: _open, ...line }) => line),
    ...(guestName ? { guestName } : {}),
    ...(cart.tent ? { tableTent: Number(cart.tent) } : {}),
    payment: 'counter',
  };
}
