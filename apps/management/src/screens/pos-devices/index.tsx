import type { Jsonify } from '@brigade/api-client/client';
import { errorMessage } from '@brigade/api-client/problem-error';
import { listPosDevices, pairPosTerminal, revokePosDevice } from '@brigade/contracts/pos';
import { PRINTER_KIND } from '@brigade/domain/catalogue/kinds';
import type { Printer } from '@brigade/domain/catalogue/printer';
import type { PosDevice } from '@brigade/domain/pos/api';
import { Badge } from '@brigade/ui/app-kit/badge';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button, buttonClass } from '@brigade/ui/components/button';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient } from '../../api';
import { useCatalogueList } from '../../components/catalogue-queries';
import { restaurantKey } from '../../components/query-keys';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import { TerminalDialog } from './terminal-dialog';

type Device = Jsonify<PosDevice>;

const when = (value: string | null) =>
  value ? new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

/** A register that refused passcodes in the last hour (5 wrong ones in a minute): managers are told here. */
const lockedRecently = (at: string | null): at is string =>
  at !== null && Date.now() - new Date(at).getTime() < 3_600_000;

/** The register app, served beside this one. */
const REGISTER_URL = '/pos/';
/** The self-order kiosk app (docs/behaviour/kiosk.md): a manager pairs a kiosk on the device itself. */
const KIOSK_URL = '/kiosk/';
/** The kitchen display app (docs/behaviour/kitchen-display.md): paired on the kitchen's screen itself. */
const KITCHEN_URL = '/kitchen/';
const KINDS = { register: 'Register', kiosk: 'Self-order kiosk', kitchen: 'Kitchen display' } as const;

function usePosDevices() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'pos-devices'),
    queryFn: async ({ signal }) =>
      (await apiClient.call(listPosDevices, { params: { tenantId, restaurantId }, signal })).data,
  });
}

function useRevokeDevice() {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (deviceId: number) =>
      (await apiClient.call(revokePosDevice, { params: { tenantId, restaurantId, deviceId } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'pos-devices') }),
  });
}

function columns(printerName: (id: number | null) => string): Column<Device>[] {
  const paired = (d: Device) =>
    d.pairedByName ? `${when(d.pairedAt)} by ${d.pairedByName}` : when(d.pairedAt);
  return [
    { header: 'Name', primary: true, cell: (d) => d.name },
    { header: 'Kind', cell: (d) => KINDS[d.mode] },
    { header: 'Receipt printer', cell: (d) => printerName(d.receiptPrinterId) },
    { header: 'Card terminal', cell: (d) => d.terminal?.hsn ?? 'None' },
    { header: 'Paired', cell: paired, hideOnMobile: true },
    { header: 'Last seen', cell: (d) => when(d.lastSeenAt) },
    {
      header: 'Status',
      cell: (d) =>
        d.revokedAt ? (
          <Badge tone="warning">Unpaired</Badge>
        ) : (
          <>
            <Badge tone="success">Paired</Badge>{' '}
            {lockedRecently(d.passcodeLockedAt) && (
              <Badge tone="danger">Locked after wrong passcodes at {when(d.passcodeLockedAt)}</Badge>
            )}
          </>
        ),
    },
  ];
}

const OpenRegisterLink = () => (
  <>
    <a className={buttonClass('secondary')} href={KITCHEN_URL}>
      Set up a kitchen display
    </a>
    <a className={buttonClass('secondary')} href={KIOSK_URL}>
      Set up a kiosk
    </a>
    <a className={buttonClass('primary')} href={REGISTER_URL}>
      Open the register
    </a>
  </>
);

/**
 * The restaurant's registers (issue 46): each device a manager paired at /pos/, its receipt printer, when it
 * was last seen, and Unpair, which stops its token at once (the device shows the pair screen again).
 */
export default function PosDevicesScreen() {
  const devices = usePosDevices();
  const printers = useCatalogueList<Jsonify<Printer>>(PRINTER_KIND);
  const canRevoke = useCan(revokePosDevice);
  const canPairTerminal = useCan(pairPosTerminal);
  const [unpairing, setUnpairing] = useState<Device | null>(null);
  const [terminalOf, setTerminalOf] = useState<Device | null>(null);
  const printerName = (id: number | null) =>
    id === null ? 'None' : (printers.data?.find((p) => p.printerId === id)?.name ?? `Printer ${id}`);
  return (
    <>
      <PageHeader
        title="Registers"
        description="Devices paired as registers, self-order kiosks or kitchen displays of this restaurant. Pair a device by opening the register, the kiosk or the kitchen display on it."
        actions={<OpenRegisterLink />}
      />
      <DataTable<Device>
        label="Registers"
        rows={devices.data}
        isLoading={devices.isPending}
        error={devices.error}
        onRetry={() => void devices.refetch()}
        rowKey={(device) => device.deviceId}
        empty={{
          title: 'No registers yet',
          message: 'Open the register on a tablet or a computer at the counter, and pair it there.',
          actions: <OpenRegisterLink />,
        }}
        columns={columns(printerName)}
        rowActions={(device) =>
          device.revokedAt ? null : (
            <>
              {canPairTerminal && (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Card terminal of ${device.name}`}
                  onClick={() => setTerminalOf(device)}
                >
                  Card terminal
                </Button>
              )}
              {canRevoke && (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Unpair ${device.name}`}
                  onClick={() => setUnpairing(device)}
                >
                  Unpair
                </Button>
              )}
            </>
          )
        }
      />
      <UnpairDialog device={unpairing} onDone={() => setUnpairing(null)} />
      <TerminalDialog device={terminalOf} onDone={() => setTerminalOf(null)} />
    </>
  );
}

/** "Unpair this register?": the device's token stops working once confirmed. */
function UnpairDialog({ device, onDone }: { device: Device | null; onDone: () => void }) {
  const revoke = useRevokeDevice();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const unpair = async () => {
    if (!device) return;
    try {
      await revoke.mutateAsync(device.deviceId);
      toast.success(`${device.name} was unpaired`);
      setError(null);
      onDone();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };
  return (
    <ConfirmDialog
      open={device !== null}
      title="Unpair this register?"
      message={
        device
          ? `${device.name} stops taking sales at once and shows the pair screen; a manager can pair it again.`
          : ''
      }
      confirmLabel="Unpair"
      pendingLabel="Unpairing..."
      pending={revoke.isPending}
      error={error}
      onConfirm={() => void unpair()}
      onCancel={() => {
        setError(null);
        onDone();
      }}
    />
  );
}
