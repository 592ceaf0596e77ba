import { randomUUID } from 'node:crypto';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { orders } from '@brigade/db/schema/ordering';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { overHttp } from '../test-client';
import { type Person, useOrderingRestaurant } from './test-ordering';

/**
 * The self-order kiosk (issue 47 item 4; docs/behaviour/kiosk.md, decision 059) over real HTTP on both
 * engines: a manager pairs a device as a kiosk; with its token alone (no session) it reads the kiosk menu —
 * the groups visible in the kiosk, the items and modifier groups on the kiosk channel — and places an order to
 * pay at the counter. The order is an open check of channel `kiosk`: the register lists it, pays it, and only
 * then does it reach the kitchen board, the orders list and the ledger. A kiosk token opens no register call,
 * a register token no kiosk call, and a kiosk never reaches another tenant's menu.
 */

const t = useTestApp();
const kit = useOrderingRestaurant(t);
const ids: Record<string, number> = {};
let kioskToken = '';
let registerToken = '';
let otherKioskToken = '';

const staff = (
  who: Person,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: {
    token?: string;
    key?: string;
    payload?: object;
    tenant?: { tenantId: number; restaurantId: number };
  } = {},
) =>
  overHttp(t.baseUrl, {
    method,
    url: `/api/v1/tenants/${options.tenant?.tenantId ?? kit.tenantId}/restaurants/${options.tenant?.restaurantId ?? kit.restaurantId}${path}`,
    session: kit.sessions[who],
    ...(options.payload ? { payload: options.payload } : {}),
    headers: {
      ...(options.token ? { 'x-pos-device': options.token } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
  });
/** A kiosk call: the device's token and no session. */
const kiosk = (
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; key?: string; payload?: object } = {},
) =>
  overHttp(t.baseUrl, {
    method,
    url: `/api/v1/kiosk${path}`,
    ...(options.payload ? { payload: options.payload } : {}),
    headers: {
      ...(options.token === undefined
        ? { 'x-pos-device': kioskToken }
        : options.token
          ? { 'x-pos-device': options.token }
          : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
  });
const messages = (answer: { json(): { errors?: { message: string }[] } }) =>
  (answer.json().errors ?? []).map((e) => e.message);
const burgerWithCheese = () => ({
  itemId: ids.burger,
  quantity: 2,
  modifiers: [{ modifierGroupId: ids.cheese, modifierId: 1 }],
});

beforeAll(async () => {
  const create = async (kind: string, record: object) =>
    (await kit.create(kind, record)) as Record<string, number>;
  ids.tax = (await create('tax-rates', { name: 'City', rate: 10, default: true })).taxRateId!;
  ids.grill = (await create('prep-stations', { name: 'Grill' })).prepStationId!;
  ids.cheese = (
    await create('modifier-groups', {
      name: 'Cheese',
      selectionRequirement: 'Required',
      pos: true,
      kiosk: true,
      pricingStrategy: 'Individual',
      modifiers: [{ name: 'Cheddar', price: 1 }],
    })
  ).modifierGroupId!;
  // on the POS only: the kiosk never offers it
  ids.sauce = (
    await create('modifier-groups', {
      name: 'Staff sauce',
      pos: true,
      kiosk: false,
      modifiers: [{ name: 'Hot' }],
    })
  ).modifierGroupId!;
  ids.burger = (
    await create('items', {
      name: 'Cheeseburger deluxe',
      posName: 'Burger',
      customerDescription: 'Two patties, pickles',
      basePrice: 12,
      prepStationIds: [ids.grill],
      takeoutTaxException: true,
      modifierGroups: [
        { modifierGroupId: ids.cheese, position: 0 },
        { modifierGroupId: ids.sauce, position: 1 },
      ],
    })
  ).itemId!;
  ids.staffMeal = (
    await create('items', { name: 'Staff meal', basePrice: 5, kiosk: false, prepStationIds: [ids.grill] })
  ).itemId!;
  ids.cake = (await create('items', { name: 'Cake', pricingStrategy: 'open', openPrice: true })).itemId!;
  ids.wine = (await create('items', { name: 'House wine', basePrice: 9, prepStationIds: [ids.grill] }))
    .itemId!;
  const lunch = await create('menu-groups', {
    name: 'Lunch',
    isMenu: true,
    items: [ids.burger, ids.staffMeal, ids.cake].map((itemId, position) => ({ itemId, position })),
  });
  ids.lunch = lunch.menuGroupId!;
  // a menu the register shows and the kiosk does not
  await create('menu-groups', {
    name: 'Bar',
    isMenu: true,
    visibleInKiosk: false,
    items: [{ itemId: ids.wine, position: 0 }],
  });
  const paired = await staff('manager', 'POST', '/pos/devices', {
    payload: { name: 'Kiosk 1', mode: 'kiosk' },
  });
  expect(paired.statusCode, paired.body).toBe(201);
  expect(paired.json().data.device.mode).toBe('kiosk');
  kioskToken = paired.json().data.token;
  const register = await staff('manager', 'POST', '/pos/devices', { payload: { name: 'Front' } });
  expect(register.json().data.device.mode).toBe('register');
  registerToken = register.json().data.token;
});

describe('pairing a kiosk', () => {
  it('is a manager’s, with a clear message for a mode that does not exist', async () => {
    const bad = await staff('manager', 'POST', '/pos/devices', { payload: { name: 'K', mode: 'tablet' } });
    expect(bad.statusCode).toBe(400);
    expect(messages(bad)).toEqual(["Mode must be 'register', 'kiosk' or 'kitchen'"]);
    const employee = await staff('employee', 'POST', '/pos/devices', {
      payload: { name: 'K', mode: 'kiosk' },
    });
    expect(employee.statusCode).toBe(403);
    const listed = (await staff('manager', 'GET', '/pos/devices')).json().data;
    expect(listed.map((d: { name: string; mode: string }) => `${d.name}:${d.mode}`)).toEqual([
      'Kiosk 1:kiosk',
      'Front:register',
    ]);
  });
});

describe('the kiosk menu', () => {
  it('has the groups visible in the kiosk and the kiosk items and modifier groups, read with the token alone', async () => {
    const answer = await kiosk('GET', '/menu');
    expect(answer.statusCode, answer.body).toBe(200);
    const menu = answer.json().data;
    expect(menu.device.name).toBe('Kiosk 1');
    expect(menu.currency).toBe('USD');
    expect(menu.menus.map((m: { name: string }) => m.name)).toEqual(['Lunch']);
    const items = menu.menus[0].items;
    // not the staff meal (kiosk off), not the open-priced cake, not the wine (its menu is not in the kiosk)
    expect(items.map((i: { name: string }) => i.name)).toEqual(['Cheeseburger deluxe']);
    expect(items[0]).toMatchObject({
      buttonLabel: 'Cheeseburger deluxe',
      description: 'Two patties, pickles',
      price: 1200,
    });
    expect(
      items[0].modifierGroups.map((g: { name: string; minSelection: number }) => [g.name, g.minSelection]),
    ).toEqual([['Cheese', 1]]);
    expect(menu.rules.taxRates.map((r: { rate: number }) => r.rate)).toEqual([10]);
  });

  it('refuses a missing, made-up, register or unpaired token', async () => {
    const missing = await kiosk('GET', '/menu', { token: '' });
    expect(missing.statusCode).toBe(400);
    const madeUp = await kiosk('GET', '/menu', { token: 'a'.repeat(43) });
    expect(madeUp.statusCode).toBe(403);
    expect(madeUp.json().detail).toBe('This device is not paired with the restaurant; pair it again');
    const register = await kiosk('GET', '/menu', { token: registerToken });
    expect(register.statusCode).toBe(403);
    expect(register.json().detail).toBe('This device is a register, not a kiosk; pair it as a kiosk');
  });
});

describe('a kiosk order', () => {
  it('refuses bad input with every message at once and stores nothing', async () => {
    const before = (await staff('employee', 'GET', '/pos/checks', { token: registerToken })).json().data
      .length;
    const empty = await kiosk('POST', '/orders', {
      key: randomUUID(),
      payload: { service: 'pickup', lines: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(messages(empty)).toEqual(['Choose dine in or takeout', 'The cart is empty']);
    const noName = await kiosk('POST', '/orders', {
      key: randomUUID(),
      payload: { service: 'takeout', lines: [burgerWithCheese()] },
    });
    expect(noName.statusCode).toBe(400);
    expect(messages(noName)).toEqual(['Give your name or a table tent number']);
    const tent = await kiosk('POST', '/orders', {
      key: randomUUID(),
      payload: { service: 'dine_in', tableTent: 1000, lines: [burgerWithCheese()] },
    });
    expect(messages(tent)).toEqual(['Table tent must be a number from 1 to 999']);
    const priced = await kiosk('POST', '/orders', {
      key: randomUUID(),
      payload: {
        service: 'takeout',
        guestName: 'Ada',
        lines: [
          { itemId: ids.burger, quantity: 1 },
          { itemId: ids.staffMeal, quantity: 1 },
          { itemId: ids.wine, quantity: 1 },
          { itemId: ids.burger, quantity: 1, modifiers: [{ modifierGroupId: ids.sauce, modifierId: 1 }] },
        ],
      },
    });
    expect(priced.statusCode).toBe(400);
    expect(priced.json().detail).toBe('The order cannot be placed as it is');
    expect(messages(priced)).toEqual([
      'Choose an option in Cheese',
      'This item is not on the kiosk menu now',
      'This item is not on the kiosk menu now',
      // the POS-only sauce is not an option here, and the cheese is still missing
      'That choice is not an option of this item',
      'Choose an option in Cheese',
    ]);
    const noKey = await kiosk('POST', '/orders', {
      payload: { service: 'takeout', guestName: 'Ada', lines: [burgerWithCheese()] },
    });
    expect(noKey.statusCode).toBe(400);
    expect((await staff('employee', 'GET', '/pos/checks', { token: registerToken })).json().data.length).toBe(
      before,
    );
  });

  it('waits at the counter as an open kiosk check, reaches the kitchen and the ledger once paid', async () => {
    const key = randomUUID();
    const body = { service: 'takeout', guestName: 'Ada', tableTent: 12, lines: [burgerWithCheese()] };
    const placed = await kiosk('POST', '/orders', { key, payload: body });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json().data;
    // 2 × (12.00 + 1.00 cheddar) = 26.00; takeout: the burger's takeout tax exception leaves it untaxed
    expect(order).toMatchObject({
      status: 'open',
      service: 'takeout',
      name: 'Ada · Tent 12',
      payment: 'counter',
      totals: { subtotal: 2600, tax: 0, total: 2600 },
    });
    expect(order.number).toBeGreaterThan(0);
    // the same key again: the same order, not a second one
    const again = await kiosk('POST', '/orders', { key, payload: body });
    expect(again.json().data.orderId).toBe(order.orderId);
    const reused = await kiosk('POST', '/orders', { key, payload: { ...body, guestName: 'Bob' } });
    expect(reused.statusCode).toBe(422);

    // not cooked before it is paid: the kitchen has nothing, the orders list does not show it
    const boardBefore = (await kit.staff('employee', 'GET', `/kitchen/${ids.grill}`)).json().data;
    expect(JSON.stringify(boardBefore)).not.toContain(`"orderId":${order.orderId}`);
    // the counter sees it among the open checks
    const checks = (await staff('employee', 'GET', '/pos/checks', { token: registerToken })).json().data;
    const check = checks.find((c: { orderId: number }) => c.orderId === order.orderId);
    expect(check).toMatchObject({
      guestName: 'Ada · Tent 12',
      deviceName: 'Kiosk 1',
      service: 'takeout',
      channel: 'kiosk',
    });
    expect(check.lines.map((l: { sent: boolean }) => l.sent)).toEqual([false]);

    const paid = await staff('employee', 'POST', `/pos/checks/${order.orderId}/pay`, {
      token: registerToken,
      key: randomUUID(),
      payload: { version: check.version, tender: { method: 'cash', tendered: 3000 }, receipt: 'none' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data.tenders[0]).toMatchObject({ method: 'cash', amount: 2600, change: 400 });

    const board = (await kit.staff('employee', 'GET', `/kitchen/${ids.grill}`)).json().data;
    // the table tent is its own field (decision 062): the kitchen display has it beside the guest's name
    const ticket = board.tickets.find((k: { orderId: number }) => k.orderId === order.orderId);
    expect(ticket).toMatchObject({ customerName: 'Ada', tableTent: 12 });
    const stored = await t.database.db.select().from(orders).where(eq(orders.orderId, order.orderId));
    expect(stored.map((o) => [o.customer.name, o.tableTent])).toEqual([['Ada', 12]]);
    const listed = (await kit.staff('employee', 'GET', '/orders')).json().data;
    const row = listed.find((o: { orderId: number }) => o.orderId === order.orderId);
    expect(row).toMatchObject({ channel: 'kiosk', fulfilment: 'takeout', status: 'accepted' });
    expect(row.customer.name).toBe('Ada · Tent 12');
    const ledger = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, order.orderId));
    expect(new Set(ledger.map((l) => l.channel))).toEqual(new Set(['kiosk']));
    expect(ledger.filter((l) => l.kind === 'item').reduce((sum, l) => sum + l.amount, 0)).toBe(2600);
    expect(ledger.filter((l) => l.kind === 'tender').reduce((sum, l) => sum + l.amount, 0)).toBe(2600);
  });

  it('is taxed for dine in, named by its table tent alone', async () => {
    const placed = await kiosk('POST', '/orders', {
      key: randomUUID(),
      payload: { service: 'dine_in', tableTent: 7, lines: [burgerWithCheese()] },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data).toMatchObject({
      name: 'Tent 7',
      totals: { subtotal: 2600, tax: 260, total: 2860 },
    });
  });
});

describe('what a kiosk may not do', () => {
  it('opens no register call with its token, even beside a manager’s session', async () => {
    for (const [method, path, payload] of [
      ['GET', '/pos/register', undefined],
      ['GET', '/pos/checks', undefined],
      ['GET', '/pos/orders', undefined],
      ['POST', '/pos/drawer', { openingFloat: 0 }],
      ['POST', '/pos/orders/1/void', { reason: 'no' }],
    ] as const) {
      const answer = await staff('manager', method, path, {
        token: kioskToken,
        key: randomUUID(),
        ...(payload ? { payload } : {}),
      });
      expect(answer.statusCode, `${method} ${path}`).toBe(403);
      expect(answer.json().detail).toBe('This device is a self-order kiosk: it only places kiosk orders');
    }
  });

  it('stops at once when a manager unpairs it', async () => {
    const paired = await staff('manager', 'POST', '/pos/devices', {
      payload: { name: 'Kiosk 2', mode: 'kiosk' },
    });
    const token = paired.json().data.token;
    expect((await kiosk('GET', '/menu', { token })).statusCode).toBe(200);
    await staff('manager', 'DELETE', `/pos/devices/${paired.json().data.device.deviceId}`);
    const refused = await kiosk('GET', '/menu', { token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('This device was unpaired by a manager; pair it again');
  });
});

describe('another tenant', () => {
  it('cannot pair, list or unpair this restaurant’s kiosks', async () => {
    const pair = await staff('otherOwner', 'POST', '/pos/devices', { payload: { name: 'X', mode: 'kiosk' } });
    expect([403, 404]).toContain(pair.statusCode);
    const list = await staff('otherOwner', 'GET', '/pos/devices');
    expect([403, 404]).toContain(list.statusCode);
    expect(list.body).not.toContain('Kiosk 1');
  });

  it('has its own kiosk that never sees or orders this restaurant’s items', async () => {
    const other = await t.database.db.execute(
      sql`select tenant_id, restaurant_id from restaurants where tenant_id <> ${kit.tenantId} order by tenant_id desc limit 1`,
    );
    const where = (other as unknown as { rows: { tenant_id: number; restaurant_id: number }[] }).rows[0]!;
    const tenant = { tenantId: where.tenant_id, restaurantId: where.restaurant_id };
    const paired = await staff('otherOwner', 'POST', '/pos/devices', {
      tenant,
      payload: { name: 'Their kiosk', mode: 'kiosk' },
    });
    expect(paired.statusCode, paired.body).toBe(201);
    otherKioskToken = paired.json().data.token;
    const menu = await kiosk('GET', '/menu', { token: otherKioskToken });
    // their restaurant has no kiosk menu: 409, and nothing of ours in the answer
    expect(menu.statusCode).toBeLessThan(500);
    expect(menu.body).not.toContain('Cheeseburger');
    const order = await kiosk('POST', '/orders', {
      token: otherKioskToken,
      key: randomUUID(),
      payload: { service: 'takeout', guestName: 'Eve', lines: [burgerWithCheese()] },
    });
    expect([400, 409]).toContain(order.statusCode);
    expect(order.body).not.toContain('Cheeseburger');
    // our register never lists an order of theirs, and their token opens nothing of ours
    const ours = await staff('employee', 'GET', '/pos/checks', { token: otherKioskToken });
    expect(ours.statusCode).toBe(403);
  });
});
