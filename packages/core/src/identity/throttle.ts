import type { Executor } from '@brigade/db/database';
import { authThrottle } from '@brigade/db/schema/identity';
import { BrigadeError } from '@brigade/domain/errors';
import { eq, inArray, lt, sql } from 'drizzle-orm';

/** Throttle keys: what is counted. Emails are lower-cased by the domain schema before they get here. */
export const accountKey = (email: string) => `account:${email}`;
export const addressAccountKey = (ip: string, email: string) => `address-account:${ip}:${email}`;
export const addressKey = (ip: string) => `address:${ip}`;
export const passwordChangeKey = (uid: string) => `password:${uid}`;
export const signupKey = (ip: string) => `signup:${ip}`;
export const resetEmailKey = (email: string) => `reset-email:${email}`;
export const resetAddressKey = (ip: string) => `reset-address:${ip}`;

export const SIGNIN_LIMITED = 'Too many sign-in attempts. Try again later.';
export const SIGNUP_LIMITED = 'Too many sign-up attempts. Try again later.';
export const PASSWORD_CHANGE_LIMITED = 'Too many password change attempts. Try again later.';
export const PASSWORD_RESET_LIMITED = 'Too many password reset requests. Try again later.';

export class RateLimitedError extends BrigadeError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number, message = SIGNIN_LIMITED) {
    super('rate_limited', 'TOO_MANY_ATTEMPTS', message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A granted reservation says how many attempts the key's window has counted, this one included. */
export type Reservation = { granted: true; attempts: number } | { granted: false; retryAfterSeconds: number };

/**
 * Takes one attempt of `key` (or, with `weight` 0, only asks whether one is left) in a single statement:
 * the row is created, counted up, or restarted when its window has passed, but only while it is under
 * `limit`. Concurrent callers queue on the row, so no more than `limit` attempts are ever granted in a
 * window, however many arrive at once (the state is in the database, so every server instance agrees).
 */
export async function reserveAttempt(
  ex: Executor,
  key: string,
  limit: number,
  windowMs: number,
  weight: 0 | 1 = 1,
): Promise<Reservation> {
  const window = sql.raw(`interval '${Math.trunc(windowMs)} milliseconds'`);
  const expired = sql`${authThrottle.windowStartedAt} + ${window} <= now()`;
  const granted = await ex
    .insert(authThrottle)
    .values({ key, failures: weight })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${expired} then ${weight}::int else ${authThrottle.failures} + ${weight}::int end`,
        windowStartedAt: sql`case when ${expired} then now() else ${authThrottle.windowStartedAt} end`,
      },
      setWhere: sql`${expired} or ${authThrottle.failures} < ${limit}`,
    })
    .returning({ attempts: authThrottle.failures });
  if (granted[0]) return { granted: true, attempts: granted[0].attempts };
  const [row] = await ex
    .select({
      seconds: sql<number>`ceil(extract(epoch from ${authThrottle.windowStartedAt} + ${window} - now()))::int`,
    })
    .from(authThrottle)
    .where(eq(authThrottle.key, key));
  // now() is when this transaction began: a window another transaction restarted after that would read as
  // longer than the window itself, so the answer is held to it
  const windowSeconds = Math.ceil(windowMs / 1000);
  return { granted: false, retryAfterSeconds: Math.min(windowSeconds, Math.max(1, row?.seconds ?? 1)) };
}

/**
 * Counts one event of `key` with no limit (a declined card at checkout) and answers how many the current
 * window holds now, this one included; the same row and window rules as reserveAttempt. Concurrent callers
 * queue on the row, so each sees a different count.
 */
export async function countAttempt(ex: Executor, key: string, windowMs: number): Promise<number> {
  const window = sql.raw(`interval '${Math.trunc(windowMs)} milliseconds'`);
  const expired = sql`${authThrottle.windowStartedAt} + ${window} <= now()`;
  const [row] = await ex
    .insert(authThrottle)
    .values({ key, failures: 1 })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${expired} then 1 else ${authThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${expired} then now() else ${authThrottle.windowStartedAt} end`,
      },
    })
    .returning({ failures: authThrottle.failures });
  return row!.failures;
}

/**
 * Takes one attempt of `key` and answers how many its window has counted (this one included), or refuses the
 * request with 429 and Retry-After.
 */
export async function takeAttemptOrRefuse(
  ex: Executor,
  key: string,
  limit: number,
  windowMs: number,
  message = SIGNIN_LIMITED,
): Promise<number> {
  const reservation = await reserveAttempt(ex, key, limit, windowMs);
  if (!reservation.granted) throw new RateLimitedError(reservation.retryAfterSeconds, message);
  return reservation.attempts;
}

/** Forgets the attempts of keys (a successful sign-in clears its account's counts). */
export async function clearKeys(ex: Executor, keys: string[]): Promise<void> {
  await ex.delete(authThrottle).where(inArray(authThrottle.key, keys));
}

/**
 * Deletes the counts whose window started before `before` (long over: a window is at most an hour). Run
 * periodically by the server, so the table holds only recent keys however many addresses have tried.
 */
export async function deleteStaleAttempts(ex: Executor, before: Date): Promise<number> {
  const rows = await ex
    .delete(authThrottle)
    .where(lt(authThrottle.windowStartedAt, before))
    .returning({ key: authThrottle.key });
  return rows.length;
}
