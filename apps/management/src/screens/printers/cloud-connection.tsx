import type { Jsonify } from '@brigade/api-client/client';
import { errorMessage } from '@brigade/api-client/problem-error';
import { createPrinterLink, listPrinterConnections } from '@brigade/contracts/printing';
import type { CloudPrinterLink, PrinterConnectionStatus } from '@brigade/domain/printing/api';
import { Badge } from '@brigade/ui/app-kit/badge';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';
import './printers.css';

/**
 * A cloud printer's connection on the printers screen (docs/behaviour/printing.md#connecting-a-cloud-printer):
 * its state in the list, and a dialog with the URL it polls, when it last polled, what it said, and the
 * button that makes its password (shown once, with what to type where in the printer's web setup).
 */

type Status = Jsonify<PrinterConnectionStatus>;

const when = (value: string | null) =>
  value ? new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' }) : 'Never';

export function usePrinterConnections() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'printer-connections'),
    queryFn: async ({ signal }) =>
      (await apiClient.call(listPrinterConnections, { params: { tenantId, restaurantId }, signal })).data,
    refetchInterval: 10_000,
  });
}

const TONES = {
  online: 'success',
  'paper out': 'warning',
  'cover open': 'warning',
  error: 'danger',
} as const;

/** The list's cell: raw TCP, or the cloud printer's state and when it last polled. */
export function ConnectionCell({ status, connection }: { status: Status | undefined; connection: string }) {
  if (connection === 'Raw TCP') return <span>Raw TCP</span>;
  if (!status?.pollUrl) return <Badge>Not set up</Badge>;
  if (!status.lastPollAt) return <Badge>Never polled</Badge>;
  return (
    <span title={`Last poll ${when(status.lastPollAt)}`}>
      <Badge tone={status.state === 'unknown' ? 'info' : TONES[status.state]}>{status.state}</Badge>
    </span>
  );
}

export function CloudConnectionDialog({ status, onClose }: { status: Status | null; onClose: () => void }) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const queryClient = useQueryClient();
  const [link, setLink] = useState<CloudPrinterLink | null>(null);
  const [error, setError] = useState<string | null>(null);
  const make = useMutation({
    mutationFn: async (printerId: number) =>
      (await apiClient.call(createPrinterLink, { params: { tenantId, restaurantId, printerId } })).data,
    onSuccess: (made) => {
      setLink(made as CloudPrinterLink);
      setError(null);
      void queryClient.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'printer-connections') });
    },
    onError: (caught) => setError(errorMessage(caught)),
  });
  const close = () => {
    setLink(null);
    setError(null);
    onClose();
  };
  return (
    <Dialog
      open={status !== null}
      onClose={close}
      title={status ? `${status.name}: cloud connection` : ''}
      description={status?.connection}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Done
          </Button>
          <Button
            onClick={() => status && make.mutate(status.printerId)}
            loading={make.isPending}
            loadingText="Making..."
          >
            {status?.pollUrl ? 'Make a new password' : 'Make its URL and password'}
          </Button>
        </>
      }
    >
      {status && <ConnectionDetails status={status} link={link} error={error} />}
    </Dialog>
  );
}

function ConnectionDetails({
  status,
  link,
  error,
}: {
  status: Status;
  link: CloudPrinterLink | null;
  error: string | null;
}) {
  const idLabel = status.connection === 'Star CloudPRNT' ? 'MAC address' : 'Printer ID';
  return (
    <div className="cat-form">
      {error && <Alert title="Could not make the link">{error}</Alert>}
      <dl className="printer-connection">
        <dt>{idLabel}</dt>
        <dd>{status.cloudDeviceId ?? 'Not set'}</dd>
        <dt>Poll URL</dt>
        <dd>{link?.pollUrl ?? status.pollUrl ?? 'Not made yet'}</dd>
        <dt>Last poll</dt>
        <dd>{when(status.lastPollAt)}</dd>
        <dt>Last status</dt>
        <dd>{status.lastStatus ? `${status.state} (${status.lastStatus})` : 'None yet'}</dd>
        <dt>Waiting</dt>
        <dd>{status.waiting === 1 ? '1 document' : `${status.waiting} documents`}</dd>
      </dl>
      {link ? (
        <Alert
          title="Enter these in the printer's web setup now: the password is shown only once"
          tone="info"
        >
          <p>
            {status.connection === 'Star CloudPRNT'
              ? 'CloudPRNT → Server URL, and HTTP authentication user name and password.'
              : 'Server Direct Print → URL, ID (its printer ID above) and the authentication password.'}
          </p>
          <dl className="printer-connection">
            <dt>URL</dt>
            <dd>
              <code>{link.pollUrl}</code>
            </dd>
            <dt>User name</dt>
            <dd>
              <code>{link.userName}</code>
            </dd>
            <dt>Password</dt>
            <dd>
              <code>{link.password}</code>
            </dd>
          </dl>
        </Alert>
      ) : (
        <p className="ui-muted ui-small">
          {status.pollUrl
            ? 'A new password replaces the old one at once: the printer stops printing until it is entered.'
            : 'The printer needs a URL to poll and a password before it can print from here.'}
        </p>
      )}
    </div>
  );
}
