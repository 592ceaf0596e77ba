import { randomUUID } from 'node:crypto';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { overHttp } from '../test-client';
import { type Person, useOrderingRestaurant } from './test-ordering';

/**
 * Sales a register made offline (docs/behaviour/pos.md#offline, decision 063) over real HTTP on both
 * engines: sent later with their original key and `offline: {soldAt, charged}`, each is recorded once — as
 * sold, at the price charged, even for an item 86'd or repriced meanwhile — with its tender, kitchen ticket
 * and ledger lines, and what changed kept for a manager. Bad offline input is 400 and stores nothing.
 */

const t = useTestApp();
const kit = useOrderingRestaurant(t);
const ids: Record<string, number> = {};
let token = '';

const register = (
  who: Person,
  method: 'GET' | 'POST',
  path: string,
  options: { key?: string; payload?: object } = {},
) =>
  overHttp(t.baseUrl, {
    method,
    url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}/pos${path}`,
    session: kit.sessions[who],
    ...(options.payload ? { payload: options.payload } : {}),
    headers: { 'x-pos-device': token, ...(options.key ? { 'idempotency-key': options.key } : {}) },
  });

beforeAll(async () => {
  const create = async (kind: string, record: object) =>
    (await kit.create(kind, record)) as Record<string, number>;
  ids.tax = (await create('tax-rates', { name: 'City', rate: 10, default: true })).taxRateId!;
  const printer = await create('printers', {
    name: 'Kitchen',
    model: 'TM-T88',
    ipSetup: 'Static',
    ipAddress: '192.0.2.10',
  });
  ids.grill = (await create('prep-stations', { name: 'Grill', ticketPrinterId: printer.printerId }))
    .prepStationId!;
  ids.burger = (await create('items', { name: 'Burger', basePrice: 12, prepStationIds: [ids.grill] }))
    .itemId!;
  ids.fries = (await create('items', { name: 'Fries', basePrice: 4 })).itemId!;
  ids.counter = (
    await create('menu-groups', {
      name: 'Counter',
      isMenu: true,
      items: [ids.burger, ids.fries].map((itemId, position) => ({ itemId, position })),
    })
  ).menuGroupId!;
  const paired = await register('manager', 'POST', '/devices', { payload: { name: 'Front' } });
  expect(paired.statusCode, paired.body).toBe(201);
  token = paired.json().data.token;
});

// one burger and two fries, as the register priced them before the changes: 12 + 2 × 4 = 20, tax 2
const offlineSale = (soldAt: string) => ({
  service: 'dine_in',
  lines: [
    { itemId: ids.burger, quantity: 1, modifiers: [] },
    { itemId: ids.fries, quantity: 2, modifiers: [] },
  ],
  tender: { method: 'cash', tendered: 3000 },
  receipt: 'none',
  offline: {
    soldAt,
    charged: [
      { unitPrice: 1200, modifierCharge: 0 },
      { unitPrice: 400, modifierCharge: 0 },
    ],
  },
});

const ordersOfKey = async (key: string) =>
  JSON.stringify(
    await t.database.db.execute(
      sql`select count(*)::int as n from orders where idempotency_key = ${key} and tenant_id = ${kit.tenantId}`,
    ),
  );

describe('a sale made offline', () => {
  it('is recorded once, as sold at the price charged, with what changed meanwhile kept for a manager', async () => {
    // meanwhile: fries 86'd and the burger repriced to 13.00
    const eightySix = await kit.staff('employee', 'PUT', `/ordering-settings/sold-out/${ids.fries}`, {
      soldOut: true,
    });
    expect(eightySix.statusCode, eightySix.body).toBe(200);
    const repriced = await kit.staff('owner', 'PATCH', `/items/${ids.burger}`, { basePrice: 13 });
    expect(repriced.statusCode, repriced.body).toBe(200);
    const key = randomUUID();
    const soldAt = new Date(Date.now() - 10 * 60_000).toISOString();
    const first = await register('employee', 'POST', '/orders', { key, payload: offlineSale(soldAt) });
    expect(first.statusCode, first.body).toBe(201);
    const placed = first.json().data;
    expect(placed.totals).toMatchObject({ subtotal: 2000, tax: 200, total: 2200 });
    expect(placed.tenders).toEqual([
      expect.objectContaining({ method: 'cash', amount: 2200, tendered: 3000, change: 800 }),
    ]);
    expect(placed.offline).toMatchObject({ soldAt });
    expect(placed.offline.conflicts).toEqual([
      'Burger was charged 12.00 USD a unit; the menu says 13.00 USD',
      "Fries was sold while it was 86'd (sold out)",
    ]);
    // sent again (another tab, a crash mid-sync), and once more online: the same sale
    for (const payload of [offlineSale(soldAt), { ...offlineSale(soldAt), offline: undefined }]) {
      const again = await register('employee', 'POST', '/orders', { key, payload });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json().data.orderId).toBe(placed.orderId);
    }
    expect(await ordersOfKey(key)).toContain('"n":1');
    // the kitchen's ticket, the ledger at the price charged, and the history say so
    const tickets = await t.database.db.execute(
      sql`select count(*)::int as n from kitchen_tickets where order_id = ${placed.orderId}`,
    );
    expect(JSON.stringify(tickets)).toContain('"n":1');
    const lines = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, placed.orderId));
    expect(lines.filter((l) => l.kind !== 'tender').reduce((n, l) => n + l.amount, 0)).toBe(2200);
    const order = (await kit.staff('employee', 'GET', `/orders/${placed.orderId}`)).json().data;
    expect(order.events.map((e: { note: string | null }) => e.note)).toContain(
      'Rung up at Front (dine in) while it was offline, paid in cash; sent when it reconnected',
    );
    // the register's list of the day's sales shows it to a manager with its conflicts
    const listed = (await register('manager', 'GET', '/orders')).json().data;
    expect(
      listed.find((s: { orderId: number }) => s.orderId === placed.orderId).offline.conflicts,
    ).toHaveLength(2);
    // a sale made now still refuses the 86'd item
    const now = await register('employee', 'POST', '/orders', {
      key: randomUUID(),
      payload: { ...offlineSale(soldAt), offline: undefined },
    });
    expect(now.statusCode).toBe(400);
    expect(now.json().errors).toEqual([{ path: 'lines.1.itemId', message: 'Fries is sold out' }]);
    await kit.staff('employee', 'PUT', `/ordering-settings/sold-out/${ids.fries}`, { soldOut: false });
  });

  it('gives the register what it prints offline with, and does not print again what the bridge printed', async () => {
    const read = await register('employee', 'GET', '/register');
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data.kitchenPrinting).toEqual({
      stations: [{ prepStationId: ids.grill, name: 'Grill', printerIds: [expect.any(Number)] }],
      printers: [
        expect.objectContaining({ name: 'Kitchen', ipAddress: '192.0.2.10', paperWidth: expect.any(String) }),
      ],
    });
    // paired with no receipt printer: no drawer to open nor receipt to print through the bridge
    expect(read.json().data.registerPrinter).toBeNull();
    const soldAt = new Date(Date.now() - 5 * 60_000).toISOString();
    const ticketsOf = async (orderId: number) =>
      (
        (await t.database.db.execute(
          sql`select t.status, t.printed_at, (select count(*)::int from pgboss.job j where j.name = 'kitchen.ticket'
                and (j.data->>'ticketId')::bigint = t.ticket_id) as jobs
              from kitchen_tickets t where t.order_id = ${orderId}`,
        )) as unknown as { rows: { status: string; printed_at: string | Date; jobs: number }[] }
      ).rows;
    const bridged = await register('employee', 'POST', '/orders', {
      key: randomUUID(),
      payload: {
        ...offlineSale(soldAt),
        offline: { ...offlineSale(soldAt).offline, printedStations: [ids.grill] },
      },
    });
    expect(bridged.statusCode, bridged.body).toBe(201);
    const [ticket] = await ticketsOf(bridged.json().data.orderId);
    expect(ticket).toMatchObject({ status: 'printed', jobs: 0 });
    expect(new Date(ticket!.printed_at).toISOString()).toBe(soldAt);
    // without the bridge the ticket waits for its job, as before
    const plain = await register('employee', 'POST', '/orders', {
      key: randomUUID(),
      payload: offlineSale(soldAt),
    });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(await ticketsOf(plain.json().data.orderId)).toEqual([expect.objectContaining({ jobs: 1 })]);
    // a second station (the fries, which name no station, go to both): the bridge printed the grill's only;
    // the fryer's ticket waits for its job beside the one printed
    const fryer = await kit.create('prep-stations', {
      name: 'Fryer',
      ticketPrinterId: read.json().data.kitchenPrinting.printers[0].printerId,
    });
    const partly = await register('employee', 'POST', '/orders', {
      key: randomUUID(),
      payload: {
        ...offlineSale(soldAt),
        offline: { ...offlineSale(soldAt).offline, printedStations: [ids.grill] },
      },
    });
    expect(partly.statusCode, partly.body).toBe(201);
    const both = await ticketsOf(partly.json().data.orderId);
    expect(both.map((row) => [row.status, row.jobs]).sort()).toEqual([
      ['printed', 0],
      ['queued', 1],
    ]);
    const fryerId = (fryer as { prepStationId: number }).prepStationId;
    const removed = await overHttp(t.baseUrl, {
      method: 'DELETE',
      url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}/prep-stations/${fryerId}`,
      session: kit.sessions.owner,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    // not a list of station ids: 400, nothing stored
    const bad = await register('employee', 'POST', '/orders', {
      key: randomUUID(),
      payload: {
        ...offlineSale(soldAt),
        offline: { ...offlineSale(soldAt).offline, printedStations: ['grill'] },
      },
    });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.body).toContain('Printed stations must be a list of prep station ids');
  });

  it('makes one sale of the same offline key sent five times at once', async () => {
    const key = randomUUID();
    const payload = offlineSale(new Date().toISOString());
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => register('employee', 'POST', '/orders', { key, payload })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((a) => a.json().data.orderId)).size).toBe(1);
    expect(await ordersOfKey(key)).toContain('"n":1');
  });

  it('refuses bad offline input with the reasons, and stores nothing', async () => {
    const key = randomUUID();
    const sale = offlineSale(new Date().toISOString());
    const short = await register('employee', 'POST', '/orders', {
      key,
      payload: { ...sale, offline: { ...sale.offline, charged: sale.offline.charged.slice(1) } },
    });
    expect([short.statusCode, short.json().errors]).toEqual([
      400,
      [{ path: 'offline.charged', message: 'Give what was charged for every line of the sale' }],
    ]);
    const badTime = await register('employee', 'POST', '/orders', {
      key,
      payload: { ...sale, offline: { ...sale.offline, soldAt: 'yesterday' } },
    });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().errors).toEqual([
      { path: 'offline.soldAt', message: 'Sold at must be an ISO date-time' },
    ]);
    const negative = await register('employee', 'POST', '/orders', {
      key,
      payload: {
        ...sale,
        offline: {
          ...sale.offline,
          charged: [{ unitPrice: -1, modifierCharge: 0 }, sale.offline.charged[1]],
        },
      },
    });
    expect(negative.statusCode).toBe(400);
    expect(await ordersOfKey(key)).toContain('"n":0');
  });

  it("gives another tenant's user nothing", async () => {
    const answer = await register('otherOwner', 'POST', '/orders', {
      key: randomUUID(),
      payload: offlineSale(new Date().toISOString()),
    });
    expect(answer.statusCode).toBe(403);
  });
});

describe('a batch of sales made offline (decision 073)', () => {
  const sync = (who: Person, sales: { idempotencyKey: string; sale: object }[]) =>
    register(who, 'POST', '/orders/sync', { payload: { sales } });
  const resultsOf = (answer: Awaited<ReturnType<typeof sync>>) =>
    (answer.json().data.results as { status: number; sale?: { orderId: number; number: number } }[]).map(
      (r) => [r.status, r.sale?.orderId ?? null],
    );

  it('records each sale once and in order, refuses a bad one alone, and answers a resend with the same sales', async () => {
    const soldAt = new Date(Date.now() - 30 * 60_000).toISOString();
    const good = offlineSale(soldAt);
    const short = { ...good, offline: { ...good.offline, charged: good.offline.charged.slice(1) } };
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), 'not a key!'];
    // c was sent one at a time already (its answer lost): the batch answers it, recording nothing new
    const single = await register('employee', 'POST', '/orders', { key: c, payload: good });
    expect(single.statusCode, single.body).toBe(201);
    const batch = [
      { idempotencyKey: a, sale: good },
      { idempotencyKey: b, sale: short },
      { idempotencyKey: c, sale: good },
      { idempotencyKey: d, sale: good },
      { idempotencyKey: randomUUID(), sale: { ...good, lines: 'two burgers' } },
    ];
    const first = await sync('employee', batch);
    expect(first.statusCode, first.body).toBe(200);
    const results = first.json().data.results;
    expect(results.map((r: { status: number }) => r.status)).toEqual([201, 400, 201, 400, 400]);
    expect(results[1].problem).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      detail: 'The order cannot be placed as it is',
      errors: [{ path: 'offline.charged', message: 'Give what was charged for every line of the sale' }],
    });
    expect(results[2].sale.orderId).toBe(single.json().data.orderId);
    expect(results[3].problem.detail).toMatch(/^Idempotency-Key header is required/);
    expect(results[4].problem.errors).toEqual([{ path: 'lines', message: 'Lines must be a list' }]);
    expect(results[0].sale).toMatchObject({ totals: { total: 2200 }, offline: { soldAt } });
    for (const key of [a, c]) expect(await ordersOfKey(key)).toContain('"n":1');
    expect(await ordersOfKey(b)).toContain('"n":0');
    // the recorded sale went to the kitchen and the ledger like a single one
    const orderId = results[0].sale.orderId;
    const tickets = await t.database.db.execute(
      sql`select count(*)::int as n from kitchen_tickets where order_id = ${orderId}`,
    );
    expect(JSON.stringify(tickets)).toContain('"n":1');
    const lines = await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.orderId, orderId));
    expect(lines.filter((l) => l.kind !== 'tender').reduce((n, l) => n + l.amount, 0)).toBe(2200);
    // the whole batch again (a lost answer, a second tab): the same sales, nothing new
    const again = await sync('employee', batch);
    expect(resultsOf(again)).toEqual(resultsOf(first));
    // each answered with its own cash tender, as when it was written (the batch reads them in one go)
    const tendersOf = (answer: Awaited<ReturnType<typeof sync>>) =>
      (answer.json().data.results as { sale?: { tenders: { method: string; amount: number }[] } }[]).map(
        (r) => r.sale?.tenders.map((tender) => [tender.method, tender.amount]) ?? null,
      );
    expect(tendersOf(again)).toEqual([[['cash', 2200]], null, [['cash', 2200]], null, null]);
    expect(again.json().data.results[0].sale.tenders).toEqual(first.json().data.results[0].sale.tenders);
  });

  it('stops at a refusal that may change, leaving the later sales unsent, and takes them when it changes', async () => {
    const hidden = await kit.staff('owner', 'PATCH', `/menu-groups/${ids.counter}`, { visibleInPOS: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const batch = [randomUUID(), randomUUID()].map((idempotencyKey) => ({
      idempotencyKey,
      sale: offlineSale(new Date().toISOString()),
    }));
    try {
      const stopped = await sync('employee', batch);
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect(stopped.json().data.results).toEqual([
        expect.objectContaining({ status: 409, problem: expect.objectContaining({ code: 'POS_NO_MENU' }) }),
      ]);
    } finally {
      await kit.staff('owner', 'PATCH', `/menu-groups/${ids.counter}`, { visibleInPOS: true });
    }
    const taken = await sync('employee', batch);
    expect(taken.json().data.results.map((r: { status: number }) => r.status)).toEqual([201, 201]);
    const [first, second] = taken.json().data.results;
    expect(second.sale.number).toBeGreaterThan(first.sale.number);
  });

  it("refuses a batch that is empty or too large, and gives another tenant's user nothing", async () => {
    const sale = { idempotencyKey: randomUUID(), sale: offlineSale(new Date().toISOString()) };
    for (const sales of [[], Array.from({ length: 101 }, () => sale)]) {
      const answer = await sync('employee', sales);
      expect([answer.statusCode, answer.json().errors]).toEqual([
        400,
        [{ path: 'sales', message: 'Send between 1 and 100 sales at once' }],
      ]);
    }
    const stranger = await sync('otherOwner', [sale]);
    expect(stranger.statusCode).toBe(403);
    expect(await ordersOfKey(sale.idempotencyKey)).toContain('"n":0');
  });
});

describe('a check kept open to pay later', () => {
  const ticketsOf = async (orderId: number) =>
    (
      (await t.database.db.execute(
        sql`select t.status, t.round, (select count(*)::int from pgboss.job j where j.name = 'kitchen.ticket'
              and (j.data->>'ticketId')::bigint = t.ticket_id) as jobs
            from kitchen_tickets t where t.order_id = ${orderId}`,
      )) as unknown as { rows: { status: string; round: number; jobs: number }[] }
    ).rows;
  const notesOf = async (orderId: number) =>
    (
      (await t.database.db.execute(
        sql`select note from order_events where order_id = ${orderId} order by event_id`,
      )) as unknown as { rows: { note: string }[] }
    ).rows.map((row) => row.note);
  const kept = (extra: object = {}) => ({
    service: 'takeout',
    guestName: 'Dana',
    lines: [{ itemId: ids.burger, quantity: 1, modifiers: [] }],
    send: true,
    ...extra,
  });

  it('opens with its lines sent to the kitchen in one call, once per key', async () => {
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 3 }, () => register('employee', 'POST', '/checks', { key, payload: kept() })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    const check = answers[0]!.json().data;
    expect(new Set(answers.map((a) => a.json().data.orderId))).toEqual(new Set([check.orderId]));
    expect(check).toMatchObject({ status: 'open', guestName: 'Dana', paid: 0 });
    // nothing paid yet: all of it is owed (the burger's price is whatever the tests before made it)
    expect(check.balance).toBe(check.totals.total);
    expect(check.balance).toBeGreaterThan(1200);
    expect(check.lines.map((l: { sent: boolean; round: number }) => [l.sent, l.round])).toEqual([[true, 1]]);
    expect(await ticketsOf(check.orderId)).toEqual([{ status: 'queued', round: 1, jobs: 1 }]);
    expect(await ordersOfKey(key)).toContain('"n":1');
    // it waits among the open checks, nothing left to send
    const open = await register('employee', 'GET', '/checks');
    const listed = open.json().data.find((c: { orderId: number }) => c.orderId === check.orderId);
    expect(listed.lines.every((l: { sent: boolean }) => l.sent)).toBe(true);
    // without send, the lines wait (as before)
    const held = await register('employee', 'POST', '/checks', {
      key: randomUUID(),
      payload: kept({ send: false }),
    });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json().data.lines[0].sent).toBe(false);
    expect(await ticketsOf(held.json().data.orderId)).toEqual([]);
  });

  it('kept on an offline register: says so in its history and does not print again what the bridge printed', async () => {
    const openedAt = new Date(Date.now() - 10 * 60_000).toISOString();
    const answer = await register('employee', 'POST', '/checks', {
      key: randomUUID(),
      payload: kept({ offline: { openedAt, printedStations: [ids.grill] } }),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const orderId = answer.json().data.orderId;
    expect(await ticketsOf(orderId)).toEqual([{ status: 'printed', round: 1, jobs: 0 }]);
    expect((await notesOf(orderId))[0]).toBe(
      'Opened for Dana on Front while it was offline; sent when it reconnected',
    );
    // sent online, its answer lost, then kept offline under the same key: the same check, once
    const key = randomUUID();
    const online = await register('employee', 'POST', '/checks', { key, payload: kept() });
    expect(online.statusCode, online.body).toBe(201);
    const keptSince = await register('employee', 'POST', '/checks', {
      key,
      payload: kept({ offline: { openedAt, printedStations: [ids.grill] } }),
    });
    expect([keptSince.statusCode, keptSince.json().data.orderId]).toEqual([201, online.json().data.orderId]);
    expect(await ordersOfKey(key)).toContain('"n":1');
    // the same key with another check is refused
    const other = await register('employee', 'POST', '/checks', { key, payload: kept({ guestName: 'Lee' }) });
    expect(other.statusCode).toBe(422);
    // fries 86'd since it was kept: it opens all the same (the kitchen may have made them), and says so;
    // a check opened online now is refused them
    await kit.staff('employee', 'PUT', `/ordering-settings/sold-out/${ids.fries}`, { soldOut: true });
    try {
      const withFries = kept({ lines: [{ itemId: ids.fries, quantity: 1, modifiers: [] }] });
      const late = await register('employee', 'POST', '/checks', {
        key: randomUUID(),
        payload: { ...withFries, offline: { openedAt } },
      });
      expect(late.statusCode, late.body).toBe(201);
      expect((await notesOf(late.json().data.orderId))[0]).toBe(
        "Opened for Dana on Front while it was offline; sent when it reconnected (86'd since: Fries)",
      );
      const now = await register('employee', 'POST', '/checks', { key: randomUUID(), payload: withFries });
      expect(now.statusCode, now.body).toBe(400);
    } finally {
      await kit.staff('employee', 'PUT', `/ordering-settings/sold-out/${ids.fries}`, { soldOut: false });
    }
  });

  it('refuses bad input with the reasons, and stores nothing', async () => {
    const key = randomUUID();
    const empty = await register('employee', 'POST', '/checks', { key, payload: kept({ lines: [] }) });
    expect([empty.statusCode, empty.json().errors]).toEqual([
      400,
      [{ path: 'lines', message: 'Add at least one line to send' }],
    ]);
    const badTime = await register('employee', 'POST', '/checks', {
      key,
      payload: kept({ offline: { openedAt: 'an hour ago' } }),
    });
    expect([badTime.statusCode, badTime.json().errors]).toEqual([
      400,
      [{ path: 'offline.openedAt', message: 'Opened at must be an ISO date-time' }],
    ]);
    const badSend = await register('employee', 'POST', '/checks', { key, payload: kept({ send: 'yes' }) });
    expect(badSend.statusCode).toBe(400);
    expect(badSend.body).toContain('Send must be true or false');
    expect(await ordersOfKey(key)).toContain('"n":0');
  });

  it("gives another tenant's user nothing", async () => {
    const answer = await register('otherOwner', 'POST', '/checks', { key: randomUUID(), payload: kept() });
    expect(answer.statusCode).toBe(403);
  });
});
