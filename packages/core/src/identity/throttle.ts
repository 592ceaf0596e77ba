import type { Executor } from '@brigade/db/database';
import { authThrottle } from '@brigade/db/schema/identity';
import { BrigadeError } from '@brigade/domain/errors';
import { SIGNIN_THROTTLE } from '@brigade/domain/session-policy';
import { eq, inArray, sql } from 'drizzle-orm';

export const accountKey = (email: string) => `account:${email}`;
export const addressKey = (ip: string) => `address:${ip}`;

export class RateLimitedError extends BrigadeError {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('rate_limited', 'TOO_MANY_ATTEMPTS', 'Too many sign-in attempts. Try again later.');
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Refuses a sign-in while its account or client address is over the limit (state in the database, so every
 * server instance sees the same counts). Checked before the password, so a locked account costs no hashing.
 */
export async function assertNotThrottled(
  ex: Executor,
  keys: { account: string; address: string },
): Promise<void> {
  const rows = await ex
    .select()
    .from(authThrottle)
    .where(inArray(authThrottle.key, [keys.account, keys.address]));
  const now = Date.now();
  let retryAfter = 0;
  for (const row of rows) {
    const windowEnds = row.windowStartedAt.getTime() + SIGNIN_THROTTLE.windowMs;
    if (windowEnds <= now) continue;
    const limit = row.key === keys.account ? SIGNIN_THROTTLE.perAccount : SIGNIN_THROTTLE.perAddress;
    if (row.failures >= limit) retryAfter = Math.max(retryAfter, Math.ceil((windowEnds - now) / 1000));
  }
  if (retryAfter > 0) throw new RateLimitedError(retryAfter);
}

/** Counts a failure; a key whose window has passed starts a new window. */
export async function recordFailure(ex: Executor, keys: { account: string; address: string }): Promise<void> {
  const windowSql = sql.raw(`interval '${SIGNIN_THROTTLE.windowMs} milliseconds'`);
  for (const key of [keys.account, keys.address]) {
    await ex
      .insert(authThrottle)
      .values({ key, failures: 1 })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${authThrottle.windowStartedAt} + ${windowSql} <= now() then 1 else ${authThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${authThrottle.windowStartedAt} + ${windowSql} <= now() then now() else ${authThrottle.windowStartedAt} end`,
        },
      });
  }
}

/** A successful sign-in clears the account's count (not the address's: one good password is no alibi). */
export async function clearAccount(ex: Executor, account: string): Promise<void> {
  await ex.delete(authThrottle).where(eq(authThrottle.key, account));
}
