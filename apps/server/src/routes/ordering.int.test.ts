import { randomUUID } from 'node:crypto';
import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import { addDays, instantOf } from '@brigade/domain/ordering/pickup';
import { makeRestaurant } from '@brigade/test-utils/factories';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { useOrderingRestaurant } from './test-ordering';

/**
 * Online ordering (issue 21) over HTTP: the ordering menu, quotes priced on the server, orders paid through
 * the CardPointe emulator, idempotent submission, declines and a silent gateway, moving orders with their
 * payments, roles, settings, and another tenant's staff who see nothing.
 */
const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0', CARDPOINTE_TIMEOUT_MS: '1500' } });

const kit = useOrderingRestaurant(t);
const { staff, guest, create, tokenOf } = kit;
const ids: Record<string, number> = {};

beforeAll(async () => {
  // 8.875% city rate, rounded half even; the default for items that name none.
  ids.tax = (await create('tax-rates', { name: 'City', rate: 8.875, default: true })).taxRateId as number;
  ids.grill = (await create('prep-stations', { name: 'Grill' })).prepStationId as number;
  ids.cheese = (
    await create('modifier-groups', {
      name: 'Cheese',
      pricingStrategy: 'Individual',
      selectionRequirement: 'Required',
      onlineOrdering: true,
      modifiers: [
        { name: 'Cheddar', price: 1 },
        { name: 'Swiss', price: 1.5 },
      ],
    })
  ).modifierGroupId as number;
  ids.staffOnly = (
    await create('modifier-groups', {
      name: 'Staff only',
      selectionRequirement: 'Required',
      onlineOrdering: false,
      modifiers: [{ name: 'Secret' }],
    })
  ).modifierGroupId as number;
  ids.burger = (
    await create('items', {
      name: 'Burger',
      pricingStrategy: 'size',
      sizePrice: [
        { name: 'Single', price: 10 },
        { name: 'Double', price: 14 },
      ],
      modifierGroups: [
        { modifierGroupId: ids.cheese, position: 0 },
        { modifierGroupId: ids.staffOnly, position: 1 },
      ],
      prepStationIds: [ids.grill],
    })
  ).itemId as number;
  ids.fries = (await create('items', { name: 'Fries', basePrice: 4.5 })).itemId as number;
  ids.special = (
    await create('items', { name: 'Market price fish', pricingStrategy: 'open', openPrice: true })
  ).itemId as number;
  ids.staffMeal = (await create('items', { name: 'Staff meal', basePrice: 1, onlineOrdering: false }))
    .itemId as number;
  ids.menu = (
    await create('menu-groups', {
      name: 'Dinner',
      isMenu: true,
      items: [ids.burger, ids.fries, ids.special, ids.staffMeal].map((itemId, position) => ({
        itemId,
        position,
      })),
    })
  ).menuGroupId as number;
});

const burger = (over: object = {}) => ({
  itemId: ids.burger,
  sizeId: 2,
  quantity: 2,
  modifiers: [{ modifierGroupId: ids.cheese, modifierId: 2 }],
  ...over,
});

const order = async (over: object = {}, card = '4111111111111111') => ({
  lines: [burger(), { itemId: ids.fries, quantity: 1 }],
  pickup: { asap: true },
  tip: { percent: 18 },
  customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
  payment: { token: await tokenOf(card), expiry: '1230' },
  ...over,
});

describe('the ordering menu', () => {
  it('offers what can be ordered online, priced in cents, without staff-only parts', async () => {
    const answer = await guest('GET', `/${kit.slug}/menu`);
    expect(answer.statusCode, answer.body).toBe(200);
    const menu = answer.json().data;
    expect(menu).toMatchObject({
      accepting: true,
      closedMessage: null,
      allowTips: true,
      tipPresets: [15, 18, 20],
    });
    expect(menu.slots.length).toBeGreaterThan(10);
    const items = menu.menus[0].items;
    expect(items.map((i: { name: string }) => i.name)).toEqual(['Burger', 'Fries']);
    expect(items[0]).toMatchObject({
      pricingStrategy: 'size',
      sizes: [
        { name: 'Single', price: 1000 },
        { name: 'Double', price: 1400 },
      ],
      modifierGroups: [{ name: 'Cheese', minSelection: 1, maxSelection: 1 }],
    });
    expect(answer.body).not.toMatch(/taxRateIds|prepStationIds|Staff only/);
  });

  it('is not there for a restaurant that does not order internally', async () => {
    const other = await makeRestaurant(t.database.db, kit.tenantId);
    expect((await guest('GET', `/${other.slug}/menu`)).statusCode).toBe(404);
  });
});

describe('quotes', () => {
  it('prices on the server: sizes, modifiers, tax rounded half even once, tip on the subtotal', async () => {
    const answer = await guest('POST', `/${kit.slug}/quote`, {
      lines: [burger(), { itemId: ids.fries, quantity: 1 }],
      tip: { percent: 18 },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    // (14.00 + 1.50) × 2 + 4.50 = 35.50; 8.875% = 315.0625 → 315; 18% = 639
    expect(answer.json().data.totals).toEqual({
      subtotal: 3550,
      taxes: [{ taxRateId: ids.tax, name: 'City', amount: 315, included: 0 }],
      tax: 315,
      includedTax: 0,
      serviceCharge: 0,
      tip: 639,
      total: 4504,
    });
  });

  it('refuses prices from the browser, choices outside the item, staff-only items, and says why', async () => {
    const tampered = await guest('POST', `/${kit.slug}/quote`, { lines: [{ ...burger(), price: 1 }] });
    expect(tampered.statusCode).toBe(400);
    const wrong = await guest('POST', `/${kit.slug}/quote`, {
      lines: [
        burger({ modifiers: [{ modifierGroupId: ids.staffOnly, modifierId: 1 }] }),
        { itemId: ids.staffMeal, quantity: 1 },
        { itemId: ids.special, quantity: 1 },
      ],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('The order cannot be placed as it is');
    expect(wrong.json().errors).toEqual([
      { path: 'lines.0.modifiers.0', message: 'That choice is not an option of this item' },
      { path: 'lines.0.modifiers', message: 'Choose an option in Cheese' },
      {
        path: 'lines.1.itemId',
        message: 'This item is not available for online ordering at the pickup time',
      },
      {
        path: 'lines.2.itemId',
        message: 'This item is not available for online ordering at the pickup time',
      },
    ]);
  });

  it('refuses a pickup time beyond the scheduling days', async () => {
    const answer = await guest('POST', `/${kit.slug}/quote`, {
      lines: [burger()],
      pickup: { at: new Date(Date.now() + 10 * 86_400_000).toISOString() },
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual([
      { path: 'pickup.at', message: 'That pickup time is too far ahead' },
    ]);
  });
});

type GuestOrder = {
  token: string;
  number: number;
  status: string;
  paymentMessage: string | null;
  totals: { total: number };
};

describe('placing an order', () => {
  let placed: GuestOrder;

  it('authorises the total (not captured) and shows the order to the restaurant as new', async () => {
    const before = kit.emulator.calls.auth;
    const answer = await guest('POST', `/${kit.slug}/orders`, await order(), randomUUID());
    expect(answer.statusCode, answer.body).toBe(201);
    placed = answer.json().data;
    expect(placed).toMatchObject({ status: 'new', cardLastFour: '1111', totals: { total: 4504 } });
    expect(kit.emulator.calls.auth - before).toBe(1);
    const list = await staff('employee', 'GET', '/orders');
    expect(list.json().data.map((o: { number: number }) => o.number)).toContain(placed.number);
    const mine = await guest('GET', `/orders/${placed.token}`);
    expect(mine.json().data).toMatchObject({
      number: placed.number,
      status: 'new',
      customerName: 'Ada Guest',
    });
  });

  it('sends the guest an email receipt with the order and its link (the outbox without SMTP)', async () => {
    const rows = (await t.database.db.execute(
      sql`select to_address, subject, text_body from outbox_emails where text_body like ${`%/order/${placed.token}%`}`,
    )) as unknown as { rows: { to_address: string; subject: string; text_body: string }[] };
    expect(rows.rows).toHaveLength(1);
    const mail = rows.rows[0]!;
    expect(mail.to_address).toBe('ada@example.com');
    expect(mail.subject).toMatch(new RegExp(`^Your order #${placed.number} at Restaurant `));
    expect(mail.text_body).toContain('2 × Burger (Double, Swiss)  $31.00');
    expect(mail.text_body).toContain('Total  $45.04');
    expect(mail.text_body).toContain('card ending 1111');
  });

  it('needs an Idempotency-Key, and one key with another body is 422', async () => {
    expect((await guest('POST', `/${kit.slug}/orders`, await order())).statusCode).toBe(400);
    const key = randomUUID();
    expect((await guest('POST', `/${kit.slug}/orders`, await order(), key)).statusCode).toBe(201);
    const other = await guest('POST', `/${kit.slug}/orders`, await order({ notes: 'no onions' }), key);
    expect(other.statusCode).toBe(422);
  });

  it('makes one order and one authorisation of 20 concurrent identical submits', async () => {
    const body = await order();
    const key = randomUUID();
    const before = kit.emulator.calls.auth;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => guest('POST', `/${kit.slug}/orders`, body, key)),
    );
    expect(kit.emulator.calls.auth - before).toBe(1);
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    const tokens = new Set(answers.filter((a) => a.statusCode === 201).map((a) => a.json().data.token));
    expect(tokens.size).toBe(1);
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from orders where idempotency_key = ${key}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    // A retry after the first finished gets the same order.
    const again = await guest('POST', `/${kit.slug}/orders`, body, key);
    expect(again.json().data.token).toBe([...tokens][0]);
  });

  it('keeps a declined order from the restaurant and tells the guest why', async () => {
    const answer = await guest(
      'POST',
      `/${kit.slug}/orders`,
      await order({}, '4387751111111053'),
      randomUUID(),
    );
    expect(answer.statusCode).toBe(201);
    const failed: GuestOrder = answer.json().data;
    expect(failed).toMatchObject({
      status: 'payment_failed',
      paymentMessage: 'Your card was declined: Insufficient Funds',
    });
    const list = await staff('employee', 'GET', '/orders');
    expect(list.json().data.map((o: { token: string }) => o.token)).not.toContain(failed.token);
  });

  it('numbers an order when its card is authorised: a declined card leaves no gap in the day', async () => {
    const numbers = async () =>
      (await staff('employee', 'GET', '/orders')).json().data.map((o: { number: number }) => o.number);
    const highest = Math.max(...(await numbers()));
    const declined = await guest(
      'POST',
      `/${kit.slug}/orders`,
      await order({}, '4387751111111053'),
      randomUUID(),
    );
    expect(declined.json().data).toMatchObject({ status: 'payment_failed', number: null });
    const next = await guest('POST', `/${kit.slug}/orders`, await order(), randomUUID());
    expect(next.json().data).toMatchObject({ status: 'new', number: highest + 1 });
    expect(await numbers()).toContain(highest + 1);
    // the gateway knew the declined order by its id, as the order had no number to give
    const [failedRow] = (
      (await t.database.db.execute(
        sql`select o.order_id, p.order_reference from orders o join payment_transactions p using (transaction_id) where o.token = ${declined.json().data.token}`,
      )) as unknown as { rows: { order_id: number | string; order_reference: string }[] }
    ).rows;
    expect(failedRow!.order_reference).toBe(`Online order ${failedRow!.order_id}`);
  });

  it('never sends an order to the kitchen when the gateway does not answer', async () => {
    kit.emulator.hang('auth');
    const answer = await guest('POST', `/${kit.slug}/orders`, await order(), randomUUID());
    expect(answer.statusCode).toBe(201);
    expect(answer.json().data).toMatchObject({ status: 'payment_failed' });
    expect(answer.json().data.paymentMessage).toMatch(/not placed/);
  });

  it('moves an order on with its payment: accept captures, cancel needs a manager and voids', async () => {
    const list = await staff('employee', 'GET', '/orders');
    const { orderId } = list.json().data.find((o: { token: string }) => o.token === placed.token);
    const captures = kit.emulator.calls.capture;
    const accepted = await staff('employee', 'POST', `/orders/${orderId}/status`, {
      status: 'accepted',
      readyInMinutes: 15,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ status: 'accepted', paymentStatus: 'captured' });
    expect(kit.emulator.calls.capture - captures).toBe(1);
    const wrongWay = await staff('employee', 'POST', `/orders/${orderId}/status`, { status: 'new' });
    expect(wrongWay.statusCode).toBe(409);
    expect(wrongWay.json().detail).toBe('An order that is accepted cannot become new');
    const backwards = await staff('employee', 'POST', `/orders/${orderId}/status`, { status: 'refunded' });
    expect(backwards.statusCode).toBe(403);
    const employeeCancel = await staff('employee', 'POST', `/orders/${orderId}/status`, {
      status: 'cancelled',
    });
    expect(employeeCancel.statusCode).toBe(403);
    const cancelled = await staff('manager', 'POST', `/orders/${orderId}/status`, {
      status: 'cancelled',
      note: 'Guest called',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'cancelled', paymentStatus: 'voided' });
    expect(cancelled.json().data.events.map((e: { status: string }) => e.status)).toEqual([
      'placing',
      'new',
      'accepted',
      'cancelled',
    ]);
    const guestView = await guest('GET', `/orders/${placed.token}`);
    expect(guestView.json().data.status).toBe('cancelled');
  });
});

describe('settings', () => {
  it('pauses ordering and marks items sold out', async () => {
    expect((await staff('employee', 'POST', '/ordering-settings/pause', { minutes: 30 })).statusCode).toBe(
      200,
    );
    const menu = (await guest('GET', `/${kit.slug}/menu`)).json().data;
    expect(menu.accepting).toBe(false);
    expect(menu.closedMessage).toMatch(/^Online ordering is paused until /);
    const quote = await guest('POST', `/${kit.slug}/quote`, { lines: [burger()] });
    expect(quote.statusCode).toBe(409);
    await staff('employee', 'POST', '/ordering-settings/pause', { minutes: 0 });
    expect(
      (await staff('employee', 'PUT', `/ordering-settings/sold-out/${ids.fries}`, { soldOut: true }))
        .statusCode,
    ).toBe(200);
    const soldOut = await guest('POST', `/${kit.slug}/quote`, {
      lines: [{ itemId: ids.fries, quantity: 1 }],
    });
    expect(soldOut.json().errors).toEqual([{ path: 'lines.0.itemId', message: 'Fries is sold out' }]);
    await staff('employee', 'PUT', `/ordering-settings/sold-out/${ids.fries}`, { soldOut: false });
  });

  it('lets managers change settings, not employees, and fills a slot to its capacity', async () => {
    expect((await staff('employee', 'PATCH', '/ordering-settings', { slotCapacity: 1 })).statusCode).toBe(
      403,
    );
    const changed = await staff('manager', 'PATCH', '/ordering-settings', {
      slotCapacity: 1,
      leadTimeMinutes: 30,
    });
    expect(changed.json().data).toMatchObject({ slotCapacity: 1, leadTimeMinutes: 30 });
    const at = (await guest('GET', `/${kit.slug}/menu`)).json().data.slots[4];
    expect(
      (await guest('POST', `/${kit.slug}/orders`, await order({ pickup: { at } }), randomUUID())).statusCode,
    ).toBe(201);
    const full = await guest('POST', `/${kit.slug}/quote`, { lines: [burger()], pickup: { at } });
    expect(full.json().errors).toEqual([
      { path: 'pickup.at', message: 'That pickup time is fully booked; choose another' },
    ]);
    const slots = (await guest('GET', `/${kit.slug}/menu`)).json().data.slots;
    expect(slots).not.toContain(at);
    await staff('manager', 'PATCH', '/ordering-settings', { slotCapacity: null, leadTimeMinutes: 20 });
  });
});

describe('another tenant', () => {
  it("sees none of the restaurant's orders or settings", async () => {
    const list = await staff('otherOwner', 'GET', '/orders');
    expect(list.statusCode).toBe(403);
    expect((await staff('otherOwner', 'GET', '/orders/1')).statusCode).toBe(403);
    expect((await staff('otherOwner', 'POST', '/orders/1/status', { status: 'accepted' })).statusCode).toBe(
      403,
    );
    expect((await staff('otherOwner', 'POST', '/ordering-settings/pause', { minutes: 10 })).statusCode).toBe(
      403,
    );
  });
});

describe("the guest's live order (server-sent events)", () => {
  const events = (body: string) =>
    body
      .split('\n\n')
      .filter((chunk) => chunk.startsWith('event: order\n'))
      .map((chunk) => JSON.parse(chunk.split('\n')[1]!.slice('data: '.length)) as { status: string });

  it('sends the order, then each change, and ends when the order is final', async () => {
    const placed = (await guest('POST', `/${kit.slug}/orders`, await order(), randomUUID())).json().data;
    const orderId = (await staff('employee', 'GET', '/orders'))
      .json()
      .data.find((o: { token: string }) => o.token === placed.token).orderId;
    const stream = guest('GET', `/orders/${placed.token}/events`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await staff('employee', 'POST', `/orders/${orderId}/status`, { status: 'accepted' });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await staff('manager', 'POST', `/orders/${orderId}/status`, { status: 'cancelled' });
    const answer = await stream;
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(events(answer.body).map((e) => e.status)).toEqual(['new', 'accepted', 'cancelled']);
  });

  it('answers 404 for an unknown order', async () => {
    expect((await guest('GET', '/orders/AAAAAAAAAAAAAAAAAAAAAA/events')).statusCode).toBe(404);
    expect((await guest('GET', '/orders/short/events')).statusCode).toBe(404);
  });
});

describe('availability at the pickup time', () => {
  it("offers a brunch menu's items for pickups inside its hours only, on the restaurant's clock", async () => {
    const pancakes = (await create('items', { name: 'Pancakes', basePrice: 9 })).itemId as number;
    await create('menu-groups', {
      name: 'Brunch',
      isMenu: true,
      timeRange: { startTime: '09:00', endTime: '11:00' },
      items: [{ itemId: pancakes, position: 0 }],
    });
    // tomorrow on the restaurant's clock (the tenant's zone)
    const tomorrow = addDays(toLocalMoment(new Date().toISOString(), kit.timeZone).date, 1);
    const at = (hhmm: string) =>
      instantOf(tomorrow, Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3)), kit.timeZone).toISOString();
    const quote = (time: string) =>
      guest('POST', `/${kit.slug}/quote`, {
        lines: [{ itemId: pancakes, quantity: 1 }],
        pickup: { at: at(time) },
      });
    expect((await quote('10:00')).statusCode).toBe(200);
    expect((await quote('10:45')).json().data.totals.subtotal).toBe(900);
    // 11:00 is the end of the range (exclusive); 08:45 is before it
    for (const time of ['11:00', '08:45', '23:30']) {
      const refused = await quote(time);
      expect(refused.statusCode, time).toBe(400);
      expect(refused.json().errors).toEqual([
        {
          path: 'lines.0.itemId',
          message: 'This item is not available for online ordering at the pickup time',
        },
      ]);
    }
  });
});

describe("today's list", () => {
  it("holds a later day's order while it is still to handle, not once it is done", async () => {
    const today = toLocalMoment(new Date().toISOString(), kit.timeZone).date;
    const tomorrow = addDays(today, 1);
    const at = instantOf(tomorrow, 12 * 60 + 30, kit.timeZone).toISOString();
    const placed = await guest('POST', `/${kit.slug}/orders`, await order({ pickup: { at } }), randomUUID());
    expect(placed.statusCode, placed.body).toBe(201);
    type Listed = { orderId: number; token: string; businessDate: string; status: string };
    const list = async (query = '') => {
      const answer = (await staff('employee', 'GET', `/orders${query}`)).json();
      return { businessDate: answer.businessDate as string, orders: answer.data as Listed[] };
    };
    const board = await list();
    expect(board.businessDate).toBe(today);
    const mine = board.orders.find((o) => o.token === placed.json().data.token);
    expect(mine).toMatchObject({ businessDate: tomorrow, status: 'new' });
    // Asked for by date, a day holds its own orders only.
    expect((await list(`?date=${today}`)).orders.map((o) => o.token)).not.toContain(placed.json().data.token);
    expect((await list(`?date=${tomorrow}`)).orders.map((o) => o.token)).toContain(placed.json().data.token);
    expect((await list('?status=new')).orders.map((o) => o.orderId)).toContain(mine!.orderId);
    const cancelled = await staff('manager', 'POST', `/orders/${mine!.orderId}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await list()).orders.map((o) => o.orderId)).not.toContain(mine!.orderId);
  });
});
