import { makeTenant, makeUser } from '@brigade/test-utils/factories';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { changedTables, type StateHasher, stateHasher } from './world';

/**
 * The fuzz test's "a refusal left nothing behind" rests on this check: every kind of committed write must
 * show, and nothing else may.
 */
const t = useTestDatabase();
let hasher: StateHasher;
let tenantId: number;
let uid: string;

beforeAll(async () => {
  hasher = await stateHasher(t.database.db, t.database.engine);
  tenantId = (await makeTenant(t.database.db)).tenantId;
  uid = (await makeUser(t.database.db, { tenantId, role: 'manager' })).uid;
  await t.database.db.execute(sql`
    insert into sessions (token_hash, user_uid, idle_expires_at, absolute_expires_at)
    values ('fuzz-state', ${uid}, now() + interval '1 hour', now() + interval '1 day')`);
});

/** What `write` changed, as the fuzz runner sees it: snapshot, write, snapshot since the clock before. */
async function changedBy(write: () => Promise<unknown>): Promise<string[]> {
  const clock = await hasher.clock();
  const before = await hasher.snapshot(clock);
  await write();
  return changedTables(before, await hasher.snapshot(clock));
}

const run = (statement: ReturnType<typeof sql>) => () => t.database.db.execute(statement);

describe('the fuzz test state check', () => {
  it('sees nothing when nothing was written, nor for a write that rolled back', async () => {
    expect(await changedBy(async () => undefined)).toEqual([]);
    expect(await changedBy(run(sql`select count(*) from tenants`))).toEqual([]);
    const clock = await hasher.clock();
    const before = await hasher.snapshot(clock);
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`update tenants set display_name = 'Changed' where tenant_id = ${tenantId}`);
        throw new Error('refused');
      })
      .catch(() => undefined);
    expect(await hasher.clock()).not.toBe(clock);
    expect(changedTables(before, await hasher.snapshot(clock))).toEqual([]);
  });

  it('sees an update that keeps the row count', async () => {
    // (the audit trigger writes its row too)
    expect(
      await changedBy(run(sql`update tenants set display_name = 'Renamed' where tenant_id = ${tenantId}`)),
    ).toContain('tenants');
  });

  it('sees an insert, a delete, and a delete with an insert that keeps the count', async () => {
    expect(await changedBy(() => makeUser(t.database.db, { tenantId, role: 'employee' }))).toContain('users');
    const spare = await makeUser(t.database.db, { tenantId, role: 'employee' });
    expect(await changedBy(run(sql`delete from users where uid = ${spare.uid}`))).toContain('users');
    const other = await makeUser(t.database.db, { tenantId, role: 'employee' });
    const swapped = await changedBy(async () => {
      await t.database.db.execute(sql`delete from users where uid = ${other.uid}`);
      await makeUser(t.database.db, { tenantId, role: 'employee' });
    });
    expect(swapped).toContain('users');
  });

  it("lets a session's last-seen time move, but not the rest of the session", async () => {
    expect(
      await changedBy(
        run(sql`update sessions set last_seen_at = now() + interval '1 minute',
          idle_expires_at = now() + interval '2 hours' where token_hash = 'fuzz-state'`),
      ),
    ).toEqual([]);
    expect(
      await changedBy(run(sql`update sessions set revoked_at = now() where token_hash = 'fuzz-state'`)),
    ).toEqual(['sessions']);
  });

  it('reads a clock past 2^32 (a later xid epoch) by its low 32 bits, as xmin has them', async () => {
    const clock = BigInt(await hasher.clock());
    const before = await hasher.snapshot(String(clock + 4_294_967_296n));
    await t.database.db.execute(sql`update tenants set plan = plan where tenant_id = ${tenantId}`);
    const after = await hasher.snapshot(String(clock + 4_294_967_296n));
    expect(changedTables(before, after)).toContain('tenants');
  });
});
