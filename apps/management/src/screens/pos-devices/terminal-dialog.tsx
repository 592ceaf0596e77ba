import type { Jsonify } from '@brigade/api-client/client';
import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import { pairPosTerminal, unpairPosTerminal } from '@brigade/contracts/pos';
import type { PosDevice } from '@brigade/domain/pos/api';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { TextField } from '@brigade/ui/components/text-field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { useCurrentRestaurant } from '../../restaurant-context';

type Device = Jsonify<PosDevice>;

/**
 * A register's card terminal (docs/behaviour/pos.md#paying-by-card): the CardPointe terminal's HSN and the
 * terminal API key. The key is sent once and sealed on the server; it is never shown again, so the field is
 * always empty. Unpairing the terminal forgets the key; the register then takes cash only.
 */
export function TerminalDialog({ device, onDone }: { device: Device | null; onDone: () => void }) {
  const { hsn, setHsn, apiKey, setApiKey, errors, setErrors, save, remove, done } = useTerminalPairing(
    device,
    onDone,
  );
  if (!device) return null;
  return (
    <Dialog
      open
      onClose={done}
      title={`Card terminal of ${device.name}`}
      description={
        device.terminal
          ? `Paired with terminal ${device.terminal.hsn}. Pair another one, or unpair it.`
          : 'Pair a CardPointe terminal: the register then takes cards on it.'
      }
      footer={
        <>
          {device.terminal && (
            <Button variant="secondary" onClick={() => remove.mutate(device)} loading={remove.isPending}>
              Unpair terminal
            </Button>
          )}
          <Button variant="secondary" onClick={done}>
            Cancel
          </Button>
          <Button onClick={() => save.mutate(device)} loading={save.isPending}>
            Pair terminal
          </Button>
        </>
      }
    >
      <TextField
        label="Terminal HSN"
        hint="The hardware serial number on the terminal's label"
        value={hsn}
        onChange={(event) => {
          setHsn(event.target.value);
          setErrors(({ hsn: _fixed, ...rest }) => rest);
        }}
        error={errors.hsn}
        autoComplete="off"
      />
      <TextField
        label="Terminal API key"
        hint="From CardPointe; stored sealed and never shown again"
        type="password"
        value={apiKey}
        onChange={(event) => {
          setApiKey(event.target.value);
          setErrors(({ apiKey: _fixed, ...rest }) => rest);
        }}
        error={errors.apiKey}
        autoComplete="off"
      />
      {errors[''] && (
        <p className="ui-field__error" role="alert">
          {errors['']}
        </p>
      )}
    </Dialog>
  );
}

/** The form's state and its two calls: pair (HSN and key) and unpair. */
function useTerminalPairing(device: Device | null, onDone: () => void) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [hsn, setHsn] = useState('');
  const [apiKey, setApiKey] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const done = () => {
    void queryClient.invalidateQueries({ queryKey: restaurantKey(restaurantId, 'pos-devices') });
    setHsn('');
    setApiKey('');
    setErrors({});
    onDone();
  };
  const save = useMutation({
    mutationFn: async (d: Device) =>
      apiClient.call(pairPosTerminal, {
        params: { tenantId, restaurantId, deviceId: d.deviceId },
        body: { hsn: hsn.trim(), apiKey },
      }),
    onSuccess: () => {
      toast.success(`The terminal ${hsn.trim()} is paired with ${device?.name ?? 'the register'}`);
      done();
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const remove = useMutation({
    mutationFn: async (d: Device) =>
      apiClient.call(unpairPosTerminal, { params: { tenantId, restaurantId, deviceId: d.deviceId } }),
    onSuccess: () => {
      toast.success(`${device?.name ?? 'The register'} has no card terminal now`);
      done();
    },
    onError: (error) => setErrors({ '': errorMessage(error) }),
  });
  return { hsn, setHsn, apiKey, setApiKey, errors, setErrors, save, remove, done };
}

function fieldErrors(error: unknown): Record<string, string> {
  if (error instanceof ProblemError && error.errors.length > 0)
    return Object.fromEntries(error.errors.map((e) => [e.path, e.message]));
  return { '': errorMessage(error) };
}
