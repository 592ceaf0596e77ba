import {
  cashDrawers,
  courses,
  prepStations,
  printers,
  salesCategories,
  tags,
  taxRates,
} from '@brigade/db/schema/catalogue';
import {
  CASH_DRAWER_KIND,
  type CatalogueKindDefinition,
  COURSE_KIND,
  PREP_STATION_KIND,
  PRINTER_KIND,
  SALES_CATEGORY_KIND,
  TAG_KIND,
  TAX_RATE_KIND,
} from '@brigade/domain/catalogue/kinds';
import { missingReferenceErrors, type ReferenceField } from './child-rows';
import { MENU_GROUP_STORE } from './menu-group-store';
import { printerHostProblem } from './printer-addresses';
import { ITEM_STORE, MODIFIER_GROUP_STORE } from './product-stores';
import { EMPLOYEE_STORE, JOB_TITLE_STORE } from './staff-stores';
import type { KindStore } from './store';

// Simple kinds: a table and its id column; everything else is generic (catalogue-service.ts).
export const COURSE_STORE: KindStore = { kind: COURSE_KIND, table: courses, idColumn: courses.courseId };
export const TAG_STORE: KindStore = { kind: TAG_KIND, table: tags, idColumn: tags.tagId };
// Stations and printers point at other stations and printers of the restaurant; those must exist (or be
// written in the same batch), so a kitchen setup never routes tickets to nothing.
const referencesOf =
  (fields: readonly ReferenceField[]): NonNullable<KindStore['checkReferences']> =>
  async (ex, scope, records) =>
    [...(await missingReferenceErrors(ex, scope, records, fields)).values()].flat();

export const PREP_STATION_STORE: KindStore = {
  kind: PREP_STATION_KIND,
  table: prepStations,
  idColumn: prepStations.prepStationId,
  checkReferences: referencesOf([
    {
      field: 'otherStationIds',
      table: prepStations,
      idColumn: prepStations.prepStationId,
      label: 'Prep station',
      sameKind: { idField: 'prepStationId' },
    },
    { field: 'ticketPrinterId', table: printers, idColumn: printers.printerId, label: 'Printer' },
    { field: 'backupPrinterId', table: printers, idColumn: printers.printerId, label: 'Printer' },
  ]),
};
export const SALES_CATEGORY_STORE: KindStore = {
  kind: SALES_CATEGORY_KIND,
  table: salesCategories,
  idColumn: salesCategories.salesCategoryId,
};
export const TAX_RATE_STORE: KindStore = {
  kind: TAX_RATE_KIND,
  table: taxRates,
  idColumn: taxRates.taxRateId,
};
const printerReferences = referencesOf([
  {
    field: 'backupPrinterId',
    table: printers,
    idColumn: printers.printerId,
    label: 'Printer',
    sameKind: { idField: 'printerId' },
  },
]);
// docs/behaviour/catalogue.md#printers: a printer is never this server (decision 040). An update that keeps
// the stored address is not judged again.
export const PRINTER_STORE: KindStore = {
  kind: PRINTER_KIND,
  table: printers,
  idColumn: printers.printerId,
  checkReferences: async (ex, scope, records, previous, context) => [
    ...(await printerReferences(ex, scope, records, previous, context)),
    ...records.flatMap((record, index) => {
      const ip = record.ipAddress;
      if (typeof ip !== 'string' || ip === previous[index]?.ipAddress) return [];
      const message = printerHostProblem(ip, context.printerAddresses);
      return message ? [{ index, path: 'ipAddress', message }] : [];
    }),
  ],
};
export const CASH_DRAWER_STORE: KindStore = {
  kind: CASH_DRAWER_KIND,
  table: cashDrawers,
  idColumn: cashDrawers.id,
};

export const KIND_STORES: readonly KindStore[] = [
  COURSE_STORE,
  TAG_STORE,
  PRINTER_STORE,
  PREP_STATION_STORE,
  SALES_CATEGORY_STORE,
  TAX_RATE_STORE,
  CASH_DRAWER_STORE,
  JOB_TITLE_STORE,
  EMPLOYEE_STORE,
  MODIFIER_GROUP_STORE,
  ITEM_STORE,
  MENU_GROUP_STORE,
];

const byKind = new Map<CatalogueKindDefinition, KindStore>(KIND_STORES.map((store) => [store.kind, store]));

/** The store of a kind; every kind of CATALOGUE_KINDS has one. */
export function storeOf(kind: CatalogueKindDefinition): KindStore {
  const store = byKind.get(kind);
  if (!store) throw new Error(`No store for catalogue kind ${kind.plural}`);
  return store;
}
