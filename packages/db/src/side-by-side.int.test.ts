import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database';
import { sideBySide } from './side-by-side';

// The engine of this test project (BRIGADE_TEST_ENGINE); no tables needed, so the run's own database.
const onPostgres = process.env.BRIGADE_TEST_ENGINE === 'postgres';

describe('sideBySide: independent statements at once where it helps, one by one in a PostgreSQL transaction', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase(
      onPostgres ? { url: process.env.DATABASE_URL, poolMax: 4 } : { dataDir: 'memory://' },
    );
  });
  afterAll(async () => {
    await database.close();
  });

  /** Three statements that each record when they were sent and when they answered. */
  const timed = (db: Parameters<typeof sideBySide>[0]) => {
    const spans: { sent: number; answered: number }[] = [];
    const statement = (n: number) => async () => {
      const span = { sent: performance.now(), answered: 0 };
      spans.push(span);
      const result = await db.execute(sql`select ${n}::int as n, pg_sleep(0.05)`);
      span.answered = performance.now();
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    return { spans, statements: [statement(1), statement(2), statement(3)] as const };
  };

  it('answers in the order given, and sends every statement at once outside a transaction', async () => {
    const { spans, statements } = timed(database.db);
    expect(await sideBySide(database.db, statements)).toEqual([1, 2, 3]);
    // all three were sent before the first one answered
    expect(Math.max(...spans.map((s) => s.sent))).toBeLessThan(Math.min(...spans.map((s) => s.answered)));
  });

  it('in a transaction: one after another on PostgreSQL (one connection), at once on PGlite', async () => {
    const { spans, order } = await database.db.transaction(async (tx) => {
      const { spans, statements } = timed(tx);
      const order = await sideBySide(tx, statements);
      return { spans, order };
    });
    expect(order).toEqual([1, 2, 3]);
    const eachAfterTheLast = spans.every((span, i) => i === 0 || span.sent >= spans[i - 1]!.answered);
    expect(eachAfterTheLast).toBe(onPostgres);
  });
});
