import { Button } from '@brigade/ui/components/button';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
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
const SORT_OPTIONS: Options = [
  ['', 'Newest first'],
  ['oldest', 'Oldest first'],
  ['lowest', 'Lowest rating'],
  ['highest', 'Highest rating'],
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
    <Field label={label} more={label !== 'Reply' && label !== 'Sort'}>
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

/** How long the search waits after the last key before it asks the server. */
export const SEARCH_DELAY_MS = 300;

/** The search box: typed freely, sent (into the address) once typing pauses; Enter sends at once. */
function SearchField({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [typed, setTyped] = useState(value);
  const sent = useRef(value);
  useEffect(() => {
    // The address changed elsewhere (Clear filters, Back): show what it holds.
    if (value !== sent.current) {
      sent.current = value;
      setTyped(value);
    }
  }, [value]);
  useEffect(() => {
    if (typed === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = typed;
      onSearch(typed);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed, onSearch]);
  return (
    <Field label="Search">
      {(id) => (
        <input
          id={id}
          type="search"
          className="ui-field__input"
          value={typed}
          maxLength={200}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== 'Enter') return;
            sent.current = typed;
            onSearch(typed);
          }}
          placeholder="Reviewer or words"
        />
      )}
    </Field>
  );
}

/** The inbox's filters: choices apply at once, the search once typing pauses; the server does the work. */
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
  const latest = useRef({ filters, onChange });
  latest.current = { filters, onChange };
  const [onSearch] = useState(
    () => (search: string) => latest.current.onChange({ ...latest.current.filters, search }),
  );
  return (
    <search className="rv-filters" aria-label="Filter the reviews" data-open={open || undefined}>
      <SearchField value={filters.search} onSearch={onSearch} />
      <Choice label="Reply" value={filters.status} onChange={set('status')} options={REPLY_OPTIONS} />
      <Choice label="Rating" value={filters.rating} onChange={set('rating')} options={RATING_OPTIONS} />
      <Choice
        label="Sentiment"
        value={filters.sentiment}
        onChange={set('sentiment')}
        options={SENTIMENT_OPTIONS}
      />
      <Choice label="Sort" value={filters.sort} onChange={set('sort')} options={SORT_OPTIONS} />
      <Field label="From" more>
        {(id) => (
          <input
            id={id}
            type="date"
            className="ui-field__input"
            value={filters.from}
            max={filters.to || undefined}
            onChange={set('from')}
          />
        )}
      </Field>
      <Field label="To" more>
        {(id) => (
          <input
            id={id}
            type="date"
            className="ui-field__input"
            value={filters.to}
            min={filters.from || undefined}
            onChange={set('to')}
          />
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
        <Button
          variant="ghost"
          className="rv-filters__clear"
          onClick={() => onChange({ ...NO_FILTERS, sort: filters.sort })}
        >
          Clear filters
        </Button>
      )}
    </search>
  );
}
