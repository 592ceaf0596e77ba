import { isWebUrl } from '@brigade/domain/catalogue/image-ref';
import type { AuthorAttribution } from '@brigade/domain/places';
import type { ImportedPlacePhoto } from '@brigade/domain/platform-sync';
import { optimizedSource } from '../images';
import type { SiteData } from '../load';

/** The photos imported from the restaurant's linked Google place (issue 18), while the link stands. */
export function placePhotosOf(data: SiteData): readonly ImportedPlacePhoto[] {
  const link = data.restaurant.platformSync.platforms.googlePlaces;
  return link?.placeId ? (link.photos ?? []) : [];
}

/**
 * The home page's photo strip: each imported photo with its authors, linked to their Google profiles as
 * Google's terms ask ("Photo: name"), and "from Google" so the source is plain.
 */
export function PlacePhotos({ data }: { data: SiteData }) {
  const photos = placePhotosOf(data);
  if (photos.length === 0) return null;
  return (
    <section className="section" aria-labelledby="photos-title">
      <div className="wrap">
        <div className="section-head">
          <div>
            <p className="eyebrow">Photos</p>
            <h2 id="photos-title">Around {data.restaurant.name}</h2>
          </div>
        </div>
        <ul className="photos">
          {photos.map((photo, index) => {
            const image = optimizedSource(photo.image);
            return (
              <li key={photo.name}>
                <figure>
                  <img
                    src={image.src}
                    {...(image.srcSet
                      ? { srcSet: image.srcSet, sizes: '(min-width: 768px) 33vw, 100vw' }
                      : {})}
                    alt={`${data.restaurant.name} on Google, ${index + 1} of ${photos.length}`}
                    loading="lazy"
                    decoding="async"
                    width={image.width ?? 800}
                    height={image.height ?? 600}
                  />
                  <figcaption>
                    <Authors authors={photo.authorAttributions} /> · from Google
                  </figcaption>
                </figure>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function Authors({ authors }: { authors: readonly AuthorAttribution[] }) {
  const named = authors.filter((author) => author.displayName?.trim());
  if (named.length === 0) return <>Photo</>;
  return (
    <>
      Photo:{' '}
      {named.map((author, index) => (
        <span key={`${author.displayName}|${author.uri ?? ''}`}>
          {index > 0 ? ', ' : null}
          {author.uri && isWebUrl(author.uri) ? (
            <a href={author.uri} rel="noopener nofollow" target="_blank">
              {author.displayName}
            </a>
          ) : (
            author.displayName
          )}
        </span>
      ))}
    </>
  );
}
