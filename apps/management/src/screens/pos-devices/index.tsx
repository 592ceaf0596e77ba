import type { Jsonify } from '@brigade/api-client/client';
import { errorMessage } from '@brigade/api-client/problem-error';
import { listPosDevices, revokePosDevice } from '@brigade/contracts/pos';
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

type Device = Jsonify<PosDevice>;

const when = (value: string | null) =>
  value ? new Date(value).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

/** The register app, served beside this one. */
const REGISTER_URL = '/pos/';

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
  return [
    { header: 'Name', primary: true, cell: (d) => d.name },
    { header: 'Receipt printer', cell: (d) => printerName(d.receiptPrinterId) },
    { header: 'Paired', cell: (d) => `${when(d.pairedAt)} by ${d.pairedBy}`, hideOnMobile: true },
    { header: 'Last seen', cell: (d) => when(d.lastSeenAt) },
    {
      header: 'Status',
      cell: (d) =>
        d.revokedAt ? <Badge tone="warning">Unpaired</Badge> : <Badge tone="success">Paired</Badge>,
    },
  ];
}

/**
 * The restaurant's registers (issue 46): each device a manager paired at /pos/, its receipt printer, when it
 * was last seen, and Unpair, which stops its token at once (the device shows the pair screen again).
 */
export default function PosDevicesScreen() {
  const devices = usePosDevices();
  const printers = useCatalogueList<Jsonify<Printer>>(PRINTER_KIND);
  const revoke = useRevokeDevice();
  const canRevoke = useCan(revokePosDevice);
  const toast = useToast();
  const [unpairing, setUnpairing] = useState<Device | null>(null);
  const [unpairError, setUnpairError] = useState<string | null>(null);
  const printerName = (id: number | null) =>
    id === null ? 'None' : (printers.data?.find((p) => p.printerId === id)?.name ?? `Printer ${id}`);
  const unpair = async () => {
    if (!unpairing) return;
    try {
      await revoke.mutateAsync(unpairing.deviceId);
      toast.success(`${unpairing.name} was unpaired`);
      setUnpairing(null);
    } catch (error) {
      setUnpairError(errorMessage(error));
    }
  };
  return (
    <>
      <PageHeader
        title="Registers"
        description="Devices paired as registers of this restaurant. Pair a device by opening the register on it."
        actions={
          <a className={buttonClass('primary')} href={REGISTER_URL}>
            Open the register
          </a>
        }
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
          actions: (
            <a className={buttonClass('primary')} href={REGISTER_URL}>
              Open the register
            </a>
          ),
        }}
        columns={columns(printerName)}
        rowActions={(device) =>
          canRevoke && !device.revokedAt ? (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Unpair ${device.name}`}
              onClick={() => {
                setUnpairError(null);
                setUnpairing(device);
              }}
            >
              Unpair
            </Button>
          ) : null
        }
      />
      <ConfirmDialog
        open={unpairing !== null}
        title="Unpair this register?"
        message={
          unpairing
            ? `${unpairing.name} stops taking sales at once and shows the pair screen; a manager can pair it again.`
            : ''
        }
        confirmLabel="Unpair"
        pendingLabel="Unpairing..."
        pending={revoke.isPending}
        error={unpairError}
        onConfirm={() => void unpair()}
        onCancel={() => setUnpairing(null)}
      />
    </>
  );
}
