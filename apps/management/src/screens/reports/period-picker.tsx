import { useId, useState } from 'react';
import { formatDay, localDay } from '../../payments-kit/format';
import { PERIOD_LABELS, PERIODS, type Period, rangeOf, stepAnchor } from './report-period';

interface Props {
  period: Period;
  anchor: string;
  custom: { from: string; to: string };
  range: { from: string; to: string };
  onPeriod: (period: Period) => void;
  onAnchor: (day: string) => void;
  onCustom: (range: { from: string; to: string }) => void;
}

/**
 * The period a report shows and the picker's props: `first` to start with, today (and the week before it, for
 * a custom range) on the restaurant's clock.
 */
export function usePeriod(first: Period, timezone: string | undefined) {
  const [period, setPeriod] = useState<Period>(first);
  const [anchor, setAnchor] = useState(() => localDay(0, new Date(), timezone));
  const [custom, setCustom] = useState(() => ({
    from: localDay(-6, new Date(), timezone),
    to: localDay(0, new Date(), timezone),
  }));
  const range = rangeOf(period, anchor, custom);
  const picker: Props = {
    period,
    anchor,
    custom,
    range,
    onPeriod: setPeriod,
    onAnchor: setAnchor,
    onCustom: setCustom,
  };
  return { range, picker };
}

/** Day, week, month or custom; the period shown, with earlier and later; a custom range's two days. */
export function PeriodPicker({ period, anchor, custom, range, onPeriod, onAnchor, onCustom }: Props) {
  return (
    <div className="rep-period">
      <fieldset className="rep-period__kinds" aria-label="Period">
        {PERIODS.map((kind) => (
          <button
            key={kind}
            type="button"
            className="rep-period__kind"
            aria-pressed={period === kind}
            onClick={() => onPeriod(kind)}
          >
            {PERIOD_LABELS[kind]}
          </button>
        ))}
      </fieldset>
      {period === 'custom' ? (
        <CustomRange custom={custom} onCustom={onCustom} />
      ) : (
        <Stepper period={period} anchor={anchor} range={range} onAnchor={onAnchor} />
      )}
    </div>
  );
}

function CustomRange({ custom, onCustom }: Pick<Props, 'custom' | 'onCustom'>) {
  const fromId = useId();
  const toId = useId();
  return (
    <div className="rep-period__custom">
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={fromId}>
          From
        </label>
        <input
          id={fromId}
          type="date"
          className="ui-field__input"
          value={custom.from}
          max={custom.to}
          onChange={(e) => e.target.value && onCustom({ ...custom, from: e.target.value })}
        />
      </div>
      <div className="ui-field">
        <label className="ui-field__label" htmlFor={toId}>
          To
        </label>
        <input
          id={toId}
          type="date"
          className="ui-field__input"
          value={custom.to}
          min={custom.from}
          onChange={(e) => e.target.value && onCustom({ ...custom, to: e.target.value })}
        />
      </div>
    </div>
  );
}

function Stepper({
  period,
  anchor,
  range,
  onAnchor,
}: Pick<Props, 'period' | 'anchor' | 'range' | 'onAnchor'>) {
  const dayId = useId();
  const shown =
    range.from === range.to ? formatDay(range.from) : `${formatDay(range.from)} – ${formatDay(range.to)}`;
  return (
    <div className="rep-period__step">
      <button
        type="button"
        className="ui-button ui-button--secondary ui-button--sm"
        aria-label={`Previous ${period}`}
        onClick={() => onAnchor(stepAnchor(period, anchor, -1))}
      >
        ‹
      </button>
      <label className="ui-visually-hidden" htmlFor={dayId}>
        A day in the {period}
      </label>
      <input
        id={dayId}
        type="date"
        className="ui-field__input rep-period__day"
        value={anchor}
        onChange={(e) => e.target.value && onAnchor(e.target.value)}
      />
      <button
        type="button"
        className="ui-button ui-button--secondary ui-button--sm"
        aria-label={`Next ${period}`}
        onClick={() => onAnchor(stepAnchor(period, anchor, 1))}
      >
        ›
      </button>
      <output className="rep-period__shown" aria-live="polite">
        {shown}
      </output>
    </div>
  );
}
