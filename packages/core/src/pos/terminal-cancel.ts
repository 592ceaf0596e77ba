import type { Actor } from '@brigade/domain/access';
import { BrigadeError } from '@brigade/domain/errors';
import { NO_TERMINAL } from '@brigade/domain/pos/terminal';
import { openMerchantAccountIn } from '../payments/index';
import type { PosCardDeps } from './card-sale';
import type { DeviceRow, RestaurantScope } from './device-repository';
import { pairedKiosk } from './devices';
import { registerDevice } from './register';
import { terminalOf } from './terminal-run';

/**
 * The register's Cancel while its terminal waits for the card: a forced session ends the sale's session and
 * the command it had the terminal doing (the sale's request then answers "cancelled"), and `cancel` clears
 * whatever is left. Nothing is charged by this; a card already approved is voided by the sale's request.
 */
export async function cancelTerminal(
  deps: PosCardDeps,
  actor: Actor,
  call: RestaurantScope & { token: unknown },
): Promise<{ cancelled: boolean }> {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const { device, account } = await deps.transact(async (tx) => {
    const { device } = await registerDevice({ db: tx }, actor, scope, call.token);
    return { device, account: (await openMerchantAccountIn(deps, tx, scope)).account };
  });
  return cancelOnTerminal(deps, device, account);
}

/** A kiosk's Cancel while its terminal waits for the guest's card (the kiosk's token alone names it). */
export async function cancelKioskTerminal(
  deps: PosCardDeps,
  call: { token: unknown },
): Promise<{ cancelled: boolean }> {
  const { device, account } = await deps.transact(async (tx) => {
    const device = await pairedKiosk({ db: tx }, call.token);
    return { device, account: (await openMerchantAccountIn(deps, tx, device)).account };
  });
  return cancelOnTerminal(deps, device, account);
}

async function cancelOnTerminal(
  deps: PosCardDeps,
  device: DeviceRow,
  account: { merchantId: string; site: string },
): Promise<{ cancelled: boolean }> {
  if (!device.terminalHsn || !device.terminalKey)
    throw new BrigadeError('conflict', 'NO_TERMINAL', NO_TERMINAL);
  const { client, hsn } = terminalOf(deps, device, account.site);
  const target = { merchantId: account.merchantId, hsn };
  try {
    const { sessionKey } = await client.connect({ ...target, force: true });
    await client.cancel(target, sessionKey);
    await client.disconnect(target, sessionKey).catch(() => {});
    return { cancelled: true };
  } catch {
    return { cancelled: false };
  }
}
