import type { CatalogueKindDefinition } from '@brigade/domain/catalogue/kinds';

/**
 * One valid create body per catalogue kind, a field that renames it, and an invalid body with its
 * message, so generic tests can walk every kind.
 */
export interface CatalogueSample {
  valid: Record<string, unknown>;
  /** The field a rename writes and the tests read back. */
  nameField: string;
  invalid: { body: Record<string, unknown>; path: string; message: string };
}

export const CATALOGUE_SAMPLES: Record<string, CatalogueSample> = {
  courses: {
    valid: { name: 'Starters', description: 'First' },
    nameField: 'name',
    invalid: { body: { name: ' ' }, path: 'name', message: 'Course name cannot be empty' },
  },
  tags: {
    valid: { name: 'Vegan', color: '#00aa00' },
    nameField: 'name',
    invalid: { body: { name: '' }, path: 'name', message: 'Tag name cannot be empty' },
  },
  printers: {
    valid: { name: 'Kitchen', model: 'TM-T88' },
    nameField: 'name',
    invalid: { body: { name: 'Bar', model: '' }, path: 'model', message: 'Printer model cannot be empty' },
  },
  'prep-stations': {
    valid: { name: 'Grill' },
    nameField: 'name',
    invalid: { body: { name: '' }, path: 'name', message: 'Prep station name cannot be empty' },
  },
  'sales-categories': {
    valid: { name: 'Food', code: 'FOOD' },
    nameField: 'name',
    invalid: {
      body: { name: 'Food', code: '' },
      path: 'code',
      message: 'Sales category code cannot be empty',
    },
  },
  'tax-rates': {
    valid: { name: 'State tax', rate: 8.25 },
    nameField: 'name',
    invalid: { body: { name: 'Bad', rate: -1 }, path: 'rate', message: 'Rate cannot be negative' },
  },
  'cash-drawers': {
    valid: { name: 'Front counter' },
    nameField: 'name',
    invalid: {
      body: { name: 'x'.repeat(31) },
      path: 'name',
      message: 'Cash drawer name cannot be longer than 30 characters',
    },
  },
  'job-titles': {
    valid: { title: 'Line cook', defaultWage: 18 },
    nameField: 'title',
    invalid: { body: { title: '' }, path: 'title', message: 'Job title is required' },
  },
  employees: {
    valid: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', hourlyRate: 21 },
    nameField: 'firstName',
    invalid: { body: { firstName: '', lastName: 'L' }, path: 'firstName', message: 'First name is required' },
  },
  'modifier-groups': {
    valid: { name: 'Sauces', modifiers: [{ name: 'Ketchup' }, { name: 'Mayo', price: 0.5 }] },
    nameField: 'name',
    invalid: { body: { name: '' }, path: 'name', message: 'Modifier group name cannot be empty' },
  },
  items: {
    valid: { name: 'Burger', basePrice: 12.5 },
    nameField: 'name',
    invalid: { body: { name: '', basePrice: 1 }, path: 'name', message: 'Item name cannot be empty' },
  },
  'menu-groups': {
    valid: { name: 'Lunch', description: 'Served 11-3' },
    nameField: 'name',
    invalid: { body: { name: '' }, path: 'name', message: 'Menu group name cannot be empty' },
  },
};

export const sampleOf = (kind: CatalogueKindDefinition): CatalogueSample => {
  const sample = CATALOGUE_SAMPLES[kind.path];
  if (!sample) throw new Error(`No catalogue sample for ${kind.path}`);
  return sample;
};
