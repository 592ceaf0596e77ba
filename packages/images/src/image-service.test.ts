import type { Actor } from '@brigade/domain/access';
import { describe, expect, it } from 'vitest';
import { deleteImage, uploadImage } from './image-service';
import { type ImageStorage, keyFromUrl } from './storage';
import { makePhoto } from './test-images';

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

const warnings: string[] = [];
const logger = { warn: (_: object, message: string) => void warnings.push(message) };

describe('image service', () => {
  it('removes the files already stored when storage fails midway, with the spec message', async () => {
    const { files, storage } = memoryStorage({ failOnPut: 3 });
    await expect(
      uploadImage({ db: {} as never, storage, logger }, admin, {
        data: await makePhoto(1000, 500),
        scope: { folder: 'hero-images' },
      }),
    ).rejects.toThrow('Failed to upload image: disk full');
    expect(files.size).toBe(0);
  });

  it('returns the successes and logs the failures of a partial delete', async () => {
    const { files, storage } = memoryStorage({ failOnDelete: /[0-9a-f]{20}-webp\.webp$/ });
    const image = await uploadImage({ db: {} as never, storage, logger }, admin, {
      data: await makePhoto(800, 400),
      scope: { folder: 'site' },
    });
    const count = files.size;
    const result = await deleteImage({ db: {} as never, storage, logger }, admin, JSON.stringify(image));
    expect(result.failed).toEqual([image.webp!.url]);
    expect(result.deleted).toHaveLength(count - 1);
    expect(warnings).toContain('Failed to delete image file');
  });
});
