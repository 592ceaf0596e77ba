import type { Jsonify } from '@brigade/api-client/client';
import { TAG_KIND } from '@brigade/domain/catalogue/kinds';
import { createTagInputSchema, type Tag } from '@brigade/domain/catalogue/tag';
import { FormRow } from '@brigade/ui/app-kit/form';
import { ColorField, TextareaField, TextField } from '@brigade/ui/app-kit/form-fields';
import { swatch, text } from '../entity/cells';
import type { EntityConfig } from '../entity/entity-config';
import { EntityScreen } from '../entity/entity-screen';

type Row = Jsonify<Tag>;

const config: EntityConfig<Row> = {
  kind: TAG_KIND,
  title: 'Tags',
  description: 'Labels for items (vegan, spicy, new) that menus and guests can filter by.',
  noun: 'tag',
  schema: createTagInputSchema,
  editable: ['number', 'name', 'color', 'description'],
  defaults: () => ({ number: '', name: '', color: '', description: '' }),
  toForm: (row) => ({
    number: row.number ?? '',
    name: row.name,
    color: row.color ?? '',
    description: row.description ?? '',
  }),
  renderFields: () => (
    <>
      <FormRow>
        <TextField name="name" label="Name" autoFocus />
        <TextField name="number" label="Number" hint="Optional POS or display number" />
      </FormRow>
      <ColorField name="color" label="Colour" hint="Optional, e.g. #15803d" />
      <TextareaField name="description" label="Description" />
    </>
  ),
  columns: [
    { header: 'Name', primary: true, cell: (row) => swatch(row.color, row.name) },
    { header: 'Colour', cell: (row) => text(row.color) },
    { header: 'Description', cell: (row) => text(row.description), hideOnMobile: true },
  ],
  searchText: (row) => [row.name, row.number, row.description],
  rowName: (row) => row.name,
  emptyMessage: 'Tags such as Vegan or Spicy help guests find dishes.',
};

export default function TagsScreen() {
  return <EntityScreen config={config} />;
}
