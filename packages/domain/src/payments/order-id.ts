import { BrigadeError } from '../errors';

/**
 * Order ids. Every authorisation carries one so that a lost answer can be found again (inquire by order id,
 * void by order id); the gateway has no idempotency key. It must be unique, and it must never pass the Luhn
 * check: the gateway takes a Luhn-valid number for a card number, masks it, and later look-ups by that
 * order id fail (docs/behaviour/payments.md#order-ids).
 */

/** Digits in a generated order id. 20 is no card number length (those are 12-19), and 19 random digits
 * (about 63 bits) make a repeat unlikely enough that the database's unique index is the only backstop. */
export const ORDER_ID_LENGTH = 20;
/** Random bytes generateOrderId needs: 16 (128 bits) cover 19 decimal digits with negligible bias. */
export const ORDER_ID_RANDOM_BYTES = 16;

export const LUHN_VALID_ORDER_ID_MESSAGE = 'Order ID must not be a Luhn-valid number';

/** The Luhn sum of `digits` where the last digit is the check digit. */
function luhnSum(digits: string): number {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = digits.charCodeAt(digits.length - 1 - index) - 48;
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum;
}

/**
 * Whether `value` passes the Luhn (mod 10) check. Only a non-empty string of ASCII digits can: anything with
 * another character is not a card number and is never Luhn-valid.
 */
export function isLuhnValid(value: string): boolean {
  if (!/^\d+$/.test(value)) return false;
  return luhnSum(value) % 10 === 0;
}

/**
 * Whether `value` is shaped like a card number (a PAN): 13-19 digits that pass the Luhn check. CardSecure
 * tokens never pass it (docs/behaviour/payments.md#card-numbers-are-refused), nor do order ids, so such a
 * value where a token belongs is a card number, refused before anything is written or sent.
 */
export const looksLikeCardNumber = (value: string): boolean =>
  /^\d{13,19}$/.test(value) && isLuhnValid(value);

/** The digit that, appended to `digits`, makes the whole Luhn-valid. */
function luhnCheckDigit(digits: string): number {
  return (10 - (luhnSum(`${digits}0`) % 10)) % 10;
}

/**
 * A new order id from `randomBytes` (at least ORDER_ID_RANDOM_BYTES of them, from a CSPRNG): 19 digits
 * drawn from the bytes, then a last digit chosen to be anything but the Luhn check digit, so the result is
 * never Luhn-valid. Pure: the same bytes give the same id.
 */
export function generateOrderId(randomBytes: Uint8Array): string {
  if (randomBytes.length < ORDER_ID_RANDOM_BYTES) {
    throw new BrigadeError(
      'internal',
      'NOT_ENOUGH_RANDOMNESS',
      `An order id needs at least ${ORDER_ID_RANDOM_BYTES} random bytes`,
    );
  }
  let value = 0n;
  for (const byte of randomBytes.subarray(0, ORDER_ID_RANDOM_BYTES)) value = (value << 8n) | BigInt(byte);
  const body = (value % 10n ** BigInt(ORDER_ID_LENGTH - 1)).toString().padStart(ORDER_ID_LENGTH - 1, '0');
  return `${body}${(luhnCheckDigit(body) + 1) % 10}`;
}

/** Whether `orderid` can be sent to the gateway: 1-50 characters and not Luhn-valid. */
export const isUsableOrderId = (orderid: string): boolean =>
  orderid.length >= 1 && orderid.length <= 50 && !isLuhnValid(orderid);
