import { type ReactNode, useId } from 'react';
import { Skeleton } from '../components/skeleton';
import { type BaseFieldProps, FieldFrame, FieldNotes, useField } from './field-frame';

/*
 * Fields that choose (see form.tsx for the idiom): a select, a yes/no checkbox or switch, a group of
 * radios, several references as checkboxes.
 */

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
  className,
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
    <FieldFrame {...ids} className={className} label={label} hint={hint} error={error}>
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

function BooleanField({
  name,
  label,
  hint,
  disabled,
  className,
  asSwitch,
}: BaseFieldProps & { asSwitch: boolean }) {
  const { field, error, ids, control } = useField(name, hint);
  return (
    <div className={className ? `form-check ${className}` : 'form-check'}>
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

/**
 * Several references at once (tag ids, tax rate ids, prep station ids): a group of checkboxes in a
 * labelled fieldset; the value is the list of chosen values in option order. `options` undefined: still
 * loading (a placeholder line shows).
 */
export function MultiSelectField<V extends string | number>({
  name,
  label,
  hint,
  disabled,
  className,
  options,
  emptyText = 'Nothing to choose from yet.',
}: BaseFieldProps & { options: readonly SelectOption<V>[] | undefined; emptyText?: ReactNode }) {
  const { field, error, ids } = useField(name, hint);
  const chosen: V[] = Array.isArray(field.value) ? field.value : [];
  const toggle = (value: V, on: boolean) => {
    const all = (options ?? []).map((option) => option.value);
    field.onChange(
      on ? all.filter((v) => v === value || chosen.includes(v)) : chosen.filter((v) => v !== value),
    );
    field.onBlur();
  };
  return (
    <fieldset
      className={className ? `form-multi ${className}` : 'form-multi'}
      aria-describedby={ids.describedBy}
      aria-invalid={error ? true : undefined}
    >
      <legend className="ui-field__label">{label}</legend>
      {options === undefined ? (
        <Skeleton width="40%" />
      ) : options.length === 0 ? (
        <p className="ui-field__hint">{emptyText}</p>
      ) : (
        <div className="form-multi__options">
          {options.map((option) => (
            <label key={String(option.value)} className="ui-checkbox form-multi__option">
              <input
                type="checkbox"
                checked={chosen.includes(option.value)}
                disabled={disabled || option.disabled}
                onChange={(event) => toggle(option.value, event.target.checked)}
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

/** One of a few values as radio buttons in a labelled group (a pricing strategy). */
export function RadioGroupField<V extends string>({
  name,
  label,
  hint,
  disabled,
  className,
  options,
}: BaseFieldProps & { options: readonly SelectOption<V>[] }) {
  const { field, error, ids } = useField(name, hint);
  const labelId = useId();
  return (
    <div className={className ? `form-radios ${className}` : 'form-radios'}>
      <div
        className="form-radios__options"
        role="radiogroup"
        aria-labelledby={labelId}
        aria-describedby={ids.describedBy}
        aria-invalid={error ? true : undefined}
      >
        <span id={labelId} className="ui-field__label">
          {label}
        </span>
        {options.map((option) => (
          <label key={option.value} className="ui-checkbox">
            <input
              type="radio"
              name={field.name}
              value={option.value}
              checked={field.value === option.value}
              disabled={disabled || option.disabled}
              onChange={() => field.onChange(option.value)}
              onBlur={field.onBlur}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <FieldNotes hint={hint} hintId={ids.hintId} error={error} errorId={ids.errorId} />
    </div>
  );
}
