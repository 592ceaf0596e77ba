import { updateRestaurant } from '@brigade/contracts/restaurants';
import { Form, FormError } from '@brigade/ui/app-kit/form';
import { useToast } from '@brigade/ui/app-kit/toast';
import { UnsavedChangesPrompt } from '@brigade/ui/app-kit/unsaved-changes';
import { useZodForm } from '@brigade/ui/app-kit/use-zod-form';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { Fragment, type ReactNode, useState } from 'react';
import type { DefaultValues, FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useCan } from '../../restaurant-context';
import { type RestaurantRecord, useRestaurantRecord, useUpdateRestaurant } from './queries';

/*
 * The restaurant and website screens: one form over the restaurant record each, saved as a whole.
 */

/** The loading rows, the error with "Try Again", or the form of the loaded record (anew for each version). */
export function RestaurantRecordGate({
  what,
  children,
}: {
  /** "restaurant" or "website": "Loading website", "Failed to load the website". */
  what: string;
  children: (restaurant: RestaurantRecord) => ReactNode;
}) {
  const record = useRestaurantRecord();
  if (record.isPending) return <SkeletonRows count={5} label={`Loading ${what}`} />;
  if (record.isError)
    return (
      <ErrorView
        title={`Failed to load the ${what}`}
        message={record.error.message}
        actions={<Button onClick={() => void record.refetch()}>Try Again</Button>}
      />
    );
  return <Fragment key={record.data.updatedAt}>{children(record.data)}</Fragment>;
}

/**
 * What a settings form works with: whether the role may change the restaurant, its update, the toasts, the
 * values the form started from (`initial`, computed once), the form over `schema`, and the save error.
 */
export function useSettingsForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  initial: () => z.input<S>,
) {
  const canEdit = useCan(updateRestaurant);
  const update = useUpdateRestaurant();
  const toast = useToast();
  const [original] = useState<z.input<S>>(initial);
  const form = useZodForm(schema, { defaultValues: original as DefaultValues<z.input<S>> });
  const [formError, setFormError] = useState<string | null>(null);
  return { canEdit, update, toast, original, form, formError, setFormError };
}

/**
 * The form: the note for roles that may not change it (every field read-only then), the save error, the
 * fields, the sticky Discard / Save footer, and a prompt before leaving with unsaved edits.
 */
export function SettingsForm<T extends FieldValues, O>({
  form,
  original,
  onSubmit,
  canEdit,
  readOnlyNote,
  formError,
  saveLabel,
  children,
}: {
  form: UseFormReturn<T, unknown, O>;
  original: T;
  onSubmit: SubmitHandler<O>;
  canEdit: boolean;
  readOnlyNote: string;
  formError: string | null;
  saveLabel: string;
  children: ReactNode;
}) {
  return (
    <Form form={form} onSubmit={onSubmit} readOnly={!canEdit} className="settings-form">
      {!canEdit && <p className="form-readonly-note">{readOnlyNote}</p>}
      <FormError message={formError} />
      {children}
      {canEdit && (
        <div className="form-footer form-footer--sticky">
          <Button
            variant="secondary"
            onClick={() => form.reset(original as DefaultValues<T>)}
            disabled={!form.formState.isDirty}
          >
            Discard changes
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting} loadingText="Saving...">
            {saveLabel}
          </Button>
        </div>
      )}
      <UnsavedChangesPrompt when={canEdit && form.formState.isDirty && !form.formState.isSubmitting} />
    </Form>
  );
}
