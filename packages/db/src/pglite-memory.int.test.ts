import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database';

// Issue 20: the embedded database's memory (docs/operations/README.md, "Embedded PGlite").
const dir = mkdtempSync(join(tmpdir(), 'brigade-pglite-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
/**
 * The process's resident memory once the collector has run: PGlite's WebAssembly memory lives in the
 * database's thread, which is part of this process.
 */
const residentMb = () => {
  gc();
  return process.memoryUsage.rss() / 1048576;
};

describe('PGlite memory', () => {
  it('keeps no more memory after creating a data directory than after opening an existing one', async () => {
    const before = residentMb();
    const fresh = await openDatabase({ dataDir: dir });
    await fresh.db.execute(sql`create table kept (id int)`);
    const afterFresh = residentMb() - before;
    await fresh.close();
    const reopened = await openDatabase({ dataDir: dir });
    const afterExisting = residentMb() - before;
    try {
      // Keeping initdb's instance cost ~430 MB more.
      expect(afterFresh).toBeLessThan(afterExisting + 100);
      const rows = await reopened.db.execute<{ shared_buffers: string }>(sql`show shared_buffers`);
      expect((rows as unknown as { rows: { shared_buffers: string }[] }).rows[0]!.shared_buffers).toBe(
        '32MB',
      );
      await reopened.db.execute(sql`select * from kept`);
    } finally {
      await reopened.close();
    }
  });
});
