import { IMPORT_MESSAGES, type Row } from './catalogue-io';
import type { CsvTable } from './csv';
import { type CsvImport, columnReader, ImportBuilder, moneyOf, numberOf } from './import-builder';

/**
 * Toast's menu export (Menu manager → Items and Modifiers → Export, one CSV): one row per menu item or
 * modifier price, `Entity type` telling which. Mapping (docs/behaviour/catalogue.md#toast):
 *
 * - item rows with the same `Name` are one item; `Menu` is a menu and `Menu group` a group in it (an item
 *   listed under several groups joins each); without `Menu`, the menu is "Toast menu";
 * - `Pricing strategy` (or `Price strategy`): SIZE, or a `Size` cell, makes size prices (one per row);
 *   OPEN an open price; BASE and anything else a base price from `Price`. Menu-, time- and location-specific
 *   prices are not imported: the item keeps the first price, with a warning;
 * - `SKU`, `PLU`, `Description`, `Calories`;
 * - modifier rows make modifiers (`Name`, `Price`) in the modifier group named by `Modifier group` (else
 *   "Toast modifiers"); a group with a priced modifier is priced per modifier ("Individual"). Which items use
 *   a modifier group is not in the export, so groups are not linked to items.
 */
export const TOAST_MENU = 'Toast menu';
export const TOAST_MODIFIERS = 'Toast modifiers';

const SPECIFIC_PRICES = /MENU|TIME|LOCATION|SPECIFIC|LEVEL/i;

export function toastImport(table: CsvTable): CsvImport {
  const columns = columnReader(table);
  if (!columns.has('Name')) throw new Error(IMPORT_MESSAGES.missingColumn('Name', 'Toast'));
  const builder = new ImportBuilder();
  const items = new Map<string, number>();
  for (const { row, cells } of table.rows) {
    const cell = (...names: string[]) => columns.cell(cells, ...names);
    if (/modifier/i.test(cell('Entity type').value)) {
      addModifier(builder, cell, row);
      continue;
    }
    const name = cell('Name').value;
    const known = items.get(name);
    const itemId = known ?? addItem(builder, cell, row);
    if (known === undefined && name !== '') items.set(name, itemId);
    else addPrice(builder, itemId, cell, row);
    const menu = cell('Menu');
    const group = cell('Menu group', 'Menu Group');
    const groupId = builder.groupOf(menu.value || TOAST_MENU, group.value, row, {
      menu: menu.column,
      group: group.column,
    });
    builder.place(groupId, itemId);
  }
  return builder.result(table, columns.used);
}

type Cell = (...names: string[]) => { value: string; column: string };

const strategyOf = (cell: Cell) => cell('Pricing strategy', 'Price strategy');

function addItem(builder: ImportBuilder, cell: Cell, row: number): number {
  const name = cell('Name');
  const price = cell('Price');
  const strategy = strategyOf(cell);
  const record: Row = { name: name.value };
  for (const [field, column] of [
    ['sku', 'SKU'],
    ['plu', 'PLU'],
    ['customerDescription', 'Description'],
  ] as const) {
    const value = cell(column).value;
    if (value) record[field] = value;
  }
  const calories = numberOf(cell('Calories').value);
  if (calories !== undefined) record.calories = calories;
  const size = cell('Size').value;
  if (/SIZE/i.test(strategy.value) || size !== '') {
    record.pricingStrategy = 'size';
    record.sizePrice = [{ name: size || 'Regular', ...priceOf(price.value) }];
  } else if (/OPEN/i.test(strategy.value)) {
    record.pricingStrategy = 'open';
    record.openPrice = true;
  } else {
    record.pricingStrategy = 'base';
    const value = moneyOf(price.value);
    if (value !== undefined) record.basePrice = value;
    if (SPECIFIC_PRICES.test(strategy.value))
      builder.warn(
        row,
        strategy.column,
        `${strategy.value} prices are not imported: "${name.value}" keeps its first price`,
      );
  }
  const columns = {
    name: name.column,
    sku: 'SKU',
    plu: 'PLU',
    customerDescription: 'Description',
    calories: 'Calories',
    basePrice: price.column,
    sizePrice: price.column,
    'sizePrice.name': cell('Size').column,
    pricingStrategy: strategy.column,
    openPrice: strategy.column,
  };
  return builder.add('items', 'itemId', record, { row, columns, rows: [row] });
}

/** A later row of an item: another size price, or (for a base price) a placement only. */
function addPrice(builder: ImportBuilder, itemId: number, cell: Cell, row: number): void {
  const item = builder.record('items', itemId);
  const size = cell('Size').value;
  if (item.pricingStrategy !== 'size' || size === '') return;
  const sizes = item.sizePrice as Row[];
  if (sizes.some((entry) => entry.name === size)) return;
  sizes.push({ name: size, ...priceOf(cell('Price').value) });
  builder.originOf('items', itemId).rows?.push(row);
}

const priceOf = (raw: string) => {
  const price = moneyOf(raw);
  return price === undefined ? {} : { price };
};

function addModifier(builder: ImportBuilder, cell: Cell, row: number): void {
  const group = cell('Modifier group', 'Modifier Group');
  const groupName = group.value || TOAST_MODIFIERS;
  const groupId = builder.once('modifierGroups', 'modifierGroupId', groupName, () => ({
    record: { name: groupName, modifiers: [], pos: true, kiosk: true, onlineOrdering: true },
    origin: {
      row,
      columns: {
        name: group.column,
        'modifiers.name': cell('Name').column,
        'modifiers.price': cell('Price').column,
      },
      rows: [],
    },
  }));
  const record = builder.record('modifierGroups', groupId);
  const price = moneyOf(cell('Price').value);
  (record.modifiers as Row[]).push({ name: cell('Name').value, ...(price === undefined ? {} : { price }) });
  builder.originOf('modifierGroups', groupId).rows?.push(row);
  if (typeof price === 'number' && price > 0) record.pricingStrategy = 'Individual';
}
