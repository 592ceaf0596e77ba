import { z } from 'zod';
import { fieldErrorsOf } from '../errors';
import { positiveId } from '../integers';
import { multilineText, text } from '../text';
import {
  type CatalogueKindDefinition,
  COURSE_KIND,
  ITEM_KIND,
  MENU_GROUP_KIND,
  MODIFIER_GROUP_KIND,
  SALES_CATEGORY_KIND,
  TAG_KIND,
  TAX_RATE_KIND,
} from './kinds';

/**
 * A restaurant's catalogue as one file, and what an import of such a file (or of a Square or Toast export)
 * would create (docs/behaviour/catalogue.md#import-and-export, decision 065). Pure: the core reads and
 * writes the database around it.
 */

export const CATALOGUE_FORMAT = 'brigade-catalogue';
export const CATALOGUE_FORMAT_VERSION = 1;

/** The kinds a catalogue file holds, in the order an import writes them (what is referred to comes first). */
export const DOCUMENT_KINDS = [
  'tags',
  'courses',
  'taxRates',
  'salesCategories',
  'modifierGroups',
  'items',
  'menuGroups',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const KIND_OF: Record<DocumentKind, CatalogueKindDefinition> = {
  tags: TAG_KIND,
  courses: COURSE_KIND,
  taxRates: TAX_RATE_KIND,
  salesCategories: SALES_CATEGORY_KIND,
  modifierGroups: MODIFIER_GROUP_KIND,
  items: ITEM_KIND,
  menuGroups: MENU_GROUP_KIND,
};

export type Row = Record<string, unknown>;
export type CatalogueRecords = Record<DocumentKind, Row[]>;

export const emptyRecords = (): CatalogueRecords => ({
  tags: [],
  courses: [],
  taxRates: [],
  salesCategories: [],
  modifierGroups: [],
  items: [],
  menuGroups: [],
});

/** The export file: versioned, every record as the API shows it (ids kept, so references hold). */
export const catalogueDocumentSchema = z.object({
  format: z.literal(CATALOGUE_FORMAT),
  version: z.literal(CATALOGUE_FORMAT_VERSION),
  exportedAt: z.string(),
  restaurant: z.object({ restaurantId: z.number().int(), name: z.string() }),
  ...(Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, z.array(KIND_OF[kind].response)])) as Record<
    DocumentKind,
    z.ZodArray<z.ZodType<Row>>
  >),
});
export type CatalogueDocument = z.infer<typeof catalogueDocumentSchema>;

// --- Import request and answers ---------------------------------------------------------------------------

export const IMPORT_SOURCES = ['brigade', 'square', 'toast'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** Under the API's 1 MiB body limit with room for JSON escaping; a few thousand menu rows. */
export const MAX_IMPORT_CHARACTERS = 800_000;
export const MAX_IMPORT_ROWS = 5_000;
export const IMPORT_MESSAGES = {
  source: 'Source must be brigade, square or toast',
  empty: 'The file is empty',
  tooLarge: 'An import file holds at most 800,000 characters',
  tooManyRows: `An import file holds at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows`,
  notJson: 'The file is not JSON: choose a Brigade catalogue export (.json)',
  notBrigade: 'The file is not a Brigade catalogue export (format "brigade-catalogue")',
  version: (version: unknown) =>
    `Catalogue export version ${String(version)} is not supported (this server reads version ${CATALOGUE_FORMAT_VERSION})`,
  noHeader: 'The file has no header row',
  missingColumn: (column: string, source: string) =>
    `The file has no "${column}" column: is it ${source}'s export?`,
  nothing: 'The file holds nothing to import',
} as const;

export const catalogueImportSchema = z.object({
  source: z.enum(IMPORT_SOURCES, { error: IMPORT_MESSAGES.source }),
  content: multilineText({ error: IMPORT_MESSAGES.empty })
    .min(1, IMPORT_MESSAGES.empty)
    .max(MAX_IMPORT_CHARACTERS, IMPORT_MESSAGES.tooLarge),
  fileName: text().max(255).optional(),
});
export type CatalogueImportInput = z.infer<typeof catalogueImportSchema>;

/** A problem with one row: CSV rows by their number (the header is row 1), JSON records by their path. */
export const importIssueSchema = z.object({
  row: z.number().int().nullable(),
  column: z.string(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

export const importCountsSchema = z.object(
  Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, z.number().int()])) as Record<
    DocumentKind,
    z.ZodNumber
  >,
);
export type ImportCounts = z.infer<typeof importCountsSchema>;

export const importPreviewSchema = z.object({
  source: z.enum(IMPORT_SOURCES),
  counts: importCountsSchema,
  menus: z.array(z.object({ name: z.string(), groups: z.number().int(), items: z.number().int() })),
  items: z.array(z.object({ name: z.string(), price: z.string(), menuGroups: z.array(z.string()) })),
  errors: z.array(importIssueSchema),
  warnings: z.array(importIssueSchema),
  ignoredColumns: z.array(z.string()),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  counts: importCountsSchema,
  menuGroupIds: z.array(z.number().int()),
  itemIds: z.array(z.number().int()),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const countsOf = (records: CatalogueRecords): ImportCounts =>
  Object.fromEntries(DOCUMENT_KINDS.map((kind) => [kind, records[kind].length])) as ImportCounts;

// --- Copying a menu ---------------------------------------------------------------------------------------

export const copyMenuSchema = z.object({
  fromRestaurantId: positiveId('Restaurant ID'),
  menuGroupId: positiveId('Menu group ID'),
});
export type CopyMenuInput = z.infer<typeof copyMenuSchema>;

// --- Checking records -------------------------------------------------------------------------------------

/** Where a record's field came from, for messages: a CSV row and column, or a JSON path. */
export type Locate = (
  kind: DocumentKind,
  index: number,
  path: string,
) => { row: number | null; column: string };

export const locateInJson: Locate = (kind, index, path) => ({
  row: null,
  column: [kind, String(index), path].filter(Boolean).join('.'),
});

export interface CheckedRecords {
  records: CatalogueRecords;
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

/**
 * Every record against its kind's create schema (the spec's messages), then the references between them:
 * an item's modifier groups and a menu group's items, modifier groups and parent must be in the file;
 * tags, tax rates, courses and sales categories that are not are dropped with a warning (the catalogue
 * keeps such ids as plain lists, and readers skip them). Prep stations and subgroup lists are not imported
 * (prep stations are a location's kitchen set-up; subgroups follow from `parentId`).
 */
export function checkRecords(input: CatalogueRecords, locate: Locate): CheckedRecords {
  const errors: ImportIssue[] = [];
  const warnings: ImportIssue[] = [];
  const records = emptyRecords();
  for (const kind of DOCUMENT_KINDS) {
    const definition = KIND_OF[kind];
    input[kind].forEach((record, index) => {
      const parsed = definition.create.safeParse(record);
      if (parsed.success) records[kind].push(parsed.data as Row);
      else {
        for (const error of fieldErrorsOf(parsed.error.issues))
          errors.push({ ...locate(kind, index, error.path), message: error.message });
        records[kind].push({ ...record, invalid: true });
      }
    });
    giveIds(records[kind], definition.idField);
    duplicateIds(records[kind], kind, locate, errors);
  }
  checkReferences(records, locate, errors, warnings);
  checkParents(records.menuGroups, locate, errors);
  for (const kind of DOCUMENT_KINDS) records[kind] = records[kind].filter((record) => !record.invalid);
  return { records, errors, warnings };
}

/** Records without an id get one after the highest (nothing in the file can refer to them). */
function giveIds(records: Row[], idField: string): void {
  // an invalid record's id may be anything the file holds (an object whose toString is not a function)
  const numeric = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  let next = Math.max(0, ...records.map((record) => numeric(record[idField])));
  for (const record of records) if (record[idField] === undefined) record[idField] = ++next;
}

function duplicateIds(records: Row[], kind: DocumentKind, locate: Locate, errors: ImportIssue[]): void {
  const { idField, label } = KIND_OF[kind];
  const seen = new Set<unknown>();
  records.forEach((record, index) => {
    const id = record[idField];
    // only ids the schema took: an invalid record's value has its own error already
    if (record.invalid || (typeof id !== 'number' && typeof id !== 'string')) return;
    if (seen.has(id))
      errors.push({ ...locate(kind, index, idField), message: `${label} ID ${id} appears more than once` });
    seen.add(id);
  });
}

interface Reference {
  kind: DocumentKind;
  field: string;
  /** In a list of objects (`items[].itemId`), the id's own field. */
  key?: string;
  target: DocumentKind;
  /** Relational: a missing target is an error; otherwise the id is dropped with a warning. */
  required: boolean;
}

const REFERENCES: readonly Reference[] = [
  {
    kind: 'items',
    field: 'modifierGroups',
    key: 'modifierGroupId',
    target: 'modifierGroups',
    required: true,
  },
  { kind: 'items', field: 'tagIds', target: 'tags', required: false },
  { kind: 'items', field: 'taxRateIds', target: 'taxRates', required: false },
  { kind: 'items', field: 'courseId', target: 'courses', required: false },
  { kind: 'items', field: 'salesCategoryId', target: 'salesCategories', required: false },
  { kind: 'menuGroups', field: 'items', key: 'itemId', target: 'items', required: true },
  {
    kind: 'menuGroups',
    field: 'modifierGroups',
    key: 'modifierGroupId',
    target: 'modifierGroups',
    required: true,
  },
  { kind: 'menuGroups', field: 'parentId', target: 'menuGroups', required: true },
  { kind: 'menuGroups', field: 'tagIds', target: 'tags', required: false },
];

function checkReferences(
  records: CatalogueRecords,
  locate: Locate,
  errors: ImportIssue[],
  warnings: ImportIssue[],
): void {
  const ids = Object.fromEntries(
    DOCUMENT_KINDS.map((kind) => [kind, new Set(records[kind].map((r) => r[KIND_OF[kind].idField]))]),
  ) as Record<DocumentKind, Set<unknown>>;
  for (const reference of REFERENCES) {
    const { label } = KIND_OF[reference.target];
    records[reference.kind].forEach((record, index) => {
      const value = record[reference.field];
      if (value === undefined || value === null || record.invalid) return;
      const list = Array.isArray(value) ? (value as unknown[]) : [value];
      const kept = list.filter((entry, position) => {
        const id = reference.key ? (entry as Row)[reference.key] : entry;
        if (ids[reference.target].has(id)) return true;
        const path = [reference.field, Array.isArray(value) ? String(position) : '', reference.key ?? '']
          .filter(Boolean)
          .join('.');
        const issue = { ...locate(reference.kind, index, path), message: `${label} with ID ${id} not found` };
        (reference.required ? errors : warnings).push(issue);
        return false;
      });
      record[reference.field] = Array.isArray(value) ? kept : (kept[0] ?? null);
    });
  }
  for (const item of records.items) item.prepStationIds = [];
  for (const group of records.menuGroups) group.subgroups = [];
}

/** A group may not sit inside itself (a cycle of parentIds): "A menu group cannot be placed inside its own subgroups". */
function checkParents(groups: Row[], locate: Locate, errors: ImportIssue[]): void {
  const parentOf = new Map(groups.map((group) => [group.menuGroupId, group.parentId ?? null]));
  groups.forEach((group, index) => {
    const seen = new Set<unknown>([group.menuGroupId]);
    let parent = group.parentId ?? null;
    while (parent !== null && parent !== undefined) {
      if (seen.has(parent)) {
        const message = 'A menu group cannot be placed inside its own subgroups';
        errors.push({ ...locate('menuGroups', index, 'parentId'), message });
        return;
      }
      seen.add(parent);
      parent = parentOf.get(parent) ?? null;
    }
  });
}

/** Menu groups with every parent before its children (the order an import writes them in). */
export function parentsFirst(groups: readonly Row[]): Row[] {
  const byId = new Map(groups.map((group) => [group.menuGroupId, group]));
  const placed = new Set<unknown>();
  const ordered: Row[] = [];
  const place = (group: Row, depth: number) => {
    if (placed.has(group.menuGroupId) || depth > groups.length) return;
    const parent = byId.get(group.parentId);
    if (parent) place(parent, depth + 1);
    placed.add(group.menuGroupId);
    ordered.push(group);
  };
  for (const group of groups) place(group, 0);
  return ordered;
}

/** New ids for the file's ids, per kind. */
export type IdMaps = Record<DocumentKind, ReadonlyMap<unknown, number>>;

/**
 * The records with the ids they get in the restaurant: each record's own id and every reference rewritten
 * through `maps`; the guids of size prices and modifiers are left out so the catalogue issues new ones.
 */
export function rewireRecords(records: CatalogueRecords, maps: IdMaps): CatalogueRecords {
  const out = emptyRecords();
  for (const kind of DOCUMENT_KINDS) {
    const { idField } = KIND_OF[kind];
    out[kind] = records[kind].map((record) => {
      const copy: Row = { ...record, [idField]: maps[kind].get(record[idField]) };
      for (const reference of REFERENCES.filter((r) => r.kind === kind)) {
        const value = record[reference.field];
        if (value === undefined || value === null) continue;
        const map = maps[reference.target];
        copy[reference.field] = Array.isArray(value)
          ? value.map((entry) =>
              reference.key
                ? { ...(entry as Row), [reference.key]: map.get((entry as Row)[reference.key]) }
                : map.get(entry),
            )
          : map.get(value);
      }
      return copy;
    });
  }
  for (const item of out.items) item.sizePrice = withoutGuids(item.sizePrice);
  for (const group of out.modifierGroups) group.modifiers = withoutGuids(group.modifiers);
  return out;
}

const withoutGuids = (list: unknown) =>
  ((list as Row[] | undefined) ?? []).map(({ guid: _guid, ...entry }) => entry);

/** Kinds an import or copy matches to the restaurant's own records instead of creating them again. */
export const SHARED_KINDS = [
  'tags',
  'courses',
  'taxRates',
  'salesCategories',
] as const satisfies readonly DocumentKind[];

/** The key two records of a shared kind are the same by: the name (any case), for tax rates also type and rate. */
export function sharedKeyOf(kind: DocumentKind, record: Row): string {
  const name = String(record.name ?? '')
    .trim()
    .toLowerCase();
  return kind === 'taxRates' ? `${name}/${record.type ?? 'Percent'}/${Number(record.rate ?? 0)}` : name;
}
