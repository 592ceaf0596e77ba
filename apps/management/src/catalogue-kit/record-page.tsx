import { loadError } from '@brigade/api-client/query-defaults';
import type { CatalogueKindDefinition } from '@brigade/domain/catalogue/kinds';
import { Form, FormError } from '@brigade/ui/app-kit/form';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { UnsavedChangesPrompt } from '@brigade/ui/app-kit/unsaved-changes';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Fragment, type ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { useCatalogueRecord } from './catalogue-api';
import { LoadState, MoveButtons } from './ui';

/*
 * The frame of a catalogue record's editor page (/items/:id, /modifier-groups/:id): loading, the form with
 * its errors, read-only note and footer, and the rows of an editable list. The writes and "Delete X?" are
 * in record-writes.tsx.
 */

/**
 * An editor's route: without an id ("new") the form at once; with one, the record is loaded first (the
 * page shows loading, or why it could not load with a retry), then the form, started afresh whenever the
 * stored record changes (`updatedAt`).
 */
export function RecordRoute<R extends { updatedAt: string }>({
  kind,
  id,
  title,
  back,
  label,
  form,
}: {
  kind: CatalogueKindDefinition;
  id: number | null;
  title: string;
  back: { to: string; label: string };
  label: string;
  form: (record: R | null) => ReactNode;
}) {
  const record = useCatalogueRecord<R>(kind, id);
  if (id === null) return form(null);
  if (record.isPending || record.error)
    return (
      <div className="cat-page">
        <PageHeader title={title} back={back} />
        <LoadState error={loadError(record)} onRetry={() => void record.refetch()} label={label} />
      </div>
    );
  return <Fragment key={record.data.updatedAt}>{form(record.data)}</Fragment>;
}

/** The page's header: the record's name (or "New ..."), the way back, and Delete for roles that may. */
export function RecordHeader({
  title,
  back,
  description,
  onDelete,
}: {
  title: string;
  back: { to: string; label: string };
  description: string;
  onDelete: (() => void) | false;
}) {
  return (
    <PageHeader
      title={title}
      back={back}
      description={description}
      actions={
        onDelete && (
          <Button variant="danger" onClick={onDelete}>
            Delete
          </Button>
        )
      }
    />
  );
}

/**
 * The editor's form: the save error, the read-only note for roles that may not save, the fields (disabled
 * then) and the Cancel / save footer.
 */
export function RecordForm<V extends FieldValues>({
  form,
  label,
  onSubmit,
  formError,
  canSave,
  readOnlyNote,
  cancelTo,
  saveDisabled,
  submitLabel,
  children,
}: {
  form: UseFormReturn<V>;
  label: string;
  onSubmit: SubmitHandler<V>;
  formError: string | null;
  canSave: boolean;
  readOnlyNote: string;
  cancelTo: string;
  saveDisabled: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <Form
      form={form}
      onSubmit={onSubmit}
      readOnly={!canSave}
      className="cat-form cat-form--page"
      fieldsetClassName="cat-fieldset"
      label={label}
    >
      <FormError message={formError} />
      {!canSave && (
        <Alert tone="info" title="Read only">
          {readOnlyNote}
        </Alert>
      )}
      {children}
      {canSave && (
        <div className="cat-form__footer">
          <Link className="ui-button ui-button--secondary" to={cancelTo}>
            Cancel
          </Link>
          <Button
            type="submit"
            loading={form.formState.isSubmitting}
            loadingText="Saving..."
            disabled={saveDisabled}
          >
            {submitLabel}
          </Button>
        </div>
      )}
      <UnsavedChangesPrompt when={canSave && form.formState.isDirty && !form.formState.isSubmitting} />
    </Form>
  );
}

/**
 * A record's editor page: the header (name or "New <noun>", the way back to the list, Delete), the form
 * with its save error, read-only note and Cancel / save footer, then `dialogs` (the delete confirmation).
 * `name` is null for a new record.
 */
export function RecordPage<V extends FieldValues>({
  name,
  noun,
  plural,
  listPath,
  listLabel,
  description,
  onDelete,
  form,
  onSubmit,
  formError,
  canSave,
  dialogs,
  children,
}: {
  name: string | null;
  /** "item": "New item", "Create item" */
  noun: string;
  /** "items": "Your role can view items but not change them." */
  plural: string;
  listPath: string;
  listLabel: string;
  description: string;
  onDelete: (() => void) | false;
  form: UseFormReturn<V>;
  onSubmit: SubmitHandler<V>;
  formError: string | null;
  canSave: boolean;
  dialogs: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="cat-page">
      <RecordHeader
        title={name ?? `New ${noun}`}
        back={{ to: listPath, label: listLabel }}
        description={description}
        onDelete={onDelete}
      />
      <RecordForm
        form={form}
        label={name !== null ? `Edit ${name}` : `New ${noun}`}
        onSubmit={onSubmit}
        formError={formError}
        canSave={canSave}
        readOnlyNote={`Your role can view ${plural} but not change them.`}
        cancelTo={listPath}
        saveDisabled={name !== null && !form.formState.isDirty}
        submitLabel={name !== null ? 'Save changes' : `Create ${noun}`}
      >
        {children}
      </RecordForm>
      {dialogs}
    </div>
  );
}

/** Move up, move down and remove for row `index` of `count` of an editable list; `name` names the row. */
export function RowActions({
  name,
  index,
  count,
  onMove,
  onRemove,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  return (
    <span className="cat-row__actions">
      <MoveButtons label={name} index={index} count={count} onMove={(to) => onMove(index, to)} />
      <Button
        variant="ghost"
        size="sm"
        className="cat-danger"
        aria-label={`Remove ${name}`}
        onClick={() => onRemove(index)}
      >
        Remove
      </Button>
    </span>
  );
}
