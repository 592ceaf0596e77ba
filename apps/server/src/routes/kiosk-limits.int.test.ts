import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { overHttp } from '../test-client';
import { useOrderingRestaurant } from './test-ordering';

/**
 * The kiosk's order limit (docs/behaviour/kiosk.md#limits) over real HTTP on both engines: a kiosk's token is
 * all it takes to place orders, so each kiosk may place KIOSK_ORDERS_PER_DEVICE new orders in 15 minutes
 * (3 here); the next is 429 with a clear message and Retry-After, and nothing is stored. The same key again
 * is not a new order, and another kiosk of the restaurant has its own count.
 */
const t = useTestApp({ env: { KIOSK_ORDERS_PER_DEVICE: '3' } });
const kit = useOrderingRestaurant(t);
let itemId = 0;
const tokens: string[] = [];
let registerToken = '';

const pair = async (name: string, mode: 'kiosk' | 'register') => {
  const answer = await overHttp(t.baseUrl, {
    method: 'POST',
    url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}/pos/devices`,
    session: kit.sessions.manager,
    payload: { name, mode },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data.token as string;
};
const place = (token: string, key = randomUUID()) =>
  overHttp(t.baseUrl, {
    method: 'POST',
    url: '/api/v1/kiosk/orders',
    payload: { service: 'takeout', guestName: 'Ada', lines: [{ itemId, quantity: 1 }] },
    headers: { 'x-pos-device': token, 'idempotency-key': key },
  });
const openChecks = async () =>
  (
    await overHttp(t.baseUrl, {
      method: 'GET',
      url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}/pos/checks`,
      session: kit.sessions.manager,
      headers: { 'x-pos-device': registerToken },
    })
  ).json().data as { deviceName: string }[];

beforeAll(async () => {
  itemId = ((await kit.create('items', { name: 'Ramen', basePrice: 10 })) as { itemId: number }).itemId;
  await kit.create('menu-groups', { name: 'Counter', isMenu: true, items: [{ itemId, position: 0 }] });
  tokens.push(await pair('Door kiosk', 'kiosk'), await pair('Window kiosk', 'kiosk'));
  registerToken = await pair('Counter', 'register');
});

describe("a kiosk's order limit", () => {
  it('refuses a kiosk its fourth new order in the window with 429, and stores nothing', async () => {
    const firstKey = randomUUID();
    expect((await place(tokens[0]!, firstKey)).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) expect((await place(tokens[0]!)).statusCode).toBe(201);

    const refused = await place(tokens[0]!);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().detail).toBe(
      'This kiosk has placed too many orders in a short time. Please wait a moment, or order at the counter.',
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect((await openChecks()).filter((c) => c.deviceName === 'Door kiosk')).toHaveLength(3);

    // the same key again is the order it made, not a new one
    const again = await place(tokens[0]!, firstKey);
    expect(again.statusCode, again.body).toBe(201);
    // another kiosk counts its own orders
    expect((await place(tokens[1]!)).statusCode).toBe(201);
    expect(await openChecks()).toHaveLength(4);
  });
});
