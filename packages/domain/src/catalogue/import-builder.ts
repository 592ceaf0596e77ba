import {
  type CatalogueRecords,
  type DocumentKind,
  emptyRecords,
  type ImportIssue,
  type Locate,
  type Row,
} from './catalogue-io';
import type { CsvTable } from './csv';

/**
 * Builds catalogue records from the rows of another system's CSV export, remembering which row and column
 * each field came from, so a validation message can name them ("row 4, Price: Base price cannot be
 * negative"). Ids are local to the file (1, 2, 3 per kind); the import issues real ones.
 */

interface Origin {
  row: number;
  /** The CSV column each field came from. */
  columns: Record<string, string>;
  /** For list fields (`sizePrice`, `modifiers`): the row of each entry. */
  rows?: number[];
}

export interface CsvImport {
  records: CatalogueRecords;
  locate: Locate;
  warnings: ImportIssue[];
  ignoredColumns: string[];
}

export class ImportBuilder {
  readonly records = emptyRecords();
  readonly warnings: ImportIssue[] = [];
  private readonly origins: Record<DocumentKind, Origin[]> = {
    tags: [],
    courses: [],
    taxRates: [],
    salesCategories: [],
    modifierGroups: [],
    items: [],
    menuGroups: [],
  };
  private readonly named = new Map<string, number>();

  /** Adds a record and returns its file-local id. */
  add(kind: DocumentKind, idField: string, record: Row, origin: Origin): number {
    const id = this.records[kind].length + 1;
    this.records[kind].push({ [idField]: id, ...record });
    this.origins[kind].push(origin);
    return id;
  }

  /** One record per name (tags, tax rates, modifier groups, menu groups under one parent). */
  once(
    kind: DocumentKind,
    idField: string,
    key: string,
    make: () => { record: Row; origin: Origin },
  ): number {
    const name = `${kind}/${key}`;
    const known = this.named.get(name);
    if (known !== undefined) return known;
    const { record, origin } = make();
    const id = this.add(kind, idField, record, origin);
    this.named.set(name, id);
    return id;
  }

  /** The menu (a parent group) and, when named, its subgroup: the group an item joins. */
  groupOf(menu: string, group: string, row: number, columns: { menu: string; group: string }): number {
    const menuId = this.once('menuGroups', 'menuGroupId', menu, () => ({
      record: { name: menu, isMenu: true, position: this.menuCount(), items: [] },
      origin: { row, columns: { name: columns.menu } },
    }));
    if (group === '') return menuId;
    return this.once('menuGroups', 'menuGroupId', `${menuId}/${group}`, () => ({
      record: { name: group, parentId: menuId, position: this.childCount(menuId), items: [] },
      origin: { row, columns: { name: columns.group } },
    }));
  }

  place(menuGroupId: number, itemId: number): void {
    const group = this.records.menuGroups[menuGroupId - 1]!;
    const items = group.items as { itemId: number; position: number }[];
    if (!items.some((reference) => reference.itemId === itemId))
      items.push({ itemId, position: items.length });
  }

  record(kind: DocumentKind, id: number): Row {
    return this.records[kind][id - 1]!;
  }

  originOf(kind: DocumentKind, id: number): Origin {
    return this.origins[kind][id - 1]!;
  }

  private menuCount = () => this.records.menuGroups.filter((group) => group.isMenu).length;
  private childCount = (parentId: number) =>
    this.records.menuGroups.filter((group) => group.parentId === parentId).length;

  warn(row: number | null, column: string, message: string): void {
    this.warnings.push({ row, column, message });
  }

  result(table: CsvTable, used: ReadonlySet<string>): CsvImport {
    const locate: Locate = (kind, index, path) => {
      const origin = this.origins[kind][index];
      if (!origin) return { row: null, column: path };
      const parts = path.split('.');
      const [head = '', position] = parts;
      const row = position === undefined ? origin.row : (origin.rows?.[Number(position)] ?? origin.row);
      return { row, column: origin.columns[`${head}.${parts.at(-1)}`] ?? origin.columns[head] ?? head };
    };
    const ignoredColumns = table.header.filter((column) => column !== '' && !used.has(column));
    return { records: this.records, locate, warnings: this.warnings, ignoredColumns };
  }
}

/** A CSV cell read by column name (case and surrounding spaces ignored), '' when the column is absent. */
export function columnReader(table: CsvTable) {
  const index = new Map(table.header.map((name, i) => [name.toLowerCase(), i]));
  const used = new Set<string>();
  const find = (...names: string[]) => {
    for (const name of names) {
      const i = index.get(name.toLowerCase());
      if (i !== undefined) {
        used.add(table.header[i]!);
        return { name: table.header[i]!, i };
      }
    }
    return null;
  };
  return {
    used,
    find,
    has: (...names: string[]) => find(...names) !== null,
    /** The cell's text, trimmed, and the column's name as the file spells it. */
    cell(cells: readonly string[], ...names: string[]): { value: string; column: string } {
      const found = find(...names);
      return { value: found ? (cells[found.i] ?? '').trim() : '', column: found?.name ?? names[0]! };
    },
    /** Columns whose names start with a prefix (Square's `Tax - …` and `Modifier Set - …`). */
    withPrefix(prefix: string): { name: string; i: number }[] {
      return table.header.flatMap((name, i) => {
        if (!name.toLowerCase().startsWith(prefix.toLowerCase())) return [];
        used.add(name);
        return [{ name, i }];
      });
    },
  };
}

/**
 * A price as exports write it ("12.50", "$1,250.00", "€9"): a number, undefined when blank, or the text
 * itself when it is not a number, so the schema answers with its own message ("Base price must be a number").
 */
export function moneyOf(raw: string): number | string | undefined {
  const cleaned = raw
    .replace(/^[^\d\-.]+/, '')
    .replaceAll(',', '')
    .trim();
  if (raw.trim() === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(cleaned) ? Number(cleaned) : raw;
}

/** Yes/no cells: Y, Yes, True, 1 (any case) are yes; N, No, False, 0 are no; blank is undefined. */
export function yesNoOf(raw: string): boolean | undefined {
  const value = raw.trim().toLowerCase();
  if (['y', 'yes', 'true', '1'].includes(value)) return true;
  if (['n', 'no', 'false', '0'].includes(value)) return false;
  return undefined;
}

/** A whole number cell, or the text itself for the schema to refuse. */
export function numberOf(raw: string): number | string | undefined {
  if (raw.trim() === '') return undefined;
  const value = Number(raw.trim());
  return Number.isFinite(value) ? value : raw;
}
