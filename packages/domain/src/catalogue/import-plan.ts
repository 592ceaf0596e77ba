import {
  CATALOGUE_FORMAT,
  CATALOGUE_FORMAT_VERSION,
  type CatalogueRecords,
  checkRecords,
  countsOf,
  DOCUMENT_KINDS,
  emptyRecords,
  IMPORT_MESSAGES,
  type ImportIssue,
  type ImportPreview,
  type ImportSource,
  locateInJson,
  MAX_IMPORT_ROWS,
  type Row,
} from './catalogue-io';
import { CSV_UNCLOSED_QUOTE, parseCsvTable } from './csv';
import type { CsvImport } from './import-builder';
import { squareImport } from './square-import';
import { toastImport } from './toast-import';

/**
 * What an import file would create: the records (ids local to the file), the row-level errors and the
 * warnings. A file that cannot be read at all (not JSON, not a catalogue export, no header, too many rows)
 * throws an ImportFileError: the whole file is refused with its message.
 */
export interface ImportPlan {
  source: ImportSource;
  records: CatalogueRecords;
  errors: ImportIssue[];
  warnings: ImportIssue[];
  ignoredColumns: string[];
}

export class ImportFileError extends Error {
  override readonly name = 'ImportFileError';
}

export function planImport(source: ImportSource, content: string): ImportPlan {
  const read = source === 'brigade' ? brigadeImport(content) : csvImport(source, content);
  const checked = checkRecords(read.records, read.locate);
  if (DOCUMENT_KINDS.every((kind) => read.records[kind].length === 0))
    throw new ImportFileError(IMPORT_MESSAGES.nothing);
  return {
    source,
    records: checked.records,
    errors: checked.errors,
    warnings: [...read.warnings, ...checked.warnings],
    ignoredColumns: read.ignoredColumns,
  };
}

function brigadeImport(content: string): CsvImport {
  let document: unknown;
  try {
    document = JSON.parse(content.startsWith('\uFEFF') ? content.slice(1) : content);
  } catch {
    throw new ImportFileError(IMPORT_MESSAGES.notJson);
  }
  if (typeof document !== 'object' || document === null || (document as Row).format !== CATALOGUE_FORMAT)
    throw new ImportFileError(IMPORT_MESSAGES.notBrigade);
  const file = document as Row;
  if (file.version !== CATALOGUE_FORMAT_VERSION)
    throw new ImportFileError(IMPORT_MESSAGES.version(file.version));
  const records = emptyRecords();
  let rows = 0;
  for (const kind of DOCUMENT_KINDS) {
    const list = file[kind] ?? [];
    if (!Array.isArray(list) || list.some((record) => typeof record !== 'object' || record === null))
      throw new ImportFileError(`"${kind}" must be a list of records`);
    records[kind] = list.map((record) => ({ ...(record as Row) }));
    rows += list.length;
  }
  if (rows > MAX_IMPORT_ROWS) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows);
  return { records, locate: locateInJson, warnings: [], ignoredColumns: [] };
}

function csvImport(source: 'square' | 'toast', content: string): CsvImport {
  let table: ReturnType<typeof parseCsvTable>;
  try {
    table = parseCsvTable(content);
  } catch (error) {
    throw new ImportFileError(error instanceof Error ? error.message : CSV_UNCLOSED_QUOTE);
  }
  if (table.header.every((name) => name === '')) throw new ImportFileError(IMPORT_MESSAGES.noHeader);
  if (table.rows.length > MAX_IMPORT_ROWS) throw new ImportFileError(IMPORT_MESSAGES.tooManyRows);
  try {
    return source === 'square' ? squareImport(table) : toastImport(table);
  } catch (error) {
    throw new ImportFileError(error instanceof Error ? error.message : String(error));
  }
}

const PREVIEW_ITEMS = 500;

/** The preview the screen shows: counts, the menus, the items (the first 500) with price and groups. */
export function previewOf(plan: ImportPlan): ImportPreview {
  const { records } = plan;
  const groupById = new Map(records.menuGroups.map((group) => [group.menuGroupId, group]));
  // The depth bound keeps a cycle of parents (an error already) from recursing forever.
  const pathOf = (group: Row, depth = 0): string => {
    const parent = groupById.get(group.parentId);
    return parent && depth < records.menuGroups.length
      ? `${pathOf(parent, depth + 1)} › ${group.name as string}`
      : (group.name as string);
  };
  const groupsOfItem = new Map<unknown, string[]>();
  for (const group of records.menuGroups)
    for (const reference of group.items as Row[])
      groupsOfItem.set(reference.itemId, [...(groupsOfItem.get(reference.itemId) ?? []), pathOf(group)]);
  const menus = records.menuGroups
    .filter((group) => group.parentId === undefined || group.parentId === null)
    .map((menu) => {
      const top = pathOf(menu);
      const inside = records.menuGroups.filter((group) => {
        const path = pathOf(group);
        return path === top || path.startsWith(`${top} › `);
      });
      const items = new Set(inside.flatMap((group) => (group.items as Row[]).map((r) => r.itemId)));
      return { name: menu.name as string, groups: inside.length - 1, items: items.size };
    });
  const items = records.items.slice(0, PREVIEW_ITEMS).map((item) => ({
    name: item.name as string,
    price: priceLabel(item),
    menuGroups: groupsOfItem.get(item.itemId) ?? [],
  }));
  return {
    source: plan.source,
    counts: countsOf(records),
    menus,
    items,
    errors: plan.errors,
    warnings: plan.warnings,
    ignoredColumns: plan.ignoredColumns,
  };
}

/** "12.50", "Small 3.00 · Large 5.00", "Open price". */
export function priceLabel(item: Row): string {
  if (item.pricingStrategy === 'open') return 'Open price';
  if (item.pricingStrategy === 'size')
    return (item.sizePrice as Row[])
      .map((size) => `${size.name as string} ${Number(size.price ?? 0).toFixed(2)}`)
      .join(' · ');
  return item.basePrice === undefined ? '' : Number(item.basePrice).toFixed(2);
}
