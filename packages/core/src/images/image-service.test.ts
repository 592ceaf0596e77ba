import type { Actor } from '@brigade/domain/access';
import { type ImageStorage, keyFromUrl } from '@brigade/images/storage';
import { makePhoto } from '@brigade/images/test-images';
import { describe, expect, it } from 'vitest';
import type { ImageRecords } from './image-repository';
import { deleteImage, type ImageDeps, uploadImage } from './image-service';

const admin: Actor = { kind: 'user', userId: 'u1', isSiteAdmin: true, isActive: true, assignments: [] };
const BASE = 'https://media.example.com';

/** Storage in memory; `failOnPut` makes the nth put throw, `failOnDelete` the deletes of matching keys. */
function memoryStorage(options: { failOnPut?: number; failOnDelete?: RegExp } = {}) {
  const files = new Map<string, Buffer>();
  let puts = 0;
  const storage: ImageStorage = {
    kind: 'local',
    urlFormat: `${BASE}/...`,
    async put(key, data) {
      puts++;
      if (puts === options.failOnPut) throw new Error('disk full');
      files.set(key, data);
    },
    async delete(key) {
      if (options.failOnDelete?.test(key)) throw new Error('permission denied');
      if (!files.delete(key)) throw new Error('not found');
    },
    urlOf: (key) => `${BASE}/${key}`,
    keyOf: (url) => keyFromUrl(BASE, url),
  };
  return { files, storage };
}

/** Image records in memory, writing what happens to `events` beside the storage's puts. */
function memoryRecords(events: string[] = [], options: { sweptMeanwhile?: boolean } = {}) {
  const rows = new Map<string, { keys: string[]; status: 'pending' | 'stored' }>();
  const records: ImageRecords = {
    async begin(upload) {
      events.push('begin');
      rows.set(upload.id, { keys: upload.keys, status: 'pending' });
    },
    async complete(id) {
      events.push('complete');
      if (options.sweptMeanwhile) rows.delete(id);
      const row = rows.get(id);
      if (!row) return false;
      row.status = 'stored';
      return true;
    },
    async abandon(id) {
      events.push('abandon');
      rows.delete(id);
    },
    async forgetKeys(keys) {
      for (const [id, row] of rows) {
        row.keys = row.keys.filter((key) => !keys.includes(key));
        if (row.keys.length === 0) rows.delete(id);
      }
    },
  };
  return { rows, records };
}

const warnings: string[] = [];
const logger = { warn: (_: object, message: string) => void warnings.push(message) };

const depsOf = (storage: ImageStorage, records: ImageRecords): ImageDeps => ({
  db: {} as never,
  storage,
  logger,
  records,
  writer: 'instance-1',
});

describe('image service', () => {
  it('records the upload as pending before the first file and as stored after the last', async () => {
    const events: string[] = [];
    const { files, storage } = memoryStorage();
    const put = storage.put.bind(storage);
    storage.put = async (key, data, type) => {
      events.push('put');
      await put(key, data, type);
    };
    const { rows, records } = memoryRecords(events);
    const image = await uploadImage(depsOf(storage, records), admin, {
      data: await makePhoto(1000, 500),
      scope: { folder: 'hero-images' },
    });
    expect(events[0]).toBe('begin');
    expect(events.at(-1)).toBe('complete');
    expect(events.filter((e) => e === 'put')).toHaveLength(files.size);
    const [row] = [...rows.values()];
    expect(row!.status).toBe('stored');
    expect([...row!.keys].sort()).toEqual([...files.keys()].sort());
    expect(image.original.url).toMatch(/\/site-config\/hero-images\/[0-9a-f]{20}-original\.jpg$/);
  });

  it('gives each upload its own files, so deleting one image never takes another’s', async () => {
    const { storage } = memoryStorage();
    const { records } = memoryRecords();
    const data = await makePhoto(800, 400);
    const first = await uploadImage(depsOf(storage, records), admin, { data, scope: { folder: 'site' } });
    const second = await uploadImage(depsOf(storage, records), admin, { data, scope: { folder: 'site' } });
    expect(second.original.url).not.toBe(first.original.url);
  });

  it('removes the files already stored when storage fails midway, with the spec message', async () => {
    const { files, storage } = memoryStorage({ failOnPut: 3 });
    const events: string[] = [];
    const { rows, records } = memoryRecords(events);
    await expect(
      uploadImage(depsOf(storage, records), admin, {
        data: await makePhoto(1000, 500),
        scope: { folder: 'hero-images' },
      }),
    ).rejects.toThrow('Failed to upload image: disk full');
    expect(files.size).toBe(0);
    expect(rows.size).toBe(0);
    expect(events).toEqual(['begin', 'abandon']);
  });

  it('does not keep an upload whose record was swept while it was writing', async () => {
    const { files, storage } = memoryStorage();
    const { records } = memoryRecords([], { sweptMeanwhile: true });
    await expect(
      uploadImage(depsOf(storage, records), admin, {
        data: await makePhoto(800, 400),
        scope: { folder: 'site' },
      }),
    ).rejects.toThrow('Failed to upload image: the upload took too long and was abandoned');
    expect(files.size).toBe(0);
  });

  it('returns the successes and logs the failures of a partial delete; records follow the files', async () => {
    const { files, storage } = memoryStorage({ failOnDelete: /[0-9a-f]{20}-webp\.webp$/ });
    const { rows, records } = memoryRecords();
    const image = await uploadImage(depsOf(storage, records), admin, {
      data: await makePhoto(800, 400),
      scope: { folder: 'site' },
    });
    const count = files.size;
    const result = await deleteImage(depsOf(storage, records), admin, { image: JSON.stringify(image) });
    expect(result.failed).toEqual([image.webp!.url]);
    expect(result.deleted).toHaveLength(count - 1);
    expect(warnings).toContain('Failed to delete image file');
    // The file that could not be deleted is still its image's.
    expect([...rows.values()].map((row) => row.keys)).toEqual([[storage.keyOf(image.webp!.url)]]);
  });
});
