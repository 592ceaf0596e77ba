import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3Storage } from './s3-storage';

/**
 * The S3 adapter against s3rver, an S3-compatible server in Node (real HTTP, real S3 paths, headers and
 * errors). s3rver checks the access key but does not verify V4 signatures, so the signature itself is
 * checked against AWS's published example in s3-storage.test.ts.
 */
interface S3rverInstance {
  run(): Promise<{ port: number }>;
  close(): Promise<void>;
}
const directory = mkdtempSync(join(tmpdir(), 'brigade-s3rver-'));
let server: S3rverInstance;
let endpoint = '';

beforeAll(async () => {
  const { default: S3rver } = (await import('s3rver' as string)) as {
    default: new (options: object) => S3rverInstance;
  };
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: 'media' }],
  });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server?.close();
  rmSync(directory, { recursive: true, force: true });
});

const storageWith = (secretAccessKey: string) =>
  new S3Storage({
    endpoint,
    region: 'us-east-1',
    bucket: 'media',
    accessKeyId: 'S3RVER',
    secretAccessKey,
    publicBaseUrl: `${endpoint}/media`,
  });

describe('S3 image storage', () => {
  it('puts, serves and deletes objects with signed requests and immutable caching', async () => {
    const storage = storageWith('S3RVER');
    const key = 'tenants/7/restaurants/9/items/abc123-original.jpg';
    const data = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
    await storage.put(key, data, 'image/jpeg');
    const url = storage.urlOf(key);
    expect(url).toBe(`${endpoint}/media/${key}`);
    expect(storage.keyOf(url)).toBe(key);
    const fetched = await fetch(url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe('image/jpeg');
    expect(fetched.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await fetched.arrayBuffer())).toEqual(data);
    await storage.delete(key);
    expect((await fetch(url)).status).toBe(404);
  });

  it('fails loudly when the server refuses the credentials', async () => {
    const stranger = new S3Storage({
      endpoint,
      region: 'us-east-1',
      bucket: 'media',
      accessKeyId: 'UNKNOWN',
      secretAccessKey: 'x',
      publicBaseUrl: `${endpoint}/media`,
    });
    await expect(
      stranger.put('site-config/hero-images/x-original.jpg', Buffer.from('x'), 'image/jpeg'),
    ).rejects.toThrow(/S3 PUT .* failed: 403 [\s\S]*InvalidAccessKeyId/);
  });

  it('refuses keys outside the path scheme', async () => {
    await expect(storageWith('S3RVER').put('../etc/passwd', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(
      'Invalid image key',
    );
  });
});
