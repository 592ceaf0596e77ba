import type { CatalogueKindDefinition } from '@brigade/domain/catalogue/kinds';
import type { Column } from '@brigade/ui/app-kit/data-table';
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Describes one catalogue kind for the generic list + dialog editor (EntityScreen): what the list shows,
 * which schema validates the form (the domain's create schema: the server's messages), the form's
 * defaults and fields, and how a stored row becomes form values.
 */
export interface EntityConfig<Row extends Record<string, unknown>> {
  kind: CatalogueKindDefinition;
  title: string;
  description: string;
  /** Lower-case singular for buttons and messages: "tax rate". */
  noun: string;
  /** The form's schema (a create schema from packages/domain). */
  schema: z.ZodType<FieldValues, FieldValues>;
  /** The fields the form edits (a merge patch sends these; blank ones the row had are cleared). */
  editable: readonly string[];
  /** Values of a new record's form. */
  defaults: () => FieldValues;
  /** A stored row as form values. */
  toForm: (row: Row) => FieldValues;
  /** Turns the schema's output into the request body (drop what does not apply). */
  toBody?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** The form body (fields); rendered inside <Form>. */
  renderFields: (context: { row: Row | undefined; readOnly: boolean }) => ReactNode;
  columns: readonly Column<Row>[];
  /** Values the search box looks in. */
  searchText: (row: Row) => (string | number | null | undefined)[];
  /** The row's name in "Delete {name}?". */
  rowName: (row: Row) => string;
  /** Extra buttons per row (job titles: Activate / Deactivate). */
  rowActions?: (row: Row) => ReactNode;
  dialogSize?: 'sm' | 'md' | 'lg';
  /** Empty-state text. */
  emptyMessage: string;
  /** Shown instead of the list when the role may not read this kind (employees need a manager). */
  forbiddenMessage?: string;
}

/** The kind's noun with a capital, for toasts and titles: "Tax rate saved". */
export const capitalNoun = (config: Pick<EntityConfig<never>, 'noun'>) =>
  config.noun.charAt(0).toUpperCase() + config.noun.slice(1);
