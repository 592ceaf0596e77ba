import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { hasPosAccess } from '@brigade/domain/catalogue/employee';
import { BrigadeError } from '@brigade/domain/errors';
import {
  NO_REGISTER_ACCESS,
  PASSCODE_LOCKED,
  punchSchema,
  type RegisterStaff,
  unlockSchema,
  WRONG_PASSCODE,
} from '@brigade/domain/staff/api';
import { resolveCatalogueScope } from '../catalogue/index';
import { clearKeys, RateLimitedError, reserveAttempt } from '../identity/index';
import { pairedDevice } from '../pos/devices';
import { userIdOf } from '../use-case';
import { punch } from './clock';
import { hashPasscode, type PasscodePepper } from './passcodes';
import {
  type EmployeeRow,
  employeeByPasscode,
  markPasscodeLocked,
  type RestaurantScope,
  repepperPasscode,
  setRegisterStaff,
} from './staff-repository';
import { asEmployee, staffView } from './staff-view';

/**
 * Staff at the register (docs/behaviour/time-clock.md#the-register-lock): a paired register is locked until
 * someone types their passcode. Every passcode a register sends counts against it (5 a minute, the throttle
 * of sign-in), in a transaction of its own so that a wrong one is counted even though the call fails; a
 * right one clears the count. The passcode itself is never stored, logged or answered.
 */

export const PASSCODE_ATTEMPTS = 5;
export const PASSCODE_WINDOW_MS = 60_000;
const keyOf = (deviceId: number) => `pos-passcode:${deviceId}`;

export interface StaffDeps extends PasscodePepper {
  db: Executor;
  /** Runs one step in a short transaction of its own (under the request's walls). */
  transact: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
}

type Call = RestaurantScope & { token: unknown; body: unknown };

/** Counts the attempt, then finds the passcode's employee: 403 when none, 429 past the limit. */
export async function employeeOfPasscode(
  deps: StaffDeps,
  actor: Actor,
  call: RestaurantScope & { token: unknown },
  passcode: string,
): Promise<{ deviceId: number; employee: EmployeeRow }> {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const { deviceId, refused } = await deps.transact(async (tx) => {
    await resolveCatalogueScope(tx, { ...scope, actor: userIdOf(actor) });
    const device = await pairedDevice({ db: tx }, scope, call.token);
    const attempt = await reserveAttempt(tx, keyOf(device.deviceId), PASSCODE_ATTEMPTS, PASSCODE_WINDOW_MS);
    // committed before the refusal is thrown: managers see it on Registers and in the audit log
    if (!attempt.granted) await markPasscodeLocked(tx, scope, device.deviceId);
    return { deviceId: device.deviceId, refused: attempt.granted ? null : attempt.retryAfterSeconds };
  });
  if (refused !== null) throw new RateLimitedError(refused, PASSCODE_LOCKED);
  const employee = await findByPasscode(deps, scope, passcode);
  if (!employee) throw new BrigadeError('forbidden', 'WRONG_PASSCODE', WRONG_PASSCODE);
  return { deviceId, employee };
}

/**
 * The passcode's employee: by its peppered hash, else by its legacy hash (stored before the pepper, decision
 * 062) — which is then replaced by the peppered one, so each legacy hash is gone after its first use.
 */
async function findByPasscode(deps: StaffDeps, scope: RestaurantScope, passcode: string) {
  const peppered = await hashPasscode(scope, passcode, deps.passcodePepper());
  const employee = await deps.transact((tx) => employeeByPasscode(tx, scope, peppered));
  if (employee) return employee;
  const legacy = await hashPasscode(scope, passcode, null);
  return deps.transact(async (tx) => {
    const holder = await employeeByPasscode(tx, scope, legacy);
    if (holder)
      await repepperPasscode(tx, scope, { employeeId: holder.employeeId, from: legacy, to: peppered });
    return holder;
  });
}

/** Who may sign in to the register: active, with POS access and code login allowed. */
export const maySignIn = (employee: EmployeeRow): boolean =>
  employee.status === 'active' &&
  hasPosAccess(asEmployee(employee)) &&
  employee.posAccessConfig.allowCodeLogin === true;

export async function unlockRegister(
  deps: StaffDeps,
  actor: Actor,
  call: Call,
): Promise<{ staff: RegisterStaff }> {
  const { passcode } = unlockSchema.parse(call.body);
  const { deviceId, employee } = await employeeOfPasscode(deps, actor, call, passcode);
  if (!maySignIn(employee)) throw new BrigadeError('forbidden', 'NO_REGISTER_ACCESS', NO_REGISTER_ACCESS);
  return deps.transact(async (tx) => {
    await clearKeys(tx, [keyOf(deviceId)]);
    await setRegisterStaff(tx, call, deviceId, employee.employeeId);
    return { staff: await staffView(tx, call, employee) };
  });
}

export async function lockRegister(
  deps: StaffDeps,
  actor: Actor,
  call: RestaurantScope & { token: unknown },
): Promise<{ locked: true }> {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  await deps.transact(async (tx) => {
    await resolveCatalogueScope(tx, { ...scope, actor: userIdOf(actor) });
    const device = await pairedDevice({ db: tx }, scope, call.token);
    await setRegisterStaff(tx, scope, device.deviceId, null);
  });
  return { locked: true };
}

/**
 * The time clock at the register: the passcode says who; without an action the answer is only the clock's
 * state (what the lock screen shows before the employee picks). Clocking needs no register access: a cook
 * clocks in at the counter too.
 */
export async function punchClock(
  deps: StaffDeps,
  actor: Actor,
  call: Call,
): Promise<{ staff: RegisterStaff }> {
  const body = punchSchema.parse(call.body);
  const { deviceId, employee } = await employeeOfPasscode(deps, actor, call, body.passcode);
  return deps.transact(async (tx) => {
    await clearKeys(tx, [keyOf(deviceId)]);
    if (body.action) await punch(tx, call, { employee, deviceId, body: { ...body, action: body.action } });
    return { staff: await staffView(tx, call, employee) };
  });
}
