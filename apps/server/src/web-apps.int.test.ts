import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { WEB_APPS } from './plugins/web-apps';
import { useTestApp } from './test-app';

/**
 * The React apps' files go out compressed (issue 22 item 8: the sign-in page's script was sent as it is,
 * 428 KB, and its largest paint waited for it): the build writes Brotli and gzip copies, the server picks the
 * one the browser accepts and says so with Vary, and a client that accepts neither gets the file itself.
 */
const app = useTestApp();

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(path: string, acceptEncoding?: string): Promise<Answer> {
  const url = new URL(path, app.baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
        response.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('web apps are sent compressed', () => {
  for (const web of WEB_APPS) {
    it(`${web.name}: index.html, its script and its stylesheet in Brotli, gzip or as they are`, async () => {
      const plain = await get(web.prefix);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const html = plain.body.toString('utf8');
      const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
      const style = /<link rel="stylesheet" crossorigin href="([^"]+)"/.exec(html)?.[1];
      expect(script).toBeTruthy();
      expect(style).toBeTruthy();
      for (const path of [web.prefix, script!, style!]) {
        const identity = await get(path);
        const br = await get(path, 'gzip, deflate, br');
        const gz = await get(path, 'gzip');
        expect(br.headers['content-encoding'], path).toBe('br');
        expect(gz.headers['content-encoding'], path).toBe('gzip');
        expect(String(br.headers.vary), path).toMatch(/accept-encoding/i);
        expect(br.headers['content-type'], path).toBe(identity.headers['content-type']);
        expect(brotliDecompressSync(br.body).equals(identity.body), path).toBe(true);
        expect(gunzipSync(gz.body).equals(identity.body), path).toBe(true);
        if (path === script) {
          expect(br.headers['cache-control']).toMatch(/immutable/);
          expect(br.body.length).toBeLessThan(identity.body.length / 3);
        }
      }
      // A client route answers index.html, compressed as well.
      const route = await get(`${web.prefix}some/client/route`, 'br');
      expect(route.status).toBe(200);
      expect(route.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(route.body).toString('utf8')).toBe(html);
    });
  }
});

describe("web apps keep the build's notes to themselves", () => {
  it('answers index.html for dist/.build-hash, not the hash', async () => {
    const web = WEB_APPS[0];
    const hashFile = join(web.dist, '.build-hash');
    const made = !existsSync(hashFile);
    if (made) writeFileSync(hashFile, 'build-hash-of-the-test\n');
    try {
      const answer = await get(`${web.prefix}.build-hash`);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-type']).toMatch(/text\/html/);
      expect(answer.body.toString('utf8')).toContain('<script type="module"');
    } finally {
      if (made) rmSync(hashFile);
    }
  });
});
