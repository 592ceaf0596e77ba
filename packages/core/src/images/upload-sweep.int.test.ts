import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { holdInstancePresence, isInstanceAlive } from '@brigade/db/instance-presence';
import { images } from '@brigade/db/schema/images';
import { INCOMING_DIR, LocalDiskStorage } from '@brigade/images/storage';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { imageRecords } from './image-repository';
import { sweepAbandonedUploads } from './upload-sweep';

const db = useTestDatabase();
const mediaDir = mkdtempSync(join(tmpdir(), 'brigade-sweep-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

const SELF = 'instance-self';
const storage = new LocalDiskStorage(mediaDir, 'http://media.test/media', { instanceId: SELF });
const keysOf = (id: string) => [
  `site-config/images/${id}-original.jpg`,
  `site-config/images/${id}-webp.webp`,
];

/** An upload by `writer` that got as far as writing `written` of its two files. */
async function upload(id: string, writer: string, written: number, complete = false) {
  const records = imageRecords(db.database.db);
  await records.begin({ id, keys: keysOf(id), writer });
  for (const key of keysOf(id).slice(0, written)) await storage.put(key, Buffer.from(id));
  if (complete) await records.complete(id);
}

describe('sweeping uploads interrupted by a crash', () => {
  it('removes the files and records of a dead instance’s pending uploads, and nothing else', async () => {
    await upload('aaaaaaaaaaaaaaaaaaa1', 'instance-dead', 1);
    await upload('aaaaaaaaaaaaaaaaaaa2', 'instance-dead', 2);
    await upload('aaaaaaaaaaaaaaaaaaa3', 'instance-dead', 2, true); // finished before the crash
    await upload('aaaaaaaaaaaaaaaaaaa4', SELF, 1); // this instance's own, in progress
    // A file the dead instance was halfway through writing.
    mkdirSync(join(mediaDir, INCOMING_DIR, 'instance-dead'), { recursive: true });
    writeFileSync(join(mediaDir, INCOMING_DIR, 'instance-dead', 'half'), 'x');

    const live = db.database.engine === 'postgres' ? 'instance-live' : null;
    const presence = live ? await holdInstancePresence(db.database, live) : null;
    try {
      if (live) {
        await upload('aaaaaaaaaaaaaaaaaaa5', live, 1);
        expect(await isInstanceAlive(db.database.db, live)).toBe(true);
      }
      expect(await isInstanceAlive(db.database.db, 'instance-dead')).toBe(false);

      const result = await sweepAbandonedUploads({ db: db.database.db, storage }, SELF);
      expect(result).toEqual({ uploads: 2, files: 3 });
      const rows = await db.database.db.select().from(images);
      expect(rows.map((row) => [row.id, row.status]).sort()).toEqual(
        [
          ['aaaaaaaaaaaaaaaaaaa3', 'stored'],
          ['aaaaaaaaaaaaaaaaaaa4', 'pending'],
          ...(live ? [['aaaaaaaaaaaaaaaaaaa5', 'pending']] : []),
        ].sort(),
      );
      for (const id of ['aaaaaaaaaaaaaaaaaaa1', 'aaaaaaaaaaaaaaaaaaa2'])
        for (const key of keysOf(id)) expect(existsSync(join(mediaDir, key))).toBe(false);
      for (const key of keysOf('aaaaaaaaaaaaaaaaaaa3')) expect(existsSync(join(mediaDir, key))).toBe(true);
      expect(existsSync(join(mediaDir, keysOf('aaaaaaaaaaaaaaaaaaa4')[0]!))).toBe(true);
      if (live) expect(existsSync(join(mediaDir, keysOf('aaaaaaaaaaaaaaaaaaa5')[0]!))).toBe(true);
      expect(readdirSync(join(mediaDir, INCOMING_DIR)).sort()).toEqual([SELF]);
    } finally {
      await presence?.close();
    }
    // Once the live instance is gone, its upload is swept too.
    if (live) {
      // The server releases the lock when the connection's backend exits, just after the client closes.
      await vi.waitFor(async () => expect(await isInstanceAlive(db.database.db, live)).toBe(false));
      expect(await sweepAbandonedUploads({ db: db.database.db, storage }, SELF)).toEqual({
        uploads: 1,
        files: 1,
      });
    }
  });

  it('takes deleted keys out of their image and forgets an image without files', async () => {
    const records = imageRecords(db.database.db);
    await upload('bbbbbbbbbbbbbbbbbbb1', SELF, 2, true);
    const [original, webp] = keysOf('bbbbbbbbbbbbbbbbbbb1') as [string, string];
    await records.forgetKeys([webp]);
    const byId = async () =>
      (await db.database.db.select().from(images)).find((row) => row.id === 'bbbbbbbbbbbbbbbbbbb1');
    expect((await byId())?.keys).toEqual([original]);
    await records.forgetKeys([original]);
    expect(await byId()).toBeUndefined();
  });
});
