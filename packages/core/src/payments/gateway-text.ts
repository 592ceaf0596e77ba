import { isLuhnValid } from '@brigade/domain/payments/order-id';
import { SINGLE_LINE_TEXT } from '@brigade/domain/text';

/**
 * A run of 13-19 digits that could be a card number: standing alone (not part of a longer token such as a
 * processor's reference `pi_70e8933735697183698c559f`, which a mask would make useless) and passing the Luhn
 * check.
 */
const CARD_LIKE = /(?<![0-9A-Za-z])\d{13,19}(?![0-9A-Za-z])/g;

/**
 * A text from a gateway answer made safe to store (decision 016): control characters and unpaired
 * surrogates dropped, cut to 200 code points, and any run of digits that could be a card number masked,
 * should a gateway ever echo one back.
 */
export function withTextRuleApplied(value: string): string {
  const clean = [...value]
    .filter((c) => SINGLE_LINE_TEXT.test(c))
    .slice(0, 200)
    .join('');
  return clean.replace(CARD_LIKE, (digits) =>
    isLuhnValid(digits) ? `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}` : digits,
  );
}

/** The text or null, made safe; for optional answer fields. */
export const safeText = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value === '' ? null : withTextRuleApplied(value);
