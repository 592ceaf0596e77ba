import type { ReactNode } from 'react';
import {
  type FieldValues,
  FormProvider,
  type SubmitHandler,
  type UseFormReturn,
  useFormContext,
} from 'react-hook-form';
import { Alert } from '../components/alert';

/*
 * The one form idiom of the management and admin apps (decision 020): a form from useZodForm (or useNormalisedForm) in
 * <Form form={form} onSubmit>, with the fields of form-fields.tsx and choice-fields.tsx inside. Each field
 * takes the `name` of its value (dots for nested values: "posAccessConfig.hasAccess"), shows its label,
 * optional hint and the field's error (aria-invalid + aria-describedby), and reads the form from context.
 * <Form readOnly> disables every control at once (roles that may not write).
 */

export function Form<T extends FieldValues, O>({
  form,
  onSubmit,
  readOnly = false,
  children,
  id,
  className,
  fieldsetClassName = 'form-fieldset',
  label,
  labelledBy,
}: {
  form: UseFormReturn<T, unknown, O>;
  onSubmit: SubmitHandler<O>;
  readOnly?: boolean;
  children: ReactNode;
  id?: string;
  className?: string;
  /** The class of the fieldset around the children (the form's layout). */
  fieldsetClassName?: string;
  /** The form's accessible name, or the id of the element that names it. */
  label?: string;
  labelledBy?: string;
}) {
  return (
    <FormProvider {...(form as unknown as UseFormReturn<FieldValues>)}>
      <form
        id={id}
        className={className}
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        aria-label={label}
        aria-labelledby={labelledBy}
      >
        <fieldset className={fieldsetClassName} disabled={readOnly || form.formState.isSubmitting}>
          {children}
        </fieldset>
      </form>
    </FormProvider>
  );
}

/** A form-level error (the part of a server problem that belongs to no field). */
export function FormError({
  message,
  title = 'Could not save',
}: {
  message: string | null | undefined;
  title?: string;
}) {
  if (!message) return null;
  return <Alert title={title}>{message}</Alert>;
}

/** Fields side by side on wide screens, stacked on phones. */
export function FormRow({ children }: { children: ReactNode }) {
  return <div className="form-row">{children}</div>;
}

/** A titled group of fields. */
export function FormSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="form-section">
      <legend className="form-section__title">{title}</legend>
      {description && <p className="form-section__description">{description}</p>}
      <div className="form-section__body">{children}</div>
    </fieldset>
  );
}

/** Reads a value of the surrounding form (for conditional fields: show the IP box for a Static setup). */
export function useFieldValue<V = unknown>(name: string): V {
  return useFormContext().watch(name) as V;
}
