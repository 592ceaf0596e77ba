import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import { KITCHEN_NO_TERMINAL, type PosDevice } from '@brigade/domain/pos/api';
import { type PairTerminalInput, pairTerminalSchema } from '@brigade/domain/pos/terminal';
import { resolveCatalogueScope } from '../catalogue/index';
import type { SealedBox } from '../secrets/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import { type DeviceRow, findDevice, type RestaurantScope, setDeviceTerminal } from './device-repository';
import { DEVICE_NOT_FOUND, deviceOf } from './devices';

/**
 * A register's card terminal (docs/behaviour/pos.md#paying-by-card), managers: the terminal's HSN and the
 * terminal API key, which is a secret — sealed with the record it belongs to (core/secrets), never answered,
 * never logged. Unpairing forgets both.
 */

export interface TerminalPairingDeps extends UseCaseDeps {
  secrets(): SealedBox;
}

/** The sealed key's additional data: a key copied onto another register does not open there. */
export const terminalKeyContext = (device: Pick<DeviceRow, 'tenantId' | 'restaurantId' | 'deviceId'>) =>
  `pos-terminal:${device.tenantId}:${device.restaurantId}:${device.deviceId}`;

async function deviceIn(deps: UseCaseDeps, actor: Actor, input: RestaurantScope & { deviceId: number }) {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  const row = await findDevice(deps.db, scope, input.deviceId);
  if (!row) throw notFound(DEVICE_NOT_FOUND, 'DEVICE_NOT_FOUND');
  return row;
}

export async function pairTerminal(
  deps: TerminalPairingDeps,
  actor: Actor,
  input: RestaurantScope & { deviceId: number; body: PairTerminalInput },
): Promise<PosDevice> {
  const row = await deviceIn(deps, actor, input);
  // a kitchen display takes no money; a kiosk does (a guest pays by card on it)
  if (row.mode === 'kitchen')
    throw new BrigadeError('conflict', 'DEVICE_IS_KITCHEN_DISPLAY', KITCHEN_NO_TERMINAL);
  const { hsn, apiKey } = pairTerminalSchema.parse(input.body);
  const sealedKey = deps.secrets().seal(apiKey, terminalKeyContext(row));
  return deviceOf(await setDeviceTerminal(deps.db, row, { hsn, sealedKey }));
}

export async function unpairTerminal(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope & { deviceId: number },
): Promise<PosDevice> {
  const row = await deviceIn(deps, actor, input);
  return deviceOf(await setDeviceTerminal(deps.db, row, null));
}
