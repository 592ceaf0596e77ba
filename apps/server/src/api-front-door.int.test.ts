import { brotliDecompressSync } from 'node:zlib';
import { demoCatalogue, seedLargeChainOnce } from '@brigade/core/catalogue/large-chain';
import { seedDemo } from '@brigade/core/seed/demo-seed';
import { makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countingServer, type Got, send as sendOver, stable } from './front-door-test-kit';
import { useTestApp } from './test-app';
import { type Session, signInAs } from './test-client';

/**
 * Issue 20, decision 034: GET /auth/session and a kept resolved menu are answered in front of Fastify
 * (plugins/api-front-door.ts) when the session, the access, the scope and the document are all in memory.
 * This server counts which of the two answered each request; every answer of the front door is compared with
 * Fastify's answer to the same request (Fastify takes every request at the debug log level).
 */

const t = useTestApp({ env: { LOG_LEVEL: 'info' } });
let counting: Awaited<ReturnType<typeof countingServer>>;
/** How many requests each way answered (the counting server's own tally). */
let answered: { front: number; fastify: number };
let owner: Session;
let stranger: Session;
let base = '';
let menuPath = '';
const send = (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Got> =>
  sendOver(`${counting.origin}${path}`, headers, method);

/** The same request through Fastify (at debug nothing is taken in front of it), then through the front door. */
async function bothWays(path: string, headers: Record<string, string>) {
  // The document is kept, and its compressed copies made in the thread pool, after Fastify's answer: until
  // they are ready (a moment on a busy machine) Fastify answers and compresses on its own, as the next test
  // shows. Asked until the front door takes it, so that both ways below answer from the same kept copy.
  for (let wait = 0; wait < 100; wait++) {
    const seen = { ...answered };
    await send(path, headers);
    if (answered.front > seen.front) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const level = t.app.log.level;
  t.app.log.level = 'debug';
  let viaFastify: Got;
  try {
    viaFastify = await send(path, headers);
  } finally {
    t.app.log.level = level;
  }
  const before = { ...answered };
  const viaFront = await send(path, headers);
  expect(answered, `${path} ${JSON.stringify(headers)} went to the front door`).toEqual({
    front: before.front + 1,
    fastify: before.fastify,
  });
  return { viaFastify, viaFront };
}

async function expectSameAnswer(path: string, headers: Record<string, string>) {
  const { viaFastify, viaFront } = await bothWays(path, headers);
  expect(viaFront.status).toBe(viaFastify.status);
  expect(stable(viaFront.headers)).toEqual(stable(viaFastify.headers));
  expect(viaFront.body.equals(viaFastify.body)).toBe(true);
  return viaFront;
}

/** Asserts Fastify answered the request, and returns the answer. */
async function expectFastify(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const before = { ...answered };
  const got = await send(path, headers, method);
  expect(answered, `${method} ${path} went to Fastify`).toEqual({
    front: before.front,
    fastify: before.fastify + 1,
  });
  return got;
}

const bearer = (session: Session) => ({ authorization: `Bearer ${session.token}` });

beforeAll(async () => {
  const demo = await seedDemo(t.database.db);
  const { tenantId, restaurantId } = demo.restaurant;
  await seedLargeChainOnce(t.database.db, { tenantId, restaurantId, actor: 'test' }, demoCatalogue);
  owner = await signInAs(t.app, 'owner@brigade.local', 'brigade-owner');
  const other = await makeTenant(t.database.db);
  const user = await makeUser(t.database.db, { tenantId: other.tenantId, role: 'owner' });
  stranger = await signInAs(t.app, user.email, TEST_PASSWORD);
  base = `/api/v1/tenants/${demo.tenant.tenantId}/restaurants/${demo.restaurant.restaurantId}`;
  counting = await countingServer(t.app);
  answered = counting.answered;
  const menus = JSON.parse((await send(`${base}/menus`, bearer(owner))).body.toString('utf8'));
  menuPath = `${base}/menus/${menus.data[0].menuGroupId}`;
  // The sessions are held from their first request on; the menu document is kept from its first read.
  await send('/api/v1/auth/session', bearer(stranger));
  expect((await send(menuPath, bearer(owner))).status).toBe(200);
});
afterAll(async () => {
  await counting.close();
});

describe('GET /auth/session in front of Fastify', () => {
  it('answers a held session, by bearer token or cookie, with the bytes and headers Fastify sends', async () => {
    const viaBearer = await expectSameAnswer('/api/v1/auth/session', bearer(owner));
    expect(viaBearer.status).toBe(200);
    expect(JSON.parse(viaBearer.body.toString('utf8')).data.user.email).toBe('owner@brigade.local');
    expect(viaBearer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    await expectSameAnswer('/api/v1/auth/session', { cookie: `theme=dark; ${owner.cookie}` });
  });

  it('leaves no session, an unknown one, a query and HEAD to Fastify', async () => {
    expect((await expectFastify('/api/v1/auth/session')).status).toBe(401);
    expect(
      (await expectFastify('/api/v1/auth/session', { authorization: 'Bearer not-a-session' })).status,
    ).toBe(401);
    await expectFastify('/api/v1/auth/session?x=1', bearer(owner));
    await expectFastify('/api/v1/auth/session', bearer(owner), 'HEAD');
  });

  it('stops answering a session the moment it is signed out', async () => {
    const leaving = await signInAs(t.app, 'owner@brigade.local', 'brigade-owner');
    await send('/api/v1/auth/session', bearer(leaving));
    await expectSameAnswer('/api/v1/auth/session', bearer(leaving));
    const out = await send('/api/v1/auth/signout', { ...bearer(leaving) }, 'POST');
    expect(out.status).toBe(204);
    expect((await expectFastify('/api/v1/auth/session', bearer(leaving))).status).toBe(401);
  });
});

describe('a resolved menu in front of Fastify', () => {
  it('answers the kept document as it is, in br or gzip, and 304, as Fastify does', async () => {
    const plain = await expectSameAnswer(menuPath, bearer(owner));
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8')).success).toBe(true);
    expect(
      (await expectSameAnswer(menuPath, { ...bearer(owner), 'accept-encoding': 'gzip' })).headers,
    ).toMatchObject({ 'content-encoding': 'gzip' });
    expect(
      (await expectSameAnswer(menuPath, { ...bearer(owner), 'accept-encoding': 'gzip, deflate, br' }))
        .headers,
    ).toMatchObject({ 'content-encoding': 'br' });
    const etag = String(plain.headers.etag);
    expect((await expectSameAnswer(menuPath, { ...bearer(owner), 'if-none-match': etag })).status).toBe(304);
    await expectSameAnswer(`${menuPath}?channel=pos`, bearer(owner));
  });

  it('leaves a document kept but not compressed yet to Fastify, which compresses it on the way out', async () => {
    const path = `${menuPath}?channel=kiosk`;
    const level = t.app.log.level;
    t.app.log.level = 'debug';
    try {
      // kept by Fastify's answer; its br and gzip copies are made in the thread pool afterwards
      expect((await send(path, bearer(owner))).status).toBe(200);
    } finally {
      t.app.log.level = level;
    }
    const br = await send(path, { ...bearer(owner), 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8')).success).toBe(true);
  });

  it('gives another tenant’s owner nothing: Fastify refuses, with no menu in the answer', async () => {
    const refused = await expectFastify(menuPath, bearer(stranger));
    expect(refused.status).toBe(403);
    expect(refused.body.toString('utf8')).not.toContain('menuGroupId');
  });

  it('leaves ?at=, a bad parameter or channel, a repeated query name, no session and HEAD to Fastify', async () => {
    await expectFastify(`${menuPath}?at=2026-01-01T12:00:00Z`, bearer(owner));
    expect((await expectFastify(`${base}/menus/abc`, bearer(owner))).status).toBe(400);
    await expectFastify(`${menuPath}?channel=pos&channel=pos`, bearer(owner));
    expect((await expectFastify(`${menuPath}?channel=online`, bearer(owner))).status).toBe(400);
    expect((await expectFastify(menuPath)).status).toBe(401);
    await expectFastify(menuPath, bearer(owner), 'HEAD');
  });

  it('answers the changed menu after a write, never the old one', async () => {
    const before = await expectSameAnswer(menuPath, bearer(owner));
    const held = before.body.toString('utf8');
    const itemId = /"itemId":(\d+)/.exec(held)?.[1];
    // the menu's first item is one of the restaurant's items, under the name the menu shows
    const item = await send(`${base}/items/${itemId}`, bearer(owner));
    expect(item.status).toBe(200);
    const { name } = JSON.parse(item.body.toString('utf8')).data;
    expect(held).toContain(`"name":${JSON.stringify(name)}`);
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${base}/items/${itemId}`,
      headers: bearer(owner),
      payload: { name: 'Renamed while held' },
    });
    expect(patched.statusCode).toBe(200);
    // The write dropped the scope: Fastify reads the menu again, and keeps the new document.
    const after = await expectFastify(menuPath, {
      ...bearer(owner),
      'if-none-match': String(before.headers.etag),
    });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(after.body.toString('utf8')).toContain('Renamed while held');
    const again = await expectSameAnswer(menuPath, bearer(owner));
    expect(again.body.toString('utf8')).toContain('Renamed while held');
  });

  it('writes one access line at info for an answer of the front door', async () => {
    await send(menuPath, { ...bearer(owner), 'x-request-id': 'api-front-0001' });
    const lines = t.logs.lines.filter((line) => line.reqId === 'api-front-0001');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ msg: 'request completed', res: { statusCode: 200 } });
    expect(JSON.stringify(lines[0])).not.toContain(owner.token);
  });
});
