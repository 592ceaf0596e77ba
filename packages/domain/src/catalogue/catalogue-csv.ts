import type { CatalogueDocument, Row } from './catalogue-io';
import { toCsv } from './csv';

/**
 * The catalogue as a spreadsheet: one row per item (docs/behaviour/catalogue.md#csv-columns). Lists inside
 * a cell are separated by " | "; sizes are "name=price"; menu groups are paths ("Dinner › Mains"); flags are
 * "yes" or "no". For reading and editing in a spreadsheet: the JSON export is the one an import reads back.
 */
export const CATALOGUE_CSV_COLUMNS = [
  'Item ID',
  'Name',
  'Menu groups',
  'Pricing strategy',
  'Base price',
  'Sizes',
  'Tags',
  'Course',
  'Modifier groups',
  'Tax rates',
  'POS',
  'Kiosk',
  'Online ordering',
  'Customer invoices',
  'Online ordering partners',
  'Contains alcohol',
  'Calories',
  'SKU',
  'PLU',
  'Description',
] as const;

const LIST = ' | ';
const yesNo = (value: unknown) => (value === false ? 'no' : 'yes');
const money = (value: unknown) => (typeof value === 'number' ? value.toFixed(2) : '');

export function catalogueCsv(
  document: Pick<
    CatalogueDocument,
    'items' | 'menuGroups' | 'tags' | 'courses' | 'modifierGroups' | 'taxRates'
  >,
): string {
  const nameOf = (list: readonly Row[], idField: string) =>
    new Map(list.map((record) => [record[idField], record.name as string]));
  const tags = nameOf(document.tags, 'tagId');
  const courses = nameOf(document.courses, 'courseId');
  const modifierGroups = nameOf(document.modifierGroups, 'modifierGroupId');
  const taxRates = nameOf(document.taxRates, 'taxRateId');
  const groupsOf = groupPathsByItem(document.menuGroups);
  const names = (ids: unknown, names: Map<unknown, string>) =>
    ((ids as unknown[] | undefined) ?? []).flatMap((id) => names.get(id) ?? []).join(LIST);
  const rows = document.items.map((item) => [
    item.itemId,
    item.name,
    (groupsOf.get(item.itemId) ?? []).join(LIST),
    item.pricingStrategy,
    item.pricingStrategy === 'base' ? money(item.basePrice) : '',
    ((item.sizePrice as Row[] | undefined) ?? [])
      .map((size) => `${size.name as string}=${money(size.price)}`)
      .join(LIST),
    names(item.tagIds, tags),
    courses.get(item.courseId) ?? '',
    names(
      ((item.modifierGroups as Row[] | undefined) ?? []).map((ref) => ref.modifierGroupId),
      modifierGroups,
    ),
    names(item.taxRateIds, taxRates),
    yesNo(item.pos),
    yesNo(item.kiosk),
    yesNo(item.onlineOrdering),
    yesNo(item.customerInvoices),
    yesNo(item.onlineOrderingPartners),
    item.containsAlcohol === true ? 'yes' : 'no',
    item.calories ?? '',
    item.sku ?? '',
    item.plu ?? '',
    item.customerDescription ?? '',
  ]);
  return toCsv(CATALOGUE_CSV_COLUMNS, rows);
}

/** Every item's menu groups as paths from the menu down ("Dinner › Mains"). */
function groupPathsByItem(groups: readonly Row[]): Map<unknown, string[]> {
  const byId = new Map(groups.map((group) => [group.menuGroupId, group]));
  const pathOf = (group: Row, depth = 0): string => {
    const parent = byId.get(group.parentId);
    return parent && depth < groups.length
      ? `${pathOf(parent, depth + 1)} › ${group.name as string}`
      : (group.name as string);
  };
  const paths = new Map<unknown, string[]>();
  for (const group of groups)
    for (const reference of (group.items as Row[] | undefined) ?? [])
      paths.set(reference.itemId, [...(paths.get(reference.itemId) ?? []), pathOf(group)]);
  return paths;
}
