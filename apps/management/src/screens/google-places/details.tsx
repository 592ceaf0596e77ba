import type { Jsonify } from '@brigade/api-client/client';
import type { GooglePlacesEntry } from '@brigade/domain/platform-sync';
import { Alert } from '@brigade/ui/components/alert';
import { Card } from '@brigade/ui/components/card';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import type { ReactNode } from 'react';
import { errorText } from '../domains/error-text';
import { PlacePhoto, Rating } from './place-parts';
import { usePlaceDetails } from './queries';

/** The chosen or linked place as Google lists it: map-free, with a link to Google Maps. */
export function PlaceDetails({ placeId, actions }: { placeId: string; actions?: ReactNode }) {
  const details = usePlaceDetails(placeId);
  if (details.isPending) return <SkeletonRows count={4} label="Loading the place" />;
  if (details.isError) {
    return (
      <Alert tone="error" title="The place could not be loaded">
        {errorText(details.error)}
      </Alert>
    );
  }
  const place = details.data;
  const hours = place.regularOpeningHours?.weekdayDescriptions ?? [];
  return (
    <Card title={place.displayName ?? place.id} titleAs="h2" footer={actions}>
      <div className="places-details">
        <PlacePhoto place={place} widthPx={640} />
        <dl className="places-facts">
          <dt>Address</dt>
          <dd>{place.formattedAddress ?? '—'}</dd>
          <dt>Phone</dt>
          <dd>{place.nationalPhoneNumber ?? place.internationalPhoneNumber ?? '—'}</dd>
          <dt>Website</dt>
          <dd>{place.websiteUri ? <a href={place.websiteUri}>{place.websiteUri}</a> : '—'}</dd>
          <dt>Rating</dt>
          <dd>{place.rating === undefined ? '—' : <Rating place={place} />}</dd>
          <dt>Hours</dt>
          <dd>
            {hours.length === 0 ? (
              '—'
            ) : (
              <ul className="places-hours">
                {hours.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      </div>
      {place.googleMapsUri && (
        <p>
          <a href={place.googleMapsUri} target="_blank" rel="noreferrer">
            Open in Google Maps
          </a>
        </p>
      )}
    </Card>
  );
}

const when = (value: string | undefined) => (value ? new Date(value).toLocaleString() : 'Never');

/** The link's state: when it was made, the last sync, its status and error, what differs. */
export function LinkStatus({ link }: { link: Jsonify<GooglePlacesEntry> }) {
  return (
    <dl className="places-facts places-status" aria-label="Link status">
      <dt>Linked place</dt>
      <dd>{link.placeName ?? link.placeId}</dd>
      <dt>Linked</dt>
      <dd>{when(link.connectedAt)}</dd>
      <dt>Last sync</dt>
      <dd>{when(link.lastSyncAt)}</dd>
      <dt>Status</dt>
      <dd>{link.syncStatus}</dd>
      {link.lastError && (
        <>
          <dt>Last error</dt>
          <dd>{link.lastError}</dd>
        </>
      )}
      {link.pendingChanges && link.pendingChanges.length > 0 && (
        <>
          <dt>Differs from Google</dt>
          <dd>{link.pendingChanges.join(', ')}</dd>
        </>
      )}
    </dl>
  );
}
