import type { Executor } from '@brigade/db/database';
import { sql } from 'drizzle-orm';

/**
 * The database's clock (docs/architecture.md#data: timestamps are the database's). Inside a transaction `now()` is the
 * transaction's start, so a timestamp read here equals the `updated_at` the same transaction writes.
 */
export async function databaseNow(ex: Executor): Promise<Date> {
  // Both drivers answer with `{ rows }`; both give timestamptz as a Date, which `new Date` accepts as well.
  const result = (await ex.execute(sql`select now() as now`)) as unknown as {
    rows: { now: Date | string }[];
  };
  return new Date(result.rows[0]!.now);
}
