import { Alert } from '@brigade/ui/components/alert';
import { type ReactNode, useId } from 'react';
import {
  type FieldValues,
  FormProvider,
  type SubmitHandler,
  type UseFormReturn,
  useController,
  useFormContext,
} from 'react-hook-form';

/*
 * Form building blocks over react-hook-form. Wrap fields in <Form form={useZodForm(...)} onSubmit>; each
 * field takes the `name` of its value (dots for nested values: "posAccessConfig.hasAccess"), shows its
 * label, optional hint and the field's error (aria-invalid + aria-describedby), and reads the form from
 * context. <Form readOnly> disables every control at once (roles that may not write).
 */

export function Form<T extends FieldValues, O>({
  form,
  onSubmit,
  readOnly = false,
  children,
  id,
  className,
}: {
  form: UseFormReturn<T, unknown, O>;
  onSubmit: SubmitHandler<O>;
  readOnly?: boolean;
  children: ReactNode;
  id?: string;
  className?: string;
}) {
  return (
    <FormProvider {...(form as unknown as UseFormReturn<FieldValues>)}>
      <form id={id} className={className} noValidate onSubmit={form.handleSubmit(onSubmit)}>
        <fieldset className="form-fieldset" disabled={readOnly || form.formState.isSubmitting}>
          {children}
        </fieldset>
      </form>
    </FormProvider>
  );
}

/** A form-level error (the part of a server problem that belongs to no field). */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return <Alert title="Could not save">{message}</Alert>;
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

interface BaseFieldProps {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}

function useFieldIds(hint: ReactNode, error: string | undefined) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return { id, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** The form's value `name`, its error and the ids that tie the label, hint and error to the control. */
function useField(name: string, hint: ReactNode) {
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
function FieldNotes({
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
function LengthCounter({ value, maxLength }: { value: unknown; maxLength: number | undefined }) {
  if (maxLength === undefined) return null;
  const length = typeof value === 'string' ? value.length : 0;
  return (
    <span className="ui-field__counter" data-over={length > maxLength} aria-live="polite">
      {length}/{maxLength}
    </span>
  );
}

function FieldFrame({
  id,
  label,
  hint,
  hintId,
  error,
  errorId,
  counter,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  hintId?: string | undefined;
  error?: string | undefined;
  errorId?: string | undefined;
  counter?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="ui-field">
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

/** Text input. `maxLength` shows a live "n/max" counter (the limit itself is the schema's). */
export function TextField({
  name,
  label,
  hint,
  disabled,
  type = 'text',
  placeholder,
  maxLength,
  autoComplete,
  autoFocus,
  inputMode,
}: BaseFieldProps & {
  type?: 'text' | 'email' | 'tel' | 'url' | 'password';
  placeholder?: string;
  maxLength?: number;
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
}) {
  const { field, error, ids, control } = useField(name, hint);
  return (
    <FieldFrame
      {...ids}
      label={label}
      hint={hint}
      error={error}
      counter={<LengthCounter value={field.value} maxLength={maxLength} />}
    >
      <input
        {...control}
        type={type}
        className="ui-field__input"
        value={field.value ?? ''}
        onChange={(event) => field.onChange(event.target.value)}
        disabled={disabled}
        placeholder={placeholder}
        autoComplete={autoComplete}
        // biome-ignore lint/a11y/noAutofocus: the first field of a dialog
        autoFocus={autoFocus}
        data-autofocus={autoFocus || undefined}
        inputMode={inputMode}
      />
    </FieldFrame>
  );
}

/** Multi-line text. */
export function TextareaField({
  name,
  label,
  hint,
  disabled,
  rows = 3,
  maxLength,
}: BaseFieldProps & { rows?: number; maxLength?: number }) {
  const { field, error, ids, control } = useField(name, hint);
  return (
    <FieldFrame
      {...ids}
      label={label}
      hint={hint}
      error={error}
      counter={<LengthCounter value={field.value} maxLength={maxLength} />}
    >
      <textarea
        {...control}
        rows={rows}
        className="ui-field__input"
        value={field.value ?? ''}
        onChange={(event) => field.onChange(event.target.value)}
        disabled={disabled}
      />
    </FieldFrame>
  );
}

/** A number (blank = not given). `prefix`/`suffix` are shown beside the box ("$", "%"). */
export function NumberField({
  name,
  label,
  hint,
  disabled,
  min,
  max,
  step = 'any',
  prefix,
  suffix,
}: BaseFieldProps & {
  min?: number;
  max?: number;
  step?: number | 'any';
  prefix?: string;
  suffix?: string;
}) {
  const { field, error, ids, control } = useField(name, hint);
  const value = typeof field.value === 'number' && !Number.isNaN(field.value) ? field.value : '';
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error}>
      <div className="form-affix">
        {prefix && (
          <span className="form-affix__text" aria-hidden="true">
            {prefix}
          </span>
        )}
        <input
          {...control}
          type="number"
          inputMode="decimal"
          className="ui-field__input"
          value={value}
          min={min}
          max={max}
          step={step}
          onChange={(event) =>
            field.onChange(event.target.value === '' ? undefined : Number(event.target.value))
          }
          disabled={disabled}
        />
        {suffix && (
          <span className="form-affix__text" aria-hidden="true">
            {suffix}
          </span>
        )}
      </div>
    </FieldFrame>
  );
}

/** An amount of money (two decimals; the currency symbol is shown, the value is a plain number). */
export function MoneyField(props: BaseFieldProps & { currency?: string }) {
  const { currency = '$', ...rest } = props;
  return <NumberField {...rest} min={0} step={0.01} prefix={currency} />;
}

export interface SelectOption<V> {
  value: V;
  label: string;
  disabled?: boolean;
}

/**
 * A native select over any values (numbers, strings, null). `placeholder` adds a first empty choice that
 * sets undefined (or `emptyValue`, e.g. null to clear a reference).
 */
export function SelectField<V extends string | number | null>({
  name,
  label,
  hint,
  disabled,
  options,
  placeholder,
  emptyValue,
}: BaseFieldProps & {
  options: readonly SelectOption<V>[];
  placeholder?: string;
  emptyValue?: null;
}) {
  const { field, error, ids, control } = useField(name, hint);
  const index = options.findIndex((option) => option.value === field.value);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error}>
      <select
        {...control}
        className="ui-field__input"
        value={index === -1 ? '' : String(index)}
        onChange={(event) =>
          field.onChange(event.target.value === '' ? emptyValue : options[Number(event.target.value)]?.value)
        }
        disabled={disabled}
      >
        {(placeholder !== undefined || index === -1) && (
          <option value="">{placeholder ?? 'Choose...'}</option>
        )}
        {options.map((option, position) => (
          <option key={String(option.value)} value={String(position)} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

function BooleanField({ name, label, hint, disabled, asSwitch }: BaseFieldProps & { asSwitch: boolean }) {
  const { field, error, ids, control } = useField(name, hint);
  return (
    <div className="form-check">
      <label className={asSwitch ? 'ui-switch' : 'ui-checkbox'}>
        <input
          {...control}
          type="checkbox"
          role={asSwitch ? 'switch' : undefined}
          aria-checked={asSwitch ? field.value === true : undefined}
          checked={field.value === true}
          onChange={(event) => field.onChange(event.target.checked)}
          disabled={disabled}
        />
        <span>{label}</span>
      </label>
      <FieldNotes hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}

/** A yes/no value as a checkbox. */
export const CheckboxField = (props: BaseFieldProps) => <BooleanField {...props} asSwitch={false} />;
/** A yes/no value as an on/off switch (role switch). */
export const SwitchField = (props: BaseFieldProps) => <BooleanField {...props} asSwitch />;

function NativeValueField({
  name,
  label,
  hint,
  disabled,
  type,
}: BaseFieldProps & { type: 'time' | 'date' | 'color' }) {
  const { field, error, ids, control } = useField(name, hint);
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error}>
      <input
        {...control}
        type={type}
        className={type === 'color' ? 'ui-field__input form-color' : 'ui-field__input'}
        value={field.value ?? (type === 'color' ? '#000000' : '')}
        onChange={(event) => field.onChange(event.target.value)}
        disabled={disabled}
      />
    </FieldFrame>
  );
}

/** A time of day as "HH:MM". */
export const TimeField = (props: BaseFieldProps) => <NativeValueField {...props} type="time" />;
/** A calendar day as "YYYY-MM-DD". */
export const DateField = (props: BaseFieldProps) => <NativeValueField {...props} type="date" />;

/** A colour: the picker and the "#rrggbb" text side by side. */
export function ColorField({ name, label, hint, disabled }: BaseFieldProps) {
  const { field, error, ids, control } = useField(name, hint);
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <FieldFrame {...ids} label={label} hint={hint} error={error}>
      <div className="form-color-row">
        <input
          type="color"
          className="form-color"
          aria-label={`${typeof label === 'string' ? label : 'Colour'} picker`}
          value={/^#[0-9a-f]{6}$/i.test(value) ? value : '#000000'}
          onChange={(event) => field.onChange(event.target.value)}
          disabled={disabled}
        />
        <input
          {...control}
          type="text"
          className="ui-field__input"
          value={value}
          placeholder="#000000"
          onChange={(event) => field.onChange(event.target.value)}
          disabled={disabled}
        />
      </div>
    </FieldFrame>
  );
}

/**
 * Several references at once (tag ids, tax rate ids, prep station ids): a group of checkboxes in a
 * labelled fieldset; the value is the list of chosen values in option order.
 */
export function MultiSelectField<V extends string | number>({
  name,
  label,
  hint,
  disabled,
  options,
  emptyText = 'Nothing to choose from yet.',
}: BaseFieldProps & { options: readonly SelectOption<V>[]; emptyText?: string }) {
  const { field, error, ids } = useField(name, hint);
  const chosen: V[] = Array.isArray(field.value) ? field.value : [];
  return (
    <fieldset
      className="form-multi"
      aria-describedby={ids.describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className="ui-field__label">{label}</legend>
      {options.length === 0 ? (
        <p className="ui-field__hint">{emptyText}</p>
      ) : (
        <div className="form-multi__options">
          {options.map((option) => (
            <label key={String(option.value)} className="ui-checkbox form-multi__option">
              <input
                type="checkbox"
                checked={chosen.includes(option.value)}
                disabled={disabled || option.disabled}
                onChange={(event) => {
                  const next = event.target.checked
                    ? options.map((o) => o.value).filter((v) => v === option.value || chosen.includes(v))
                    : chosen.filter((value) => value !== option.value);
                  field.onChange(next);
                  field.onBlur();
                }}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </div>
      )}
      <FieldNotes hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </fieldset>
  );
}

/** Reads a value of the surrounding form (for conditional fields: show the IP box for a Static setup). */
export function useFieldValue<V = unknown>(name: string): V {
  return useFormContext().watch(name) as V;
}
