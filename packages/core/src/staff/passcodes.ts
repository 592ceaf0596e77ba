import { createHash } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import { type Actor, activeRoleIn, roleAtLeast } from '@brigade/domain/access';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import {
  NO_EMPLOYEE_RECORD,
  NOT_YOUR_EMPLOYEE_RECORD,
  PASSCODE_TAKEN,
  type PasscodeState,
  setPasscodeSchema,
} from '@brigade/domain/staff/api';
import { hash } from '@node-rs/argon2';
import { resolveCatalogueScope } from '../catalogue/index';
import { isUniqueViolation } from '../db-errors';
import { RateLimitedError, reserveAttempt } from '../identity/index';
import { type UseCaseDeps, userIdOf } from '../use-case';
import {
  deletePasscode,
  type EmployeeRow,
  employeeOfUser,
  findEmployee,
  passcodeHolder,
  passcodeOf,
  type RestaurantScope,
  savePasscode,
} from './staff-repository';

/**
 * Register passcodes (docs/behaviour/time-clock.md#passcodes, decision 054). A passcode names the employee
 * by itself (nobody types a name at the register), so its hash must be found by lookup: argon2id with the
 * password module's cost, salted per restaurant rather than per employee. One hash (~20 ms) and one indexed
 * read per unlock; the unique index makes a passcode unique in its restaurant.
 *
 * Four to eight digits are few guesses, so the hash also takes a pepper (decision 062): argon2's secret input,
 * derived from SECRETS_KEY, which lives in configuration and never in the database — a dump alone cannot be
 * checked against guesses. Hashes written before the pepper ("legacy") still unlock: a miss under the pepper
 * looks for the legacy hash, and a match is re-hashed with the pepper at once.
 */

const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

const saltOf = (scope: RestaurantScope) =>
  createHash('sha256')
    .update(`brigade-passcode:${scope.tenantId}:${scope.restaurantId}`)
    .digest()
    .subarray(0, 16);

/** The passcode's stored hash: with the pepper; `null` for the legacy hash, written before it. */
export const hashPasscode = (
  scope: RestaurantScope,
  passcode: string,
  pepper: Uint8Array | null,
): Promise<string> =>
  hash(passcode, { ...ARGON2, salt: saltOf(scope), ...(pepper ? { secret: pepper } : {}) });

/** What hashes passcodes: the pepper from configuration (SECRETS_KEY), read when first needed. */
export interface PasscodePepper {
  passcodePepper: () => Uint8Array;
}

export const employeeNotFound = (employeeId: number) =>
  notFound(`Employee not found with employeeId: ${employeeId}`, 'EMPLOYEE_NOT_FOUND');

/**
 * Managers and above set anyone's passcode; an employee linked to the caller's account sets their own. 404
 * for a missing employee, 403 for anyone else.
 */
async function employeeForPasscode(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope & { employeeId: number },
): Promise<EmployeeRow> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  const employee = await findEmployee(deps.db, scope, input.employeeId);
  if (!employee) throw employeeNotFound(input.employeeId);
  const role = activeRoleIn(actor, scope.tenantId);
  const manager =
    (actor.kind === 'user' && actor.isSiteAdmin) || (role !== null && roleAtLeast(role, 'manager'));
  const self = actor.kind === 'user' && employee.userId !== null && employee.userId === actor.userId;
  if (!manager && !self) throw new BrigadeError('forbidden', 'NOT_YOUR_PASSCODE', NOT_YOUR_EMPLOYEE_RECORD);
  return employee;
}

export async function getPasscode(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope & { employeeId: number },
): Promise<PasscodeState> {
  await employeeForPasscode(deps, actor, input);
  const row = await passcodeOf(deps.db, input, input.employeeId);
  return { employeeId: input.employeeId, hasPasscode: row !== null, setAt: row?.setAt ?? null };
}

const taken = () =>
  new BrigadeError('conflict', 'PASSCODE_TAKEN', PASSCODE_TAKEN, {
    errors: [{ path: 'passcode', message: PASSCODE_TAKEN }],
  });

/**
 * Setting passcodes is counted per caller (10 an hour), in a transaction of its own: "already used" answers
 * whether some colleague has a code, so without a limit an employee could try every code for their own and
 * learn a manager's (decision 054).
 */
export const PASSCODE_SETS = 10;
export const PASSCODE_SETS_WINDOW_MS = 60 * 60_000;
export const PASSCODE_SETS_LIMITED = 'Too many passcode changes. Try again later.';

async function countPasscodeSet(deps: PasscodeDeps, actor: Actor): Promise<void> {
  const key = `passcode-set:${userIdOf(actor)}`;
  const attempt = await deps.transact((tx) =>
    reserveAttempt(tx, key, PASSCODE_SETS, PASSCODE_SETS_WINDOW_MS),
  );
  if (!attempt.granted) throw new RateLimitedError(attempt.retryAfterSeconds, PASSCODE_SETS_LIMITED);
}

/** Passcode writes: each step in a short transaction of its own under the request's walls. */
export interface PasscodeDeps extends PasscodePepper {
  transact: <T>(work: (tx: Executor) => Promise<T>) => Promise<T>;
}

export async function setPasscode(
  deps: PasscodeDeps,
  actor: Actor,
  input: RestaurantScope & { employeeId: number; body: unknown },
): Promise<PasscodeState> {
  const { passcode } = setPasscodeSchema.parse(input.body);
  await deps.transact((tx) => employeeForPasscode({ db: tx }, actor, input));
  await countPasscodeSet(deps, actor);
  const hashes = {
    peppered: await hashPasscode(input, passcode, deps.passcodePepper()),
    legacy: await hashPasscode(input, passcode, null),
  };
  return deps.transact((tx) => savePasscodeOf({ db: tx }, actor, input, hashes));
}

async function savePasscodeOf(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope & { employeeId: number },
  hashes: { peppered: string; legacy: string },
): Promise<PasscodeState> {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const passcodeHash = hashes.peppered;
  // a colleague's code may still be stored in its legacy form: the same digits are taken either way
  if (await passcodeHolder(deps.db, scope, passcodeHash, input.employeeId)) throw taken();
  if (await passcodeHolder(deps.db, scope, hashes.legacy, input.employeeId)) throw taken();
  try {
    const setAt = await savePasscode(deps.db, {
      ...scope,
      employeeId: input.employeeId,
      passcodeHash,
      setBy: userIdOf(actor),
    });
    return { employeeId: input.employeeId, hasPasscode: true, setAt };
  } catch (error) {
    // two managers giving the same code to two people at once: the index decides
    if (isUniqueViolation(error, 'employee_passcodes_hash_key')) throw taken();
    throw error;
  }
}

export async function clearPasscode(
  deps: UseCaseDeps,
  actor: Actor,
  input: RestaurantScope & { employeeId: number },
): Promise<PasscodeState> {
  await employeeForPasscode(deps, actor, input);
  await deletePasscode(deps.db, input, input.employeeId);
  return { employeeId: input.employeeId, hasPasscode: false, setAt: null };
}

/** The caller's own employee record in the restaurant (linked by `userId`): 404 without one. */
async function myEmployee(deps: UseCaseDeps, actor: Actor, scope: RestaurantScope): Promise<EmployeeRow> {
  await resolveCatalogueScope(deps.db, { ...scope, actor: userIdOf(actor) });
  const employee = actor.kind === 'user' ? await employeeOfUser(deps.db, scope, actor.userId) : null;
  if (!employee) throw notFound(NO_EMPLOYEE_RECORD, 'NO_EMPLOYEE_RECORD');
  return employee;
}

export async function getMyPasscode(deps: UseCaseDeps, actor: Actor, scope: RestaurantScope) {
  const employee = await myEmployee(deps, actor, scope);
  return {
    ...(await getPasscode(deps, actor, { ...scope, employeeId: employee.employeeId })),
    name: nameOf(employee),
  };
}

export async function setMyPasscode(
  deps: PasscodeDeps,
  actor: Actor,
  input: RestaurantScope & { body: unknown },
) {
  const scope = { tenantId: input.tenantId, restaurantId: input.restaurantId };
  const employee = await deps.transact((tx) => myEmployee({ db: tx }, actor, scope));
  const state = await setPasscode(deps, actor, {
    ...scope,
    employeeId: employee.employeeId,
    body: input.body,
  });
  return { ...state, name: nameOf(employee) };
}

const nameOf = (e: EmployeeRow) => `${e.chosenName || e.firstName} ${e.lastName}`;
