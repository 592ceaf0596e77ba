import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert, ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useState } from 'react';
import { errorText } from '../domains/error-text';
import { type Connection, useConnectMutations, useLocations } from './queries';

interface GoogleLocation {
  name: string;
  title?: string;
  storefrontAddress?: { addressLines?: string[]; locality?: string; administrativeArea?: string };
  openInfo?: { status?: string };
}

const addressLine = (location: GoogleLocation) => {
  const address = location.storefrontAddress;
  if (!address) return '';
  return [...(address.addressLines ?? []), address.locality, address.administrativeArea]
    .filter(Boolean)
    .join(', ');
};

/** The grant's locations (the account's first page, up to 100): choose which one is this restaurant. */
export function LocationPicker({ connection, onDone }: { connection: Connection; onDone?: () => void }) {
  const locations = useLocations(true);
  const { select } = useConnectMutations();
  const toast = useToast();
  const [chosen, setChosen] = useState<string | null>(connection.locationId);
  const list = (locations.data?.locations ?? []) as GoogleLocation[];
  const use = async () => {
    const location = list.find((one) => one.name === chosen);
    if (!location) return;
    try {
      await select.mutateAsync(location.name);
      toast.success(`${location.title ?? 'The location'} is now this restaurant's Business Profile`);
      onDone?.();
    } catch {
      // Shown below.
    }
  };
  return (
    <Card title="Choose the location" titleAs="h2">
      {locations.isPending ? (
        <SkeletonRows count={3} label="Loading your Google locations" />
      ) : locations.isError ? (
        <ErrorView
          title="Failed to load your Google locations"
          message={errorText(locations.error)}
          actions={<Button onClick={() => void locations.refetch()}>Try Again</Button>}
        />
      ) : list.length === 0 ? (
        <EmptyState
          title="No locations on this Google account"
          message="Add the restaurant on Google Business Profile first, or connect with another Google account."
        />
      ) : (
        <fieldset className="gbp-locations">
          <legend className="gbp-muted">Which of your Google locations is this restaurant?</legend>
          {list.map((location) => (
            <label key={location.name} className="gbp-location">
              <input
                type="radio"
                name="gbp-location"
                value={location.name}
                checked={chosen === location.name}
                onChange={() => setChosen(location.name)}
              />
              <span>
                <strong>{location.title ?? location.name}</strong>
                <span className="gbp-muted">{addressLine(location)}</span>
                {location.openInfo?.status && location.openInfo.status !== 'OPEN' && (
                  <span className="gbp-muted">
                    {location.openInfo.status.replaceAll('_', ' ').toLowerCase()}
                  </span>
                )}
              </span>
            </label>
          ))}
        </fieldset>
      )}
      {select.error && (
        <Alert tone="error" title="Could not choose the location">
          {errorText(select.error)}
        </Alert>
      )}
      <div className="gbp-actions">
        <Button onClick={() => void use()} disabled={!chosen} loading={select.isPending}>
          Use this location
        </Button>
        {onDone && (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </Card>
  );
}
