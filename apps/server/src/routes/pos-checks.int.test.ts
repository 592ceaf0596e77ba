import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { type AddressInfo, createServer } from 'node:net';
import type { JobRunner } from '@brigade/core/jobs/job-runner';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../job-runtime';
import { useTestApp } from '../test-app';
import { overHttp } from '../test-client';
import { type Person, useOrderingRestaurant } from './test-ordering';

/**
 * Open checks and the floor plan (issue 46 items 2, 4, 5; docs/behaviour/pos.md#open-checks) over real HTTP
 * on both engines: a manager lays out a room and a table; a check is opened on the table with lines on two
 * courses and seats, sent a course at a time (each round's kitchen ticket, as ESC/POS bytes at a TCP listener,
 * holds only that round's lines with their course and seat; the kitchen display likewise), reopened on a
 * second register, changed with a stale version (409), a sent line voided by a manager only, then paid twice
 * at once from two registers — one payment — and its ledger agrees with the cash.
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
const tokens: string[] = [];
let jobs: JobRunner | undefined;

const call = (
  who: Person,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { token?: string; key?: string; payload?: object } = {},
) =>
  overHttp(t.baseUrl, {
    method,
    url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}${path}`,
    session: kit.sessions[who],
    ...(options.payload ? { payload: options.payload } : {}),
    headers: {
      ...(options.token ? { 'x-pos-device': options.token } : {}),
      ...(options.key ? { 'idempotency-key': options.key } : {}),
    },
  });
const pos = (who: Person, method: 'GET' | 'POST', path: string, options: Parameters<typeof call>[3] = {}) =>
  call(who, method, `/pos${path}`, { token: tokens[0], ...options });
const messages = (answer: { json(): { errors?: { message: string }[] } }) =>
  (answer.json().errors ?? []).map((e) => e.message);
const printed = (pattern: RegExp) =>
  received.map((bytes) => bytes.toString('latin1')).filter((text) => pattern.test(text));

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
  ids.tax = (await create('tax-rates', { name: 'City', rate: 10, default: true })).taxRateId!;
  ids.printer = (
    await create('printers', { name: 'Line', model: 'TM-T88', ipSetup: 'Static', ipAddress: '127.0.0.1' })
  ).printerId!;
  ids.grill = (await create('prep-stations', { name: 'Grill', ticketPrinterId: ids.printer })).prepStationId!;
  ids.starters = (await create('courses', { name: 'Starters', number: '1' })).courseId!;
  ids.mains = (await create('courses', { name: 'Mains', number: '2' })).courseId!;
  ids.soup = (
    await create('items', {
      name: 'Onion soup',
      basePrice: 6,
      prepStationIds: [ids.grill],
      courseId: ids.starters,
    })
  ).itemId!;
  ids.steak = (
    await create('items', {
      name: 'Ribeye steak',
      basePrice: 30,
      prepStationIds: [ids.grill],
      courseId: ids.mains,
    })
  ).itemId!;
  await create('menu-groups', {
    name: 'Dinner',
    isMenu: true,
    items: [ids.soup, ids.steak].map((itemId, position) => ({ itemId, position })),
  });
  // voids and discounts above 5.00 (or 10% for a discount) need a manager (decision 056)
  const limits = await call('manager', 'PUT', '/time-clock/settings', { payload: { approvalLimit: 500 } });
  expect(limits.statusCode, limits.body).toBe(200);
  for (const name of ['Front', 'Bar']) {
    const paired = await call('manager', 'POST', '/pos/devices', { payload: { name } });
    expect(paired.statusCode, paired.body).toBe(201);
    tokens.push(paired.json().data.token);
  }
});

afterAll(async () => {
  await jobs?.stop();
  printer.close();
});

describe('the floor plan', () => {
  it('is laid out by managers only, with clear messages, and is invisible to another tenant', async () => {
    const room = await call('manager', 'POST', '/dining-rooms', { payload: { name: 'Patio' } });
    expect(room.statusCode, room.body).toBe(201);
    ids.room = room.json().data.roomId;
    expect((await call('employee', 'POST', '/dining-rooms', { payload: { name: 'Bar' } })).statusCode).toBe(
      403,
    );
    const bad = await call('manager', 'POST', '/dining-tables', {
      payload: { roomId: ids.room, name: '', seats: 0, shape: 'hexagon', x: 101 },
    });
    expect(bad.statusCode).toBe(400);
    expect(messages(bad)).toEqual([
      'Table name cannot be empty',
      'Seats must be at least 1',
      "Shape must be 'square', 'round' or 'rectangle'",
      'X cannot exceed 100',
    ]);
    const nowhere = await call('manager', 'POST', '/dining-tables', {
      payload: { roomId: 999999, name: 'T9', seats: 2 },
    });
    expect(nowhere.statusCode).toBe(400);
    expect(messages(nowhere)).toEqual(['Dining room not found']);
    const table = await call('manager', 'POST', '/dining-tables', {
      payload: { roomId: ids.room, name: 'T4', seats: 4, shape: 'round', x: 40, y: 25 },
    });
    expect(table.statusCode, table.body).toBe(201);
    ids.table = table.json().data.tableId;
    const moved = await call('manager', 'PUT', `/dining-tables/${ids.table}`, {
      payload: { roomId: ids.room, name: 'T4', seats: 4, shape: 'round', x: 45, y: 30 },
    });
    expect(moved.json().data).toMatchObject({ x: 45, y: 30 });
    expect((await call('otherOwner', 'GET', '/dining-rooms')).statusCode).toBe(403);
    expect((await call('otherOwner', 'GET', '/pos/floor', { token: tokens[0] })).statusCode).toBe(403);
    const floor = await pos('employee', 'GET', '/floor');
    expect(floor.json().data.rooms[0].tables).toEqual([
      expect.objectContaining({ name: 'T4', seats: 4, state: 'free', check: null }),
    ]);
  });
});

describe('an open check', () => {
  let orderId = 0;
  let version = 0;

  it('is opened on a table with lines on two courses and seats; nothing reaches the kitchen yet', async () => {
    const key = randomUUID();
    const payload = {
      tableId: ids.table,
      lines: [
        { itemId: ids.soup, quantity: 1, seat: 1 },
        { itemId: ids.steak, quantity: 1, seat: 2, notes: 'Medium rare' },
      ],
    };
    expect((await pos('otherOwner', 'POST', '/checks', { key, payload })).statusCode).toBe(403);
    const opened = await pos('employee', 'POST', '/checks', { key, payload });
    expect(opened.statusCode, opened.body).toBe(201);
    const check = opened.json().data;
    ({ orderId, version } = check);
    expect(check).toMatchObject({ status: 'open', guestName: 'T4', tableId: ids.table, deviceName: 'Front' });
    expect(
      check.lines.map((l: { seat: number; courseId: number; sent: boolean }) => [l.seat, l.courseId, l.sent]),
    ).toEqual([
      [1, ids.starters, false],
      [2, ids.mains, false],
    ]);
    // 6 + 30 = 36.00, City 10% = 3.60
    expect(check.totals).toMatchObject({ subtotal: 3600, tax: 360, total: 3960 });
    const again = await pos('employee', 'POST', '/checks', { key, payload });
    expect(again.json().data.orderId).toBe(orderId);
    const floor = (await pos('employee', 'GET', '/floor')).json().data;
    expect(floor.rooms[0].tables[0]).toMatchObject({
      state: 'seated',
      check: { orderId, total: 3960, unsent: 2 },
    });
    const board = (await kit.staff('employee', 'GET', `/kitchen/${ids.grill}`)).json().data;
    expect(board.tickets.map((ticket: { orderId: number }) => ticket.orderId)).not.toContain(orderId);
    expect(printed(/ONION SOUP|Onion soup/)).toEqual([]);
  });

  it('refuses a change made from a stale version, on any register, with the same 409', async () => {
    const added = await pos('employee', 'POST', `/checks/${orderId}/lines`, {
      token: tokens[1],
      payload: { version, lines: [{ itemId: ids.soup, quantity: 1, seat: 3 }] },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.version).toBe(version + 1);
    const stale = await pos('employee', 'POST', `/checks/${orderId}/lines`, {
      payload: { version, lines: [{ itemId: ids.steak, quantity: 1 }] },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe('This check was changed on another terminal: refresh it and try again');
    const fresh = (await pos('employee', 'GET', `/checks/${orderId}`)).json().data;
    expect(fresh.lines).toHaveLength(3);
    version = fresh.version;
    // an unsent line is simply removed
    const removed = await pos('employee', 'POST', `/checks/${orderId}/lines/3/remove`, {
      payload: { version },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data.totals.total).toBe(3960);
    version = removed.json().data.version;
    const bad = await pos('employee', 'POST', `/checks/${orderId}/lines`, {
      payload: { version, lines: [{ itemId: ids.soup, quantity: 0, seat: 100 }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(messages(bad)).toEqual(['Quantity must be at least 1', 'Seat cannot exceed 99']);
  });

  it('sends the starters as round 1 (their ticket alone, with the seat) and holds the mains', async () => {
    const sent = await pos('employee', 'POST', `/checks/${orderId}/send`, {
      payload: { version, courseIds: [ids.starters] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const check = sent.json().data;
    version = check.version;
    expect(check.ticketsQueued).toBe(1);
    expect(check.lines.map((l: { sent: boolean; round: number | null }) => [l.sent, l.round])).toEqual([
      [true, 1],
      [false, null],
    ]);
    await expect.poll(() => printed(/Onion soup/).length, { timeout: 15_000 }).toBe(1);
    const ticket = printed(/Onion soup/)[0]!;
    expect(ticket).toMatch(/-- Starters --/);
    expect(ticket).toMatch(/SEAT 1/);
    expect(ticket).toMatch(/DINE IN/);
    expect(ticket).not.toMatch(/Ribeye/);
    const board = (await kit.staff('employee', 'GET', `/kitchen/${ids.grill}`)).json().data;
    const mine = board.tickets.find((ticket: { orderId: number }) => ticket.orderId === orderId);
    expect(mine.courses).toEqual([
      {
        courseId: ids.starters,
        name: 'Starters',
        lines: [expect.objectContaining({ name: 'Onion soup', seat: 1 })],
      },
    ]);
    // the kitchen is done with the starters: the ticket leaves the board, the check stays open
    const bumped = await kit.staff('employee', 'POST', `/kitchen/${ids.grill}/tickets/${orderId}/bump`);
    expect(bumped.json().data.status).toBe('open');
  });

  it('lets only a manager void a sent line above the limit, with a reason; an unsent line is not voided', async () => {
    expect(
      (await pos('employee', 'POST', `/checks/${orderId}/lines/1/remove`, { payload: { version } })).json()
        .detail,
    ).toBe('This line was sent to the kitchen: a manager voids it with a reason');
    const refused = await pos('employee', 'POST', `/checks/${orderId}/lines/1/void`, {
      payload: { version, reason: 'Cold' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      "This is above the register's limit: a manager enters their passcode to approve it",
    );
    const noReason = await pos('manager', 'POST', `/checks/${orderId}/lines/1/void`, {
      payload: { version, reason: ' ' },
    });
    expect(messages(noReason)).toEqual(['Give a reason for the void']);
    expect(
      (
        await pos('manager', 'POST', `/checks/${orderId}/lines/2/void`, { payload: { version, reason: 'x' } })
      ).json().detail,
    ).toBe('This line was not sent yet: remove it instead');
    const voided = await pos('manager', 'POST', `/checks/${orderId}/lines/1/void`, {
      payload: { version, reason: 'Sent back cold' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const check = voided.json().data;
    version = check.version;
    expect(check.voided).toEqual([expect.objectContaining({ reason: 'Sent back cold' })]);
    expect(check.totals).toMatchObject({ subtotal: 3000, tax: 300, total: 3300 });
    // the station that was making it prints a VOID ticket with the reason
    await expect.poll(() => printed(/VOID #\d+/).length, { timeout: 15_000 }).toBe(1);
    expect(printed(/VOID #\d+/)[0]).toMatch(/VOID 1 x Onion soup[\s\S]*VOID: Sent back cold/);
    const tickets = (await kit.staff('employee', 'GET', `/kitchen-tickets?orderId=${orderId}`)).json().data;
    expect(tickets.filter((t: { voided: boolean }) => t.voided)).toHaveLength(1);
    // a new soup for seat 1, sent on its own round later with the mains
    const added = await pos('employee', 'POST', `/checks/${orderId}/lines`, {
      payload: { version, lines: [{ itemId: ids.soup, quantity: 1, seat: 1 }] },
    });
    version = added.json().data.version;
    expect(added.json().data.lines.map((l: { lineId: number }) => l.lineId)).toEqual([2, 3]);
  });

  it('fires the next course on another register: the starters first (firing order), then the mains', async () => {
    const first = await pos('employee', 'POST', `/checks/${orderId}/fire-next`, {
      token: tokens[1],
      payload: { version },
    });
    expect(first.statusCode, first.body).toBe(200);
    version = first.json().data.version;
    const second = await pos('employee', 'POST', `/checks/${orderId}/fire-next`, { payload: { version } });
    expect(second.statusCode, second.body).toBe(200);
    version = second.json().data.version;
    expect(second.json().data.lines.map((l: { round: number }) => l.round)).toEqual([3, 2]);
    await expect.poll(() => printed(/Ribeye/).length, { timeout: 15_000 }).toBe(1);
    expect(printed(/Ribeye/)[0]).toMatch(/-- Mains --[\s\S]*SEAT 2[\s\S]*NOTE: Medium rare/);
    expect(printed(/Ribeye/)[0]).not.toMatch(/Onion soup/);
    // the station bumped round 1: the board shows the ticket again with only what came since
    const board = (await kit.staff('employee', 'GET', `/kitchen/${ids.grill}`)).json().data;
    const mine = board.tickets.find((ticket: { orderId: number }) => ticket.orderId === orderId);
    expect(mine.courses.map((c: { name: string }) => c.name)).toEqual(['Starters', 'Mains']);
    expect(mine.courses.flatMap((c: { lines: unknown[] }) => c.lines)).toHaveLength(2);
    expect(
      (await pos('employee', 'POST', `/checks/${orderId}/send`, { payload: { version } })).json().detail,
    ).toBe('Nothing on this check is waiting to be sent');
  });

  it('is paid once when two registers pay it at the same moment, and its ledger agrees with the cash', async () => {
    const short = await pos('employee', 'POST', `/checks/${orderId}/pay`, {
      key: randomUUID(),
      payload: { version, tender: { method: 'cash', tendered: 100 } },
    });
    expect(short.statusCode).toBe(400);
    expect(messages(short)).toEqual(['The cash tendered is less than the total']);
    const stale = await pos('employee', 'POST', `/checks/${orderId}/pay`, {
      key: randomUUID(),
      payload: { version: version - 1, tender: { method: 'cash', tendered: 5000 } },
    });
    expect(stale.statusCode).toBe(409);
    const keys = [randomUUID(), randomUUID()];
    const payload = { version, tender: { method: 'cash', tendered: 5000 }, receipt: 'none' };
    const answers = await Promise.all(
      keys.map((key, index) =>
        pos('employee', 'POST', `/checks/${orderId}/pay`, { token: tokens[index], key, payload }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const paid = answers.find((a) => a.statusCode === 201)!.json().data;
    const refused = answers.find((a) => a.statusCode === 409)!.json();
    expect(refused.detail).toBe('This check is already paid');
    // 30 + 6 = 36.00 + 3.60 tax
    expect(paid).toMatchObject({ orderId, status: 'accepted', totals: { total: 3960 } });
    expect(paid.tenders).toEqual([expect.objectContaining({ method: 'cash', amount: 3960, change: 1040 })]);
    // the winning key again answers the same sale
    const winner = keys[answers.indexOf(answers.find((a) => a.statusCode === 201)!)]!;
    const replay = await pos('employee', 'POST', `/checks/${orderId}/pay`, { key: winner, payload });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().data.tenders).toHaveLength(1);
    const tenders = await t.database.db.execute(
      sql`select count(*)::int as n from order_tenders where order_id = ${orderId}`,
    );
    expect(JSON.stringify(tenders)).toContain('"n":1');
    const lines = await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.orderId, orderId));
    const sum = (pick: (l: (typeof lines)[number]) => boolean) =>
      lines.filter(pick).reduce((n, l) => n + l.amount, 0);
    expect(sum((l) => l.kind !== 'tender')).toBe(3960);
    expect(lines.filter((l) => l.kind === 'tender').map((l) => [l.event, l.amount])).toEqual([
      ['cash_taken', 3960],
    ]);
    // the table is free again, the check is off the open list, and a paid check takes no more changes
    const floor = (await pos('employee', 'GET', '/floor')).json().data;
    expect(floor.rooms[0].tables[0]).toMatchObject({ state: 'free', check: null });
    expect((await pos('employee', 'GET', '/checks')).json().data).toEqual([]);
    const late = await pos('employee', 'POST', `/checks/${orderId}/lines`, {
      payload: { version: paid.version ?? version + 2, lines: [{ itemId: ids.soup, quantity: 1 }] },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toBe('This check is already paid');
  });

  it('is paid with whatever was still unsent going to the kitchen with the payment (a counter tab)', async () => {
    const opened = await pos('employee', 'POST', '/checks', {
      key: randomUUID(),
      payload: { service: 'takeout', guestName: 'Sam', lines: [{ itemId: ids.steak, quantity: 2 }] },
    });
    const check = opened.json().data;
    expect(check).toMatchObject({ tableId: null, guestName: 'Sam', service: 'takeout' });
    const paid = await pos('employee', 'POST', `/checks/${check.orderId}/pay`, {
      key: randomUUID(),
      payload: { version: check.version, tender: { method: 'cash', tendered: 6600 }, receipt: 'none' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    await expect.poll(() => printed(/TAKEOUT[\s\S]*2 x Ribeye/).length, { timeout: 15_000 }).toBe(1);
    const order = (await kit.staff('employee', 'GET', `/orders/${check.orderId}`)).json().data;
    expect(order.status).toBe('accepted');
  });
});

describe('moving and closing a check', () => {
  it('moves a check to another table, and closes it without a sale once nothing sent is left on it', async () => {
    const second = await call('manager', 'POST', '/dining-tables', {
      payload: { roomId: ids.room, name: 'T5', seats: 2 },
    });
    const t5 = second.json().data.tableId;
    const opened = await pos('employee', 'POST', '/checks', {
      key: randomUUID(),
      payload: { tableId: ids.table, lines: [{ itemId: ids.soup, quantity: 1 }] },
    });
    let check = opened.json().data;
    const nowhere = await pos('employee', 'POST', `/checks/${check.orderId}/move`, {
      payload: { version: check.version, tableId: 999999 },
    });
    expect(nowhere.statusCode).toBe(400);
    expect(messages(nowhere)).toEqual(['Table not found']);
    const moved = await pos('employee', 'POST', `/checks/${check.orderId}/move`, {
      payload: { version: check.version, tableId: t5 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    check = moved.json().data;
    expect(check).toMatchObject({ tableId: t5, guestName: 'T5' });
    const floor = (await pos('employee', 'GET', '/floor')).json().data.rooms[0].tables;
    expect(floor.map((t: { name: string; state: string }) => [t.name, t.state])).toEqual([
      ['T4', 'free'],
      ['T5', 'seated'],
    ]);
    // a table with an open check is not deleted from under it
    const busy = await call('manager', 'DELETE', `/dining-tables/${t5}`);
    expect(busy.statusCode).toBe(409);
    check = (
      await pos('employee', 'POST', `/checks/${check.orderId}/send`, { payload: { version: check.version } })
    ).json().data;
    const refused = await pos('employee', 'POST', `/checks/${check.orderId}/close`, {
      payload: { version: check.version },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'This check has lines sent to the kitchen: a manager voids them before the check is closed',
    );
    check = (
      await pos('manager', 'POST', `/checks/${check.orderId}/lines/1/void`, {
        payload: { version: check.version, reason: 'Guest left' },
      })
    ).json().data;
    expect(
      (
        await pos('employee', 'POST', `/checks/${check.orderId}/close`, {
          payload: { version: check.version - 1 },
        })
      ).statusCode,
    ).toBe(409);
    const closed = await pos('employee', 'POST', `/checks/${check.orderId}/close`, {
      payload: { version: check.version },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data.status).toBe('cancelled');
    const after = (await pos('employee', 'GET', '/floor')).json().data.rooms[0].tables;
    expect(after.every((t: { state: string }) => t.state === 'free')).toBe(true);
    // never a sale: nothing in the ledger
    const lines = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, check.orderId));
    expect(lines).toEqual([]);
    expect((await call('manager', 'DELETE', `/dining-tables/${t5}`)).statusCode).toBe(200);
  });
});

describe('discounts and comps', () => {
  it('are a manager’s, with a reason: the line, the tax and the ledger are net of them', async () => {
    const opened = await pos('employee', 'POST', '/checks', {
      key: randomUUID(),
      payload: {
        guestName: 'Birthday',
        lines: [
          { itemId: ids.steak, quantity: 1 },
          { itemId: ids.soup, quantity: 2 },
        ],
      },
    });
    let check = opened.json().data;
    // 30 + 12 = 42.00 + 4.20
    expect(check.totals.total).toBe(4620);
    const path = `/checks/${check.orderId}/lines/1/discount`;
    const asEmployee = await pos('employee', 'POST', path, {
      payload: { version: check.version, kind: 'percent', value: 20, reason: 'Regular' },
    });
    expect(asEmployee.statusCode).toBe(403);
    const bad = await pos('manager', 'POST', path, {
      payload: { version: check.version, kind: 'percent', value: 120, reason: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(messages(bad)).toEqual(['Give a reason for the discount', 'A discount cannot be more than 100%']);
    const tenOff = await pos('manager', 'POST', path, {
      payload: { version: check.version, kind: 'percent', value: 10, reason: 'Regular' },
    });
    expect(tenOff.statusCode, tenOff.body).toBe(200);
    check = tenOff.json().data;
    expect(check.lines[0]).toMatchObject({
      lineTotal: 2700,
      discount: { kind: 'percent', value: 10, amount: 300, reason: 'Regular' },
    });
    // the soups are comped: an amount larger than the line takes the whole line
    check = (
      await pos('manager', 'POST', `/checks/${check.orderId}/lines/2/discount`, {
        payload: { version: check.version, kind: 'amount', value: 5000, reason: 'Birthday comp' },
      })
    ).json().data;
    expect(check.lines[1]).toMatchObject({ lineTotal: 0, discount: { amount: 1200 } });
    // 27.00 + 2.70 tax
    expect(check.totals).toMatchObject({ subtotal: 2700, tax: 270, total: 2970 });
    const paid = await pos('employee', 'POST', `/checks/${check.orderId}/pay`, {
      key: randomUUID(),
      payload: { version: check.version, tender: { method: 'cash', tendered: 3000 }, receipt: 'none' },
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const lines = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, check.orderId));
    expect(lines.filter((l) => l.kind !== 'tender').reduce((n, l) => n + l.amount, 0)).toBe(2970);
    expect(lines.filter((l) => l.kind === 'tender').map((l) => l.amount)).toEqual([2970]);
  });
});
