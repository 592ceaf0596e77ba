import { isCalendarDate, SPECIAL_LABEL_MAX } from '@brigade/domain/hours/special';
import { WEEKDAY_LABELS, weekdayOfDate } from '@brigade/domain/weekdays';
import { CheckboxField } from '@brigade/ui/app-kit/choice-fields';
import { FormSection, useFieldValue } from '@brigade/ui/app-kit/form';
import { DateField, TextField } from '@brigade/ui/app-kit/form-fields';
import { Button } from '@brigade/ui/components/button';
import { useFieldArray, useWatch } from 'react-hook-form';
import { PathError, SpanList } from './hours-fields';

/*
 * Special hours & holidays (decision 030): dated exceptions to the weekly hours, closed or open at other
 * times, with a label. Upcoming dates first; past ones stay (the server keeps them) in a fold below.
 */

/** The browser's date as YYYY-MM-DD: the owner edits from where the restaurant is. */
const localToday = () => {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/** "Thursday" for "2026-11-26". */
const weekdayOfDateText = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return WEEKDAY_LABELS[weekdayOfDate(y, m, d)];
};

export function SpecialHoursSection() {
  const { fields, append, remove } = useFieldArray({ name: 'specialHours' });
  const dates = (useWatch({ name: 'specialHours' }) ?? []) as { date?: string }[];
  const today = localToday();
  const rows = fields.map((field, index) => ({ id: field.id, index, date: dates[index]?.date ?? '' }));
  // A date still being typed (blank) stays with the upcoming ones, where it was added.
  const upcoming = rows.filter((row) => row.date === '' || row.date >= today);
  const past = rows.filter((row) => row.date !== '' && row.date < today);
  return (
    <FormSection
      title="Special hours & holidays"
      description="Dates when the restaurant closes or keeps other hours. They replace the weekly hours that day, on the website, in online ordering and in the menus."
    >
      {upcoming.length === 0 ? (
        <p className="ui-muted special-empty">No upcoming special dates.</p>
      ) : (
        <ul className="special-list" aria-label="Upcoming special dates">
          {upcoming.map((row) => (
            <SpecialDayRow key={row.id} index={row.index} onRemove={() => remove(row.index)} />
          ))}
        </ul>
      )}
      <PathError name="specialHours" />
      <div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => append({ date: today, closed: true, spans: [] }, { shouldFocus: true })}
        >
          + Add a date
        </Button>
      </div>
      {past.length > 0 ? (
        <details className="special-past">
          <summary>Past dates ({past.length})</summary>
          <ul className="special-list" aria-label="Past special dates">
            {past.map((row) => (
              <SpecialDayRow key={row.id} index={row.index} onRemove={() => remove(row.index)} />
            ))}
          </ul>
        </details>
      ) : null}
    </FormSection>
  );
}

function SpecialDayRow({ index, onRemove }: { index: number; onRemove: () => void }) {
  const name = `specialHours.${index}`;
  const closed = useFieldValue<boolean>(`${name}.closed`);
  const date = useFieldValue<string>(`${name}.date`) || 'new date';
  const weekday = isCalendarDate(date) ? weekdayOfDateText(date) : undefined;
  return (
    <li className="special-row">
      <div className="special-row__head">
        <DateField name={`${name}.date`} label="Date" hint={weekday} />
        <TextField
          name={`${name}.label`}
          label="Label"
          placeholder="Thanksgiving"
          hint="Optional; shown on the website"
          maxLength={SPECIAL_LABEL_MAX}
        />
        <CheckboxField name={`${name}.closed`} label="Closed all day" className="special-row__closed" />
        <Button variant="ghost" size="sm" aria-label={`Delete special hours of ${date}`} onClick={onRemove}>
          Delete
        </Button>
      </div>
      {closed ? null : <SpanList name={`${name}.spans`} what={date} />}
    </li>
  );
}
