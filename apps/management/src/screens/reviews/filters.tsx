import { Button } from '@brigade/ui/components/button';
import { type ReactNode, useId, useState } from 'react';
import { activeFilterCount, NO_FILTERS, type ReviewFilters } from '../google-business/review-filters';

function Field({
  label,
  more = false,
  children,
}: {
  label: string;
  /** Folded away behind "More filters" on a phone. */
  more?: boolean;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={more ? 'ui-field rv-filter rv-filter--more' : 'ui-field rv-filter'}>
      <label className="ui-field__label" htmlFor={id}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

type Options = readonly (readonly [value: string, label: string])[];
const REPLY_OPTIONS: Options = [
  ['', 'All reviews'],
  ['needs-response', 'Needs response'],
  ['unanswered', 'Unanswered'],
  ['replied', 'Replied'],
];
const RATING_OPTIONS: Options = [
  ['', 'Any rating'],
  ...[5, 4, 3, 2, 1].map((stars) => [String(stars), `${stars} ${stars === 1 ? 'star' : 'stars'}`] as const),
];
const SENTIMENT_OPTIONS: Options = [
  ['', 'Any sentiment'],
  ['positive', 'Positive (4-5 stars)'],
  ['neutral', 'Neutral (3 stars)'],
  ['negative', 'Negative (1-2 stars)'],
];

function Choice({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  options: Options;
}) {
  return (
    <Field label={label} more={label !== 'Reply'}>
      {(id) => (
        <select id={id} className="ui-field__input" value={value} onChange={onChange}>
          {options.map(([option, text]) => (
            <option key={option} value={option}>
              {text}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** The inbox's filters, applied as they change (the list is in memory). */
export function ReviewFilterFields({
  filters,
  onChange,
}: {
  filters: ReviewFilters;
  onChange: (next: ReviewFilters) => void;
}) {
  const set =
    <K extends keyof ReviewFilters>(key: K) =>
    (event: { target: { value: string } }) =>
      onChange({ ...filters, [key]: event.target.value as ReviewFilters[K] });
  const [open, setOpen] = useState(false);
  const folded = [filters.rating, filters.sentiment, filters.from, filters.to].filter(Boolean).length;
  return (
    <search className="rv-filters" aria-label="Filter the reviews" data-open={open || undefined}>
      <Field label="Search">
        {(id) => (
          <input
            id={id}
            type="search"
            className="ui-field__input"
            value={filters.search}
            onChange={set('search')}
            placeholder="Reviewer or words"
          />
        )}
      </Field>
      <Choice label="Reply" value={filters.status} onChange={set('status')} options={REPLY_OPTIONS} />
      <Choice label="Rating" value={filters.rating} onChange={set('rating')} options={RATING_OPTIONS} />
      <Choice
        label="Sentiment"
        value={filters.sentiment}
        onChange={set('sentiment')}
        options={SENTIMENT_OPTIONS}
      />
      <Field label="From" more>
        {(id) => (
          <input
            id={id}
            type="date"
            className="ui-field__input"
            value={filters.from}
            onChange={set('from')}
          />
        )}
      </Field>
      <Field label="To" more>
        {(id) => (
          <input id={id} type="date" className="ui-field__input" value={filters.to} onChange={set('to')} />
        )}
      </Field>
      <Button
        variant="secondary"
        size="sm"
        className="rv-filters__toggle"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {folded > 0 ? `More filters (${folded})` : 'More filters'}
      </Button>
      {activeFilterCount(filters) > 0 && (
        <Button variant="ghost" className="rv-filters__clear" onClick={() => onChange(NO_FILTERS)}>
          Clear filters
        </Button>
      )}
    </search>
  );
}
