import { seedDemo } from '@brigade/core/seed/demo-seed';
import { freePort } from '@brigade/test-utils/ports';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingServer, type Got, send as sendOver, stable } from './front-door-test-kit';
import { heardEverySoFar, useTestApp } from './test-app';

/**
 * Issue 20: a stored public page is answered in front of Fastify (plugins/site.ts, `answerStored`), with the
 * headers the site's onRequest hook sends. This server counts which of the two answered each request.
 */

/** The access lines written for one request id. */
const linesOf = (reqId: string) => t.logs.lines.filter((line) => line.reqId === reqId);

const sitePort = await freePort();
// At the default level, info: the front door writes its own access line.
const t = useTestApp({ env: { SITE_PORT: String(sitePort), LOG_LEVEL: 'info', TRUST_PROXY: 'true' } });
const site = `http://127.0.0.1:${sitePort}`;
let counting: Awaited<ReturnType<typeof countingServer>>;
/** How many requests each way answered (the counting server's own tally). */
let answered: { front: number; fastify: number };
const send = (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Got> =>
  sendOver(`${site}${path}`, headers, method);

beforeAll(async () => {
  await seedDemo(t.database.db);
  // the seed's own announcements would drop a page stored before they arrive
  await heardEverySoFar(t.deps, t.database);
  counting = await countingServer(t.app, sitePort);
  answered = counting.answered;
});
afterAll(async () => {
  await counting.close();
});

describe('stored pages in front of Fastify', () => {
  it('answers a stored page with the same status, headers and bytes as the first (rendered) answer', async () => {
    const before = { ...answered };
    const first = await send('/harbor-grill', { 'accept-encoding': 'gzip' });
    expect(first.status).toBe(200);
    expect(answered.fastify).toBe(before.fastify + 1);
    const second = await send('/harbor-grill', { 'accept-encoding': 'gzip' });
    expect(answered.front).toBe(before.front + 1);
    expect(second.status).toBe(200);
    expect(stable(second.headers)).toEqual(stable(first.headers));
    expect(second.body.equals(first.body)).toBe(true);
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.headers['content-security-policy']).toContain("default-src 'none'");
    expect(second.headers['x-content-type-options']).toBe('nosniff');
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a caller’s X-Request-Id, answers If-None-Match with 304 and HEAD without a body', async () => {
    const page = await send('/harbor-grill');
    const before = { ...answered };
    const kept = await send('/harbor-grill', { 'x-request-id': 'trace-12345678' });
    expect(kept.headers['x-request-id']).toBe('trace-12345678');
    const notModified = await send('/harbor-grill', { 'if-none-match': page.headers.etag as string });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    const head = await send('/harbor-grill', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(Number(head.headers['content-length'])).toBe(page.body.length);
    expect(answered.front).toBe(before.front + 3);
    expect(answered.fastify).toBe(before.fastify);
  });

  it('leaves the API, other methods and pages not stored to Fastify', async () => {
    await send('/harbor-grill');
    const before = { ...answered };
    expect((await send('/healthz')).status).toBe(200);
    expect((await send('/harbor-grill', {}, 'POST')).status).not.toBe(200);
    expect((await send('/harbor-grill/menu?not-stored-yet=1')).status).toBe(200);
    expect(answered.fastify).toBe(before.fastify + 3);
    expect(answered.front).toBe(before.front);
  });

  it('reads the forwarded Host and protocol as Fastify does when every sender is trusted', async () => {
    // A page stored for the forwarded address is found by it; the same path on another Host is not.
    const forwarded = { 'x-forwarded-host': 'localhost:9999', 'x-forwarded-proto': 'https' };
    const first = await send('/harbor-grill', forwarded);
    expect(first.status).toBe(200);
    const before = { ...answered };
    const again = await send('/harbor-grill', forwarded);
    expect(answered.front).toBe(before.front + 1);
    expect(stable(again.headers)).toEqual(stable(first.headers));
    expect(again.body.toString('utf8')).toContain('https://localhost:9999/harbor-grill');
  });

  it('writes one access line at info, with the masked URL and the forwarded client, and never the cookie', async () => {
    await send('/harbor-grill?token=secret-code');
    const before = { ...answered };
    const id = 'access-line-0001';
    await send('/harbor-grill?token=secret-code', {
      'x-request-id': id,
      'x-forwarded-for': '203.0.113.7, 10.0.0.1',
      'user-agent': 'bench/1.0',
      cookie: 'brigade_session=do-not-log',
    });
    expect(answered.front).toBe(before.front + 1);
    const lines = linesOf(id);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: {
        method: 'GET',
        url: '/harbor-grill?token=[Redacted]',
        remoteAddress: '203.0.113.7',
        userAgent: 'bench/1.0',
      },
      res: { statusCode: 200 },
    });
    expect(typeof lines[0]!.responseTime).toBe('number');
    expect(JSON.stringify(lines[0])).not.toContain('do-not-log');
  });

  it('leaves the request to Fastify at debug, where Fastify logs more of it, and to no one’s log at warn', async () => {
    await send('/harbor-grill');
    const level = t.app.log.level;
    try {
      t.app.log.level = 'debug';
      const before = { ...answered };
      await send('/harbor-grill', { 'x-request-id': 'debug-level-0001' });
      expect(answered).toEqual({ front: before.front, fastify: before.fastify + 1 });
      expect(linesOf('debug-level-0001').map((line) => line.msg)).toEqual([
        'incoming request',
        'request completed',
      ]);
      t.app.log.level = 'warn';
      await send('/harbor-grill', { 'x-request-id': 'warn-level-0001' });
      expect(answered.front).toBe(before.front + 1);
      expect(linesOf('warn-level-0001')).toEqual([]);
    } finally {
      t.app.log.level = level;
    }
  });
});
