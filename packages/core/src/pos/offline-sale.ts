import { type FieldError, validationError } from '@brigade/domain/errors';
import type { PricedLine } from '@brigade/domain/ordering/line-pricing';
import { computeTotals, type OrderTotals } from '@brigade/domain/ordering/totals';
import { formatAmount } from '@brigade/domain/payments/amount';
import { OFFLINE_CHARGED_LINES, type placePosOrderSchema } from '@brigade/domain/pos/api';
import { ORDER_INVALID } from '../ordering/index';
import type { RegisterPlace, SoldMoment } from './register';

/**
 * A cash sale the register made offline (docs/behaviour/pos.md#offline, decision 063). The sale happened:
 * it is recorded as sold, at the price the register charged, priced otherwise (names, modifiers, taxes,
 * prep stations) from the menus available when it was sold. What changed meanwhile — an item 86'd, a price
 * that is not what was charged, a cash total short of the new total — is kept on the order for a manager.
 */

type SaleRequest = ReturnType<typeof placePosOrderSchema.parse>;
type OfflineRequest = NonNullable<SaleRequest['offline']>;

/** The moment the sale was made; a register clock ahead of the server's counts as now. */
export function soldMomentOf(offline: OfflineRequest | undefined, now: Date): SoldMoment | undefined {
  if (!offline) return undefined;
  const at = new Date(offline.soldAt);
  return { at: at.getTime() > now.getTime() ? now : at, offline: true };
}

export interface OfflinePricing {
  lines: PricedLine[];
  totals: OrderTotals;
  conflicts: string[];
}

/** Every line of an offline sale says what it was charged (400 before anything is priced). */
export function checkCharged(request: SaleRequest): void {
  if (request.offline && request.offline.charged.length !== request.lines.length)
    throw validationError(ORDER_INVALID, [{ path: 'offline.charged', message: OFFLINE_CHARGED_LINES }]);
}

/** Prices an offline sale at what was charged, noting what differs from the menu of its moment. */
export function priceOfflineSale(
  place: RegisterPlace,
  request: SaleRequest,
  offline: OfflineRequest,
  menu: { lines: PricedLine[] },
): OfflinePricing {
  const conflicts: string[] = [];
  const money = (cents: number) => `${formatAmount(cents)} ${place.currency}`;
  const lines = menu.lines.map((line, index) => {
    const paid = offline.charged[index]!;
    if (place.soldOutSold?.has(line.itemId))
      conflicts.push(`${line.name} was sold while it was 86'd (sold out)`);
    if (paid.unitPrice === line.unitPrice && paid.modifierCharge === line.modifierCharge) return line;
    conflicts.push(
      `${line.name} was charged ${money(paid.unitPrice + paid.modifierCharge)} a unit; the menu says ${money(line.unitPrice + line.modifierCharge)}`,
    );
    const lineTotal = line.quantity * (paid.unitPrice + paid.modifierCharge);
    return { ...line, unitPrice: paid.unitPrice, modifierCharge: paid.modifierCharge, lineTotal };
  });
  const totals = computeTotals(lines, undefined, { ...place.rules, dineIn: request.service === 'dine_in' });
  if ('errors' in totals) throw validationError(ORDER_INVALID, totals.errors as FieldError[]);
  return { lines, totals: totals.totals, conflicts };
}

/**
 * The cash of an offline sale: what the register took. When the total came out above it (a tax rate changed
 * meanwhile), the cash is recorded as the total with no change, and the shortfall is noted for a manager —
 * the drawer's count will show it.
 */
export function offlineCash(tendered: number, total: number, currency: string, conflicts: string[]) {
  if (tendered >= total) return { tendered, change: tendered - total };
  conflicts.push(
    `The register took ${formatAmount(tendered)} ${currency}, less than the total of ${formatAmount(total)} ${currency}`,
  );
  return { tendered: total, change: 0 };
}
