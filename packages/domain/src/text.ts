import { z } from 'zod';

/**
 * Text that Brigade accepts (decision 016). The spec gives no rule for characters, so this is ours: no text
 * field, path parameter or query parameter may hold a C0 control character, DEL or an unpaired UTF-16
 * surrogate. Multi-line fields (descriptions, notes, page texts) may hold tab, line feed and carriage
 * return; every other field is one line. PostgreSQL cannot store NUL in text or JSON and refuses unpaired
 * surrogates in JSON, so without this rule such input reached the database and failed there as a 500.
 */
export const TEXT_CHARACTERS_MESSAGE = 'Text cannot contain control characters or invalid Unicode';

// With the `u` flag a surrogate pair is one code point outside D800-DFFF, so only unpaired halves fail;
// the class is a plain loop, linear on any length the body limit lets through.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
export const SINGLE_LINE_TEXT = /^[^\u0000-\u001F\u007F\uD800-\uDFFF]*$/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
export const MULTI_LINE_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uD800-\uDFFF]*$/u;

type StringParams = Parameters<typeof z.string>[0];

/** One line of text: every string field of a request uses this (or multilineText) as its base. */
export const text = (params?: StringParams) =>
  z.string(params).regex(SINGLE_LINE_TEXT, TEXT_CHARACTERS_MESSAGE);

/** Text that may span lines: tab, line feed and carriage return are allowed. */
export const multilineText = (params?: StringParams) =>
  z.string(params).regex(MULTI_LINE_TEXT, TEXT_CHARACTERS_MESSAGE);

/**
 * The same rule for a format schema whose own check lets such characters through (z.url() accepts a NUL in
 * the path). A refinement rather than a pattern, so the generated JSON schema keeps its `format`.
 */
export const withTextRule = <T extends z.ZodType<string>>(schema: T): T =>
  schema.refine((value) => SINGLE_LINE_TEXT.test(value), TEXT_CHARACTERS_MESSAGE) as T;

/** One message whether a required text is missing, not text, or blank. */
export const requiredText = (message: string) => text({ error: message }).trim().min(1, message);

/**
 * The longest start of `value` that fits `maxLength` UTF-16 units (how the schemas count length) without
 * splitting a character: a cut between the two halves of a surrogate pair would leave an unpaired half,
 * which PostgreSQL refuses in JSON.
 */
export function cutText(value: string, maxLength: number): string {
  if (value.length <= maxLength) return value;
  let end = 0;
  for (const character of value) {
    if (end + character.length > maxLength) break;
    end += character.length;
  }
  return value.slice(0, end);
}

/** The first character of `value` (a whole code point, never half of a surrogate pair), or ''. */
export const firstCharacter = (value: string): string => {
  const code = value.codePointAt(0);
  return code === undefined ? '' : String.fromCodePoint(code);
};
