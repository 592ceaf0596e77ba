import type { ReactNode } from 'react';

/** Small cell renderers shared by the entity lists. */
export const text = (value: unknown): ReactNode =>
  value === undefined || value === null || value === '' ? <span className="ui-muted">—</span> : String(value);

export const yesNo = (value: unknown, yes = 'Yes', no = 'No'): ReactNode =>
  value === true ? (
    <span className="ui-badge ui-badge--success">{yes}</span>
  ) : (
    <span className="ui-badge">{no}</span>
  );

export const swatch = (color: unknown, label?: ReactNode): ReactNode =>
  typeof color === 'string' && color ? (
    <span>
      <span className="swatch" style={{ background: color }} aria-hidden="true" />
      {label ?? color}
    </span>
  ) : (
    text(label)
  );

export const money = (value: unknown): ReactNode =>
  typeof value === 'number'
    ? value.toLocaleString(undefined, { style: 'currency', currency: 'USD' })
    : text(value);

/** Select options from a list of strings (the spec's enumerations). */
export const enumOptions = <T extends string>(values: readonly T[]) =>
  values.map((value) => ({ value, label: value }));
