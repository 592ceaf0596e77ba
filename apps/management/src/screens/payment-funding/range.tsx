import { useId } from 'react';
import { formatDay, localDay } from '../../payments-kit/format';

export const RANGE_CHOICES = [7, 14, 31] as const;
export type RangeDays = (typeof RANGE_CHOICES)[number];

/** The `days` days that end on `date` (at most 31: the funding API's limit), as YYYY-MM-DD. */
export function rangeEnding(date: string, days: RangeDays): { from: string; to: string } {
  const [year, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  return { from: localDay(-(days - 1), new Date(year, month - 1, dayOfMonth)), to: date };
}

/** The day to look at, and how many days the chart shows up to it. */
export function DayPicker({
  date,
  days,
  onChange,
}: {
  date: string;
  days: RangeDays;
  onChange: (next: { date?: string; days?: RangeDays }) => void;
}) {
  const dateId = useId();
  const daysId = useId();
  return (
    <fieldset className="pay-day-picker" aria-label="Day and period">
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={dateId}>
          Day
        </label>
        <input
          id={dateId}
          type="date"
          className="ui-field__input"
          value={date}
          // tomorrow too: the gateway settles overnight on its own clock, so today's sales can sit in a batch
          // dated the next day (issue 44)
          max={localDay(1)}
          onChange={(event) => event.target.value && onChange({ date: event.target.value })}
        />
      </div>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={daysId}>
          Chart period
        </label>
        <select
          id={daysId}
          className="ui-field__input"
          value={days}
          onChange={(event) => onChange({ days: Number(event.target.value) as RangeDays })}
        >
          {RANGE_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {choice} days up to {formatDay(date)}
            </option>
          ))}
        </select>
      </div>
    </fieldset>
  );
}
