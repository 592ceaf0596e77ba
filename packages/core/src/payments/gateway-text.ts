import { SINGLE_LINE_TEXT } from '@brigade/domain/text';

/**
 * A text from a gateway answer made safe to store (decision 016): control characters and unpaired
 * surrogates dropped, cut to 200 code points, and any run of 13-19 digits that could be a card number masked,
 * should a gateway ever echo one back.
 */
export function withTextRuleApplied(value: string): string {
  const clean = [...value]
    .filter((c) => SINGLE_LINE_TEXT.test(c))
    .slice(0, 200)
    .join('');
  return clean.replace(/\d{13,19}/g, (digits) => `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}`);
}

/** The text or null, made safe; for optional answer fields. */
export const safeText = (value: string | null | undefined): string | null =>
  value === undefined || value === null || value === '' ? null : withTextRuleApplied(value);
