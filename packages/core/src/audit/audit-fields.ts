import * as catalogue from '@brigade/db/schema/catalogue';
import * as domains from '@brigade/db/schema/domains';
import * as identity from '@brigade/db/schema/identity';
import * as ordering from '@brigade/db/schema/ordering';
import * as payments from '@brigade/db/schema/payments';
import * as tenancy from '@brigade/db/schema/tenancy';
import { getTableColumns, getTableName, isTable, type Table } from 'drizzle-orm';

/**
 * The audit trigger sees database column names (menu_groups.visible_in_pos); the API speaks the entities'
 * field names (visibleInPOS), which are the schema's keys. This maps one to the other for every table.
 */
const FIELD_NAMES = new Map<string, Map<string, string>>();
for (const schema of [catalogue, domains, identity, ordering, payments, tenancy]) {
  for (const value of Object.values(schema)) {
    if (!isTable(value)) continue;
    const columns = getTableColumns(value as Table);
    FIELD_NAMES.set(
      getTableName(value as Table),
      new Map(Object.entries(columns).map(([key, column]) => [column.name, key])),
    );
  }
}

/** The field name of a table's column; the column name itself for a column the schema does not know. */
export const fieldNameOf = (table: string, column: string): string =>
  FIELD_NAMES.get(table)?.get(column) ?? column;
