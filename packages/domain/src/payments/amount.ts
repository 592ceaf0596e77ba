import { BrigadeError } from '../errors';

/**
 * Money in the payments domain is a whole number of minor units (cents): `10600` is 106.00. Nothing here
 * does arithmetic on fractional numbers; amounts become minor units where they leave the gateway's JSON and
 * become decimal strings where they go back (docs/behaviour/payments.md#amounts).
 *
 * The gateway reads an amount in a request two ways: with a decimal point it is major units ("106.00"),
 * without one it is minor units ("111695" = 1116.95). Its answers always use the decimal form. Brigade
 * therefore always sends the decimal form with two places (formatAmount), never a bare integer, so a value
 * means the same to every reader; parseRequestAmount exists for whoever reads requests (the emulator).
 * Currencies are assumed to have two minor digits, as every amount rule of the gateway does.
 */
export type MinorUnits = number;

/** A non-negative decimal amount with up to two places. */
export const UNSIGNED_AMOUNT = /^\d+(\.\d{1,2})?$/;
/** A decimal amount with up to two places that may be negative (forced credits, funding, chargebacks). */
export const SIGNED_AMOUNT = /^-?\d+(\.\d{1,2})?$/;

const DECIMAL_PARTS = /^(-?)(\d+)(?:\.(\d{1,2}))?$/;
const MINOR_PARTS = /^(-?)(\d+)$/;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function toSafeMinor(negative: boolean, minor: bigint): MinorUnits | undefined {
  if (minor > MAX_SAFE) return undefined;
  const value = Number(minor);
  return negative && value !== 0 ? -value : value;
}

/**
 * A decimal amount in major units ("106.00", "5", "-1.5") as minor units; undefined when it is not such an
 * amount or too large to count exactly. This is how every amount in a gateway answer is read.
 */
export function parseDecimalAmount(value: string): MinorUnits | undefined {
  const parts = DECIMAL_PARTS.exec(value);
  if (!parts) return undefined;
  const [, sign, whole, fraction = ''] = parts;
  return toSafeMinor(sign === '-', BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0')));
}

/**
 * An amount as the gateway reads it in a request: with a decimal point major units, without one minor
 * units ("111695" is 1116.95). Undefined when it is neither.
 */
export function parseRequestAmount(value: string): MinorUnits | undefined {
  if (value.includes('.')) return parseDecimalAmount(value);
  const parts = MINOR_PARTS.exec(value);
  if (!parts) return undefined;
  return toSafeMinor(parts[1] === '-', BigInt(parts[2]!));
}

/** Minor units as the decimal string Brigade sends: two places, a leading '-' when negative. */
export function formatAmount(minor: MinorUnits): string {
  if (!Number.isSafeInteger(minor)) {
    throw new BrigadeError('internal', 'INVALID_AMOUNT', 'An amount must be a whole number of minor units');
  }
  const absolute = Math.abs(minor);
  const cents = String(absolute % 100).padStart(2, '0');
  return `${minor < 0 ? '-' : ''}${Math.floor(absolute / 100)}.${cents}`;
}

/** Negative amounts are debits, positive ones credits (funding, adjustments, chargebacks). */
export type AmountDirection = 'debit' | 'credit' | 'neutral';

export const amountDirection = (minor: MinorUnits): AmountDirection =>
  minor < 0 ? 'debit' : minor > 0 ? 'credit' : 'neutral';
