import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import type { JobRunner } from '@brigade/core/jobs/job-runner';
import { rebuildLedger } from '@brigade/core/ledger/index';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { kitchenTickets } from '@brigade/db/schema/ordering';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../job-runtime';
import { useTestApp } from '../test-app';
import { overHttp } from '../test-client';
import { type Person, useOrderingRestaurant } from './test-ordering';

/**
 * The register (issue 46, docs/behaviour/pos.md) over real HTTP on both engines: a manager pairs a device;
 * a cash sale is priced on the server from the POS menu (POS names, open prices, dine-in and takeout tax),
 * written once per Idempotency-Key as an accepted order of channel `pos` with its tender, its kitchen ticket
 * and the drawer kick (ESC/POS bytes at a TCP listener standing in for the printer), and its ledger lines,
 * sales side equal to the cash taken. A device unpaired, or of another restaurant, takes nothing.
 */

const received: Buffer[] = [];
const printer = createServer((socket) => {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.on('end', () => received.push(Buffer.concat(chunks)));
});
printer.listen(0, '127.0.0.1');
await once(printer, 'listening');

const t = useTestApp({
  env: {
    KITCHEN_PRINTER_PORT: String((printer.address() as AddressInfo).port),
    KITCHEN_PRINTER_ALLOW_LOCAL: 'true',
  },
});
const kit = useOrderingRestaurant(t);
const ids: Record<string, number> = {};
let jobs: JobRunner | undefined;

const register = (
  who: Person,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { token?: string; key?: string; payload?: object; restaurantId?: number } = {},
) =>
  overHttp(t.baseUrl, {
    method,
    url: `/api/v1/tenants/${kit.tenantId}/restaurants/${options.restaurantId ?? kit.restaurantId}/pos${path}`,
    session: kit.sessions[who],
    ...(options.payload ? { payload: options.payload } : {}),
    headers: {
      ...(options.token ? { 'x-pos-device': options.token } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
  });

beforeAll(async () => {
  await t.database.db.execute(
    sql`update pgboss.queue set retry_delay = 0, retry_backoff = false where name in ('kitchen.ticket', 'pos.drawer')`,
  );
  jobs = createJobRunner(
    t.deps,
    { db: t.database.db, storage: t.deps.imageStorage, instanceId: 'test' },
    t.app.log,
  );
  await jobs.start();
  const create = async (kind: string, record: object) =>
    (await kit.create(kind, record)) as Record<string, number>;
  ids.tax = (
    await create('tax-rates', {
      name: 'City',
      rate: 10,
      default: true,
      takeoutTaxEnabled: true,
      takeoutTaxrate: 5,
    })
  ).taxRateId!;
  ids.printer = (
    await create('printers', {
      name: 'Counter',
      model: 'TM-T88',
      ipSetup: 'Static',
      ipAddress: '127.0.0.1',
      hasCashDrawer: 'One Cash Drawer',
      cashDrawer: {},
    })
  ).printerId!;
  ids.grill = (await create('prep-stations', { name: 'Grill', ticketPrinterId: ids.printer })).prepStationId!;
  ids.cheese = (
    await create('modifier-groups', {
      name: 'Cheese',
      selectionRequirement: 'Required',
      pos: true,
      pricingStrategy: 'Individual',
      modifiers: [{ name: 'Cheddar', price: 1 }],
    })
  ).modifierGroupId!;
  ids.burger = (
    await create('items', {
      name: 'Cheeseburger deluxe',
      posName: 'Burger',
      posColor: '#c2410c',
      basePrice: 12,
      prepStationIds: [ids.grill],
      modifierGroups: [{ modifierGroupId: ids.cheese, position: 0 }],
    })
  ).itemId!;
  ids.cake = (
    await create('items', {
      name: 'Cake of the day',
      pricingStrategy: 'open',
      openPrice: true,
      takeoutTaxException: true,
    })
  ).itemId!;
  ids.online = (await create('items', { name: 'Web special', basePrice: 9, pos: false })).itemId!;
  ids.menu = (
    await create('menu-groups', {
      name: 'Counter',
      isMenu: true,
      buttonColor: '#1d4ed8',
      items: [ids.burger, ids.cake, ids.online].map((itemId, position) => ({ itemId, position })),
    })
  ).menuGroupId!;
});

afterAll(async () => {
  await jobs?.stop();
  printer.close();
});

const sale = (service: 'dine_in' | 'takeout', tendered: number) => ({
  service,
  guestName: 'Table 4',
  lines: [
    { itemId: ids.burger, quantity: 2, modifiers: [{ modifierGroupId: ids.cheese, modifierId: 1 }] },
    { itemId: ids.cake, quantity: 1, openPrice: 650 },
  ],
  tender: { method: 'cash', tendered },
});

describe('the register', () => {
  let token = '';
  let deviceId = 0;

  it('is paired by a manager, and the token is shown once and works only for its restaurant', async () => {
    expect((await register('employee', 'POST', '/devices', { payload: { name: 'Front' } })).statusCode).toBe(
      403,
    );
    const bad = await register('manager', 'POST', '/devices', {
      payload: { name: ' ', receiptPrinterId: 999 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { message: string }) => e.message)).toContain(
      'Device name cannot be empty',
    );
    const paired = await register('manager', 'POST', '/devices', {
      payload: { name: 'Front', receiptPrinterId: ids.printer },
    });
    expect(paired.statusCode, paired.body).toBe(201);
    token = paired.json().data.token;
    deviceId = paired.json().data.device.deviceId;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const listed = await register('manager', 'GET', '/devices');
    expect(listed.json().data).toEqual([
      expect.objectContaining({ deviceId, name: 'Front', revokedAt: null }),
    ]);
    expect(listed.body).not.toContain(token);
    const rows = await t.database.db.execute(
      sql`select token_hash from pos_devices where device_id = ${deviceId}`,
    );
    expect(JSON.stringify(rows)).not.toContain(token);
    // another tenant's owner sees nothing and cannot use it
    expect((await register('otherOwner', 'GET', '/devices')).statusCode).toBe(403);
    expect((await register('otherOwner', 'GET', '/register', { token })).statusCode).toBe(403);
    // without a token the request is refused as it stands; with a made-up one, as a device unknown here
    const bare = await register('employee', 'GET', '/register');
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors[0].message).toBe(
      'This device is not paired with the restaurant; pair it again',
    );
    const madeUp = await register('employee', 'GET', '/register', { token: 'x'.repeat(43) });
    expect(madeUp.statusCode).toBe(403);
    expect(madeUp.json().detail).toBe('This device is not paired with the restaurant; pair it again');
  });

  it('reads the POS menu: POS names and colours, open prices, only items on the POS', async () => {
    const answer = await register('employee', 'GET', '/register', { token });
    expect(answer.statusCode, answer.body).toBe(200);
    const { menus, device, rules } = answer.json().data;
    expect(device).toMatchObject({ deviceId, name: 'Front', receiptPrinterId: ids.printer });
    expect(menus).toHaveLength(1);
    expect(menus[0]).toMatchObject({ name: 'Counter', buttonColor: '#1d4ed8' });
    expect(menus[0].items.map((i: { buttonLabel: string }) => i.buttonLabel)).toEqual([
      'Burger',
      'Cake of the day',
    ]);
    expect(menus[0].items[0]).toMatchObject({ price: 1200, buttonColor: '#c2410c' });
    expect(menus[0].items[0].modifierGroups[0]).toMatchObject({
      name: 'Cheese',
      minSelection: 1,
      prompt: true,
    });
    expect(menus[0].items[1]).toMatchObject({ pricingStrategy: 'open', price: 0 });
    expect(rules.taxRates.map((r: { name: string }) => r.name)).toEqual(['City']);
  });

  it('rings up a cash sale once per key: an accepted order with its tender, ticket, drawer kick and ledger', async () => {
    const key = randomUUID();
    // dine in: 2 × (12 + 1) + 6.50 = 32.50; City 10% on all (the takeout exception does not apply) = 3.25
    const first = await register('employee', 'POST', '/orders', {
      token,
      key,
      payload: sale('dine_in', 4000),
    });
    expect(first.statusCode, first.body).toBe(201);
    const placed = first.json().data;
    expect(placed.totals).toMatchObject({ subtotal: 3250, tax: 325, total: 3575 });
    expect(placed.tenders).toEqual([
      expect.objectContaining({ method: 'cash', amount: 3575, tendered: 4000, change: 425 }),
    ]);
    expect(placed).toMatchObject({
      status: 'accepted',
      service: 'dine_in',
      guestName: 'Table 4',
      drawerKick: true,
      receiptQueued: true,
    });
    const again = await register('employee', 'POST', '/orders', {
      token,
      key,
      payload: sale('dine_in', 4000),
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.orderId).toBe(placed.orderId);
    const reused = await register('employee', 'POST', '/orders', {
      token,
      key,
      payload: sale('takeout', 4000),
    });
    expect(reused.statusCode).toBe(422);
    // the one order model: the staff's order list and the kitchen display have it
    const order = (await kit.staff('employee', 'GET', `/orders/${placed.orderId}`)).json().data;
    expect(order).toMatchObject({ status: 'accepted', number: placed.number });
    const tenders = await t.database.db.execute(
      sql`select count(*)::int as n from order_tenders where order_id = ${placed.orderId}`,
    );
    expect(JSON.stringify(tenders)).toContain('"n":1');
    // the ledger: the sale on the POS channel, and the cash on the tender side, equal
    const lines = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, placed.orderId))
      .orderBy(asc(ledgerLines.lineId));
    const sum = (kind: (l: (typeof lines)[number]) => boolean) =>
      lines.filter(kind).reduce((n, l) => n + l.amount, 0);
    expect(new Set(lines.map((l) => l.channel))).toEqual(new Set(['pos']));
    expect(sum((l) => l.kind !== 'tender')).toBe(3575);
    expect(lines.filter((l) => l.kind === 'tender').map((l) => [l.event, l.paymentMethod, l.amount])).toEqual(
      [['cash_taken', 'cash', 3575]],
    );
    // the printer got the kitchen ticket and the drawer kick (ESC p 0)
    await expect
      .poll(() => received.some((bytes) => bytes.includes(Buffer.from([0x1b, 0x70, 0x00]))), {
        timeout: 15_000,
      })
      .toBe(true);
    const printed = (pattern: RegExp) => received.filter((bytes) => pattern.test(bytes.toString('latin1')));
    // the kitchen's ticket says where it is eaten; the receipt itemises the sale, the cash and the change
    await expect.poll(() => printed(/DINE IN/).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    expect(printed(/BURG|Cheeseburger deluxe/).length).toBeGreaterThanOrEqual(2);
    const receipt = printed(/Change/)[0]!.toString('latin1');
    expect(receipt).toMatch(new RegExp(`#${placed.number} DINE IN Table 4`));
    expect(receipt).toMatch(/2 x Cheeseburger deluxe\s+26\.00/);
    expect(receipt).toMatch(/Cheddar/);
    expect(receipt).toMatch(/City\s+3\.25/);
    expect(receipt).toMatch(/Total\s+35\.75/);
    expect(receipt).toMatch(/Cash\s+40\.00/);
    expect(receipt).toMatch(/Change\s+4\.25/);
    // printed again on asking, marked as a reprint
    const reprint = await register('employee', 'POST', `/orders/${placed.orderId}/receipt`, { token });
    expect(reprint.statusCode, reprint.body).toBe(202);
    await expect.poll(() => printed(/REPRINT/).length, { timeout: 15_000 }).toBe(1);
    expect((await register('employee', 'POST', '/orders/999999/receipt', { token })).statusCode).toBe(404);
    // emailed: the same receipt as text, through the outbox (its mail job), and a line in the order's history
    const emailPath = `/orders/${placed.orderId}/receipt/email`;
    const badEmail = await register('employee', 'POST', emailPath, { token, payload: { email: 'nope' } });
    expect([badEmail.statusCode, badEmail.json().errors]).toEqual([
      400,
      [{ path: 'email', message: 'A valid email is required' }],
    ]);
    const emailed = await register('employee', 'POST', emailPath, {
      token,
      payload: { email: 'ada@example.com' },
    });
    expect([emailed.statusCode, emailed.json().data]).toEqual([202, { sent: true, to: 'ada@example.com' }]);
    const mails = (await t.database.db.execute(
      sql`select subject, text_body from outbox_emails where to_address = 'ada@example.com'`,
    )) as unknown as { rows: { subject: string; text_body: string }[] };
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0]!.subject).toMatch(new RegExp(`^Your receipt from .+ \\(#${placed.number}\\)$`));
    expect(mails.rows[0]!.text_body).toMatch(/2 x Cheeseburger deluxe\s+26\.00/);
    expect(mails.rows[0]!.text_body).toMatch(/Total\s+35\.75/);
    expect(mails.rows[0]!.text_body).toMatch(/Change\s+4\.25/);
    const history = (await kit.staff('employee', 'GET', `/orders/${placed.orderId}`)).json().data.events;
    expect(history.map((e: { note: string | null }) => e.note)).toContain(
      'Receipt emailed to a***@example.com',
    );
    // another tenant's user, and a fourth send, get nothing
    const other = await register('otherOwner', 'POST', emailPath, {
      token,
      payload: { email: 'x@example.com' },
    });
    expect(other.statusCode).toBe(403);
    for (const attempt of [2, 3]) {
      const again = await register('employee', 'POST', emailPath, {
        token,
        payload: { email: `a${attempt}@example.com` },
      });
      expect(again.statusCode, again.body).toBe(202);
    }
    const fourth = await register('employee', 'POST', emailPath, {
      token,
      payload: { email: 'a4@example.com' },
    });
    expect([fourth.statusCode, fourth.json().detail]).toEqual([
      429,
      'This receipt was already emailed 3 times',
    ]);
    // the journal: the cash taken that day
    const day = placed.businessDate;
    const journal = (await kit.staff('manager', 'GET', `/reports/journal?from=${day}&to=${day}`)).json().data;
    expect(journal.days[0]).toMatchObject({ cashTaken: 3575, cardNet: 0 });
    // a rebuild derives the very same lines from the records (the sale wrote them from its rows, decision 073)
    const content = (rows: (typeof ledgerLines.$inferSelect)[]) =>
      rows
        .map(({ lineId: _id, createdAt: _at, ...line }) => line)
        .sort((a, b) => a.lineKey.localeCompare(b.lineKey));
    const before = content(lines);
    await rebuildLedger(t.database.db, { tenantId: kit.tenantId });
    const after = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, placed.orderId));
    expect(before.length).toBeGreaterThan(0);
    expect(content(after)).toEqual(before);
  });

  it('makes one sale of the same key sent five times at once', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        register('employee', 'POST', '/orders', { token, key, payload: sale('dine_in', 4000) }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().data.orderId)).size).toBe(1);
    const orderId = answers[0]!.json().data.orderId;
    const rows = await t.database.db.execute(
      sql`select (select count(*)::int from orders where idempotency_key = ${key}) as orders,
                 (select count(*)::int from order_tenders where order_id = ${orderId}) as tenders,
                 (select count(*)::int from ledger_lines where order_id = ${orderId} and kind = 'tender') as cash`,
    );
    expect(JSON.stringify(rows)).toContain('"orders":1,"tenders":1,"cash":1');
  });

  it('taxes takeout at the takeout rate and keeps the takeout exception', async () => {
    const answer = await register('employee', 'POST', '/orders', {
      token,
      key: randomUUID(),
      payload: sale('takeout', 5000),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    // takeout: 5% on the burgers only (26.00 → 1.30), the cake is exempt
    expect(answer.json().data.totals).toMatchObject({ subtotal: 3250, tax: 130, total: 3380 });
    const today = await register('employee', 'GET', '/orders', { token });
    expect(
      today.json().data.map((o: { total?: number; totals: { total: number } }) => o.totals.total),
    ).toEqual([3380, 3575, 3575]);
  });

  it('refuses bad sales with the reasons, and stores nothing', async () => {
    const count = async () =>
      JSON.stringify(
        await t.database.db.execute(sql`select count(*)::int as n from orders where channel = 'pos'`),
      );
    const before = await count();
    const short = await register('employee', 'POST', '/orders', {
      token,
      key: randomUUID(),
      payload: sale('dine_in', 100),
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      { path: 'tender.tendered', message: 'The cash tendered is less than the total' },
    ]);
    const wrong = {
      ...sale('dine_in', 9000),
      lines: [
        { itemId: ids.burger, quantity: 1 },
        { itemId: ids.cake, quantity: 1 },
        { itemId: ids.online, quantity: 1 },
        { itemId: ids.cake, quantity: 1, openPrice: 100, sizeId: 3 },
        {
          itemId: ids.burger,
          quantity: 1,
          modifiers: [{ modifierGroupId: ids.cheese, modifierId: 1 }],
          openPrice: 100,
        },
      ],
    };
    const refused = await register('employee', 'POST', '/orders', {
      token,
      key: randomUUID(),
      payload: wrong,
    });
    expect(refused.statusCode).toBe(400);
    expect(
      refused.json().errors.map((e: { path: string; message: string }) => `${e.path}: ${e.message}`),
    ).toEqual([
      'lines.0.modifiers: Choose an option in Cheese',
      'lines.1.openPrice: Enter a price for Cake of the day',
      'lines.2.itemId: This item is not on the POS menu now',
      'lines.3.sizeId: Cake of the day has no sizes to choose from',
      'lines.4.openPrice: Cheeseburger deluxe has a set price',
    ]);
    expect(
      (await register('employee', 'POST', '/orders', { token, payload: sale('dine_in', 9000) })).statusCode,
    ).toBe(400);
    expect(await count()).toBe(before);
  });

  it('keeps a drawer session: float, pay-ins and pay-outs, cash sales, a blind close with over/short', async () => {
    const drawer = (method: 'GET' | 'POST', path = '', payload?: object, who: Person = 'employee') =>
      register(who, method, `/drawer${path}`, { token, ...(payload ? { payload } : {}) });
    expect((await drawer('GET')).json().data).toEqual({ session: null });
    const noDrawer = await drawer('POST', '/movements', { kind: 'pay_out', amount: 100, reason: 'Ice' });
    expect(noDrawer.statusCode).toBe(409);
    expect(noDrawer.json().detail).toBe("Open this register's drawer with its float first");
    const opened = await drawer('POST', '', { openingFloat: 10_000 });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json().data).toMatchObject({ openingFloat: 10_000, closedAt: null, expected: null });
    const twice = await drawer('POST', '', { openingFloat: 5_000 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe("This register's drawer is already open; close it first");
    expect(
      (await drawer('POST', '/movements', { kind: 'pay_in', amount: 500, reason: 'Change from the bank' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await drawer('POST', '/movements', { kind: 'pay_out', amount: 1_200, reason: 'Ice' })).statusCode,
    ).toBe(201);
    const noReason = await drawer('POST', '/movements', { kind: 'pay_out', amount: 100, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].message).toBe('Give a reason for the pay-in or pay-out');
    const sold = await register('employee', 'POST', '/orders', {
      token,
      key: randomUUID(),
      payload: sale('takeout', 5000),
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const cash = sold.json().data.totals.total as number;
    // blind: the register does not see what the drawer should hold
    const current = (await drawer('GET')).json().data.session;
    expect(current).toMatchObject({ expected: null, cashSales: null, overShort: null });
    expect(current.movements.map((m: { kind: string; amount: number }) => [m.kind, m.amount])).toEqual([
      ['pay_in', 500],
      ['pay_out', 1_200],
    ]);
    const expected = 10_000 + cash + 500 - 1_200;
    // a manager sees it, an employee may not list the sessions
    expect((await register('employee', 'GET', '/drawer-sessions')).statusCode).toBe(403);
    const sessions = (await register('manager', 'GET', '/drawer-sessions')).json().data;
    expect(sessions[0]).toMatchObject({
      sessionId: current.sessionId,
      cashSales: cash,
      expected,
      closedAt: null,
    });
    const closed = await drawer('POST', '/close', { counted: expected - 100, note: 'Short a dollar' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      cashSales: cash,
      expected,
      counted: expected - 100,
      overShort: -100,
    });
    expect((await drawer('GET')).json().data).toEqual({ session: null });
    expect((await drawer('POST', '/close', { counted: 0 })).statusCode).toBe(409);
    // the day's close-out: by staff from the ledger, the drawer as counted, the cash rung up with no drawer open
    const base = `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}`;
    const closeOut = await overHttp(t.baseUrl, {
      method: 'GET',
      url: `${base}/reports/close-out?date=${sold.json().data.businessDate}`,
      session: kit.sessions.manager,
    });
    expect(closeOut.statusCode, closeOut.body).toBe(200);
    const day = closeOut.json().data;
    const employee = day.staff.find((s: { cashTaken: number }) => s.cashTaken > 0);
    const allCash = (await register('employee', 'GET', '/orders', { token }))
      .json()
      .data.reduce(
        (sum: number, o: { tenders: { amount: number }[] }) =>
          sum + o.tenders.reduce((n, t) => n + t.amount, 0),
        0,
      );
    expect(employee.cashTaken).toBe(allCash);
    expect(employee.sales).toBe(4);
    expect(day.cashOutsideDrawers).toBe(allCash - cash);
    expect(day.drawerTotals).toEqual({ expected, counted: expected - 100, overShort: -100, open: 0 });
    expect(day.drawers).toHaveLength(1);
    expect((await register('otherOwner', 'GET', '/drawer-sessions')).statusCode).toBe(403);
  });

  it('voids a sale for a manager: cancelled with the reason, cash handed back, the ledger at zero', async () => {
    const sold = await register('employee', 'POST', '/orders', {
      token,
      key: randomUUID(),
      payload: sale('takeout', 5000),
    });
    expect(sold.statusCode, sold.body).toBe(201);
    const { orderId, totals, businessDate } = sold.json().data;
    const journal = async () =>
      (await kit.staff('manager', 'GET', `/reports/journal?from=${businessDate}&to=${businessDate}`)).json()
        .data.days[0];
    const before = await journal();
    const voidIt = (who: Person, payload: object) =>
      register(who, 'POST', `/orders/${orderId}/void`, { token, payload });
    expect((await voidIt('employee', { reason: 'Rang it twice' })).statusCode).toBe(403);
    const noReason = await voidIt('manager', { reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors[0].message).toBe('Give a reason for the void');
    const voided = await voidIt('manager', { reason: 'Rang it twice' });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data).toMatchObject({ status: 'cancelled', drawerKick: true });
    expect(
      voided.json().data.tenders.map((t: { kind: string; amount: number }) => [t.kind, t.amount]),
    ).toEqual([
      ['payment', totals.total],
      ['refund', totals.total],
    ]);
    const again = await voidIt('manager', { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Only a register sale that is not voided yet can be voided');
    const order = (await kit.staff('employee', 'GET', `/orders/${orderId}`)).json().data;
    expect(order.status).toBe('cancelled');
    expect(order.events.at(-1).note).toMatch(
      /^Voided at Front, \d+\.\d\d USD handed back in cash: Rang it twice$/,
    );
    const lines = await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.orderId, orderId));
    const sumOf = (tender: boolean) =>
      lines.filter((l) => (l.kind === 'tender') === tender).reduce((n, l) => n + l.amount, 0);
    expect(sumOf(false)).toBe(0);
    expect(sumOf(true)).toBe(0);
    expect(lines.filter((l) => l.kind === 'tender').map((l) => [l.event, l.paymentMethod])).toEqual([
      ['cash_taken', 'cash'],
      ['cash_returned', 'cash'],
    ]);
    expect((await journal()).cashTaken).toBe(before.cashTaken - totals.total);
  });

  it('gives a register sale back only by a void, and keeps a device with an open drawer paired', async () => {
    const sold = await register('employee', 'POST', '/orders', {
      token,
      key: randomUUID(),
      payload: sale('takeout', 5000),
    });
    const { orderId } = sold.json().data;
    const cancelled = await kit.staff('manager', 'POST', `/orders/${orderId}/status`, {
      status: 'cancelled',
    });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().detail).toBe(
      'A register sale is given back by voiding it at a register, which hands back its cash',
    );
    const voided = await register('manager', 'POST', `/orders/${orderId}/void`, {
      token,
      payload: { reason: 'Test' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const reprint = await register('employee', 'POST', `/orders/${orderId}/receipt`, { token });
    expect(reprint.statusCode).toBe(409);
    expect(reprint.json().detail).toBe('A voided sale has no receipt to print again');
    const email = await register('employee', 'POST', `/orders/${orderId}/receipt/email`, {
      token,
      payload: { email: 'ada@example.com' },
    });
    expect([email.statusCode, email.json().detail]).toEqual([409, 'A voided sale has no receipt to send']);
    expect(
      (await register('employee', 'POST', '/drawer', { token, payload: { openingFloat: 0 } })).statusCode,
    ).toBe(201);
    const unpair = await register('manager', 'DELETE', `/devices/${deviceId}`);
    expect(unpair.statusCode).toBe(409);
    expect(unpair.json().detail).toBe("Close this register's drawer before unpairing it");
    expect(
      (await register('employee', 'POST', '/drawer/close', { token, payload: { counted: 0 } })).statusCode,
    ).toBe(200);
  });

  it('prices and routes each sale by the restaurant as it is then, however often it was read before', async () => {
    const sell = async () => {
      const answer = await register('employee', 'POST', '/orders', {
        token,
        key: randomUUID(),
        payload: sale('dine_in', 5000),
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return answer.json().data as { orderId: number; totals: { tax: number; total: number } };
    };
    const stationsOf = async (orderId: number) =>
      (
        await t.database.db
          .select({ station: kitchenTickets.prepStationId })
          .from(kitchenTickets)
          .where(eq(kitchenTickets.orderId, orderId))
      ).map((row) => row.station);
    const patch = async (path: string, body: object) => {
      const answer = await kit.staff('owner', 'PATCH', path, body);
      expect(answer.statusCode, answer.body).toBe(200);
    };
    // read (and kept by the server) over and over: 10% tax, the grill's ticket
    for (const _ of [1, 2]) {
      const before = await sell();
      expect(before.totals.tax).toBe(325);
      expect(await stationsOf(before.orderId)).toEqual([ids.grill]);
    }
    // the rate goes up and the grill loses its printer: the very next sale knows both
    await patch(`/tax-rates/${ids.tax}`, { rate: 20 });
    await patch(`/prep-stations/${ids.grill}`, { ticketPrinterId: null });
    const after = await sell();
    expect(after.totals).toMatchObject({ tax: 650, total: 3900 });
    expect(await stationsOf(after.orderId)).toEqual([]);
    // and back, for the tests after this one
    await patch(`/tax-rates/${ids.tax}`, { rate: 10 });
    await patch(`/prep-stations/${ids.grill}`, { ticketPrinterId: ids.printer });
    const back = await sell();
    expect(back.totals.tax).toBe(325);
    expect(await stationsOf(back.orderId)).toEqual([ids.grill]);
  });

  it('stops a device at once when a manager unpairs it', async () => {
    expect((await register('employee', 'DELETE', `/devices/${deviceId}`)).statusCode).toBe(403);
    const revoked = await register('manager', 'DELETE', `/devices/${deviceId}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.revokedAt).not.toBeNull();
    const refused = await register('employee', 'POST', '/orders', {
      token,
      key: randomUUID(),
      payload: sale('dine_in', 9000),
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('This device was unpaired by a manager; pair it again');
  });
});
