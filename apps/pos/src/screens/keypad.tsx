import { type KeyboardEvent, useId } from 'react';

/** Largest amount a keypad takes, cents. */
const MAX_DIGITS = 7;

/** The digits typed so far as cents ("2050" → 2050). */
export const centsOfDigits = (digits: string): number => (digits ? Number.parseInt(digits, 10) : 0);

/** An amount in cents as keypad digits ("" for nothing). */
export const digitsOfCents = (cents: number): string => (cents > 0 ? String(Math.round(cents)) : '');

function press(digits: string, key: string): string {
  if (key === 'back') return digits.slice(0, -1);
  if (key === 'clear') return '';
  const next = `${digits}${key}`.replace(/^0+/, '');
  return next.length > MAX_DIGITS ? digits : next;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '00', '0', 'back'] as const;

/**
 * A cash register's keypad: digits fill in from the cents ("2", "0", "0", "0" is $20.00), ⌫ takes the last
 * one back, Clear empties it. Real buttons for touch and Tab; digits and Backspace typed on a keyboard work
 * while focus is inside it.
 */
export function Keypad(props: {
  label: string;
  digits: string;
  onChange: (digits: string) => void;
  format: (cents: number) => string;
  disabled?: boolean;
}) {
  const { digits, onChange, disabled } = props;
  const labelId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (disabled) return;
    if (/^[0-9]$/.test(event.key)) onChange(press(digits, event.key));
    else if (event.key === 'Backspace') onChange(press(digits, 'back'));
    else if (event.key === 'Delete') onChange(press(digits, 'clear'));
    else return;
    event.preventDefault();
  };
  return (
    <fieldset className="pos-keypad" aria-labelledby={labelId} onKeyDown={onKeyDown}>
      <div className="pos-keypad__display">
        <span id={labelId} className="pos-keypad__label">
          {props.label}
        </span>
        <output className="pos-keypad__value" aria-live="polite">
          {props.format(centsOfDigits(digits))}
        </output>
      </div>
      <div className="pos-keypad__keys">
        {KEYS.map((key) => (
          <button
            key={key}
            type="button"
            className="pos-keypad__key"
            disabled={disabled}
            aria-label={key === 'back' ? 'Delete the last digit' : undefined}
            onClick={() => onChange(press(digits, key))}
          >
            {key === 'back' ? '⌫' : key}
          </button>
        ))}
        <button
          type="button"
          className="pos-keypad__key pos-keypad__key--wide"
          disabled={disabled || digits === ''}
          onClick={() => onChange(press(digits, 'clear'))}
        >
          Clear
        </button>
      </div>
    </fieldset>
  );
}
