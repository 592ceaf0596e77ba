import { type KeyboardEvent, useEffect, useId, useRef } from 'react';

/** A passcode is 4 to 8 digits (docs/behaviour/time-clock.md#passcodes). */
export const PASSCODE_MAX = 8;
export const PASSCODE_MIN = 4;

function press(digits: string, key: string): string {
  if (key === 'back') return digits.slice(0, -1);
  if (key === 'clear') return '';
  return digits.length >= PASSCODE_MAX ? digits : `${digits}${key}`;
}

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', 'clear', '0', 'back'] as const;

/**
 * The lock screen's keypad: the digits show as dots, never as numbers; ⌫ takes the last one back. Digits,
 * Backspace and Enter typed on a keyboard work while focus is inside it.
 */
export function PasscodePad(props: {
  digits: string;
  onChange: (digits: string) => void;
  onEnter: () => void;
  disabled?: boolean;
}) {
  const { digits, onChange, onEnter, disabled } = props;
  const labelId = useId();
  const first = useRef<HTMLButtonElement>(null);
  // the pad has the keyboard from the start: digits typed on a keyboard go in without a click first
  useEffect(() => first.current?.focus(), []);
  const onKeyDown = (event: KeyboardEvent) => {
    if (disabled) return;
    if (/^[0-9]$/.test(event.key)) onChange(press(digits, event.key));
    else if (event.key === 'Backspace') onChange(press(digits, 'back'));
    else if (event.key === 'Enter' && digits.length >= PASSCODE_MIN) onEnter();
    else return;
    event.preventDefault();
  };
  return (
    <fieldset className="pos-keypad pos-passcode" aria-labelledby={labelId} onKeyDown={onKeyDown}>
      <div className="pos-keypad__display">
        <span id={labelId} className="pos-keypad__label">
          Passcode
        </span>
        <output className="pos-passcode__dots" aria-live="polite" data-testid="passcode-dots">
          {digits.length === 0 ? (
            <span className="pos-passcode__hint">4 to 8 digits</span>
          ) : (
            <>
              <span aria-hidden="true">{'•'.repeat(digits.length)}</span>
              <span className="ui-visually-hidden">{`${digits.length} digits entered`}</span>
            </>
          )}
        </output>
      </div>
      <div className="pos-keypad__keys">
        {KEYS.map((key) => (
          <button
            key={key}
            ref={key === '1' ? first : undefined}
            type="button"
            className="pos-keypad__key"
            disabled={disabled || (key === 'clear' && digits === '')}
            aria-label={key === 'back' ? 'Delete the last digit' : undefined}
            onClick={() => onChange(press(digits, key))}
          >
            {key === 'back' ? '⌫' : key === 'clear' ? 'Clear' : key}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
