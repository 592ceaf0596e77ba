import type { Jsonify } from '@brigade/api-client/client';
import { SALES_CATEGORY_KIND } from '@brigade/domain/catalogue/kinds';
import { createSalesCategoryInputSchema, type SalesCategory } from '@brigade/domain/catalogue/sales-category';
import { FormRow } from '@brigade/ui/app-kit/form';
import { TextareaField, TextField } from '@brigade/ui/app-kit/form-fields';
import { text } from '../entity/cells';
import type { EntityConfig } from '../entity/entity-config';
import { EntityScreen } from '../entity/entity-screen';

type Row = Jsonify<SalesCategory>;

const config: EntityConfig<Row> = {
  kind: SALES_CATEGORY_KIND,
  title: 'Sales categories',
  description: 'Reporting groups for sales (food, beverages, alcohol). Items name their category.',
  noun: 'sales category',
  schema: createSalesCategoryInputSchema,
  editable: ['number', 'name', 'code', 'description'],
  defaults: () => ({ number: '', name: '', code: '', description: '' }),
  toForm: (row) => ({
    number: row.number ?? '',
    name: row.name,
    code: row.code,
    description: row.description ?? '',
  }),
  renderFields: () => (
    <>
      <FormRow>
        <TextField name="name" label="Name" autoFocus />
        <TextField name="code" label="Code" hint="Short code used in reports, e.g. FOOD" />
      </FormRow>
      <TextField name="number" label="Number" hint="Optional POS or display number" />
      <TextareaField name="description" label="Description" />
    </>
  ),
  columns: [
    { header: 'Name', primary: true, cell: (row) => row.name },
    { header: 'Code', cell: (row) => <code>{row.code}</code> },
    { header: 'Description', cell: (row) => text(row.description), hideOnMobile: true },
  ],
  searchText: (row) => [row.name, row.code, row.number, row.description],
  rowName: (row) => row.name,
  emptyMessage: 'Sales categories group what you sell in reports.',
};

export default function SalesCategoriesScreen() {
  return <EntityScreen config={config} />;
}
