import type { Executor } from '@brigade/db/database';
import { type Actor, activeRoleIn, roleAtLeast } from '@brigade/domain/access';
import { canManageOthers } from '@brigade/domain/catalogue/employee';
import { BrigadeError } from '@brigade/domain/errors';
import { MANAGER_PASSCODE_NEEDED, REGISTER_LOCKED } from '@brigade/domain/staff/api';
import { clockSettingsOf } from './settings';
import { employeeGuidOf, findEmployee } from './staff-repository';
import { asEmployee } from './staff-view';

export const MANAGER_NEEDED = 'Only a manager may do this';

/**
 * A manager-only register action (a void). On a register unlocked by passcode, the employee at it must be
 * able to manage others (spec 02 §4), whoever's session the device runs under (decision 054). A register
 * nobody unlocked keeps the session's rule: managers and above.
 */
export async function registerManagerCheck(
  ex: Executor,
  actor: Actor,
  device: { tenantId: number; restaurantId: number; staffEmployeeId: number | null },
): Promise<void> {
  if (device.staffEmployeeId === null) {
    const role = activeRoleIn(actor, device.tenantId);
    const manager =
      (actor.kind === 'user' && actor.isSiteAdmin) || (role !== null && roleAtLeast(role, 'manager'));
    if (!manager) throw new BrigadeError('forbidden', 'MANAGER_NEEDED', MANAGER_NEEDED);
    return;
  }
  const employee = await findEmployee(ex, device, device.staffEmployeeId);
  const manager = employee?.status === 'active' && canManageOthers(asEmployee(employee));
  if (!manager) throw new BrigadeError('forbidden', 'MANAGER_PASSCODE_NEEDED', MANAGER_PASSCODE_NEEDED);
}

/**
 * A sale on a register of a restaurant that locks its registers with passcodes needs someone to have
 * unlocked it (the lock is the server's rule too, not only a screen).
 */
export async function registerUnlockedCheck(
  ex: Executor,
  device: { tenantId: number; restaurantId: number; staffEmployeeId: number | null },
): Promise<void> {
  if (device.staffEmployeeId !== null) return;
  if ((await clockSettingsOf(ex, device)).lockWithPasscodes)
    throw new BrigadeError('forbidden', 'REGISTER_LOCKED', REGISTER_LOCKED);
}

/**
 * Who a sale or a check rung up on this register is recorded under (decision 057): the employee who unlocked
 * it, else — a register without the lock — the employee record linked to the signed-in user, if any. Checks
 * the lock first, as every sale must (registerUnlockedCheck). Returns the employee's guid.
 */
export async function registerServerOf(
  ex: Executor,
  actor: Actor,
  device: { tenantId: number; restaurantId: number; staffEmployeeId: number | null },
): Promise<string | null> {
  await registerUnlockedCheck(ex, device);
  if (device.staffEmployeeId !== null)
    return employeeGuidOf(ex, device, { employeeId: device.staffEmployeeId });
  return actor.kind === 'user' ? employeeGuidOf(ex, device, { userId: actor.userId }) : null;
}
