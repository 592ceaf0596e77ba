import type { CatalogueKindDefinition } from '@brigade/domain/catalogue/kinds';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { type FormEventHandler, Fragment, type ReactNode, useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { applyProblem, errorMessageOf } from '../../components/server-errors';
import { useToast } from '../../components/toast';
import { useCatalogueRecord } from './catalogue-api';
import { LoadState, MoveButtons } from './ui';

/*
 * The frame of a catalogue record's editor page (/items/:id, /modifier-groups/:id): loading, the form with
 * its errors, read-only note and footer, the rows of an editable list, and "Delete X?".
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
        <LoadState error={record.error} onRetry={() => void record.refetch()} label={label} />
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
export function RecordForm({
  label,
  onSubmit,
  formError,
  canSave,
  readOnlyNote,
  cancelTo,
  isSubmitting,
  saveDisabled,
  submitLabel,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  formError: string | null;
  canSave: boolean;
  readOnlyNote: string;
  cancelTo: string;
  isSubmitting: boolean;
  saveDisabled: boolean;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form className="cat-form cat-form--page" noValidate onSubmit={onSubmit} aria-label={label}>
      {formError && <Alert title="Could not save">{formError}</Alert>}
      {!canSave && (
        <Alert tone="info" title="Read only">
          {readOnlyNote}
        </Alert>
      )}
      <fieldset className="cat-fieldset" disabled={!canSave}>
        {children}
      </fieldset>
      {canSave && (
        <div className="cat-form__footer">
          <Link className="ui-button ui-button--secondary" to={cancelTo}>
            Cancel
          </Link>
          <Button type="submit" loading={isSubmitting} loadingText="Saving..." disabled={saveDisabled}>
            {submitLabel}
          </Button>
        </div>
      )}
    </form>
  );
}

/**
 * A record's editor page: the header (name or "New <noun>", the way back to the list, Delete), the form
 * with its save error, read-only note and Cancel / save footer, then `dialogs` (the delete confirmation).
 * `name` is null for a new record.
 */
export function RecordPage({
  name,
  noun,
  plural,
  listPath,
  listLabel,
  description,
  onDelete,
  onSubmit,
  formError,
  canSave,
  isSubmitting,
  isDirty,
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
  onSubmit: FormEventHandler<HTMLFormElement>;
  formError: string | null;
  canSave: boolean;
  isSubmitting: boolean;
  isDirty: boolean;
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
        label={name !== null ? `Edit ${name}` : `New ${noun}`}
        onSubmit={onSubmit}
        formError={formError}
        canSave={canSave}
        readOnlyNote={`Your role can view ${plural} but not change them.`}
        cancelTo={listPath}
        isSubmitting={isSubmitting}
        saveDisabled={name !== null && !isDirty}
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

/**
 * The Delete button's state and "Delete X?" dialog: `remove` runs on confirm; a failure shows in the dialog
 * (`failure` when the server gives no message).
 */
export function useDeleteRecord({ remove, failure }: { remove: () => Promise<void>; failure: string }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await remove();
    } catch (caught) {
      setError(errorMessageOf(caught, failure));
    }
  };
  return {
    ask: () => setOpen(true),
    dialogProps: {
      open,
      error,
      onConfirm: () => void confirm(),
      onCancel: () => {
        setError(null);
        setOpen(false);
      },
    },
  };
}

/** "Delete X?", saying where else the record goes away from (`usedBy` names those places). */
export function DeleteRecordDialog({
  name,
  usedBy,
  usersOne,
  usersMany,
  pending,
  dialogProps,
}: {
  name: string | undefined;
  usedBy: readonly string[];
  /** e.g. "the item that uses it" */
  usersOne: string;
  /** e.g. (n) => `the ${n} items that use it` */
  usersMany: (count: number) => string;
  pending: boolean;
  dialogProps: ReturnType<typeof useDeleteRecord>['dialogProps'];
}) {
  return (
    <ConfirmDialog
      {...dialogProps}
      title={name ? `Delete ${name}?` : ''}
      message={
        usedBy.length > 0
          ? `It will also be removed from ${
              usedBy.length === 1 ? usersOne : usersMany(usedBy.length)
            }: ${usedBy.join(', ')}. This cannot be undone.`
          : 'This cannot be undone.'
      }
      pending={pending}
    />
  );
}

interface RecordMutations<R> {
  create: { mutateAsync: (body: Record<string, unknown>) => Promise<R> };
  update: { mutateAsync: (change: { id: number; patch: Record<string, unknown> }) => Promise<unknown> };
  remove: { mutateAsync: (id: number) => Promise<unknown> };
}

/**
 * An editor's writes. `save`: for a stored record its patch (none sent when nothing changed) and "X saved";
 * for a new one the create, "X created" and the new record's page (`listPath`/id). A failure goes on the
 * form's fields (`fields`) and into `formError`. `deletion`: the Delete button's dialog; on success
 * "X deleted" and back to `listPath`.
 */
export function useRecordWrites<R extends { name: string }, V extends FieldValues & { name: string }>({
  record,
  idOf,
  listPath,
  body,
  mutations,
  setError,
  fields,
  deleteFailure,
}: {
  record: R | null;
  idOf: (record: R) => number;
  listPath: string;
  body: (original: R | null, values: V) => Record<string, unknown>;
  mutations: RecordMutations<R>;
  setError: UseFormSetError<V>;
  fields: readonly string[];
  deleteFailure: string;
}) {
  const navigate = useNavigate();
  const toast = useToast();
  const [formError, setFormError] = useState<string | null>(null);

  const save = async (values: V) => {
    setFormError(null);
    try {
      if (record) {
        const patch = body(record, values);
        if (Object.keys(patch).length > 0) await mutations.update.mutateAsync({ id: idOf(record), patch });
        toast.success(`${values.name} saved`);
      } else {
        const created = await mutations.create.mutateAsync(body(null, values));
        toast.success(`${created.name} created`);
        void navigate(`${listPath}/${idOf(created)}`, { replace: true });
      }
    } catch (error) {
      setFormError(applyProblem(error, setError, fields));
    }
  };

  const deletion = useDeleteRecord({
    remove: async () => {
      if (!record) return;
      await mutations.remove.mutateAsync(idOf(record));
      toast.success(`${record.name} deleted`);
      void navigate(listPath);
    },
    failure: deleteFailure,
  });

  return { formError, save, deletion };
}
