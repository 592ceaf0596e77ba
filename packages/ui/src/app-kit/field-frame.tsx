import { type ReactNode, useId } from 'react';
import { useController } from 'react-hook-form';

/*
 * What every field of form-fields.tsx and choice-fields.tsx shares: the props, the form value behind `name`
 * with its error, and the label / hint / error frame around a control.
 */

export interface BaseFieldProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
  /** Extra class of the field's wrapper (a width, a grid cell). */
  className?: string;
}

function useFieldIds(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { id, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** The form's value `name`, its error and the ids that tie the label, hint and error to the control. */
export function useField(name: string, hint: ReactNode) {
  const { field, fieldState, formState } = useController({ name });
  // Only once the field was left or the form sent: leaving one field of a list row validates the whole row
  // (react-hook-form looks errors up by the row), which would flag its neighbours before anyone typed there.
  const error = fieldState.isTouched || formState.isSubmitted ? fieldState.error?.message : undefined;
  const ids = useFieldIds(hint, error);
  /** The props every control of a field has (the value and its change handler are the control's own). */
  const control = {
    id: ids.id,
    ref: field.ref,
    name: field.name,
    onBlur: field.onBlur,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': ids.describedBy,
  } as const;
  return { field, error, ids, control };
}

/** The hint and the error below a control. */
export function FieldNotes({
  hint,
  hintId,
  error,
  errorId,
}: {
  hint?: ReactNode;
  hintId?: string | undefined;
  error?: string | undefined;
  errorId?: string | undefined;
}) {
  return (
    <>
      {hint && (
        <span id={hintId} className="ui-field__hint">
          {hint}
        </span>
      )}
      {error && (
        <p id={errorId} className="ui-field__error">
          {error}
        </p>
      )}
    </>
  );
}

/** A live "n/max" counter beside the label of a text with a length limit. */
export function LengthCounter({ value, maxLength }: { value: unknown; maxLength: number | undefined }) {
  if (maxLength === undefined) return null;
  const length = typeof value === 'string' ? value.length : 0;
  return (
    <span className="ui-field__counter" data-over={length > maxLength} aria-live="polite">
      {length}/{maxLength}
    </span>
  );
}

export function FieldFrame({
  id,
  label,
  hint,
  hintId,
  error,
  errorId,
  counter,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  hintId?: string | undefined;
  error?: string | undefined;
  errorId?: string | undefined;
  counter?: ReactNode;
  className?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className ? `ui-field ${className}` : 'ui-field'}>
      <div className="form-label-row">
        <label className="ui-field__label" htmlFor={id}>
          {label}
        </label>
        {counter}
      </div>
      {children}
      <FieldNotes hint={hint} hintId={hintId} error={error} errorId={errorId} />
    </div>
  );
}
