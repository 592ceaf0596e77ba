import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { TextField } from '@brigade/ui/components/text-field';
import { type FormEvent, useState } from 'react';
import { errorText } from '../domains/error-text';
import { Attributions, PlacePhoto, type PlaceRecord, Rating } from './place-parts';
import { usePlaceSearch } from './queries';

/** "Find your restaurant on Google": a text search prefilled with the restaurant's name and city. */
export function PlaceSearch({
  initialQuery,
  chosenId,
  onChoose,
}: {
  initialQuery: string;
  chosenId: string | undefined;
  onChoose: (place: PlaceRecord) => void;
}) {
  const [text, setText] = useState(initialQuery);
  const [query, setQuery] = useState(initialQuery);
  const results = usePlaceSearch(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(text.trim());
  };
  return (
    <Card title="Find your restaurant on Google" titleAs="h2">
      <form className="places-search" aria-label="Search Google" onSubmit={submit}>
        <TextField label="Name and city" value={text} onChange={(e) => setText(e.target.value)} />
        {/* Busy only while the text shown is the one being searched: a changed text submits at once, even
            while the previous search is still out (a disabled button would swallow the Enter). */}
        <Button type="submit" loading={results.isFetching && text.trim() === query}>
          Search
        </Button>
      </form>
      {query === '' ? null : results.isPending ? (
        <SkeletonRows count={3} label="Searching Google" />
      ) : results.isError ? (
        <Alert tone="error" title="Google could not be searched">
          {errorText(results.error)}
        </Alert>
      ) : results.data.length === 0 ? (
        <EmptyState title="No places found" message="Try the name as it appears on Google, with the city." />
      ) : (
        <ul className="places-results" aria-label="Places found">
          {results.data.map((place) => (
            <li key={place.id}>
              <button
                type="button"
                className="places-result"
                aria-pressed={chosenId === place.id}
                onClick={() => onChoose(place)}
              >
                <PlacePhoto place={place} widthPx={320} attribution={false} />
                <span className="places-result__name">{place.displayName ?? place.id}</span>
                <span className="places-result__address">{place.formattedAddress}</span>
                <Rating place={place} />
              </button>
              {place.photos?.[0] && <Attributions authors={place.photos[0].authorAttributions} />}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
