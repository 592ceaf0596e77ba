import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './database';
import { MIGRATIONS_FOLDER, runMigrations } from './migrate';

/** The migrations folder as it stood up to and including `lastTag`. */
function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'brigade-migrations-'));
  cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, last + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** Migration 0008's function as it shipped before issue 42 (decision 046), word for word. */
const SHIPPED_0008_FUNCTION = `CREATE OR REPLACE FUNCTION "brigade_slug_holders"(pattern text) RETURNS TABLE (slug text, tenant_id integer, restaurant_id integer)
  LANGUAGE sql STABLE SET brigade.all_tenants = 'on' AS $$
  SELECT r.slug, r.tenant_id, r.restaurant_id FROM restaurants r WHERE r.slug LIKE pattern
$$;`;

const definitionOf = async (database: Database) => {
  const result = (await database.db.execute(
    sql`select pg_get_functiondef('brigade_slug_holders'::regproc) as text,
      (select proconfig from pg_proc where oid = 'brigade_slug_holders'::regproc) as config`,
  )) as unknown as { rows: { text: string; config: string[] | null }[] };
  return result.rows[0]!;
};

// PGlite, whatever the engine of the run: the question is what the migrations leave, not the server.
describe('migration 0025: the slug look-up without a SET clause', () => {
  it('leaves a database that ran the shipped 0008 with the same function as a new one', async () => {
    const old = await openDatabase({});
    const fresh = await openDatabase({});
    const upTo0024 = migrationsUpTo('0024_review_inbox_indexes');
    try {
      await migrate(old.db as unknown as PgliteDatabase, { migrationsFolder: upTo0024 });
      // A database migrated before issue 42 has the function as 0008 first shipped it.
      await old.pglite!.exec(SHIPPED_0008_FUNCTION);
      expect((await definitionOf(old)).config).toEqual(['brigade.all_tenants=on']);

      await runMigrations(old);
      await runMigrations(fresh);
      const upgraded = await definitionOf(old);
      expect(upgraded.config).toBeNull();
      expect(upgraded).toEqual(await definitionOf(fresh));
    } finally {
      await old.close();
      await fresh.close();
      rmSync(upTo0024, { recursive: true, force: true });
    }
  });
});
