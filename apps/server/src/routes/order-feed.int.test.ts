import { randomUUID } from 'node:crypto';
import { rowsOf } from '@brigade/test-utils/card-data';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createAppDeps } from '../runtime';
import { startSecondInstance, useTestApp } from '../test-app';
import type { Session } from '../test-client';
import { useOrderingRestaurant } from './test-ordering';

/**
 * Live screens (issue 41 item 5): the restaurant's staff stream hears every committed change to one of its
 * orders, pushed by the database's order feed — on PostgreSQL also a change made through another instance —
 * and nobody else's; the guest's stream sends the order as it moves without waiting for a poll.
 */
const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0' } });
const kit = useOrderingRestaurant(t);
let fries = 0;

beforeAll(async () => {
  fries = (await kit.create('items', { name: 'Fries', basePrice: 4.5 })).itemId as number;
  await kit.create('menu-groups', { name: 'Dinner', isMenu: true, items: [{ itemId: fries, position: 0 }] });
});

const streams: AbortController[] = [];
afterAll(() => {
  for (const stream of streams) stream.abort();
});

/** Opens a server-sent event stream over real HTTP; `next(event)` waits for that event's data. */
async function open(path: string, session?: Session, baseUrl = t.baseUrl) {
  const abort = new AbortController();
  streams.push(abort);
  const response = await fetch(`${baseUrl}${path}`, {
    signal: abort.signal,
    headers: session ? { authorization: `Bearer ${session.token}` } : {},
  });
  const events: { event: string; data: unknown; at: number }[] = [];
  let ended: Promise<void> = Promise.resolve();
  if (response.ok && response.body) {
    ended = (async () => {
      let buffer = '';
      const decoder = new TextDecoder();
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let cut = buffer.indexOf('\n\n');
          while (cut >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data), at: performance.now() });
            cut = buffer.indexOf('\n\n');
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return { response, events, ended };
}

const place = async () => {
  const answer = await kit.guest(
    'POST',
    `/${kit.slug}/orders`,
    {
      lines: [{ itemId: fries, quantity: 1 }],
      pickup: { asap: true },
      customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
      payment: { token: await kit.tokenOf('4111111111111111'), expiry: '1230' },
    },
    randomUUID(),
  );
  expect(answer.statusCode, answer.body).toBe(201);
  const [row] = rowsOf(
    await t.database.db.execute(sql`select order_id from orders where token = ${answer.json().data.token}`),
  ) as { order_id: number }[];
  return { orderId: Number(row!.order_id), token: answer.json().data.token as string };
};

const staffPath = () => `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}/orders/events`;

describe('live orders', () => {
  it("pushes each change of the restaurant's orders to its staff at once", async () => {
    const stream = await open(staffPath(), kit.sessions.employee);
    expect(stream.response.status).toBe(200);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    await expect.poll(() => stream.events.map((e) => e.event)).toContain('ready');
    const { orderId } = await place();
    await expect
      .poll(
        () =>
          stream.events.some(
            (e) => e.event === 'change' && (e.data as { orderId: number }).orderId === orderId,
          ),
        { timeout: 2_000 },
      )
      .toBe(true);
    const before = stream.events.length;
    const sent = performance.now();
    expect(
      (await kit.staff('owner', 'POST', `/orders/${orderId}/status`, { status: 'accepted' })).statusCode,
    ).toBe(200);
    await expect
      .poll(() => stream.events.slice(before).some((e) => e.event === 'change'), {
        timeout: 1_000,
        interval: 10,
      })
      .toBe(true);
    const heard = stream.events.slice(before).find((e) => e.event === 'change')!;
    expect(heard.data).toEqual({ orderId });
    expect(heard.at - sent).toBeLessThan(1_000);
  });

  it("sends the guest's order as it moves, and ends the stream when it is final", async () => {
    const { orderId, token } = await place();
    const stream = await open(`/api/v1/ordering/orders/${token}/events`);
    await expect.poll(() => stream.events.length).toBe(1);
    await kit.staff('owner', 'POST', `/orders/${orderId}/status`, { status: 'accepted' });
    await expect
      .poll(() => stream.events.map((e) => (e.data as { status: string }).status), { timeout: 1_500 })
      .toEqual(['new', 'accepted']);
    await kit.staff('owner', 'POST', `/orders/${orderId}/status`, { status: 'cancelled' });
    await expect
      .poll(() => stream.events.map((e) => (e.data as { status: string }).status), { timeout: 1_500 })
      .toEqual(['new', 'accepted', 'cancelled']);
  });

  it("gives another tenant's owner, a signed-out caller and an unknown restaurant nothing", async () => {
    expect((await open(staffPath(), kit.sessions.otherOwner)).response.status).toBe(403);
    expect((await open(staffPath())).response.status).toBe(401);
    const unknown = `/api/v1/tenants/${kit.tenantId}/restaurants/99999999/orders/events`;
    expect((await open(unknown, kit.sessions.owner)).response.status).toBe(404);
    expect(
      (await open('/api/v1/tenants/x/restaurants/1/orders/events', kit.sessions.owner)).response.status,
    ).toBe(404);
  });

  it('ends the open streams when the server closes, so a shutdown is not held by them', async () => {
    const config = { ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), port: 0 };
    const app = await buildApp({ deps: createAppDeps(config, t.database) });
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const staff = await open(staffPath(), kit.sessions.owner, baseUrl);
    const { token } = await place();
    const guest = await open(`/api/v1/ordering/orders/${token}/events`, undefined, baseUrl);
    await expect
      .poll(() => staff.events.some((e) => e.event === 'ready') && guest.events.length > 0)
      .toBe(true);
    const closed = app.close().then(() => 'closed');
    const limit = new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 5_000).unref());
    expect(await Promise.race([closed, limit])).toBe('closed');
    await Promise.all([staff.ended, guest.ended]);
  });

  it.runIf(process.env.BRIGADE_TEST_ENGINE === 'postgres')(
    'hears a change made through another instance',
    async () => {
      const stream = await open(staffPath(), kit.sessions.owner);
      await expect.poll(() => stream.events.map((e) => e.event)).toContain('ready');
      const { orderId } = await place();
      const accepted = await kit.staff('owner', 'POST', `/orders/${orderId}/status`, { status: 'accepted' });
      expect(accepted.statusCode).toBe(200);
      const second = await startSecondInstance(t.database);
      try {
        const before = stream.events.length;
        const moved = await second.app.inject({
          method: 'POST',
          url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}/orders/${orderId}/status`,
          headers: { authorization: `Bearer ${kit.sessions.owner.token}` },
          payload: { status: 'in_preparation' },
        });
        expect(moved.statusCode, moved.body).toBe(200);
        await expect
          .poll(() => stream.events.slice(before).map((e) => e.data), { timeout: 1_000, interval: 10 })
          .toContainEqual({ orderId });
      } finally {
        await second.close();
      }
    },
  );
});
