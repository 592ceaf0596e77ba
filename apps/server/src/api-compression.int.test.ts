import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { demoCatalogue, seedLargeChainOnce } from '@brigade/core/catalogue/large-chain';
import { seedDemo } from '@brigade/core/seed/demo-seed';
import { beforeAll, describe, expect, it } from 'vitest';
import { IN_ONE_PIECE_MAX } from './plugins/compress-in-one-piece';
import { useTestApp } from './test-app';
import { type Session, signInAs } from './test-client';

/**
 * The API's JSON goes out compressed to a client that accepts it (issue 20 item 2): Brotli or gzip by
 * Accept-Encoding, with Vary, the same bytes once decoded; small answers and clients that accept nothing
 * get the JSON as it is.
 */
const t = useTestApp();
let owner: Session;
let menuPath = '';
let tagsPath = '';

beforeAll(async () => {
  const demo = await seedDemo(t.database.db);
  const { tenantId, restaurantId } = demo.restaurant;
  await seedLargeChainOnce(t.database.db, { tenantId, restaurantId, actor: 'test' }, demoCatalogue);
  owner = await signInAs(t.app, 'owner@brigade.local', 'brigade-owner');
  const base = `/api/v1/tenants/${demo.tenant.tenantId}/restaurants/${demo.restaurant.restaurantId}`;
  const menus = await t.app.inject({
    method: 'GET',
    url: `${base}/menus`,
    headers: { authorization: `Bearer ${owner.token}` },
  });
  menuPath = `${base}/menus/${menus.json().data[0].menuGroupId}`;
  tagsPath = `${base}/tags`;
});

function get(path: string, encoding?: string, extra: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        new URL(path, t.baseUrl),
        {
          headers: {
            authorization: `Bearer ${owner.token}`,
            ...(encoding === undefined ? {} : { 'accept-encoding': encoding }),
            ...extra,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

describe('API compression', () => {
  it('sends a resolved menu in Brotli or gzip as asked, the same JSON once decoded', async () => {
    const plain = await get(menuPath);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const br = await get(menuPath, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    const gz = await get(menuPath, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('compresses a mid-size answer in one piece: with its Content-Length, the same JSON once decoded', async () => {
    const plain = await get(tagsPath);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(plain.body.length).toBeLessThan(IN_ONE_PIECE_MAX);
    const cases = [
      ['br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['gzip;q=0.5, br', 'br', brotliDecompressSync],
      ['*', 'gzip', gunzipSync],
    ] as const;
    for (const [accept, encoding, decode] of cases) {
      const answer = await get(tagsPath, accept);
      expect(answer.headers['content-encoding'], accept).toBe(encoding);
      expect(answer.headers['content-length'], accept).toBe(String(answer.body.length));
      expect(answer.headers['transfer-encoding'], accept).toBeUndefined();
      expect(String(answer.headers.vary), accept).toMatch(/accept-encoding/i);
      expect(JSON.parse(decode(answer.body).toString())).toEqual(JSON.parse(plain.body.toString()));
    }
    for (const [accept, extra] of [
      ['identity', {}],
      ['br', { 'x-no-compression': '1' }],
    ] as const) {
      const answer = await get(tagsPath, accept, extra);
      expect(answer.headers['content-encoding'], accept).toBeUndefined();
      expect(answer.body.equals(plain.body)).toBe(true);
    }
  });

  it('leaves small answers as they are', async () => {
    const health = await get('/healthz', 'br');
    expect(health.status).toBe(200);
    expect(health.body.length).toBeLessThan(1024);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});
