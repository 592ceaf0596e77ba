import type { Executor } from '@brigade/db/database';
import { isLuhnValid } from '@brigade/domain/payments/order-id';
import { sql } from 'drizzle-orm';

/*
 * The scan for card data the payments tests run over rows and log lines (issue 16: no card number, no CVV
 * anywhere): one helper, so every test scans the same way.
 */

/**
 * A run of 13-19 digits standing alone, as a card number would: not inside a longer number, a decimal, a hex
 * digest or an identifier (20-digit order ids, hashes and uuids are not card numbers).
 */
export const CARD_LIKE_RUN = /(?<![0-9A-Za-z.])\d{13,19}(?![0-9A-Za-z])/g;
// also inside a JSON string (a logged body): \"cvv\":
const CVV_FIELD = /\\?"cvv2?\\?"\s*:/;

/**
 * The card data in a text: each Luhn-valid card-like run with what surrounds it, and a CVV field if any.
 * `expect(cardDataIn(text)).toEqual([])` says what was found where when it fails.
 */
export function cardDataIn(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(CARD_LIKE_RUN)) {
    if (!isLuhnValid(match[0])) continue;
    const at = match.index;
    found.push(`${match[0]} in …${text.slice(Math.max(0, at - 80), at + match[0].length + 40)}…`);
  }
  const cvv = CVV_FIELD.exec(text);
  if (cvv) found.push(`a CVV field in …${text.slice(Math.max(0, cvv.index - 80), cvv.index + 40)}…`);
  return found;
}

/** The rows of a query, without the driver's own result fields (type ids, parsers). */
export const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

/** Every row of the tables as JSON text, one line per table, for cardDataIn. */
export async function tablesText(ex: Executor, tables: readonly string[]): Promise<string> {
  const lines: string[] = [];
  for (const table of tables)
    lines.push(JSON.stringify(rowsOf(await ex.execute(sql.raw(`select * from "${table}"`)))));
  return lines.join('\n');
}
