import { useId } from 'react';
import { formatDay } from '../../payments-kit/format';
import { shiftDay } from '../reports/report-period';

/** One business day with earlier and later: the sales report's stepper (its styles), for a single day. */
export function DayPicker({ day, onDay }: { day: string; onDay: (day: string) => void }) {
  const dayId = useId();
  return (
    <div className="rep-period">
      <div className="rep-period__step">
        <button
          type="button"
          className="ui-button ui-button--secondary ui-button--sm"
          aria-label="Previous day"
          onClick={() => onDay(shiftDay(day, -1))}
        >
          ‹
        </button>
        <label className="ui-visually-hidden" htmlFor={dayId}>
          Business day
        </label>
        <input
          id={dayId}
          type="date"
          className="ui-field__input rep-period__day"
          value={day}
          onChange={(e) => e.target.value && onDay(e.target.value)}
        />
        <button
          type="button"
          className="ui-button ui-button--secondary ui-button--sm"
          aria-label="Next day"
          onClick={() => onDay(shiftDay(day, 1))}
        >
          ›
        </button>
        <output className="rep-period__shown" aria-live="polite">
          {formatDay(day)}
        </output>
      </div>
    </div>
  );
}
