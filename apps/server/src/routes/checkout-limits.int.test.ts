import { randomUUID } from 'node:crypto';
import {
  CHECKOUT_ATTEMPTS_LIMITED,
  CHECKOUT_DECLINES_LIMITED,
  declineBurstMessage,
  GENERIC_DECLINE,
  RESTAURANT_ATTEMPTS_LIMITED,
  RESTAURANT_DECLINES_LIMITED,
} from '@brigade/domain/ordering/checkout-limits';
import { rowsOf } from '@brigade/test-utils/card-data';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { startSecondInstance, useTestApp } from '../test-app';
import type { HttpAnswer } from '../test-client';
import { useOrderingRestaurant } from './test-ordering';

/**
 * The public checkout's limits (issue 42, item 4) over real HTTP, guests told apart by the address a trusted
 * proxy forwards: per address and per restaurant, on orders and on declined cards, 429 with Retry-After; the
 * issuer's words only for an address's first declines; an alert for the restaurant's staff on a burst of
 * declines. The counts live in the database: concurrent checkouts and a second server instance agree.
 */
const LIMITS = {
  CHECKOUT_ORDERS_PER_ADDRESS: '8',
  CHECKOUT_DECLINES_PER_ADDRESS: '3',
  CHECKOUT_ORDERS_PER_RESTAURANT: '20',
  CHECKOUT_DECLINES_PER_RESTAURANT: '6',
  CHECKOUT_DECLINE_ALERT: '5',
};
const t = useTestApp({
  env: {
    CARDPOINTE_RECONCILE_PAUSE_MS: '0',
    CARDPOINTE_TIMEOUT_MS: '1500',
    TRUST_PROXY: 'loopback',
    ...LIMITS,
  },
});
const kit = useOrderingRestaurant(t);
let itemId = 0;
let goodToken = '';
let declinedToken = '';

beforeAll(async () => {
  itemId = (await kit.create('items', { name: 'Soup', basePrice: 6 })).itemId as number;
  await kit.create('menu-groups', { name: 'Lunch', isMenu: true, items: [{ itemId, position: 0 }] });
  goodToken = await kit.tokenOf('4111111111111111');
  // "Insufficient Funds" (NU / 500) at the emulator, as at the gateway
  declinedToken = await kit.tokenOf('4387751111111053');
});

const checkout = (from: string, token = goodToken) =>
  kit.http.guest(
    'POST',
    `/${kit.slug}/orders`,
    {
      lines: [{ itemId, quantity: 1 }],
      pickup: { asap: true },
      customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
      payment: { token, expiry: '1230' },
    },
    randomUUID(),
    { 'x-forwarded-for': from },
  );

const orderCount = async () =>
  (rowsOf(await t.database.db.execute(sql`select count(*)::int as n from orders`))[0] as { n: number }).n;

/** The windows of every count end, as if 15 minutes had passed. */
const windowsPass = () =>
  t.database.db.execute(
    sql`update auth_throttle set window_started_at = now() - interval '16 minutes' where key like 'checkout-%'`,
  );

const expectRefused = (answer: HttpAnswer, detail: string) => {
  expect(answer.statusCode).toBe(429);
  expect(answer.json().detail).toBe(detail);
  const retryAfter = Number(answer.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
};

describe("one address's declined cards", () => {
  it("tells the issuer's words twice, then only that the card was declined, then refuses the address", async () => {
    const messages: string[] = [];
    let token = '';
    for (let i = 0; i < 3; i++) {
      const answer = await checkout('198.51.100.1', declinedToken);
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.json().data.status).toBe('payment_failed');
      messages.push(answer.json().data.paymentMessage);
      token = answer.json().data.token;
    }
    expect(messages).toEqual([
      'Your card was declined: Insufficient Funds',
      'Your card was declined: Insufficient Funds',
      GENERIC_DECLINE,
    ]);
    // the guest's order page says no more than the answer did
    const page = await kit.http.guest('GET', `/orders/${token}`);
    expect(page.json().data.paymentMessage).toBe(GENERIC_DECLINE);
    const before = await orderCount();
    expectRefused(await checkout('198.51.100.1', declinedToken), CHECKOUT_DECLINES_LIMITED);
    expectRefused(await checkout('198.51.100.1'), CHECKOUT_DECLINES_LIMITED);
    expect(await orderCount()).toBe(before);
    // another guest of the restaurant is not held up
    const other = await checkout('198.51.100.2');
    expect(other.statusCode, other.body).toBe(201);
    expect(other.json().data.status).toBe('new');
  });
});

describe("one address's orders", () => {
  it('takes eight orders from one address in the window and refuses the ninth, writing nothing', async () => {
    for (let i = 0; i < 8; i++) expect((await checkout('198.51.100.3')).json().data.status).toBe('new');
    const before = await orderCount();
    expectRefused(await checkout('198.51.100.3'), CHECKOUT_ATTEMPTS_LIMITED);
    expect(await orderCount()).toBe(before);
  });

  // PGlite lives in one process by nature: two instances share a database on PostgreSQL only
  it.runIf(inject('brigadeTemplate').engine === 'postgres')(
    'holds across server instances: the count is in the database',
    async () => {
      const second = await startSecondInstance(t.database, LIMITS);
      try {
        const answer = await second.app.inject({
          method: 'POST',
          url: `/api/v1/ordering/${kit.slug}/orders`,
          remoteAddress: '198.51.100.3',
          headers: { 'idempotency-key': randomUUID() },
          payload: {
            lines: [{ itemId, quantity: 1 }],
            pickup: { asap: true },
            customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
            payment: { token: goodToken, expiry: '1230' },
          },
        });
        expect(answer.statusCode, answer.body).toBe(429);
        expect(answer.json().detail).toBe(CHECKOUT_ATTEMPTS_LIMITED);
      } finally {
        await second.close();
      }
    },
  );
});

describe("the restaurant's orders from many addresses", () => {
  it('a runaway loop of thirty concurrent checkouts from thirty addresses: twenty orders, ten 429s', async () => {
    await windowsPass();
    const before = await orderCount();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => checkout(`203.0.113.${i + 1}`)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(20);
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused).toHaveLength(10);
    for (const answer of refused) expectRefused(answer, RESTAURANT_ATTEMPTS_LIMITED);
    expect(await orderCount()).toBe(before + 20);
  });
});

describe('a burst of declined cards at the restaurant', () => {
  it('raises one alert for its staff at five, and pauses its checkout at six', async () => {
    await windowsPass();
    expect((await kit.http.staff('employee', 'GET', '/ordering/alerts')).json().data).toEqual([]);
    for (let i = 0; i < 6; i++) {
      const answer = await checkout(`192.0.2.${i + 1}`, declinedToken);
      // each address's first decline: the issuer's words
      expect(answer.json().data.paymentMessage).toBe('Your card was declined: Insufficient Funds');
    }
    expectRefused(await checkout('192.0.2.100'), RESTAURANT_DECLINES_LIMITED);
    const alerts = await kit.http.staff('employee', 'GET', '/ordering/alerts');
    expect(alerts.statusCode).toBe(200);
    expect(alerts.json().data).toEqual([
      {
        alertId: expect.any(Number),
        kind: 'decline_burst',
        declines: 5,
        windowMinutes: 15,
        message: declineBurstMessage(5, 15),
        createdAt: expect.any(String),
      },
    ]);
    expect((await kit.http.staff('otherOwner', 'GET', '/ordering/alerts')).statusCode).toBe(403);
    // once the window has passed, checkout takes orders again
    await windowsPass();
    expect((await checkout('192.0.2.100')).json().data.status).toBe('new');
  });
});
