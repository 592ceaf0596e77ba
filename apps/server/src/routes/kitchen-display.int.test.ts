import { randomUUID } from 'node:crypto';
import { kitchenBumps, orders } from '@brigade/db/schema/ordering';
import { restaurants } from '@brigade/db/schema/tenancy';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { overHttp } from '../test-client';
import { type Person, useOrderingRestaurant } from './test-ordering';

/**
 * The paired kitchen display (docs/behaviour/kitchen-display.md, decision 069) over real HTTP on both engines:
 * a manager pairs a device in kitchen mode; with its token alone (no session) it reads its restaurant and
 * stations, a station's board and the expo, bumps, recalls and marks orders ready — the bumps and the history
 * naming the display — and hears the restaurant's orders change on its live stream. Its token opens no
 * register or kiosk call, theirs open none of its calls, and a display never reaches another tenant's kitchen.
 */

const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0' } });
const kit = useOrderingRestaurant(t);
const ids = {} as Record<'grill' | 'fryer' | 'burger' | 'fries' | 'display', number>;
const tokens = { display: '', register: '', kiosk: '', theirs: '' };
let theirs = { tenantId: 0, restaurantId: 0, station: 0 };

const NOT_PAIRED = 'This device is not paired with the restaurant; pair it again';
const NOT_A_DISPLAY = 'This device is not a kitchen display; pair it as one';

/** A call of the restaurant's staff (their session), with a device's token when given. */
const staff = (
  who: Person,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { token?: string; payload?: object; tenant?: { tenantId: number; restaurantId: number } } = {},
) =>
  overHttp(t.baseUrl, {
    method,
    url: `/api/v1/tenants/${options.tenant?.tenantId ?? kit.tenantId}/restaurants/${options.tenant?.restaurantId ?? kit.restaurantId}${path}`,
    session: kit.sessions[who],
    ...(options.payload ? { payload: options.payload } : {}),
    headers: options.token ? { 'x-pos-device': options.token } : {},
  });
/** A kitchen display call: the display's token (or the one given; '' sends none) and no session. */
const display = (method: 'GET' | 'POST', path: string, token = tokens.display) =>
  overHttp(t.baseUrl, {
    method,
    url: `/api/v1/kitchen-display${path}`,
    headers: token ? { 'x-pos-device': token } : {},
  });
const pair = async (body: object, who: Person = 'manager', tenant?: typeof theirs) => {
  const answer = await staff(who, 'POST', '/pos/devices', { payload: body, ...(tenant ? { tenant } : {}) });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data as { device: { deviceId: number; mode: string }; token: string };
};

/** A guest's online order of these items, paid by card; accepted (on the line) unless `accept` is false. */
async function place(itemIds: number[], accept = true): Promise<number> {
  const answer = await kit.guest(
    'POST',
    `/${kit.slug}/orders`,
    {
      lines: itemIds.map((itemId) => ({ itemId, quantity: 1 })),
      pickup: { asap: true },
      customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
      payment: { token: await kit.tokenOf('4111111111111111'), expiry: '1230' },
    },
    randomUUID(),
  );
  expect(answer.statusCode, answer.body).toBe(201);
  const [row] = await t.database.db
    .select({ orderId: orders.orderId })
    .from(orders)
    .where(eq(orders.token, answer.json().data.token));
  const orderId = row!.orderId;
  if (accept) {
    const accepted = await kit.staff('employee', 'POST', `/orders/${orderId}/status`, { status: 'accepted' });
    expect(accepted.statusCode, accepted.body).toBe(200);
  }
  return orderId;
}

const statusOf = async (orderId: number) =>
  (await t.database.db.select({ status: orders.status }).from(orders).where(eq(orders.orderId, orderId)))[0]!
    .status;
const bumpsOf = (orderId: number) =>
  t.database.db.select().from(kitchenBumps).where(eq(kitchenBumps.orderId, orderId));
const historyOf = async (orderId: number) =>
  (await kit.staff('employee', 'GET', `/orders/${orderId}`)).json().data.events as {
    status: string;
    actor: string;
    note: string | null;
  }[];
const ticketIds = (answer: { json(): { data: { tickets: { orderId: number }[] } } }) =>
  answer.json().data.tickets.map((ticket) => ticket.orderId);

beforeAll(async () => {
  ids.grill = (await kit.create('prep-stations', { name: 'Grill' })).prepStationId as number;
  ids.fryer = (await kit.create('prep-stations', { name: 'Fryer' })).prepStationId as number;
  ids.burger = (await kit.create('items', { name: 'Burger', basePrice: 9, prepStationIds: [ids.grill] }))
    .itemId as number;
  ids.fries = (await kit.create('items', { name: 'Fries', basePrice: 4, prepStationIds: [ids.fryer] }))
    .itemId as number;
  await kit.create('menu-groups', {
    name: 'All day',
    isMenu: true,
    items: [ids.burger, ids.fries].map((itemId, position) => ({ itemId, position })),
  });
  const paired = await pair({ name: 'Pass', mode: 'kitchen' });
  ids.display = paired.device.deviceId;
  tokens.display = paired.token;
  tokens.register = (await pair({ name: 'Front' })).token;
  tokens.kiosk = (await pair({ name: 'Door', mode: 'kiosk' })).token;
  // another tenant's restaurant, with a prep station and a kitchen display of its own
  const other = await t.database.db.execute(
    sql`select tenant_id, restaurant_id from restaurants where tenant_id <> ${kit.tenantId} order by tenant_id desc limit 1`,
  );
  const where = (other as unknown as { rows: { tenant_id: number; restaurant_id: number }[] }).rows[0]!;
  const tenant = { tenantId: where.tenant_id, restaurantId: where.restaurant_id };
  const station = await staff('otherOwner', 'POST', '/prep-stations', { tenant, payload: { name: 'Wok' } });
  expect(station.statusCode, station.body).toBe(201);
  theirs = { ...tenant, station: station.json().data.prepStationId };
  tokens.theirs = (await pair({ name: 'Their pass', mode: 'kitchen' }, 'otherOwner', theirs)).token;
});

describe('pairing a kitchen display', () => {
  it('is a device in kitchen mode, listed with the others', async () => {
    const listed = (await staff('manager', 'GET', '/pos/devices')).json().data;
    expect(listed.map((d: { name: string; mode: string }) => `${d.name}:${d.mode}`)).toEqual([
      'Pass:kitchen',
      'Front:register',
      'Door:kiosk',
    ]);
    expect(listed[0]).toMatchObject({ receiptPrinterId: null, terminal: null });
  });

  it('refuses a receipt printer, and a card terminal, and stores neither', async () => {
    const before = (await staff('manager', 'GET', '/pos/devices')).json().data.length;
    const printer = await staff('manager', 'POST', '/pos/devices', {
      payload: { name: 'Pass 2', mode: 'kitchen', receiptPrinterId: 1 },
    });
    expect(printer.statusCode).toBe(400);
    expect(printer.json().errors).toEqual([
      { path: 'receiptPrinterId', message: 'A kitchen display has no receipt printer' },
    ]);
    expect((await staff('manager', 'GET', '/pos/devices')).json().data.length).toBe(before);
    const terminal = await staff('manager', 'PUT', `/pos/devices/${ids.display}/terminal`, {
      payload: { hsn: 'C032UQ03960101', apiKey: 'terminal-api-key' },
    });
    expect(terminal.statusCode).toBe(409);
    expect(terminal.json()).toMatchObject({
      code: 'DEVICE_IS_KITCHEN_DISPLAY',
      detail: 'A kitchen display takes no card terminal',
    });
    const [device] = await t.database.db
      .execute(sql`select terminal_hsn, terminal_key from pos_devices where device_id = ${ids.display}`)
      .then((result) => (result as unknown as { rows: Record<string, unknown>[] }).rows);
    expect(device).toEqual({ terminal_hsn: null, terminal_key: null });
  });
});

describe('what the display shows', () => {
  it('names itself, its restaurant, the tenant’s clock and the prep stations in order', async () => {
    const answer = await display('GET', '');
    expect(answer.statusCode, answer.body).toBe(200);
    const [restaurant] = await t.database.db
      .select({ name: restaurants.name })
      .from(restaurants)
      .where(and(eq(restaurants.tenantId, kit.tenantId), eq(restaurants.restaurantId, kit.restaurantId)));
    expect(answer.json().data).toEqual({
      device: { deviceId: ids.display, name: 'Pass' },
      restaurant: { name: restaurant!.name, timezone: kit.timeZone },
      stations: [
        { prepStationId: ids.grill, name: 'Grill' },
        { prepStationId: ids.fryer, name: 'Fryer' },
      ],
    });
  });

  it('has an accepted order on its station’s board and on the expo, and a new one on neither', async () => {
    const accepted = await place([ids.burger, ids.fries]);
    const fresh = await place([ids.burger], false);
    const grill = await display('GET', `/stations/${ids.grill}`);
    expect(grill.statusCode, grill.body).toBe(200);
    expect(grill.json().data.station).toMatchObject({ prepStationId: ids.grill, name: 'Grill' });
    expect(ticketIds(grill)).toContain(accepted);
    expect(ticketIds(grill)).not.toContain(fresh);
    const expo = await display('GET', '/expo');
    expect(expo.statusCode, expo.body).toBe(200);
    const ticket = expo.json().data.tickets.find((k: { orderId: number }) => k.orderId === accepted);
    expect(ticket.stations.map((s: { name: string; done: boolean }) => [s.name, s.done])).toEqual([
      ['Grill', false],
      ['Fryer', false],
    ]);
    expect(ticketIds(expo)).not.toContain(fresh);
  });
});

describe('bump, recall and ready', () => {
  it('makes a one-station order ready with its bump, which names the display', async () => {
    const orderId = await place([ids.burger]);
    const bumped = await display('POST', `/stations/${ids.grill}/tickets/${orderId}/bump`);
    expect(bumped.statusCode, bumped.body).toBe(200);
    expect(bumped.json().data).toMatchObject({ orderId, status: 'ready' });
    expect((await bumpsOf(orderId)).map((b) => [b.prepStationId, b.bumpedBy])).toEqual([
      [ids.grill, 'Kitchen display Pass'],
    ]);
    expect((await historyOf(orderId)).at(-1)).toMatchObject({
      status: 'ready',
      actor: 'Kitchen display Pass',
      note: 'Every kitchen station bumped it',
    });
    expect(ticketIds(await display('GET', `/stations/${ids.grill}`))).not.toContain(orderId);
  });

  it('recalls its station’s last bump while the order is on the line', async () => {
    const orderId = await place([ids.burger, ids.fries]);
    const bumped = await display('POST', `/stations/${ids.grill}/tickets/${orderId}/bump`);
    expect(bumped.json().data).toMatchObject({ orderId, status: 'accepted' });
    const board = await display('GET', `/stations/${ids.grill}`);
    expect(ticketIds(board)).not.toContain(orderId);
    expect(board.json().data.lastBumped).toMatchObject({ orderId });
    const recalled = await display('POST', `/stations/${ids.grill}/recall`);
    expect(recalled.statusCode, recalled.body).toBe(200);
    expect(recalled.json().data).toMatchObject({ orderId, status: 'accepted' });
    expect(ticketIds(await display('GET', `/stations/${ids.grill}`))).toContain(orderId);
    expect(await bumpsOf(orderId)).toEqual([]);
  });

  it('marks an order ready from the expo before every station bumped it', async () => {
    const orderId = await place([ids.burger, ids.fries]);
    const ready = await display('POST', `/orders/${orderId}/ready`);
    expect(ready.statusCode, ready.body).toBe(200);
    expect(ready.json().data).toMatchObject({ orderId, status: 'ready' });
    expect(await statusOf(orderId)).toBe('ready');
    expect((await historyOf(orderId)).at(-1)).toMatchObject({
      status: 'ready',
      actor: 'Kitchen display Pass',
      note: 'Marked ready at the pass on Pass',
    });
    expect(ticketIds(await display('GET', '/expo'))).not.toContain(orderId);
  });

  it('refuses an order off the line with 409, an unknown one with 404, and changes nothing', async () => {
    const ready = await place([ids.burger, ids.fries]);
    await display('POST', `/orders/${ready}/ready`);
    const [{ number }] = (await t.database.db
      .select({ number: orders.number })
      .from(orders)
      .where(eq(orders.orderId, ready))) as [{ number: number }];
    const again = await display('POST', `/orders/${ready}/ready`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ORDER_NOT_IN_KITCHEN',
      detail: `Order #${number} is ready for pickup: it is not on the kitchen's line`,
    });
    const bump = await display('POST', `/stations/${ids.grill}/tickets/${ready}/bump`);
    expect(bump.statusCode).toBe(409);
    expect(await bumpsOf(ready)).toEqual([]);
    const fresh = await place([ids.burger], false);
    expect((await display('POST', `/orders/${fresh}/ready`)).statusCode).toBe(409);
    expect(await statusOf(fresh)).toBe('new');
    const unknown = await display('POST', '/orders/999999999/ready');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Order not found');
    expect((await display('GET', '/stations/999999')).statusCode).toBe(404);
    const bad = await display('POST', '/orders/abc/ready');
    expect(bad.statusCode).toBe(400);
  });
});

describe('what a kitchen display may not do, and who may not use it', () => {
  it('refuses a missing token (400), a made-up one, a register’s and a kiosk’s (403) on every call', async () => {
    const orderId = await place([ids.burger]);
    const calls = [
      ['GET', ''],
      ['GET', `/stations/${ids.grill}`],
      ['GET', '/expo'],
      ['POST', `/stations/${ids.grill}/tickets/${orderId}/bump`],
      ['POST', `/stations/${ids.grill}/recall`],
      ['POST', `/orders/${orderId}/ready`],
    ] as const;
    for (const [method, path] of calls) {
      const missing = await display(method, path, '');
      expect(missing.statusCode, `${method} ${path}`).toBe(400);
      expect(missing.json().errors).toEqual([{ path: 'headers.x-pos-device', message: NOT_PAIRED }]);
      const madeUp = await display(method, path, 'a'.repeat(43));
      expect(madeUp.statusCode, `${method} ${path}`).toBe(403);
      expect(madeUp.json()).toMatchObject({ code: 'DEVICE_NOT_PAIRED', detail: NOT_PAIRED });
      for (const token of [tokens.register, tokens.kiosk]) {
        const refused = await display(method, path, token);
        expect(refused.statusCode, `${method} ${path}`).toBe(403);
        expect(refused.json()).toMatchObject({ code: 'DEVICE_NOT_KITCHEN_DISPLAY', detail: NOT_A_DISPLAY });
      }
    }
    expect(await statusOf(orderId)).toBe('accepted');
    expect(await bumpsOf(orderId)).toEqual([]);
  });

  it('opens no register call, even beside a manager’s session, and no kiosk call', async () => {
    for (const [method, path] of [
      ['GET', '/pos/register'],
      ['GET', '/pos/checks'],
      ['POST', '/pos/drawer'],
    ] as const) {
      const answer = await staff('manager', method, path, {
        token: tokens.display,
        ...(method === 'POST' ? { payload: { openingFloat: 0 } } : {}),
      });
      expect(answer.statusCode, `${method} ${path}`).toBe(403);
      expect(answer.json()).toMatchObject({
        code: 'DEVICE_IS_KITCHEN_DISPLAY',
        detail: "This device is a kitchen display: it only shows the kitchen's tickets",
      });
    }
    const kiosk = await overHttp(t.baseUrl, {
      method: 'GET',
      url: '/api/v1/kiosk/menu',
      headers: { 'x-pos-device': tokens.display },
    });
    expect(kiosk.statusCode).toBe(403);
    expect(kiosk.json().detail).toBe('This device is a kitchen display, not a kiosk; pair it as a kiosk');
    // the register's and the kiosk's own refusals are as they were
    const register = await overHttp(t.baseUrl, {
      method: 'GET',
      url: '/api/v1/kiosk/menu',
      headers: { 'x-pos-device': tokens.register },
    });
    expect(register.json().detail).toBe('This device is a register, not a kiosk; pair it as a kiosk');
  });

  it('stops at once when a manager unpairs it', async () => {
    const paired = await pair({ name: 'Spare', mode: 'kitchen' });
    expect((await display('GET', '/expo', paired.token)).statusCode).toBe(200);
    const unpaired = await staff('manager', 'DELETE', `/pos/devices/${paired.device.deviceId}`);
    expect(unpaired.statusCode, unpaired.body).toBe(200);
    for (const path of ['', '/expo']) {
      const refused = await display('GET', path, paired.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'DEVICE_UNPAIRED',
        detail: 'This device was unpaired by a manager; pair it again',
      });
    }
  });
});

describe('another tenant’s kitchen display', () => {
  it('shows its own restaurant and none of ours', async () => {
    const answer = await display('GET', '', tokens.theirs);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.stations).toEqual([{ prepStationId: theirs.station, name: 'Wok' }]);
    const expo = await display('GET', '/expo', tokens.theirs);
    expect(expo.statusCode).toBe(200);
    expect(expo.json().data.tickets).toEqual([]);
  });

  it('gets 404 for our station and our order, and changes nothing', async () => {
    const orderId = await place([ids.burger, ids.fries]);
    // prep station ids count per tenant: its one station has our grill's number, and our fryer's is not one
    expect(theirs.station).toBe(ids.grill);
    const calls = [
      ['GET', `/stations/${ids.fryer}`],
      ['POST', `/stations/${ids.fryer}/tickets/${orderId}/bump`],
      ['POST', `/stations/${ids.fryer}/recall`],
      // its own station, our order
      ['POST', `/stations/${theirs.station}/tickets/${orderId}/bump`],
      ['POST', `/orders/${orderId}/ready`],
    ] as const;
    for (const [method, path] of calls) {
      const answer = await display(method, path, tokens.theirs);
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
      expect(answer.body).not.toMatch(/Burger|Fries/);
    }
    // its station of our grill's number shows its own (no) tickets, not our grill's
    const board = await display('GET', `/stations/${theirs.station}`, tokens.theirs);
    expect(board.json().data).toMatchObject({ station: { name: 'Wok' }, tickets: [], lastBumped: null });
    expect(await statusOf(orderId)).toBe('accepted');
    expect(await bumpsOf(orderId)).toEqual([]);
    expect(ticketIds(await display('GET', `/stations/${ids.fryer}`))).toContain(orderId);
  });
});

describe('the live stream', () => {
  const streams: AbortController[] = [];
  afterAll(() => {
    for (const stream of streams) stream.abort();
  });

  /** Opens the display's event stream over real HTTP; its events as they arrive. */
  async function open(token: string) {
    const abort = new AbortController();
    streams.push(abort);
    const response = await fetch(`${t.baseUrl}/api/v1/kitchen-display/events`, {
      signal: abort.signal,
      headers: token ? { 'x-pos-device': token } : {},
    });
    const events: { event: string; data: unknown }[] = [];
    if (response.ok && response.body)
      void (async () => {
        let buffer = '';
        const decoder = new TextDecoder();
        try {
          for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
            buffer += decoder.decode(chunk, { stream: true });
            for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
              const block = buffer.slice(0, cut);
              buffer = buffer.slice(cut + 2);
              const event = /^event: (.*)$/m.exec(block)?.[1];
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (event && data) events.push({ event, data: JSON.parse(data) });
            }
          }
        } catch {
          // aborted
        }
      })();
    return { response, events };
  }
  const heard = (events: { event: string; data: unknown }[], orderId: number) =>
    events.some((e) => e.event === 'change' && (e.data as { orderId: number }).orderId === orderId);

  it('hears its restaurant’s orders change, and another restaurant’s display does not', async () => {
    const ours = await open(tokens.display);
    expect(ours.response.status).toBe(200);
    expect(ours.response.headers.get('content-type')).toContain('text/event-stream');
    const other = await open(tokens.theirs);
    expect(other.response.status).toBe(200);
    await expect.poll(() => ours.events.map((e) => e.event)).toContain('ready');
    await expect.poll(() => other.events.map((e) => e.event)).toContain('ready');
    const orderId = await place([ids.burger]);
    await expect.poll(() => heard(ours.events, orderId), { timeout: 2_000 }).toBe(true);
    const before = ours.events.length;
    expect((await display('POST', `/stations/${ids.grill}/tickets/${orderId}/bump`)).statusCode).toBe(200);
    await expect
      .poll(() => ours.events.slice(before).some((e) => e.event === 'change'), { timeout: 2_000 })
      .toBe(true);
    // both streams hear the one feed: by the time ours heard the bump, theirs had its chance
    expect(heard(other.events, orderId)).toBe(false);
  });

  it('refuses no token, a made-up, a register’s, a kiosk’s and an unpaired token with 403', async () => {
    const paired = await pair({ name: 'Gone', mode: 'kitchen' });
    await staff('manager', 'DELETE', `/pos/devices/${paired.device.deviceId}`);
    for (const [token, detail] of [
      ['', NOT_PAIRED],
      ['a'.repeat(43), NOT_PAIRED],
      [tokens.register, NOT_A_DISPLAY],
      [tokens.kiosk, NOT_A_DISPLAY],
      [paired.token, 'This device was unpaired by a manager; pair it again'],
    ] as const) {
      const { response } = await open(token);
      expect(response.status).toBe(403);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(((await response.json()) as { detail: string }).detail).toBe(detail);
    }
  });
});
