import { createHash, randomBytes } from 'node:crypto';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound, validationError } from '@brigade/domain/errors';
import {
  DEVICE_REVOKED_MESSAGE,
  DEVICE_TOKEN_MESSAGE,
  type DeviceMode,
  DRAWER_OPEN_ON_UNPAIR,
  deviceTokenSchema,
  KIOSK_ONLY_MESSAGE,
  KITCHEN_NOT_A_KIOSK_MESSAGE,
  KITCHEN_ONLY_MESSAGE,
  NOT_A_KIOSK_MESSAGE,
  NOT_A_KITCHEN_DISPLAY_MESSAGE,
  type PairDeviceInput,
  type PairedDevice,
  type PosDevice,
  pairDeviceSchema,
} from '@brigade/domain/pos/api';
import { resolveCatalogueScope } from '../catalogue/index';
import { userNames } from '../payments/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import {
  type DeviceRow,
  deviceByToken,
  deviceByTokenAnywhere,
  findDevice,
  findPrinter,
  insertDevice,
  listDeviceRows,
  markSeen,
  type RestaurantScope,
  revokeDeviceRow,
} from './device-repository';
import { openSessionOf } from './drawer-repository';

/**
 * Registers (docs/behaviour/pos.md#pairing-a-register): a manager pairs a device with one restaurant and it
 * is given a random token, shown once; only the token's SHA-256 is kept. Every register call names the
 * device by its token beside the staff member's own session, so a device unpaired from management stops at
 * once, and a token of one restaurant opens no other.
 */

export const PRINTER_NOT_FOUND = 'Receipt printer not found';
export const DEVICE_NOT_FOUND = 'Device not found';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export const deviceOf = (row: DeviceRow, pairedByName: string | null = null): PosDevice => ({
  deviceId: row.deviceId,
  name: row.name,
  receiptPrinterId: row.receiptPrinterId,
  pairedBy: row.pairedBy,
  pairedByName,
  pairedAt: row.pairedAt,
  lastSeenAt: row.lastSeenAt,
  revokedAt: row.revokedAt,
  terminal:
    row.terminalHsn && row.terminalPairedAt ? { hsn: row.terminalHsn, pairedAt: row.terminalPairedAt } : null,
  passcodeLockedAt: row.passcodeLockedAt,
  mode: row.mode,
});

export async function pairDevice(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope & PairDeviceInput,
): Promise<PairedDevice> {
  const { tenantId, restaurantId, ...fields } = input;
  const scope = { tenantId, restaurantId };
  await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  const body = pairDeviceSchema.parse(fields);
  if (body.receiptPrinterId !== null && !(await findPrinter(deps.db, scope, body.receiptPrinterId)))
    throw validationError(PRINTER_NOT_FOUND, [{ path: 'receiptPrinterId', message: PRINTER_NOT_FOUND }]);
  const token = randomBytes(32).toString('base64url');
  const row = await insertDevice(deps.db, {
    ...scope,
    name: body.name,
    receiptPrinterId: body.receiptPrinterId,
    mode: body.mode,
    tokenHash: hashOf(token),
    pairedBy: userIdOf(actor),
  });
  return { device: deviceOf(row), token };
}

export async function listDevices(
  deps: UseCaseDeps,
  actor: Actor,
  scope: RestaurantScope,
): Promise<PosDevice[]> {
  await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  const rows = await listDeviceRows(deps.db, scope);
  const names = await userNames(
    deps.db,
    rows.map((row) => row.pairedBy),
  );
  return rows.map((row) => deviceOf(row, names.get(row.pairedBy) ?? null));
}

export async function revokeDevice(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope & { deviceId: number },
): Promise<PosDevice> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  const row = await findDevice(deps.db, scope, input.deviceId);
  if (!row) throw notFound(DEVICE_NOT_FOUND, 'DEVICE_NOT_FOUND');
  // its drawer could never be counted again: every drawer call needs the device's token
  if (await openSessionOf(deps.db, scope, row.deviceId))
    throw new BrigadeError('conflict', 'DRAWER_OPEN', DRAWER_OPEN_ON_UNPAIR);
  return deviceOf(await revokeDeviceRow(deps.db, row, userIdOf(actor)));
}

/**
 * The paired, not unpaired, device a register call names by its token in this restaurant; 403 otherwise
 * (a token of another restaurant is as unknown as a made-up one). A kiosk's token opens no register call
 * (decision 059): it only places kiosk orders; nor does a kitchen display's (decision 069).
 */
export async function pairedDevice(
  deps: UseCaseDeps & { now?: () => Date },
  scope: RestaurantScope,
  token: unknown,
): Promise<DeviceRow> {
  const parsed = deviceTokenSchema.safeParse(token);
  const row = parsed.success ? await deviceByToken(deps.db, scope, hashOf(parsed.data)) : null;
  return usableDevice(deps, row, 'register');
}

/**
 * The kiosk a kiosk call names by its token alone (no session, no tenant in the path): the token's device
 * says which restaurant it orders for. 403 for an unknown, unpaired, register or kitchen display token.
 */
export const pairedKiosk = (deps: UseCaseDeps & { now?: () => Date }, token: unknown): Promise<DeviceRow> =>
  pairedAnywhere(deps, token, 'kiosk');

/**
 * The device a token names, in whichever restaurant, if it is paired in `mode`: a kiosk's or a kitchen
 * display's calls name no tenant, the token does. 403 for an unknown, unpaired or other device's token.
 */
export async function pairedAnywhere(
  deps: UseCaseDeps & { now?: () => Date },
  token: unknown,
  mode: 'kiosk' | 'kitchen',
): Promise<DeviceRow> {
  const parsed = deviceTokenSchema.safeParse(token);
  const row = parsed.success ? await deviceByTokenAnywhere(deps.db, hashOf(parsed.data)) : null;
  return usableDevice(deps, row, mode);
}

/** What a device of another mode is told on a call for `wanted`: the code, and what to do. */
const WRONG_MODE: Record<DeviceMode, Record<DeviceMode, [code: string, message: string] | null>> = {
  register: {
    register: null,
    kiosk: ['DEVICE_IS_KIOSK', KIOSK_ONLY_MESSAGE],
    kitchen: ['DEVICE_IS_KITCHEN_DISPLAY', KITCHEN_ONLY_MESSAGE],
  },
  kiosk: {
    register: ['DEVICE_NOT_KIOSK', NOT_A_KIOSK_MESSAGE],
    kiosk: null,
    kitchen: ['DEVICE_NOT_KIOSK', KITCHEN_NOT_A_KIOSK_MESSAGE],
  },
  kitchen: {
    register: ['DEVICE_NOT_KITCHEN_DISPLAY', NOT_A_KITCHEN_DISPLAY_MESSAGE],
    kiosk: ['DEVICE_NOT_KITCHEN_DISPLAY', NOT_A_KITCHEN_DISPLAY_MESSAGE],
    kitchen: null,
  },
};

async function usableDevice(
  deps: UseCaseDeps & { now?: () => Date },
  row: DeviceRow | null,
  wanted: DeviceMode,
): Promise<DeviceRow> {
  if (!row) throw new BrigadeError('forbidden', 'DEVICE_NOT_PAIRED', DEVICE_TOKEN_MESSAGE);
  if (row.revokedAt) throw new BrigadeError('forbidden', 'DEVICE_UNPAIRED', DEVICE_REVOKED_MESSAGE);
  await markSeen(deps.db, row, deps.now?.() ?? new Date());
  const refusal = WRONG_MODE[wanted][row.mode];
  if (refusal) throw new BrigadeError('forbidden', refusal[0], refusal[1]);
  return row;
}
