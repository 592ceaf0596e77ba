import type { Jsonify } from '@brigade/api-client/client';
import type { AuthorAttribution, Place } from '@brigade/domain/places';
import { useState } from 'react';
import { usePhotoUri } from './queries';

export type PlaceRecord = Jsonify<Place>;

/** "4.6 ★ (1,204 reviews)" or nothing when Google has no rating. */
export function Rating({ place }: { place: PlaceRecord }) {
  if (place.rating === undefined) return null;
  const count = place.userRatingCount ?? 0;
  return (
    <span className="places-rating">
      {place.rating.toFixed(1)} <span aria-hidden="true">★</span>
      <span className="ui-visually-hidden"> stars</span> ({count.toLocaleString()} reviews)
    </span>
  );
}

/** Google's terms: a place photo is shown with its authors. */
export function Attributions({ authors }: { authors: readonly Jsonify<AuthorAttribution>[] }) {
  const named = authors.filter((author) => author.displayName);
  if (named.length === 0) return null;
  return (
    <span className="places-attribution">
      Photo:{' '}
      {named.map((author, index) => (
        <span key={`${author.displayName}|${author.uri ?? ''}`}>
          {index > 0 && ', '}
          {author.uri ? (
            <a href={author.uri} target="_blank" rel="noreferrer">
              {author.displayName}
            </a>
          ) : (
            author.displayName
          )}
        </span>
      ))}
    </span>
  );
}

/** The place's first photo through the server (`/places/photos/media`), or a plain placeholder. */
export function PlacePhoto({
  place,
  widthPx = 400,
  attribution = true,
}: {
  place: PlaceRecord;
  widthPx?: number;
  /** Off where the photo sits inside a button: the caller shows the authors next to it. */
  attribution?: boolean;
}) {
  const photo = place.photos?.[0];
  const uri = usePhotoUri(photo?.name, widthPx);
  // A photo that does not load (e.g. the page's img-src refuses its origin) leaves the plain placeholder.
  const [failed, setFailed] = useState(false);
  return (
    <figure className="places-photo">
      {uri.data && !failed ? (
        <img
          src={uri.data}
          alt={`${place.displayName ?? 'The place'} on Google`}
          loading="lazy"
          onError={() => setFailed(true)}
        />
      ) : (
        <div className="places-photo__empty" aria-hidden="true" />
      )}
      {photo && attribution && (
        <figcaption>
          <Attributions authors={photo.authorAttributions} />
        </figcaption>
      )}
    </figure>
  );
}
