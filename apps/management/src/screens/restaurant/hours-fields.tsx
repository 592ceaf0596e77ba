import { MAX_SPANS_PER_DAY } from '@brigade/domain/hours/spans';
import { WEEKDAY_LABELS, WEEKDAYS, type Weekday } from '@brigade/domain/weekdays';
import { CheckboxField } from '@brigade/ui/app-kit/choice-fields';
import { FormSection, useFieldValue } from '@brigade/ui/app-kit/form';
import { TimeField } from '@brigade/ui/app-kit/form-fields';
import { Button } from '@brigade/ui/components/button';
import { get, useFieldArray, useFormContext, useFormState } from 'react-hook-form';

/*
 * Opening hours (decision 030): each weekday's spans, added and removed by row (lunch and dinner), or the day
 * closed. The form edits `spans`; the server outlines the day's spec fields (open, close) from them.
 */

export function HoursSection() {
  return (
    <FormSection
      title="Opening hours"
      description="Add a second span for a break in the day. A closing time before the opening time means after midnight (last span only)."
    >
      <div className="hours-grid">
        {WEEKDAYS.map((day) => (
          <DayHoursRow key={day} day={day} />
        ))}
      </div>
    </FormSection>
  );
}

function DayHoursRow({ day }: { day: Weekday }) {
  const closed = useFieldValue<boolean>(`operatingHours.${day}.closed`);
  const label = WEEKDAY_LABELS[day];
  return (
    <fieldset className="hours-row" aria-labelledby={`hours-${day}`} data-closed={closed || undefined}>
      <span className="hours-row__day" id={`hours-${day}`}>
        {label}
      </span>
      {closed ? (
        <span className="hours-row__closed ui-muted">Closed all day</span>
      ) : (
        <SpanList name={`operatingHours.${day}.spans`} what={label} />
      )}
      <CheckboxField name={`operatingHours.${day}.closed`} label="Closed" className="hours-row__check" />
    </fieldset>
  );
}

/** A day's spans: open and close each, a remove button, and "Add hours" below; the day's errors under them. */
export function SpanList({ name, what }: { name: string; what: string }) {
  const { fields, append, remove } = useFieldArray({ name });
  const { getValues } = useFormContext();
  return (
    <div className="span-list">
      {fields.map((field, index) => (
        <div key={field.id} className="span-row">
          <TimeField name={`${name}.${index}.open`} label={`${what} opens (span ${index + 1})`} />
          <span aria-hidden="true" className="span-row__dash">
            –
          </span>
          <TimeField name={`${name}.${index}.close`} label={`${what} closes (span ${index + 1})`} />
          <Button
            variant="ghost"
            size="sm"
            className="span-row__remove"
            aria-label={`Remove ${what} span ${index + 1}`}
            onClick={() => remove(index)}
          >
            ✕
          </Button>
          <PathError name={`${name}.${index}`} />
        </div>
      ))}
      <PathError name={name} />
      {fields.length < MAX_SPANS_PER_DAY ? (
        <Button
          variant="link"
          size="sm"
          className="span-list__add"
          aria-label={`Add hours to ${what}`}
          onClick={() => append(nextSpan((getValues(name) ?? []) as { close?: string }[]))}
        >
          <span aria-hidden="true">+ </span>Add hours
        </Button>
      ) : null}
    </div>
  );
}

/** A new span after the last one (an hour after it closes, for three hours), or 09:00-17:00. */
function nextSpan(spans: readonly { close?: string }[]): { open: string; close: string } {
  const last = spans.at(-1)?.close;
  if (!last) return { open: '09:00', close: '17:00' };
  const start = Math.min(Number(last.slice(0, 2)) + 1, 20);
  const hh = (h: number) => `${String(h).padStart(2, '0')}:${last.slice(3, 5)}`;
  return { open: hh(start), close: hh(start + 3) };
}

/** An error the schema puts on a list or a row (overlap, none at all), which no single field shows. */
export function PathError({ name }: { name: string }) {
  const { errors, isSubmitted } = useFormState({ name });
  const error = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
  const message = error?.message ?? error?.root?.message;
  if (!isSubmitted || !message) return null;
  return (
    <p className="ui-field__error span-error" role="alert">
      {message}
    </p>
  );
}
