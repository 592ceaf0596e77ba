import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { applyProblem, errorMessageOf } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { useNavigate } from 'react-router';

/* A catalogue record editor's writes: save (create or patch), and delete with its "Delete X?" dialog. */

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
  reset,
  fields,
  deleteFailure,
}: {
  record: R | null;
  idOf: (record: R) => number;
  listPath: string;
  body: (original: R | null, values: V) => Record<string, unknown>;
  mutations: RecordMutations<R>;
  setError: UseFormSetError<V>;
  /** After a save, the saved values become the form's own: it is no longer "unsaved". */
  reset: (values: V) => void;
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
        reset(values);
        toast.success(`${values.name} saved`);
      } else {
        const created = await mutations.create.mutateAsync(body(null, values));
        reset(values);
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
