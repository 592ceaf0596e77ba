import type { TaxRoundingOption } from '../catalogue/tax-rate';

/**
 * Exact money arithmetic for ordering (docs/behaviour/ordering.md#totals): amounts are whole cents
 * (decision 022) and rates are decimals such as 8.875 (percent). A product of the two is a fraction, kept
 * exact as numerator / denominator with BigInt and rounded once, with the tax rate's own rounding mode.
 */

/** A decimal written as digits (e.g. 8.875) as an exact fraction: 8875 / 1000. */
export function decimalFraction(value: number): { numerator: bigint; denominator: bigint } {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${value}`);
  // Shortest round-trip text of the number: 0.1 stays "0.1", not 0.1000000000000000055…
  const text = String(value);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
  if (!match) throw new RangeError(`Not a decimal: ${text}`);
  const [, sign, whole, fraction = '', exponent = '0'] = match;
  let numerator = BigInt(`${whole}${fraction}`);
  let denominator = 10n ** BigInt(fraction.length);
  const shift = Number(exponent);
  if (shift > 0) numerator *= 10n ** BigInt(shift);
  else if (shift < 0) denominator *= 10n ** BigInt(-shift);
  return { numerator: sign === '-' ? -numerator : numerator, denominator };
}

/** numerator / denominator rounded to a whole number the way the tax rate says (denominator > 0). */
export function roundFraction(numerator: bigint, denominator: bigint, mode: TaxRoundingOption): number {
  if (denominator <= 0n) throw new RangeError('The denominator must be positive');
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const quotient = magnitude / denominator;
  const remainder = magnitude % denominator;
  let rounded = quotient;
  if (remainder !== 0n) {
    const twice = remainder * 2n;
    switch (mode) {
      case 'Always Round Down':
        rounded = negative ? quotient + 1n : quotient;
        break;
      case 'Always Round Up':
        rounded = negative ? quotient : quotient + 1n;
        break;
      case 'Half Up Rounding':
        rounded = twice >= denominator ? quotient + 1n : quotient;
        break;
      case 'Half Even Rounding':
        rounded =
          twice > denominator || (twice === denominator && quotient % 2n === 1n) ? quotient + 1n : quotient;
        break;
    }
  }
  return Number(negative ? -rounded : rounded);
}

/** `cents × percent / 100`, rounded by `mode`: the tax a percent rate adds to an amount. */
export function percentOf(cents: number, percent: number, mode: TaxRoundingOption): number {
  const rate = decimalFraction(percent);
  return roundFraction(BigInt(cents) * rate.numerator, rate.denominator * 100n, mode);
}

/**
 * The tax inside an amount that already includes it: `cents × p / (100 + p)`, rounded by `mode` (an item
 * priced tax-inclusive carries this much of the rate's tax in its price).
 */
export function includedPercentOf(cents: number, percent: number, mode: TaxRoundingOption): number {
  const rate = decimalFraction(percent);
  return roundFraction(BigInt(cents) * rate.numerator, rate.denominator * 100n + rate.numerator, mode);
}

/** A price the catalogue keeps in currency units (12.5) as whole cents (1250), exactly. */
export function centsOf(price: number): number {
  const { numerator, denominator } = decimalFraction(price);
  return roundFraction(numerator * 100n, denominator, 'Half Up Rounding');
}
