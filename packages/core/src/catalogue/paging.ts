import { INVALID_CURSOR } from '@brigade/domain/catalogue/paging';
import { validationErrorOf } from '@brigade/domain/errors';

/**
 * Cursors of the catalogue lists (decision 012): the order key of the last record of a page, plus what the
 * list was (kind, tenant, restaurant, filter), so a cursor only continues the list it came from. A cursor
 * grants nothing: access and the restaurant are checked on every page as usual; a cursor of another list,
 * or one that is not ours at all, is a 400.
 */

// Order columns are PostgreSQL integers: a key outside their range would fail in the database (a 500).
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
const isIntKey = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= INT_MIN && value <= INT_MAX;

interface CursorBody {
  /** The list the cursor continues. */
  l: string;
  /** The order key of the last record returned. */
  k: number[];
}

export function encodeCursor(list: string, key: readonly number[]): string {
  const body: CursorBody = { l: list, k: [...key] };
  return Buffer.from(JSON.stringify(body), 'utf8').toString('base64url');
}

/** A key of a bigint column (e.g. the audit log's ids): any non-negative safe integer. */
export const isSafeIdKey = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The order key a cursor continues after; throws 400 "Invalid cursor" unless it belongs to `list`. */
export function decodeCursor(
  cursor: string,
  list: string,
  width: number,
  isKey: (value: unknown) => value is number = isIntKey,
): number[] {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const { l, k } = (body ?? {}) as Partial<CursorBody>;
  if (l !== list || !Array.isArray(k) || k.length !== width || !k.every(isKey)) throw invalidCursor();
  return k;
}

const invalidCursor = () => validationErrorOf([{ path: 'query.cursor', message: INVALID_CURSOR }]);
