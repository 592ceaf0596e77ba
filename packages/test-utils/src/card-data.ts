import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database, Executor } from '@brigade/db/database';
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

// --- The database's own files (issue 42: a card number must not reach the heap, an index or the WAL) ------

/** One file of a data directory: its path and its bytes. */
export interface StoredFile {
  path: string;
  bytes: Uint8Array;
}

/**
 * Card numbers in bytes that are mostly binary (heap, index and WAL pages read as Latin-1): a run of 15-19
 * digits with no digit either side that a card network could have issued and that passes the Luhn check. A
 * neighbouring letter does not clear a run here (a row's next bytes are binary and may read as letters), except where the run is part of 32 or more
 * hex characters (a digest) or is the fraction of a decimal. Each finding with its printable surroundings.
 */
const UUID_HEAD = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-$/i;

/**
 * The issuer prefixes and lengths the card networks issue (Visa, Mastercard, American Express, Discover,
 * Diners Club, JCB, UnionPay, Maestro), as PCI data-discovery tools check them. Among binary bytes a run of
 * digits is a card number only when a network could have issued it: a gateway's 12-digit reference followed
 * by a byte that reads as a digit passes Luhn one time in ten (a CI run found '…RPCT9085001176371'), but
 * no network issues a 13-digit number starting with 9.
 */
const NETWORK_NUMBERS: readonly [RegExp, readonly number[]][] = [
  [/^4/, [13, 16, 19]],
  [/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01])|2720)/, [16]],
  [/^3[47]/, [15]],
  [/^(6011|64[4-9]|65|622)/, [16, 17, 18, 19]],
  [/^(30[0-5]|309|36|3[89])/, [14, 15, 16, 17, 18, 19]],
  [/^35(2[89]|[3-8]\d)/, [16, 17, 18, 19]],
  [/^62/, [16, 17, 18, 19]],
  [/^(50|5[6-9]|6)/, [13, 14, 15, 16, 17, 18, 19]],
];

/** Whether a card network could have issued `digits` (prefix and length; Luhn is checked apart). */
export const isNetworkCardNumber = (digits: string): boolean =>
  NETWORK_NUMBERS.some(([prefix, lengths]) => prefix.test(digits) && lengths.includes(digits.length));

/**
 * The shortest run the binary scan reads as a card number. The gateway's references are 12 digits, and the
 * byte either side of a column often reads as a digit: a reference and one or two such bytes make 13 or 14
 * Luhn-valid digits with a network's prefix one time in a hundred (CI runs found '…RPCT9085001176371' and
 * '…RPCT4935003287763'). The short lengths are the retired 13-digit Visa, Diners' 14 and short Maestro
 * numbers; every card the tests type is 15 or 16 digits, so the scan starts at 15.
 */
const SHORTEST_IN_BYTES = 15;

export function cardNumbersInBytes(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(new RegExp(`(?<!\\d)\\d{${SHORTEST_IN_BYTES},19}(?!\\d)`, 'g'))) {
    const at = match.index;
    const end = at + match[0].length;
    if (text[at - 1] === '.' && /\d/.test(text[at - 2] ?? '')) continue;
    // a uuid's last group, all digits by chance, and the next value's length byte that reads as a digit (a
    // CI run found '…-a8da-731912089114' + '5' of a 25-character email: Luhn-valid one time in ten)
    if (UUID_HEAD.test(text.slice(Math.max(0, at - 24), at))) continue;
    let from = at;
    let to = end;
    while (from > 0 && /[0-9a-f]/i.test(text[from - 1]!)) from--;
    while (to < text.length && /[0-9a-f]/i.test(text[to]!)) to++;
    if (to - from >= 32 || !isNetworkCardNumber(match[0]) || !isLuhnValid(match[0])) continue;
    const around = text.slice(Math.max(0, at - 40), end + 20).replace(/[^\x20-\x7e]/g, '.');
    found.push(`${match[0]} in …${around}…`);
  }
  return found;
}

/** The XLOG page size of PostgreSQL's WAL, and the headers at the start of each page (MAXALIGNed). */
const WAL_PAGE = 8192;
const WAL_LONG_HEADER = 40;
const WAL_SHORT_HEADER = 24;

/**
 * A WAL segment's record bytes as one stream: a record that crosses a page boundary is split by the next
 * page's header, which would cut a number in two; without the headers it is whole again.
 */
export function walStream(segment: Uint8Array): Uint8Array {
  if (segment.length % WAL_PAGE !== 0) return segment;
  const pages: Uint8Array[] = [];
  for (let at = 0; at < segment.length; at += WAL_PAGE)
    pages.push(segment.subarray(at + (at === 0 ? WAL_LONG_HEADER : WAL_SHORT_HEADER), at + WAL_PAGE));
  return Buffer.concat(pages);
}

/** The card numbers in the files of a data directory (a WAL segment read as its record stream); each names its file. */
export function cardDataInFiles(files: Iterable<StoredFile>): string[] {
  const found: string[] = [];
  for (const file of files) {
    const bytes = /(^|\/)pg_wal\/[0-9A-F]{24}$/.test(file.path) ? walStream(file.bytes) : file.bytes;
    for (const finding of cardNumbersInBytes(Buffer.from(bytes).toString('latin1')))
      found.push(`${file.path}: ${finding}`);
  }
  return found;
}

/** The files of an uncompressed tar (ustar, as PGlite's dumpDataDir('none') writes it). */
export function* filesOfTar(tar: Uint8Array): Generator<StoredFile> {
  const text = (from: number, length: number) =>
    Buffer.from(tar.subarray(from, from + length))
      .toString('latin1')
      .replace(/\0.*$/s, '');
  for (let at = 0; at + 512 <= tar.length; ) {
    const name = text(at, 100);
    if (name === '') return; // the two empty blocks that end the archive
    const size = Number.parseInt(text(at + 124, 12).trim() || '0', 8);
    const prefix = text(at + 345, 155);
    const type = text(at + 156, 1);
    const start = at + 512;
    if (type === '0' || type === '')
      yield { path: prefix ? `${prefix}/${name}` : name, bytes: tar.subarray(start, start + size) };
    at = start + Math.ceil(size / 512) * 512;
  }
}

/** Every file under `dir`, read one at a time (a data directory is tens of megabytes). */
export function* filesUnder(dir: string): Generator<StoredFile> {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    yield { path, bytes: readFileSync(path) };
  }
}

/** Every row of every table of the public schema as JSON text (a full-table scan through SQL). */
export async function allTablesText(ex: Executor): Promise<string> {
  const tables = rowsOf(
    await ex.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  ) as { name: string }[];
  return tablesText(
    ex,
    tables.map((table) => table.name),
  );
}

export type DatabaseScan =
  | { method: 'pglite-data-dir'; files: number; found: string[] }
  | { method: 'postgres-database-files'; directory: string; files: number; found: string[] }
  | { method: 'sql-full-table-scan'; reason: string; found: string[] };

/**
 * Scans the database's own storage for card numbers after a checkpoint (so the heap and index files hold
 * what the WAL holds):
 * - PGlite: its whole data directory — every database's heap and index files and `pg_wal` — read from a dump
 *   of the directory (the test database lives in memory).
 * - PostgreSQL: the files of this database (`base/<oid>` in the server's data directory) when this process
 *   can read them (the server is local and the user may read its directory); the cluster's WAL is shared by
 *   every database of the server (other test files' among them, one of which plants a card number on
 *   purpose) and is not scanned. When the files cannot be read: every table's rows through SQL.
 */
export async function scanDatabaseStorage(
  database: Database,
  /** false: the SQL scan only (as where the files cannot be read), to prove that path too. */
  options: { files?: boolean } = {},
): Promise<DatabaseScan> {
  if (options.files === false)
    return {
      method: 'sql-full-table-scan',
      reason: 'asked for',
      found: cardDataIn(await allTablesText(database.db)),
    };
  if (database.pglite) {
    await database.db.execute(sql`checkpoint`);
    const tar = new Uint8Array(await (await database.pglite.dumpDataDir('none')).arrayBuffer());
    const files = [...filesOfTar(tar)];
    return { method: 'pglite-data-dir', files: files.length, found: cardDataInFiles(files) };
  }
  const [where] = rowsOf(
    await database.db.execute(
      sql`select current_setting('data_directory') as root, oid::text as oid
          from pg_database where datname = current_database()`,
    ),
  ) as { root: string; oid: string }[];
  const directory = join(where!.root, 'base', where!.oid);
  let reason: string;
  try {
    accessSync(directory, constants.R_OK);
    // Needs a superuser or pg_checkpoint: without it the files may not hold the latest rows yet.
    await database.db.execute(sql`checkpoint`);
    let files = 0;
    const found = cardDataInFiles(
      (function* () {
        for (const file of filesUnder(directory)) {
          files += 1;
          yield file;
        }
      })(),
    );
    return { method: 'postgres-database-files', directory, files, found };
  } catch (error) {
    reason = `${directory} cannot be read after a checkpoint here (${(error as NodeJS.ErrnoException).code ?? String(error)})`;
  }
  return { method: 'sql-full-table-scan', reason, found: cardDataIn(await allTablesText(database.db)) };
}
