import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { Form, FormError } from '@brigade/ui/app-kit/form';
import { applyServerErrors } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useState } from 'react';
import { useCatalogueMutations } from '../../components/catalogue-queries';
import { toMergePatch } from '../../components/merge-patch';
import { capitalNoun, type EntityConfig } from './entity-config';

/**
 * The create / edit dialog of a catalogue kind. Validates with the kind's schema as you go, sends a create
 * or a merge patch, puts the server's field errors on the fields, and closes with a toast on success.
 */
export function EntityEditorDialog<Row extends Record<string, unknown>>({
  config,
  row,
  readOnly,
  onClose,
}: {
  config: EntityConfig<Row>;
  row: Row | undefined;
  readOnly: boolean;
  onClose: () => void;
}) {
  const { create, update } = useCatalogueMutations<Row>(config.kind);
  const toast = useToast();
  const form = useZodForm(config.schema, { defaultValues: row ? config.toForm(row) : config.defaults() });
  const [formError, setFormError] = useState<string | null>(null);
  const formId = `${config.kind.path}-editor`;
  const editing = row !== undefined;

  const onSubmit = async (output: Record<string, unknown>) => {
    setFormError(null);
    const body = config.toBody ? config.toBody(output) : output;
    try {
      if (editing) {
        const id = row[config.kind.idField] as number;
        await update.mutateAsync({ id, patch: toMergePatch(body, row, config.editable) });
        toast.success(`${capitalNoun(config)} saved`);
      } else {
        const picked = Object.fromEntries(
          config.editable.filter((key) => body[key] !== undefined).map((key) => [key, body[key]]),
        );
        await create.mutateAsync(picked);
        toast.success(`${capitalNoun(config)} created`);
      }
      onClose();
    } catch (error) {
      setFormError(applyServerErrors(error, form));
    }
  };

  const title = readOnly ? capitalNoun(config) : editing ? `Edit ${config.noun}` : `New ${config.noun}`;
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={readOnly ? 'You can view this, but your role cannot change it.' : undefined}
      size={config.dialogSize ?? 'md'}
      footer={
        readOnly ? (
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        ) : (
          <DialogFormFooter
            formId={formId}
            onCancel={onClose}
            pending={form.formState.isSubmitting}
            submitLabel={editing ? 'Save changes' : `Create ${config.noun}`}
          />
        )
      }
    >
      <Form id={formId} form={form} onSubmit={onSubmit} readOnly={readOnly}>
        <FormError message={formError} />
        {config.renderFields({ row, readOnly })}
      </Form>
    </Dialog>
  );
}
