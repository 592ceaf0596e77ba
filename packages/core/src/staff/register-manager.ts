import type { Executor } from '@brigade/db/database';
import { canManageOthers } from '@brigade/domain/catalogue/employee';
import { BrigadeError } from '@brigade/domain/errors';
import { MANAGER_PASSCODE_NEEDED } from '@brigade/domain/staff/api';
import { findEmployee } from './staff-repository';
import { asEmployee } from './staff-view';

/**
 * A manager-only register action (a void) on a register unlocked by passcode: the employee at the register
 * must be able to manage others (spec 02 §4), whoever's session the device runs under (decision 054). A
 * register nobody unlocked keeps the session's own rule (the route's manager access).
 */
export async function registerManagerCheck(
  ex: Executor,
  device: { tenantId: number; restaurantId: number; staffEmployeeId: number | null },
): Promise<void> {
  if (device.staffEmployeeId === null) return;
  const employee = await findEmployee(ex, device, device.staffEmployeeId);
  const manager = employee?.status === 'active' && canManageOthers(asEmployee(employee));
  if (!manager)
    throw new BrigadeError('forbidden', 'MANAGER_PASSCODE_NEEDED', MANAGER_PASSCODE_NEEDED);
}
