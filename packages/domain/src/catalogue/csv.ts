/**
 * CSV as spreadsheets write it (RFC 4180): fields separated by commas, a field in double quotes may hold
 * commas, line breaks and doubled quotes; lines end in CRLF or LF; a leading byte-order mark is dropped.
 * Used by the catalogue's CSV export and the Square and Toast imports (docs/behaviour/catalogue.md).
 */

export const CSV_UNCLOSED_QUOTE = 'The file has a quoted field that is never closed';

export interface CsvTable {
  header: string[];
  /** The data rows with their row number as a spreadsheet shows it (the header is row 1). */
  rows: { row: number; cells: string[] }[];
}

/** Splits CSV text into records; throws Error(CSV_UNCLOSED_QUOTE) for a quote left open at the end. */
export function parseCsvRecords(input: string): string[][] {
  const content = input.startsWith('\uFEFF') ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  while (i < content.length) {
    const char = content[i]!;
    if (quoted) {
      if (char === '"' && content[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      i += 1;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      if (char === '\r' && content[i + 1] === '\n') i += 1;
    } else field += char;
    i += 1;
  }
  if (quoted) throw new Error(CSV_UNCLOSED_QUOTE);
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}

/** The first record as the header (trimmed), the others as rows; blank lines are skipped. */
export function parseCsvTable(input: string): CsvTable {
  const records = parseCsvRecords(input);
  const [first, ...rest] = records;
  const header = (first ?? []).map((name) => name.trim());
  const rows = rest
    .map((cells, index) => ({ row: index + 2, cells }))
    .filter(({ cells }) => cells.some((cell) => cell.trim() !== ''));
  return { header, rows };
}

/** One CSV field: quoted when it holds a comma, a quote, a line break or leading/trailing space. */
export function csvField(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  // A leading =, +, - or @ makes spreadsheets run the cell as a formula: prefix it with a quote mark.
  const safe = /^[=+\-@]/.test(text) && !/^-?\d/.test(text) ? `'${text}` : text;
  return /[",\r\n]|^\s|\s$/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A whole CSV document, CRLF line ends (what RFC 4180 and spreadsheets expect). */
export const toCsv = (header: readonly string[], rows: readonly (readonly unknown[])[]): string =>
  [header, ...rows]
    .map((row) => row.map((cell) => csvField(cell as string | number | boolean | null)).join(','))
    .join('\r\n')
    .concat('\r\n');
