import type { FieldError } from '@brigade/domain/errors';
import { type PricedLine, priceLine } from '@brigade/domain/ordering/line-pricing';
import { computeTotals, type OrderTotals, type TotalsRules } from '@brigade/domain/ordering/totals';
import type { Item, Menu, RegisterData } from '../queries';
import type { Check, CheckLine } from './check';

/**
 * The check's figures, from the very code the server charges with (line-pricing.ts, totals.ts): the
 * register shows what the sale will be; the server prices it again from the catalogue all the same.
 */
export interface PricedCheckLine {
  line: CheckLine;
  item: Item | undefined;
  priced: PricedLine | null;
  errors: FieldError[];
}

export interface PricedCheck {
  lines: PricedCheckLine[];
  totals: OrderTotals | null;
  /** Messages that keep the check from being paid (a line no longer sold, a total out of bounds). */
  problems: string[];
}

/** An item of the register as the shared pricing code reads it (the register's items may be open-priced). */
type PricedItem = NonNullable<Parameters<typeof priceLine>[1]>;
export const orderableOf = (item: Item): PricedItem => item;

/** Every item of the register's menus by id (an item can sit in several groups). */
export function itemsById(menus: readonly Menu[]): Map<number, Item> {
  const found = new Map<number, Item>();
  const visit = (group: Menu) => {
    for (const item of group.items) if (!found.has(item.itemId)) found.set(item.itemId, item);
    for (const child of group.groups) visit(child);
  };
  for (const menu of menus) visit(menu);
  return found;
}

export function priceCheck(
  check: Check,
  items: ReadonlyMap<number, Item>,
  rules: RegisterData['rules'],
): PricedCheck {
  const lines = check.lines.map((line, index): PricedCheckLine => {
    const item = items.get(line.itemId);
    const result = priceLine(line, item ? orderableOf(item) : undefined, `lines.${index}`);
    return 'line' in result
      ? { line, item, priced: result.line, errors: [] }
      : { line, item, priced: null, errors: result.errors };
  });
  const problems = [...new Set(lines.flatMap((l) => l.errors.map((e) => e.message)))];
  const priced = lines.flatMap((l) => (l.priced ? [l.priced] : []));
  const result = computeTotals(priced, undefined, {
    // the register's rates are the catalogue's (their `type` one of its kinds; the schema says string)
    taxRates: rules.taxRates as TotalsRules['taxRates'],
    serviceChargePercent: rules.serviceChargePercent,
    allowTips: false,
    tipPresets: [],
    dineIn: check.service === 'dine_in',
  });
  if ('errors' in result)
    return { lines, totals: null, problems: [...problems, ...result.errors.map((e) => e.message)] };
  return { lines, totals: result.totals, problems };
}
