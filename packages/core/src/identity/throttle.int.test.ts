import { authThrottle } from '@brigade/db/schema/identity';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countAttempt, reserveAttempt } from './throttle';

const db = useTestDatabase();
const WINDOW_MS = 15 * 60_000;

describe('the attempt throttle', () => {
  it('grants up to the limit in a window and then answers how long until the window ends', async () => {
    const key = 'test:limit';
    const granted = [];
    for (let i = 0; i < 3; i++) granted.push(await reserveAttempt(db.database.db, key, 3, WINDOW_MS));
    expect(granted.map((r) => r.granted && r.attempts)).toEqual([1, 2, 3]);
    const refused = await reserveAttempt(db.database.db, key, 3, WINDOW_MS);
    expect(refused.granted).toBe(false);
    if (refused.granted) return;
    expect(refused.retryAfterSeconds).toBeGreaterThan(890);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(900);
  });

  it('never answers a wait longer than the window, when the window began after this statement did', async () => {
    // a concurrent request's transaction, which began later than ours, restarted the window: seen from our
    // now(), the window starts in the future (here two seconds ahead)
    const key = 'test:restarted';
    for (let i = 0; i < 2; i++) await reserveAttempt(db.database.db, key, 2, WINDOW_MS);
    await db.database.db
      .update(authThrottle)
      .set({ windowStartedAt: sql`now() + interval '2 seconds'` })
      .where(eq(authThrottle.key, key));
    const refused = await reserveAttempt(db.database.db, key, 2, WINDOW_MS);
    expect(refused).toEqual({ granted: false, retryAfterSeconds: 900 });
  });

  it('counts events with no limit and starts again when the window has passed', async () => {
    const key = 'test:count';
    expect(await countAttempt(db.database.db, key, WINDOW_MS)).toBe(1);
    expect(await countAttempt(db.database.db, key, WINDOW_MS)).toBe(2);
    await db.database.db
      .update(authThrottle)
      .set({ windowStartedAt: sql`now() - interval '16 minutes'` })
      .where(eq(authThrottle.key, key));
    expect(await countAttempt(db.database.db, key, WINDOW_MS)).toBe(1);
  });
});
