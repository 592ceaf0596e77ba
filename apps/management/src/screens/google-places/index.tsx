import { connectGooglePlace } from '@brigade/contracts/place-link';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert, ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useState } from 'react';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import { errorText } from '../domains/error-text';
import { type RestaurantRecord, useRestaurantRecord } from '../restaurant/queries';
import { LinkStatus, PlaceDetails } from './details';
import { ImportDialog } from './import-dialog';
import type { PlaceRecord } from './place-parts';
import { usePlaceLinkMutations } from './queries';
import { PlaceSearch } from './search';
import { SyncSettings } from './sync-settings';
import './google-places.css';

/**
 * The restaurant's Google listing (issue 18 item 5, decision 026): find the place, link it, see the link's
 * sync state, and import chosen fields from it. Linking, syncing and importing are for owners and admins
 * (the server checks it too); others see the linked place read-only.
 */
export default function GooglePlacesScreen() {
  const canManage = useCan(connectGooglePlace);
  const { restaurantName } = useCurrentRestaurant();
  const record = useRestaurantRecord();
  return (
    <>
      <PageHeader
        title="Google listing"
        description={`How ${restaurantName} appears on Google, and what the restaurant can copy from it.`}
      />
      {record.isPending ? (
        <SkeletonRows count={4} label="Loading the Google listing" />
      ) : record.isError ? (
        <ErrorView
          title="Failed to load the restaurant"
          message={record.error.message}
          actions={<Button onClick={() => void record.refetch()}>Try Again</Button>}
        />
      ) : (
        <Listing restaurant={record.data} canManage={canManage} />
      )}
    </>
  );
}

function Listing({ restaurant, canManage }: { restaurant: RestaurantRecord; canManage: boolean }) {
  const link = restaurant.platformSync.platforms.googlePlaces;
  const linkedId = link?.placeId;
  const [chosen, setChosen] = useState<PlaceRecord | null>(null);
  const [importing, setImporting] = useState(false);
  const [unlinking, setUnlinking] = useState(false);
  const { connect, sync } = usePlaceLinkMutations();
  const toast = useToast();
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      toast.success(done);
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  const shownId = chosen?.id ?? linkedId;
  const linkChosen = () =>
    chosen &&
    void run(() => connect.mutateAsync(chosen.id), `Linked to ${chosen.displayName ?? 'the place'}`);
  const actions = !canManage ? null : shownId !== linkedId ? (
    <Button onClick={linkChosen} loading={connect.isPending}>
      Link this place
    </Button>
  ) : (
    <div className="places-actions">
      <Button onClick={() => setImporting(true)}>Import from Google</Button>
      <Button
        variant="secondary"
        loading={sync.isPending}
        onClick={() => void run(() => sync.mutateAsync(), 'Synced with Google')}
      >
        Sync now
      </Button>
      <Button variant="secondary" onClick={() => setUnlinking(true)}>
        Unlink
      </Button>
    </div>
  );

  return (
    <div className="places-screen">
      {!canManage && (
        <Alert tone="info" title="Only owners and admins link the restaurant to Google">
          Ask an owner or admin of your organization to link or import the Google listing.
        </Alert>
      )}
      {link && linkedId && (
        <Card title="Linked to Google" titleAs="h2">
          <LinkStatus link={link} />
        </Card>
      )}
      {link && linkedId && <SyncSettings sync={restaurant.platformSync} />}
      {canManage && (
        <PlaceSearch
          initialQuery={`${restaurant.name} ${restaurant.address.city}`.trim()}
          chosenId={shownId}
          onChoose={setChosen}
        />
      )}
      {shownId ? (
        <PlaceDetails key={shownId} placeId={shownId} actions={actions} />
      ) : (
        !canManage && <Alert tone="info" title="Not linked to Google yet" />
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
      {unlinking && (
        <UnlinkDialog
          placeName={link?.placeName}
          onDone={() => {
            setUnlinking(false);
            setChosen(null);
          }}
          onCancel={() => setUnlinking(false)}
        />
      )}
    </div>
  );
}

/** "Unlink from Google?": what goes (the link, syncing, imported photos) and what stays (imported fields). */
function UnlinkDialog({
  placeName,
  onDone,
  onCancel,
}: {
  placeName: string | undefined;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { disconnect } = usePlaceLinkMutations();
  const toast = useToast();
  const unlink = async () => {
    try {
      await disconnect.mutateAsync();
      toast.success('Unlinked from Google');
      onDone();
    } catch {
      // The dialog shows the error.
    }
  };
  return (
    <ConfirmDialog
      open
      title="Unlink from Google?"
      message={`${placeName ?? 'The place'} will no longer be linked: syncing stops and the photos imported from Google are removed. What you imported into the restaurant (hours, phone, address) stays.`}
      confirmLabel="Unlink"
      pendingLabel="Unlinking..."
      pending={disconnect.isPending}
      error={disconnect.error ? errorText(disconnect.error) : null}
      onConfirm={() => void unlink()}
      onCancel={onCancel}
    />
  );
}
