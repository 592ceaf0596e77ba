import { IMPORT_MESSAGES, type Row } from './catalogue-io';
import type { CsvTable } from './csv';
import { type CsvImport, columnReader, ImportBuilder, moneyOf, yesNoOf } from './import-builder';

/**
 * Square's item library export (Items → Export library → CSV): one row per variation, the item's name on
 * every row. Mapping (docs/behaviour/catalogue.md#square):
 *
 * - rows with the same `Item Name` are one item; one variation is a base price (`Price`), several are size
 *   prices named by `Variation Name`; a lone variation without a price is an open-priced item;
 * - `Categories` (comma-separated) or `Category` (else `Reporting Category`) are menu groups under one menu
 *   "Square menu"; an item without a category sits in the menu itself;
 * - `Description`, `SKU`, `Contains Alcohol`; `Self-serve Ordering Enabled` = N turns off the kiosk, and
 *   `Square Online Item Visibility` = hidden or unavailable turns off online ordering;
 * - `Tax - {name} ({rate}%)` = Y adds a tax rate of that name and rate; `Modifier Set - {name}` = Y adds an
 *   (empty) modifier group of that name: the library export does not list a set's modifiers;
 * - `Archived` = Y rows are left out (a warning each). Other columns are listed as not imported.
 */
export const SQUARE_MENU = 'Square menu';

export function squareImport(table: CsvTable): CsvImport {
  const columns = columnReader(table);
  if (!columns.has('Item Name')) throw new Error(IMPORT_MESSAGES.missingColumn('Item Name', 'Square'));
  const builder = new ImportBuilder();
  const byName = new Map<string, number>();
  const taxes = columns.withPrefix('Tax - ');
  const sets = columns.withPrefix('Modifier Set - ');
  for (const { row, cells } of table.rows) {
    const cell = (...names: string[]) => columns.cell(cells, ...names);
    const name = cell('Item Name');
    if (yesNoOf(cell('Archived').value) === true) {
      builder.warn(row, 'Archived', `"${name.value}" is archived in Square and is not imported`);
      continue;
    }
    const known = byName.get(name.value);
    const itemId = known ?? addItem(builder, cell, row);
    if (known === undefined && name.value !== '') byName.set(name.value, itemId);
    addVariation(builder.record('items', itemId), builder.originOf('items', itemId), cell, row);
    for (const category of categoriesOf(cell)) {
      const groupId = builder.groupOf(SQUARE_MENU, category.value, row, {
        menu: category.column,
        group: category.column,
      });
      builder.place(groupId, itemId);
    }
    linkTaxes(builder, itemId, taxes, cells, row);
    linkModifierSets(builder, itemId, sets, cells, row);
  }
  for (const item of builder.records.items) settlePricing(item);
  return builder.result(table, columns.used);
}

type Cell = (...names: string[]) => { value: string; column: string };

function addItem(builder: ImportBuilder, cell: Cell, row: number): number {
  const name = cell('Item Name');
  const description = cell('Description');
  const sku = cell('SKU');
  const alcohol = cell('Contains Alcohol');
  const record: Row = { name: name.value, sizePrice: [], modifierGroups: [], taxRateIds: [] };
  if (description.value) record.customerDescription = description.value;
  if (sku.value) record.sku = sku.value;
  if (yesNoOf(alcohol.value) !== undefined) record.containsAlcohol = yesNoOf(alcohol.value);
  if (yesNoOf(cell('Self-serve Ordering Enabled').value) === false) record.kiosk = false;
  if (/hidden|unavailable/i.test(cell('Square Online Item Visibility').value)) record.onlineOrdering = false;
  const columns = {
    name: name.column,
    customerDescription: description.column,
    sku: sku.column,
    basePrice: cell('Price').column,
    sizePrice: cell('Price').column,
    'sizePrice.name': cell('Variation Name').column,
    pricingStrategy: cell('Price').column,
    openPrice: cell('Price').column,
  };
  return builder.add('items', 'itemId', record, { row, columns, rows: [] });
}

/** Each row is a variation: kept as a size price until all rows are read (settlePricing decides). */
function addVariation(item: Row, origin: { rows?: number[] }, cell: Cell, row: number): void {
  const variation = cell('Variation Name').value || 'Regular';
  const price = moneyOf(cell('Price').value);
  (item.sizePrice as Row[]).push({ name: variation, ...(price === undefined ? {} : { price }) });
  origin.rows?.push(row);
}

/** One variation: a base price, or an open price when Square has none (variable pricing); more: sizes. */
function settlePricing(item: Row): void {
  const sizes = item.sizePrice as Row[];
  if (sizes.length > 1) {
    item.pricingStrategy = 'size';
    return;
  }
  const [only] = sizes;
  item.sizePrice = [];
  if (only?.price === undefined) {
    item.pricingStrategy = 'open';
    item.openPrice = true;
  } else {
    item.pricingStrategy = 'base';
    item.basePrice = only.price;
  }
}

function categoriesOf(cell: Cell): { value: string; column: string }[] {
  const list = cell('Categories');
  if (list.value)
    return list.value
      .split(',')
      .map((value) => ({ value: value.trim(), column: list.column }))
      .filter((category) => category.value !== '');
  const single = cell('Category');
  if (single.value) return [single];
  const reporting = cell('Reporting Category');
  return [{ value: reporting.value, column: reporting.column }];
}

function linkTaxes(
  builder: ImportBuilder,
  itemId: number,
  taxes: { name: string; i: number }[],
  cells: readonly string[],
  row: number,
) {
  for (const tax of taxes) {
    if (yesNoOf(cells[tax.i] ?? '') !== true) continue;
    const label = tax.name.slice('Tax - '.length).trim();
    const match = /^(.*?)\s*\(([\d.]+)%\)$/.exec(label);
    const taxRateId = builder.once('taxRates', 'taxRateId', label, () => ({
      record: { name: match ? match[1] : label, rate: match ? Number(match[2]) : 0 },
      origin: { row, columns: { name: tax.name, rate: tax.name } },
    }));
    const item = builder.record('items', itemId);
    const ids = item.taxRateIds as number[];
    if (!ids.includes(taxRateId)) ids.push(taxRateId);
  }
}

function linkModifierSets(
  builder: ImportBuilder,
  itemId: number,
  sets: { name: string; i: number }[],
  cells: readonly string[],
  row: number,
) {
  for (const set of sets) {
    if (yesNoOf(cells[set.i] ?? '') !== true) continue;
    const name = set.name.slice('Modifier Set - '.length).trim();
    const modifierGroupId = builder.once('modifierGroups', 'modifierGroupId', name, () => ({
      record: { name, pos: true, kiosk: true, onlineOrdering: true },
      origin: { row, columns: { name: set.name } },
    }));
    const references = builder.record('items', itemId).modifierGroups as Row[];
    if (!references.some((reference) => reference.modifierGroupId === modifierGroupId))
      references.push({ modifierGroupId, position: references.length });
  }
}
