import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Database } from '@brigade/db/database';

/**
 * Start-up leaves garbage that the collector may keep for minutes while the server is idle: migration and
 * seed buffers, the large-chain seed's objects (issue 20, RSS after first boot). One full collection once
 * start-up is done gives it back, in the embedded database's thread too; it runs once, before the server
 * listens.
 */
export async function releaseBootMemory(database: Database): Promise<void> {
  await database.pglite?.collectGarbage();
  let collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}
