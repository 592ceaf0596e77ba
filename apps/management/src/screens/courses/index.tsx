import type { Jsonify } from '@brigade/api-client/client';
import { type Course, createCourseInputSchema } from '@brigade/domain/catalogue/course';
import { COURSE_KIND } from '@brigade/domain/catalogue/kinds';
import { FormRow } from '@brigade/ui/app-kit/form';
import { TextareaField, TextField } from '@brigade/ui/app-kit/form-fields';
import { text } from '../entity/cells';
import type { EntityConfig } from '../entity/entity-config';
import { EntityScreen } from '../entity/entity-screen';

type Row = Jsonify<Course>;

const config: EntityConfig<Row> = {
  kind: COURSE_KIND,
  title: 'Courses',
  description: 'The order dishes go out in (starters, mains, desserts). Items name their course.',
  noun: 'course',
  schema: createCourseInputSchema,
  editable: ['number', 'name', 'description'],
  defaults: () => ({ number: '', name: '', description: '' }),
  toForm: (row) => ({ number: row.number ?? '', name: row.name, description: row.description ?? '' }),
  renderFields: () => (
    <>
      <FormRow>
        <TextField name="name" label="Name" autoFocus />
        <TextField name="number" label="Number" hint="Optional POS or display number" />
      </FormRow>
      <TextareaField name="description" label="Description" />
    </>
  ),
  columns: [
    { header: 'Name', primary: true, cell: (row) => row.name },
    { header: 'Number', cell: (row) => text(row.number) },
    { header: 'Description', cell: (row) => text(row.description), hideOnMobile: true },
  ],
  searchText: (row) => [row.name, row.number, row.description],
  rowName: (row) => row.name,
  emptyMessage: 'Add courses such as Starters, Mains and Desserts to pace the kitchen.',
};

export default function CoursesScreen() {
  return <EntityScreen config={config} />;
}
