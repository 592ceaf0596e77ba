import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database';
import { withinWalls } from './tenant-walls';

// withinWalls sends the walls' statement and starts the work without waiting for its answer (issue 20): the
// work's first statement must still run inside the walls, and a failed walls statement must be the error
// thrown. The engine of this test project (BRIGADE_TEST_ENGINE); no tables needed, so the run's own
// database, and walls over all tenants (no role to switch to).
const onPostgres = process.env.BRIGADE_TEST_ENGINE === 'postgres';

describe('withinWalls: the walls hold from the first statement of the work', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase(
      onPostgres ? { url: process.env.DATABASE_URL, poolMax: 2 } : { dataDir: 'memory://' },
    );
  });
  afterAll(async () => {
    await database.close();
  });

  const actor = (id: string) => ({ tenants: 'all' as const, actor: { id, email: `${id}@brigade.local` } });
  const settingOf = async (db: Database['db']) => {
    const result = (await db.execute(
      sql`select current_setting('brigade.actor', true) as actor`,
    )) as unknown as {
      rows: { actor: string | null }[];
    };
    return result.rows[0]?.actor ?? null;
  };

  it("runs the work's first statement with the walls' settings, and leaves none behind", async () => {
    const seen = await Promise.all(
      ['cook-1', 'cook-2', 'cook-3'].map((id) => withinWalls(database.db, actor(id), (tx) => settingOf(tx))),
    );
    expect(seen).toEqual(['cook-1', 'cook-2', 'cook-3']);
    // set LOCAL: outside a transaction the setting is gone again
    expect(await settingOf(database.db)).not.toMatch(/^cook-/);
  });

  it("throws the walls' own error when their statement fails, not the aborted transaction's", async () => {
    // PostgreSQL refuses a NUL in text: the walls' statement fails, and the work's statement after it finds
    // the transaction aborted (25P02).
    const failing = { tenants: 'all' as const, actor: { id: 'cook', email: 'cook\u0000@brigade.local' } };
    const error = await withinWalls(database.db, failing, (tx) => settingOf(tx)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    // Drizzle names the statement that failed: the walls', not the work's (which found the transaction aborted)
    const { message, cause } = error as Error & { cause?: Error };
    expect(message).toContain("set_config('brigade.all_tenants'");
    expect(message).not.toContain("current_setting('brigade.actor'");
    expect(cause?.message).toMatch(/0x00|invalid byte sequence|null character/i);
    // the connection is usable again afterwards
    expect(await withinWalls(database.db, actor('cook-4'), (tx) => settingOf(tx))).toBe('cook-4');
  });
});
