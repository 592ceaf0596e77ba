import { useId } from 'react';
import { formatDay } from '../../payments-kit/format';
import { shiftDay } from '../reports/report-period';
import type { Timesheet } from './timesheets-api';

/** A pay period with earlier and later: the sales report's stepper (its styles), a period at a time (timesheets, tips). */
export function PeriodPicker(props: {
  day: string;
  onDay: (day: string) => void;
  sheet: Pick<Timesheet, 'from' | 'to'> | undefined;
}) {
  const { day, onDay, sheet } = props;
  const dayId = useId();
  // the shown period's own length: a week, or two (the timesheets' and the tips' periods are the same)
  const length = sheet ? Math.round((Date.parse(sheet.to) - Date.parse(sheet.from)) / 86_400_000) + 1 : 7;
  return (
    <div className="rep-period">
      <div className="rep-period__step">
        <button
          type="button"
          className="ui-button ui-button--secondary ui-button--sm"
          aria-label="Previous pay period"
          onClick={() => onDay(shiftDay(sheet?.from ?? day, -length))}
        >
          ‹
        </button>
        <label className="ui-visually-hidden" htmlFor={dayId}>
          A day of the pay period
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
          aria-label="Next pay period"
          onClick={() => onDay(shiftDay(sheet?.from ?? day, length))}
        >
          ›
        </button>
        <output className="rep-period__shown" aria-live="polite" data-testid="pay-period">
          {sheet ? `${formatDay(sheet.from)} – ${formatDay(sheet.to)}` : ''}
        </output>
      </div>
    </div>
  );
}
