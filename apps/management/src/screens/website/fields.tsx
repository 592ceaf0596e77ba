import { ImageUpload } from '@brigade/ui/images/image-upload';
import { useId, useState } from 'react';
import { useController } from 'react-hook-form';
import { useCurrentRestaurant } from '../../restaurant-context';
import { splitList } from './website-form';

/** A list of words typed as "a, b, c" (SEO keywords); stored as a list. */
export function ListTextField({
  name,
  label,
  hint,
  multiline = false,
}: {
  name: string;
  label: string;
  hint?: string;
  /** One entry per line (special offers) instead of comma-separated. */
  multiline?: boolean;
}) {
  const { field, fieldState } = useController({ name });
  const id = useId();
  const separator = multiline ? '\n' : ', ';
  const [text, setText] = useState(() => (Array.isArray(field.value) ? field.value.join(separator) : ''));
  const error = fieldState.error?.message;
  const onChange = (value: string) => {
    setText(value);
    field.onChange(splitList(value, multiline ? /\n/ : /,/));
  };
  const common = {
    id,
    name: field.name,
    className: 'ui-field__input',
    value: text,
    onBlur: field.onBlur,
    'aria-describedby': hint ? `${id}-hint` : undefined,
    'aria-invalid': error ? true : undefined,
  };
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
      {hint && (
        <span id={`${id}-hint`} className="ui-field__hint">
          {hint}
        </span>
      )}
      {error && <p className="ui-field__error">{error}</p>}
    </div>
  );
}

/** An image of the website (logo, hero): the shared upload control (resized and stored by the images API). */
export function ImageField({
  name,
  label,
  preset = 'default',
  disabled = false,
}: {
  name: string;
  label: string;
  preset?: 'default' | 'hero';
  disabled?: boolean;
}) {
  const { field, fieldState } = useController({ name });
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const value = typeof field.value === 'string' && field.value !== '' ? field.value : null;
  return (
    <div className="ui-field website-image-field">
      <span className="ui-field__label">{label}</span>
      {disabled ? (
        <p className="ui-field__hint">{value ? 'An image is set.' : 'No image.'}</p>
      ) : (
        <ImageUpload
          value={value}
          onChange={(next) => field.onChange(next ?? '')}
          tenantId={tenantId}
          restaurantId={restaurantId}
          folder="website"
          preset={preset}
          label={`Upload ${label.toLowerCase()}`}
        />
      )}
      {fieldState.error?.message && <p className="ui-field__error">{fieldState.error.message}</p>}
    </div>
  );
}
