import type { CartLine } from '@brigade/domain/ordering/line-pricing';

/**
 * The guest's cart, kept in the browser (localStorage, per restaurant) so a reload or a second tab keeps it.
 * Only choices are kept — items, sizes, modifiers, quantities, notes — never prices: the server prices the
 * cart whenever it is quoted or ordered.
 */
export interface StoredLine extends CartLine {
  /** Identifies the line in the cart (two lines may hold the same item with other choices). */
  key: string;
}

export interface Cart {
  lines: StoredLine[];
}

const storageKey = (slug: string) => `brigade.cart.${slug}`;

export function readCart(slug: string, storage: Pick<Storage, 'getItem'> = localStorage): Cart {
  try {
    const parsed = JSON.parse(storage.getItem(storageKey(slug)) ?? 'null') as Cart | null;
    if (parsed && Array.isArray(parsed.lines)) return { lines: parsed.lines.filter(isLine) };
  } catch {
    // a damaged cart starts afresh
  }
  return { lines: [] };
}

const isLine = (line: unknown): line is StoredLine =>
  typeof line === 'object' &&
  line !== null &&
  typeof (line as StoredLine).key === 'string' &&
  Number.isInteger((line as StoredLine).itemId) &&
  Number.isInteger((line as StoredLine).quantity) &&
  Array.isArray((line as StoredLine).modifiers);

export function writeCart(slug: string, cart: Cart, storage: Pick<Storage, 'setItem'> = localStorage): void {
  try {
    storage.setItem(storageKey(slug), JSON.stringify(cart));
  } catch {
    // private mode or a full storage: the cart lives as long as the page
  }
}

/** The same choices (item, size, modifiers, notes) make one line whose quantity grows. */
const sameChoices = (a: CartLine, b: CartLine) =>
  a.itemId === b.itemId &&
  a.sizeId === b.sizeId &&
  (a.notes ?? '') === (b.notes ?? '') &&
  JSON.stringify(sortedModifiers(a)) === JSON.stringify(sortedModifiers(b));

const sortedModifiers = (line: CartLine) =>
  [...line.modifiers].sort((x, y) => x.modifierGroupId - y.modifierGroupId || x.modifierId - y.modifierId);

export const MAX_QUANTITY = 99;

export function addLine(cart: Cart, line: CartLine, key: string): Cart {
  const same = cart.lines.find((l) => sameChoices(l, line));
  if (same)
    return {
      lines: cart.lines.map((l) =>
        l === same ? { ...l, quantity: Math.min(MAX_QUANTITY, l.quantity + line.quantity) } : l,
      ),
    };
  return { lines: [...cart.lines, { ...line, key }] };
}

export function setQuantity(cart: Cart, key: string, quantity: number): Cart {
  if (quantity <= 0) return { lines: cart.lines.filter((l) => l.key !== key) };
  return {
    lines: cart.lines.map((l) => (l.key === key ? { ...l, quantity: Math.min(MAX_QUANTITY, quantity) } : l)),
  };
}

/** What the API takes of a cart: the lines without their keys. */
export const linesOf = (cart: Cart): CartLine[] => cart.lines.map(({ key: _key, ...line }) => line);

export const countOf = (cart: Cart) => cart.lines.reduce((n, l) => n + l.quantity, 0);
