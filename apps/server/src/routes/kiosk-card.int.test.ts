import { randomUUID } from 'node:crypto';
import { DEFAULT_TERMINAL, DEFAULT_TERMINAL_KEY } from '@brigade/cardpointe/terminal-emulator';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { orders } from '@brigade/db/schema/ordering';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { overHttp } from '../test-client';
import { useOrderingRestaurant } from './test-ordering';
import { terminalShopper } from './test-register';

/**
 * A kiosk order paid by card on the kiosk's own terminal (docs/behaviour/kiosk.md#paying-by-card-at-the-kiosk,
 * decision 059) over real HTTP on both engines, with the CardPointe terminal emulator played by the test as
 * the guest would: a kiosk without a terminal refuses card payment; once a manager pairs one, the guest's
 * tip and card pay the order at once — accepted, on the orders list, its card tender and ledger lines on the
 * channel `kiosk` — and the same key again charges nothing more; a declined card leaves the order waiting,
 * and the same key sends it to the counter instead.
 */
const t = useTestApp();
const kit = useOrderingRestaurant(t);
const HSN = DEFAULT_TERMINAL.hsn;
let token = '';
let deviceId = 0;
let itemId = 0;

const manager = (method: 'POST' | 'PUT' | 'GET', path: string, payload?: object, device?: string) =>
  overHttp(t.baseUrl, {
    method,
    url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}${path}`,
    session: kit.sessions.manager,
    ...(payload ? { payload } : {}),
    headers: device ? { 'x-pos-device': device } : {},
  });
const kiosk = (method: 'GET' | 'POST', path: string, options: { key?: string; payload?: object } = {}) =>
  overHttp(t.baseUrl, {
    method,
    url: `/api/v1/kiosk${path}`,
    ...(options.payload ? { payload: options.payload } : {}),
    headers: { 'x-pos-device': token, ...(options.key ? { 'idempotency-key': options.key } : {}) },
  });
const order = (payment: 'card' | 'counter') => ({
  service: 'takeout',
  guestName: 'Ada',
  payment,
  lines: [{ itemId, quantity: 2 }],
});

const { shopper, until } = terminalShopper(kit);

beforeAll(async () => {
  itemId = ((await kit.create('items', { name: 'Ramen', basePrice: 10 })) as { itemId: number }).itemId;
  await kit.create('menu-groups', { name: 'Counter', isMenu: true, items: [{ itemId, position: 0 }] });
  const paired = await manager('POST', '/pos/devices', { name: 'Door kiosk', mode: 'kiosk' });
  expect(paired.statusCode, paired.body).toBe(201);
  token = paired.json().data.token;
  deviceId = paired.json().data.device.deviceId;
});

describe('paying by card at the kiosk', () => {
  it('is refused while the kiosk has no terminal, and nothing is stored', async () => {
    expect((await kiosk('GET', '/menu')).json().data.cardTerminal).toBe(false);
    const key = randomUUID();
    const refused = await kiosk('POST', '/orders', { key, payload: order('card') });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('This kiosk has no card terminal: pay at the counter');
    expect(await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key))).toEqual([]);
    const paired = await manager('PUT', `/pos/devices/${deviceId}/terminal`, {
      hsn: HSN,
      apiKey: DEFAULT_TERMINAL_KEY,
    });
    expect(paired.statusCode, paired.body).toBe(200);
    expect((await kiosk('GET', '/menu')).json().data.cardTerminal).toBe(true);
  });

  it('pays the order at once with the guest’s tip and card; the same key charges nothing more', async () => {
    const key = randomUUID();
    const answer = kiosk('POST', '/orders', { key, payload: order('card') });
    expect(await until('tip')).toMatchObject({ kind: 'tip', amount: '20.00' });
    await shopper('tip', { tip: '2.00' });
    expect(await until('card')).toMatchObject({ kind: 'card', amount: '22.00' });
    await shopper('card', { pan: '4111111111111111', entry: 'tap' });
    await until('sign');
    await shopper('sign');
    const placed = await answer;
    expect(placed.statusCode, placed.body).toBe(201);
    const paid = placed.json().data;
    expect(paid).toMatchObject({
      status: 'accepted',
      payment: 'card',
      name: 'Ada',
      totals: { subtotal: 2000, total: 2200 },
      card: { brand: 'visa', lastFour: '1111' },
    });
    const again = await kiosk('POST', '/orders', { key, payload: order('card') });
    expect(again.statusCode).toBe(201);
    expect(again.json().data).toMatchObject({ orderId: paid.orderId, status: 'accepted', payment: 'card' });

    // recorded under the kiosk's name, not "system" (decision 062): the order's history and the payment's events
    const history = (await kit.staff('employee', 'GET', `/orders/${paid.orderId}`)).json().data.events as {
      actor: string;
      actorName: string | null;
      note: string | null;
    }[];
    const paidEvent = history.find((e) => e.note?.startsWith('Check paid at Door kiosk'));
    expect(paidEvent, JSON.stringify(history)).toMatchObject({ actor: 'Kiosk Door kiosk' });
    expect(history.map((e) => e.actor)).not.toContain('system');
    const payments = await t.database.db.execute(
      sql`select distinct actor from payment_transaction_events where tenant_id = ${kit.tenantId}`,
    );
    expect((payments as unknown as { rows: { actor: string }[] }).rows.map((r) => r.actor)).toEqual([
      'Kiosk Door kiosk',
    ]);
    const listed = (await kit.staff('employee', 'GET', '/orders')).json().data;
    expect(listed.find((o: { orderId: number }) => o.orderId === paid.orderId)).toMatchObject({
      channel: 'kiosk',
      status: 'accepted',
    });
    const ledger = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, paid.orderId));
    expect(new Set(ledger.map((l) => l.channel))).toEqual(new Set(['kiosk']));
    const tenders = ledger.filter((l) => l.kind === 'tender');
    expect(tenders.reduce((sum, l) => sum + l.amount, 0)).toBe(2200);
    expect(tenders.every((l) => l.paymentMethod !== 'cash')).toBe(true);
  });

  it('leaves a declined order waiting; the same key then sends it to the counter', async () => {
    const key = randomUUID();
    const answer = kiosk('POST', '/orders', { key, payload: order('card') });
    await until('tip');
    await shopper('tip', { tip: '0.00' });
    await until('card');
    await shopper('card', { pan: '4387751111111038' });
    const declined = await answer;
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json().detail).toBe('The card was declined: Do Not Honor');
    const counter = await kiosk('POST', '/orders', { key, payload: order('counter') });
    expect(counter.statusCode, counter.body).toBe(201);
    expect(counter.json().data).toMatchObject({ status: 'open', payment: 'counter', card: null });
  });
});
