import { type BaseFieldProps, FieldFrame, LengthCounter, useField } from './field-frame';

/*
 * Fields that type a value (see form.tsx for the idiom): text, multi-line text, numbers and money, times,
 * dates and colours. Choices (selects, checkboxes, radios) are in choice-fields.tsx.
 */

/** Text input. `maxLength` shows a live "n/max" counter (the limit itself is the schema's). */
export function TextField({
  name,
  label,
  hint,
  disabled,
  className,
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
      className={className}
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
  className,
  rows = 3,
  maxLength,
}: BaseFieldProps & { rows?: number; maxLength?: number }) {
  const { field, error, ids, control } = useField(name, hint);
  return (
    <FieldFrame
      {...ids}
      className={className}
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
  className,
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
    <FieldFrame {...ids} className={className} label={label} hint={hint} error={error}>
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

function NativeValueField({
  name,
  label,
  hint,
  disabled,
  className,
  type,
}: BaseFieldProps & { type: 'time' | 'date' | 'color' }) {
  const { field, error, ids, control } = useField(name, hint);
  return (
    <FieldFrame {...ids} className={className} label={label} hint={hint} error={error}>
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
export function ColorField({ name, label, hint, disabled, className }: BaseFieldProps) {
  const { field, error, ids, control } = useField(name, hint);
  const value = typeof field.value === 'string' ? field.value : '';
  return (
    <FieldFrame {...ids} className={className} label={label} hint={hint} error={error}>
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

/** The browser's IANA time zones (every zone Intl knows), read once; a short list where it cannot say. */
let timeZones: readonly string[] | undefined;
const knownTimeZones = () => {
  timeZones ??=
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone')
      : [
          'America/New_York',
          'America/Chicago',
          'America/Denver',
          'America/Los_Angeles',
          'Europe/London',
          'UTC',
        ];
  return timeZones;
};

/**
 * An IANA time zone (`America/New_York`): typed, with the browser's list of zones as suggestions that narrow as
 * one types ("york", "paris"), so a zone is picked rather than spelled. The form's schema still checks it.
 */
export function TimeZoneField({ name, label, hint, disabled, className }: BaseFieldProps) {
  const { field, error, ids, control } = useField(name, hint);
  const listId = `${ids.id}-zones`;
  return (
    <FieldFrame {...ids} className={className} label={label} hint={hint} error={error}>
      <input
        {...control}
        type="text"
        className="ui-field__input"
        list={listId}
        autoComplete="off"
        spellCheck={false}
        value={field.value ?? ''}
        onChange={(event) => field.onChange(event.target.value)}
        disabled={disabled}
      />
      <datalist id={listId}>
        {knownTimeZones().map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
    </FieldFrame>
  );
}
