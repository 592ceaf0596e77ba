import { Badge } from '@brigade/ui/app-kit/badge';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../domains/error-text';
import { AiSettingsCard } from './ai-settings';
import { ConnectButton } from './connect';
import { LocationPicker } from './location-picker';
import { ProfileComparison } from './profile-compare';
import { ProfileEditCard } from './profile-edit';
import { type Connection, useConnectMutations } from './queries';

export const when = (value: string | null | undefined) =>
  value ? new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

const needsReconnect = (connection: Connection) =>
  connection.status === 'error' && connection.statusReason === 'reconnect_needed';

/** A connected (or failing) restaurant: its state, Sync now, change location, Disconnect, and the profile. */
export function ConnectionPanel({ connection }: { connection: Connection }) {
  const [changing, setChanging] = useState(false);
  const [disconnecting, setDisconnecting] = useState(false);
  const { syncFull } = useConnectMutations();
  const toast = useToast();
  const reconnect = needsReconnect(connection);
  const sync = async () => {
    try {
      const result = await syncFull.mutateAsync(connection.connectionId);
      toast.success(`Synced with Google: ${result.reviews.fetched} reviews read`);
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  if (changing) return <LocationPicker connection={connection} onDone={() => setChanging(false)} />;
  return (
    <div className="gbp-screen">
      {reconnect && (
        <Alert tone="warning" title="Reconnect needed">
          <p>
            Google no longer accepts this connection: access was removed on Google or it expired. Reviews and
            the profile are not synced until you connect again; what was synced stays.
          </p>
          <ConnectButton label="Reconnect" />
        </Alert>
      )}
      <Card title={connection.locationTitle ?? 'Google Business Profile'} titleAs="h2">
        <dl className="gbp-facts" aria-label="Connection">
          <dt>Status</dt>
          <dd>
            {connection.status === 'connected' ? (
              <Badge tone="success">Connected</Badge>
            ) : reconnect ? (
              <Badge tone="danger">Reconnect needed</Badge>
            ) : (
              <Badge tone="warning">{connection.status}</Badge>
            )}
          </dd>
          <dt>Location</dt>
          <dd>{connection.locationTitle ?? connection.locationId ?? 'None chosen'}</dd>
          <dt>Last sync</dt>
          <dd>{when(connection.lastSyncAt)}</dd>
          {connection.lastSyncStatus === 'error' && (
            <>
              <dt>Last sync failed</dt>
              <dd>{connection.lastSyncError ?? 'Unknown error'}</dd>
            </>
          )}
          <dt>Automatic sync</dt>
          <dd>{connection.syncFrequency}</dd>
        </dl>
        <div className="gbp-actions">
          {!reconnect && (
            <Button onClick={() => void sync()} loading={syncFull.isPending}>
              Sync now
            </Button>
          )}
          <Link className="ui-button ui-button--secondary" to="/reviews">
            Open reviews
          </Link>
          {!reconnect && (
            <Button variant="secondary" onClick={() => setChanging(true)}>
              Change location
            </Button>
          )}
          <Button variant="ghost" onClick={() => setDisconnecting(true)}>
            Disconnect
          </Button>
        </div>
      </Card>
      {!reconnect && <ProfileComparison connectionId={connection.connectionId} />}
      {!reconnect && <ProfileEditCard connectionId={connection.connectionId} />}
      <AiSettingsCard connectionId={connection.connectionId} />
      {disconnecting && (
        <DisconnectDialog title={connection.locationTitle} onClose={() => setDisconnecting(false)} />
      )}
    </div>
  );
}

function DisconnectDialog({ title, onClose }: { title: string | null; onClose: () => void }) {
  const { disconnect } = useConnectMutations();
  const toast = useToast();
  const confirm = async () => {
    try {
      await disconnect.mutateAsync();
      toast.success('Disconnected from Google Business Profile');
      onClose();
    } catch {
      // The dialog shows the error.
    }
  };
  return (
    <ConfirmDialog
      open
      title="Disconnect Google Business Profile?"
      message={`Brigade's access to ${title ?? 'the Business Profile'} is removed at Google and syncing stops. The reviews and replies already synced stay here; you can connect again at any time.`}
      confirmLabel="Disconnect"
      pendingLabel="Disconnecting..."
      pending={disconnect.isPending}
      error={disconnect.error ? errorText(disconnect.error) : null}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
