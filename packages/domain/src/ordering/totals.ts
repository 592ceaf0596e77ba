import type { TaxRate } from '../catalogue/tax-rate';
import type { FieldError } from '../errors';
import { MAX_AMOUNT_MINOR } from '../payments/api';
import type { TipChoice } from './cart';
import type { PricedLine } from './line-pricing';
import { centsOf, decimalFraction, percentOf, roundFraction } from './rounding';

/**
 * An order's totals (docs/behaviour/ordering.md#totals), computed on the server from priced lines:
 *
 * - Tax per tax rate: every line's total that the rate applies to is added up exactly and the rate's tax is
 *   rounded once, with the rate's own rounding mode. A line uses its item's tax rates, or the restaurant's
 *   default rates when the item names none. Disabled rates and 'Tax Table' rates (which need a table the
 *   catalogue does not hold) add nothing.
 * - Online orders are taken out: a rate with takeout tax enabled uses its takeout rate, and an item with the
 *   takeout tax exception is not taxed. A register sale eaten in (`dineIn`) is taxed at the rates' own
 *   percent, exception or not.
 * - Tax-inclusive items already carry their tax: it is shown (`includedTax`) but not added again.
 * - The service charge is the restaurant's percent of the subtotal, rounded half up; tips are a preset
 *   percent of the subtotal (half up) or an amount. Neither is taxed.
 */

export type OrderTaxRate = Pick<
  TaxRate,
  | 'taxRateId'
  | 'name'
  | 'type'
  | 'disabled'
  | 'rate'
  | 'default'
  | 'takeoutTaxEnabled'
  | 'takeoutTaxrate'
  | 'roundingOptions'
>;

export interface TaxLine {
  taxRateId: number;
  name: string;
  /** Added to the order. */
  amount: number;
  /** Already inside tax-inclusive prices. */
  included: number;
}

export interface OrderTotals {
  subtotal: number;
  taxes: TaxLine[];
  /** The tax added to the order (the sum of the tax lines' amounts). */
  tax: number;
  includedTax: number;
  serviceCharge: number;
  tip: number;
  total: number;
}

export interface TotalsRules {
  taxRates: readonly OrderTaxRate[];
  /** The restaurant's service charge, percent of the subtotal (0 for none). */
  serviceChargePercent: number;
  allowTips: boolean;
  tipPresets: readonly number[];
  /** Eaten in (a register sale): no takeout rates, no takeout exception. Online orders are taken out. */
  dineIn?: boolean | undefined;
}

export const TIPS_OFF = 'This restaurant does not take tips online';
export const tipPresetMessage = (presets: readonly number[]) =>
  `Tip percent must be one of ${presets.join(', ')}`;
export const TOTAL_TOO_LARGE = 'The order total is too large to pay online';
export const TOTAL_BELOW_ZERO = 'The order total cannot be below zero';

interface Fraction {
  n: bigint;
  d: bigint;
}
const add = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const ZERO: Fraction = { n: 0n, d: 1n };

/** The rates a line is taxed at: its item's, else the restaurant's defaults; none for a takeout exception. */
function ratesOf(line: PricedLine, rules: TotalsRules) {
  if (line.takeoutTaxException && !rules.dineIn) return [];
  const usable = rules.taxRates.filter((r) => !r.disabled && r.type !== 'Tax Table');
  return line.taxRateIds.length > 0
    ? usable.filter((r) => line.taxRateIds.includes(r.taxRateId))
    : usable.filter((r) => r.default);
}

const ratePercent = (rate: OrderTaxRate, dineIn: boolean | undefined) =>
  !dineIn && rate.takeoutTaxEnabled && rate.takeoutTaxrate !== undefined ? rate.takeoutTaxrate : rate.rate;

export function computeTaxes(lines: readonly PricedLine[], rules: TotalsRules): TaxLine[] {
  const added = new Map<number, Fraction>();
  const included = new Map<number, Fraction>();
  const fixed = new Map<number, number>();
  for (const line of lines) {
    const rates = ratesOf(line, rules);
    const percentOfRate = (rate: OrderTaxRate) => ratePercent(rate, rules.dineIn);
    const percents = rates.filter((r) => r.type === 'Percent');
    const sum = percents.reduce((s, r) => add(s, fractionOf(percentOfRate(r))), ZERO);
    for (const rate of rates) {
      if (rate.type === 'Fixed') {
        fixed.set(
          rate.taxRateId,
          (fixed.get(rate.taxRateId) ?? 0) + centsOf(percentOfRate(rate)) * line.quantity,
        );
        continue;
      }
      const p = fractionOf(percentOfRate(rate));
      if (line.taxInclusion) {
        // total × p / (100 + Σp): the rate's share of the tax inside the price.
        const share = { n: BigInt(line.lineTotal) * p.n * sum.d, d: p.d * (100n * sum.d + sum.n) };
        included.set(rate.taxRateId, add(included.get(rate.taxRateId) ?? ZERO, share));
      } else {
        const share = { n: BigInt(line.lineTotal) * p.n, d: p.d * 100n };
        added.set(rate.taxRateId, add(added.get(rate.taxRateId) ?? ZERO, share));
      }
    }
  }
  const ids = new Set([...added.keys(), ...included.keys(), ...fixed.keys()]);
  return rules.taxRates
    .filter((rate) => ids.has(rate.taxRateId))
    .map((rate) => {
      const a = added.get(rate.taxRateId);
      const i = included.get(rate.taxRateId);
      return {
        taxRateId: rate.taxRateId,
        name: rate.name,
        amount: (a ? roundFraction(a.n, a.d, rate.roundingOptions) : 0) + (fixed.get(rate.taxRateId) ?? 0),
        included: i ? roundFraction(i.n, i.d, rate.roundingOptions) : 0,
      };
    });
}

const fractionOf = (value: number): Fraction => {
  const { numerator, denominator } = decimalFraction(value);
  return { n: numerator, d: denominator };
};

/** The tip a guest chose, in cents, or the field error that refuses it. */
export function tipOf(
  choice: TipChoice | undefined,
  subtotal: number,
  rules: Pick<TotalsRules, 'allowTips' | 'tipPresets'>,
): { tip: number } | { error: FieldError } {
  if (!choice) return { tip: 0 };
  const zero = 'percent' in choice ? choice.percent === 0 : choice.amount === 0;
  if (zero) return { tip: 0 };
  if (!rules.allowTips) return { error: { path: 'tip', message: TIPS_OFF } };
  if ('amount' in choice) return { tip: choice.amount };
  if (!rules.tipPresets.includes(choice.percent))
    return { error: { path: 'tip.percent', message: tipPresetMessage(rules.tipPresets) } };
  return { tip: percentOf(subtotal, choice.percent, 'Half Up Rounding') };
}

export function computeTotals(
  lines: readonly PricedLine[],
  tipChoice: TipChoice | undefined,
  rules: TotalsRules,
): { totals: OrderTotals } | { errors: FieldError[] } {
  const subtotal = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const taxes = computeTaxes(lines, rules);
  const tax = taxes.reduce((sum, t) => sum + t.amount, 0);
  const includedTax = taxes.reduce((sum, t) => sum + t.included, 0);
  const serviceCharge =
    rules.serviceChargePercent > 0 ? percentOf(subtotal, rules.serviceChargePercent, 'Half Up Rounding') : 0;
  const tip = tipOf(tipChoice, subtotal, rules);
  if ('error' in tip) return { errors: [tip.error] };
  const total = subtotal + tax + serviceCharge + tip.tip;
  if (total > MAX_AMOUNT_MINOR) return { errors: [{ path: 'lines', message: TOTAL_TOO_LARGE }] };
  // Prices are never below zero (orderable.ts): this only stops a total that slipped past that guard.
  if (subtotal < 0 || total < 0) return { errors: [{ path: 'lines', message: TOTAL_BELOW_ZERO }] };
  return { totals: { subtotal, taxes, tax, includedTax, serviceCharge, tip: tip.tip, total } };
}
