import type { Executor } from '@brigade/db/database';
import { type Actor, activeRoleIn, roleAtLeast } from '@brigade/domain/access';
import { canManageOthers, hasPosAccess } from '@brigade/domain/catalogue/employee';
import { BrigadeError } from '@brigade/domain/errors';
import { APPROVAL_NEEDED, NOT_A_MANAGER } from '@brigade/domain/pos/check-splits';
import type { ApprovedBy } from '@brigade/domain/pos/checks';
import { MANAGER_PASSCODE_NEEDED, REGISTER_LOCKED } from '@brigade/domain/staff/api';
import { employeeOfPasscode, type StaffDeps } from './register-staff';
import { clockSettingsOf } from './settings';
import { activeEmployees, employeeGuidOf, findEmployee, type RestaurantScope } from './staff-repository';
import { asEmployee, displayName } from './staff-view';

export const MANAGER_NEEDED = 'Only a manager may do this';

/**
 * A manager-only register action (a void). On a register unlocked by passcode, the employee at it must be
 * able to manage others, whoever's session the device runs under (decision 054). A register
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
 * The manager whose passcode was typed on the register to approve a void or discount above the limit
 * (decision 056): counted against the register like an unlock (5 a minute, in a transaction of its own),
 * 403 "That passcode is not right", or "That passcode is not a manager’s" for an employee who may not manage
 * others.
 */
export async function managerOfPasscode(
  deps: StaffDeps,
  actor: Actor,
  call: RestaurantScope & { token: unknown },
  passcode: string,
): Promise<ApprovedBy> {
  const { employee } = await employeeOfPasscode(deps, actor, call, passcode);
  if (!(employee.status === 'active' && canManageOthers(asEmployee(employee))))
    throw new BrigadeError('forbidden', 'NOT_A_MANAGER', NOT_A_MANAGER);
  return { employeeId: employee.employeeId, name: displayName(employee) };
}

/**
 * Who approves a void or discount (decision 056): the manager whose passcode was typed; else the one at the
 * register when they may manage others (unlocked by passcode, or a manager's session on a register nobody
 * unlocked, which approves without a name); within the limits, nobody needs to; above them, 403.
 */
export async function approvalAt(
  ex: Executor,
  actor: Actor,
  device: { tenantId: number; restaurantId: number; staffEmployeeId: number | null },
  above: boolean,
  typed: ApprovedBy | null,
): Promise<ApprovedBy | null> {
  if (typed) return typed;
  try {
    await registerManagerCheck(ex, actor, device);
  } catch (error) {
    if (!above) return null;
    if (error instanceof BrigadeError)
      throw new BrigadeError('forbidden', 'APPROVAL_NEEDED', APPROVAL_NEEDED);
    throw error;
  }
  if (device.staffEmployeeId === null) return null;
  const employee = await findEmployee(ex, device, device.staffEmployeeId);
  return employee ? { employeeId: employee.employeeId, name: displayName(employee) } : null;
}

/** The void and discount limits of the restaurant's registers. */
export async function approvalLimitsOf(ex: Executor, scope: RestaurantScope) {
  const { approvalLimit, approvalLimitPercent } = await clockSettingsOf(ex, scope);
  return { approvalLimit, approvalLimitPercent };
}

/** An employee of the restaurant, by id or by guid (what orders name their server by), as a check's server. */
export async function serverOf(
  ex: Executor,
  scope: RestaurantScope,
  by: number | string | null,
): Promise<(ApprovedBy & { active: boolean; guid: string }) | null> {
  if (by === null) return null;
  const employee = await findEmployee(ex, scope, by);
  if (!employee) return null;
  return {
    employeeId: employee.employeeId,
    guid: employee.guid,
    name: displayName(employee),
    active: employee.status === 'active',
  };
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

/** Who may serve at the restaurant's registers (active, with access to the register), by name. */
export async function registerServers(ex: Executor, scope: RestaurantScope) {
  const rows = await activeEmployees(ex, scope);
  return rows
    .filter((row) => hasPosAccess(asEmployee(row)))
    .map((row) => ({ employeeId: row.employeeId, name: displayName(row) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
