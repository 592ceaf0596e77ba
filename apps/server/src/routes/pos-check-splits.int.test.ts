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
 * Split, merged and moved checks, transfers, check-wide discounts and a manager's approval above the limit
 * (issue 46 item 5, docs/behaviour/pos.md#splitting-and-merging-checks, decision 056) over real HTTP on both
 * engines: a 4-top's check sent to the kitchen and split by seat — nothing printed again, nothing back on the
 * kitchen display, both checks on the table — then paid separately, the ledger agreeing with the cash; an
 * even split's parts to the cent; lines moved and checks merged under both versions; a transfer; a check
 * discount in the taxes and the ledger; a manager's passcode above the limit; another tenant and a locked
 * register refused.
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
interface Line {
  lineId: number;
  seat: number | null;
  name: string;
  sent: boolean;
  round: number | null;
  lineTotal: number;
}
const open = async (payload: object) => {
  const opened = await pos('employee', 'POST', '/checks', { key: randomUUID(), payload });
  expect(opened.statusCode, opened.body).toBe(201);
  return opened.json().data;
};
const ledgerOf = async (orderId: number) => {
  const lines = await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.orderId, orderId));
  return {
    sales: lines.filter((l) => l.kind !== 'tender').reduce((n, l) => n + l.amount, 0),
    cash: lines.filter((l) => l.kind === 'tender').reduce((n, l) => n + l.amount, 0),
    quantity: lines.filter((l) => l.kind === 'item').reduce((n, l) => n + l.quantity, 0),
  };
};
const payCash = (check: { orderId: number; version: number; totals: { total: number } }) =>
  pos('employee', 'POST', `/checks/${check.orderId}/pay`, {
    key: randomUUID(),
    payload: {
      version: check.version,
      tender: { method: 'cash', tendered: check.totals.total },
      receipt: 'none',
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
  await create('tax-rates', { name: 'City', rate: 10, default: true });
  ids.printer = (
    await create('printers', { name: 'Line', model: 'TM-T88', ipSetup: 'Static', ipAddress: '127.0.0.1' })
  ).printerId!;
  ids.grill = (await create('prep-stations', { name: 'Grill', ticketPrinterId: ids.printer })).prepStationId!;
  ids.soup = (await create('items', { name: 'Onion soup', basePrice: 6, prepStationIds: [ids.grill] }))
    .itemId!;
  ids.steak = (await create('items', { name: 'Ribeye steak', basePrice: 30, prepStationIds: [ids.grill] }))
    .itemId!;
  await create('menu-groups', {
    name: 'Dinner',
    isMenu: true,
    items: [ids.soup, ids.steak].map((itemId, position) => ({ itemId, position })),
  });
  const job = (await create('job-titles', { title: 'Server', defaultWage: 11 })).jobId!;
  const employee = async (record: object) =>
    (
      await create('employees', {
        lastName: 'Floor',
        posAccessConfig: { allowCodeLogin: true },
        jobAssignments: [{ jobId: job }],
        ...record,
      })
    ).employeeId!;
  ids.maria = await employee({ firstName: 'Maria', role: 'manager' });
  ids.sam = await employee({ firstName: 'Sam', role: 'server' });
  ids.gone = await employee({ firstName: 'Gone', role: 'server', status: 'inactive' });
  ids.cole = await employee({ firstName: 'Cole', role: 'cook' });
  for (const [id, passcode] of [
    [ids.maria, '9090'],
    [ids.sam, '2468'],
  ] as const)
    expect(
      (await call('manager', 'PUT', `/employees/${id}/passcode`, { payload: { passcode } })).statusCode,
    ).toBe(200);
  const room = (await call('manager', 'POST', '/dining-rooms', { payload: { name: 'Main' } })).json().data;
  for (const name of ['T1', 'T2']) {
    const table = await call('manager', 'POST', '/dining-tables', {
      payload: { roomId: room.roomId, name, seats: 4 },
    });
    ids[name] = table.json().data.tableId;
  }
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

describe('splitting a check by seat', () => {
  let first: { orderId: number; version: number; totals: { total: number }; lines: Line[] };
  let second: typeof first;

  it('gives each seat its own check on the table, lines still sent, the kitchen not sent again', async () => {
    let check = await open({
      tableId: ids.T1,
      lines: [
        { itemId: ids.soup, quantity: 1, seat: 1 },
        { itemId: ids.steak, quantity: 1, seat: 2 },
        { itemId: ids.soup, quantity: 1, seat: 2 },
      ],
    });
    check = (
      await pos('employee', 'POST', `/checks/${check.orderId}/send`, { payload: { version: check.version } })
    ).json().data;
    await expect.poll(() => printed(/Ribeye/).length, { timeout: 15_000 }).toBe(1);
    const bumped = await kit.staff('employee', 'POST', `/kitchen/${ids.grill}/tickets/${check.orderId}/bump`);
    expect(bumped.statusCode, bumped.body).toBe(200);
    const path = `/checks/${check.orderId}/split`;
    expect(
      (await pos('otherOwner', 'POST', path, { payload: { version: check.version, by: 'seat' } })).statusCode,
    ).toBe(403);
    const bad = await pos('employee', 'POST', path, { payload: { version: check.version, by: 'halves' } });
    expect(bad.statusCode).toBe(400);
    expect(messages(bad)).toEqual(["Split by must be 'seat', 'item' or 'even'"]);
    const stale = await pos('employee', 'POST', path, {
      payload: { version: check.version - 1, by: 'seat' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().detail).toBe('This check was changed on another terminal: refresh it and try again');
    const split = await pos('employee', 'POST', path, { payload: { version: check.version, by: 'seat' } });
    expect(split.statusCode, split.body).toBe(200);
    [first, second] = split.json().data.checks;
    expect(first!.orderId).toBe(check.orderId);
    expect(first!.lines.map((l) => [l.seat, l.name, l.sent, l.round])).toEqual([[1, 'Onion soup', true, 1]]);
    expect(second!.lines.map((l) => [l.lineId, l.seat, l.name, l.sent, l.round])).toEqual([
      [1, 2, 'Ribeye steak', true, 1],
      [2, 2, 'Onion soup', true, 1],
    ]);
    // 6.00 + 0.60 and 36.00 + 3.60: the two checks add up to the one
    expect([first!.totals.total, second!.totals.total]).toEqual([660, 3960]);
    // the floor shows both checks on the table; the kitchen display has nothing new; nothing printed again
    const table = (await pos('employee', 'GET', '/floor')).json().data.rooms[0].tables[0];
    expect(table.checks.map((c: { orderId: number }) => c.orderId)).toEqual([
      first!.orderId,
      second!.orderId,
    ]);
    const board = (await kit.staff('employee', 'GET', `/kitchen/${ids.grill}`)).json().data;
    const onBoard = board.tickets.map((ticket: { orderId: number }) => ticket.orderId);
    expect(onBoard).not.toContain(first!.orderId);
    expect(onBoard).not.toContain(second!.orderId);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(printed(/Ribeye|Onion soup/)).toHaveLength(1);
    const again = await pos('employee', 'POST', `/checks/${second!.orderId}/split`, {
      payload: { version: second!.version, by: 'seat' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe(
      'The lines of this check are on one seat: there is nothing to split by seat',
    );
  });

  it('sends a new round on a split check after the rounds it had (the kitchen sees it), and pays each apart', async () => {
    const added = (
      await pos('employee', 'POST', `/checks/${second.orderId}/lines`, {
        payload: { version: second.version, lines: [{ itemId: ids.soup, quantity: 1, seat: 2 }] },
      })
    ).json().data;
    const sent = (
      await pos('employee', 'POST', `/checks/${second.orderId}/send`, { payload: { version: added.version } })
    ).json().data;
    expect(sent.lines.map((l: Line) => l.round)).toEqual([1, 1, 2]);
    const board = (await kit.staff('employee', 'GET', `/kitchen/${ids.grill}`)).json().data;
    const mine = board.tickets.find((ticket: { orderId: number }) => ticket.orderId === second.orderId);
    expect(mine.courses.flatMap((c: { lines: unknown[] }) => c.lines)).toHaveLength(1);
    const one = await payCash(first);
    const two = await payCash(sent);
    expect([one.statusCode, two.statusCode]).toEqual([201, 201]);
    expect(await ledgerOf(first.orderId)).toMatchObject({ sales: 660, cash: 660 });
    expect(await ledgerOf(second.orderId)).toMatchObject({ sales: 4620, cash: 4620 });
    const table = (await pos('employee', 'GET', '/floor')).json().data.rooms[0].tables[0];
    expect(table).toMatchObject({ state: 'free', checks: [] });
  });
});

describe('an even split', () => {
  it('pays a check in N parts a cent apart at most, the dish counted once in the sales', async () => {
    const check = await open({
      tableId: ids.T2,
      lines: [
        { itemId: ids.soup, quantity: 1 },
        { itemId: ids.steak, quantity: 1 },
      ],
    });
    const bad = await pos('employee', 'POST', `/checks/${check.orderId}/split`, {
      payload: { version: check.version, by: 'even', parts: 1 },
    });
    expect(messages(bad)).toEqual(['Split into at least 2 parts']);
    const split = await pos('employee', 'POST', `/checks/${check.orderId}/split`, {
      payload: { version: check.version, by: 'even', parts: 7 },
    });
    expect(split.statusCode, split.body).toBe(200);
    const parts = split.json().data.checks as {
      orderId: number;
      version: number;
      totals: { subtotal: number; total: number };
    }[];
    expect(parts.map((p) => p.totals.subtotal)).toEqual([515, 515, 514, 514, 514, 514, 514]);
    const again = await pos('employee', 'POST', `/checks/${parts[1]!.orderId}/split`, {
      payload: { version: parts[1]!.version, by: 'even', parts: 2 },
    });
    expect(again.json().detail).toBe(
      'This check holds shares of an even split: split or move it by item instead',
    );
    for (const part of parts) expect((await payCash(part as never)).statusCode).toBe(201);
    let sales = 0;
    let quantity = 0;
    for (const part of parts) {
      const ledger = await ledgerOf(part.orderId);
      expect(ledger.sales).toBe(part.totals.total);
      sales += ledger.sales;
      quantity += ledger.quantity;
    }
    // 36.00 in all; each part's tax on its own share (10% of 5.15 rounds up)
    expect(sales - 3600).toBeGreaterThanOrEqual(358);
    expect(sales - 3600).toBeLessThanOrEqual(362);
    expect(quantity).toBe(2);
    // the kitchen printed the dishes once, on the first part's ticket (the split by seat printed the other)
    await expect.poll(() => printed(/Ribeye/).length, { timeout: 15_000 }).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(printed(/Ribeye/)).toHaveLength(2);
    expect(printed(/Ribeye/)[1]).toMatch(/1 x Onion soup/);
  });
});

describe('moving lines and merging checks', () => {
  it('moves lines between checks and tables, merges two checks, under both versions', async () => {
    const a = await open({
      tableId: ids.T1,
      lines: [
        { itemId: ids.soup, quantity: 1, seat: 1 },
        { itemId: ids.steak, quantity: 1, seat: 2 },
      ],
    });
    const b = await open({ tableId: ids.T2, lines: [{ itemId: ids.soup, quantity: 2 }] });
    // by item: the steak to a new check at T2
    const byItem = await pos('employee', 'POST', `/checks/${a.orderId}/split`, {
      payload: { version: a.version, by: 'item', lineIds: [2], tableId: ids.T2 },
    });
    expect(byItem.statusCode, byItem.body).toBe(200);
    const [a2, c] = byItem.json().data.checks;
    expect(c).toMatchObject({ tableId: ids.T2, lines: [expect.objectContaining({ name: 'Ribeye steak' })] });
    const all = await pos('employee', 'POST', `/checks/${a.orderId}/split`, {
      payload: { version: a2.version, by: 'item', lineIds: [1] },
    });
    expect(messages(all)).toEqual(['Leave at least one line on the check']);
    const missing = await pos('employee', 'POST', `/checks/${a.orderId}/split`, {
      payload: { version: a2.version, by: 'item', lineIds: [99] },
    });
    expect(missing.statusCode).toBe(404);
    // move the soups of b onto c: b's version stale is refused, nothing moves
    const staleOther = await pos('employee', 'POST', `/checks/${b.orderId}/move-lines`, {
      payload: { version: b.version, lineIds: [1], to: { orderId: c.orderId, version: c.version + 1 } },
    });
    expect(staleOther.statusCode).toBe(409);
    const moved = await pos('employee', 'POST', `/checks/${b.orderId}/move-lines`, {
      payload: { version: b.version, lineIds: [1], to: { orderId: c.orderId, version: c.version } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [b2, c2] = moved.json().data.checks;
    expect(b2.lines).toEqual([]);
    expect(c2.lines.map((l: Line) => [l.lineId, l.name])).toEqual([
      [1, 'Ribeye steak'],
      [2, 'Onion soup'],
    ]);
    expect(c2.totals.total).toBe(4620);
    // merge c into a: c closes, a holds everything
    const self = await pos('employee', 'POST', `/checks/${a.orderId}/merge`, {
      payload: { version: a2.version, from: { orderId: a.orderId, version: a2.version } },
    });
    expect(messages(self)).toEqual(['Choose another check']);
    const foreign = await pos('otherOwner', 'POST', `/checks/${a.orderId}/merge`, {
      payload: { version: a2.version, from: { orderId: c.orderId, version: c2.version } },
    });
    expect(foreign.statusCode).toBe(403);
    const merged = await pos('employee', 'POST', `/checks/${a.orderId}/merge`, {
      token: tokens[1],
      payload: { version: a2.version, from: { orderId: c.orderId, version: c2.version } },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json().data.lines.map((l: Line) => [l.lineId, l.name])).toEqual([
      [1, 'Onion soup'],
      [2, 'Ribeye steak'],
      [3, 'Onion soup'],
    ]);
    expect(merged.json().data.totals.total).toBe(5280);
    const gone = (await pos('employee', 'GET', `/checks/${c.orderId}`)).json().data;
    expect(gone.status).toBe('cancelled');
    const twice = await pos('employee', 'POST', `/checks/${a.orderId}/merge`, {
      payload: { version: merged.json().data.version, from: { orderId: c.orderId, version: gone.version } },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().detail).toBe('This check is not open any more');
    // tidy: the empty b and the merged a are closed
    for (const check of [b2, merged.json().data])
      expect(
        (
          await pos('employee', 'POST', `/checks/${check.orderId}/close`, {
            payload: { version: check.version },
          })
        ).statusCode,
      ).toBe(200);
  });
});

describe('transfers, check discounts and approvals', () => {
  let check: {
    orderId: number;
    version: number;
    totals: { subtotal: number; tax: number; total: number };
    server: { name: string } | null;
    discount: { amount: number; approvedBy: { name: string } | null } | null;
  };

  it('hands a check to another server', async () => {
    check = await open({
      guestName: 'Party',
      lines: [
        { itemId: ids.steak, quantity: 2 },
        { itemId: ids.soup, quantity: 1 },
      ],
    });
    expect(check.server).toBeNull();
    // whom the register offers: active employees with access to it (not the inactive server, not the cook)
    const register = (await pos('employee', 'GET', '/register')).json().data;
    const offered = register.servers.map((s: { name: string }) => s.name);
    expect(offered).toEqual(expect.arrayContaining(['Maria Floor', 'Sam Floor']));
    expect(offered).not.toContain('Gone Floor');
    expect(offered).not.toContain('Cole Floor');
    const nobody = await pos('employee', 'POST', `/checks/${check.orderId}/transfer`, {
      payload: { version: check.version, employeeId: ids.gone },
    });
    expect(nobody.statusCode).toBe(400);
    expect(messages(nobody)).toEqual(['Employee not found']);
    const moved = await pos('employee', 'POST', `/checks/${check.orderId}/transfer`, {
      payload: { version: check.version, employeeId: ids.sam },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    check = moved.json().data;
    expect(check.server).toEqual({ employeeId: ids.sam, name: 'Sam Floor' });
    const listed = (await pos('employee', 'GET', '/checks')).json().data;
    expect(listed.find((c: { orderId: number }) => c.orderId === check.orderId).server.name).toBe(
      'Sam Floor',
    );
  });

  it('takes a check discount within the limit from anyone, above it only with a manager’s passcode', async () => {
    const path = `/checks/${check.orderId}/discount`;
    const bad = await pos('employee', 'POST', path, {
      payload: { version: check.version, kind: 'percent', value: 120, reason: '', managerPasscode: '12' },
    });
    expect(messages(bad)).toEqual([
      'Give a reason for the discount',
      'The manager passcode must be 4 to 8 digits',
      'A discount cannot be more than 100%',
    ]);
    // 66.00: 10% is 6.60 — within 10.00 and 10%
    const small = await pos('employee', 'POST', path, {
      payload: { version: check.version, kind: 'percent', value: 10, reason: 'Regulars' },
    });
    expect(small.statusCode, small.body).toBe(200);
    check = small.json().data;
    expect(check.totals).toMatchObject({ subtotal: 5940, tax: 594, total: 6534 });
    expect(check.discount).toMatchObject({ amount: 660, approvedBy: null });
    // 50% is above: refused without a manager, refused with a server's passcode or a wrong one
    const big = { version: check.version, kind: 'percent', value: 50, reason: 'Birthday' };
    const refused = await pos('employee', 'POST', path, { payload: big });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      "This is above the register's limit: a manager enters their passcode to approve it",
    );
    const server = await pos('employee', 'POST', path, { payload: { ...big, managerPasscode: '2468' } });
    expect(server.statusCode).toBe(403);
    expect(server.json().detail).toBe('That passcode is not a manager’s');
    const wrong = await pos('employee', 'POST', path, { payload: { ...big, managerPasscode: '1111' } });
    expect(wrong.json().detail).toBe('That passcode is not right');
    const approved = await pos('employee', 'POST', path, { payload: { ...big, managerPasscode: '9090' } });
    expect(approved.statusCode, approved.body).toBe(200);
    check = approved.json().data;
    expect(check.discount).toEqual(
      expect.objectContaining({ amount: 3300, approvedBy: { employeeId: ids.maria, name: 'Maria Floor' } }),
    );
    expect(check.totals).toMatchObject({ subtotal: 3300, tax: 330, total: 3630 });
    const events = await t.database.db.execute(
      sql`select note from order_events where order_id = ${check.orderId} order by event_id`,
    );
    expect(JSON.stringify(events)).toContain(
      'Check discount of 33.00 at Front: Birthday (approved by Maria Floor)',
    );
  });

  it('voids above the limit only with a manager’s passcode, and pays net of the discount in the ledger', async () => {
    let current = (
      await pos('employee', 'POST', `/checks/${check.orderId}/send`, { payload: { version: check.version } })
    ).json().data;
    // the steaks' line is 60.00 (30.00 after the check's half): above the 10.00 limit
    const refused = await pos('employee', 'POST', `/checks/${current.orderId}/lines/1/void`, {
      payload: { version: current.version, reason: 'Overcooked' },
    });
    expect(refused.statusCode).toBe(403);
    const voided = await pos('employee', 'POST', `/checks/${current.orderId}/lines/1/void`, {
      payload: { version: current.version, reason: 'Overcooked', managerPasscode: '9090' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    current = voided.json().data;
    expect(current.voided[0].approvedBy).toEqual({ employeeId: ids.maria, name: 'Maria Floor' });
    // the soup alone: 6.00, half off, 3.00 + 0.30
    expect(current.totals).toMatchObject({ subtotal: 300, tax: 30, total: 330 });
    expect((await payCash(current)).statusCode).toBe(201);
    expect(await ledgerOf(current.orderId)).toMatchObject({ sales: 330, cash: 330 });
  });

  it('is refused on a register nobody unlocked where registers lock with passcodes', async () => {
    const check = await open({ tableId: ids.T1, lines: [{ itemId: ids.soup, quantity: 1, seat: 1 }] });
    const settings = await call('manager', 'PUT', '/time-clock/settings', {
      payload: { lockWithPasscodes: true },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    try {
      for (const [path, payload] of [
        ['split', { version: check.version, by: 'even', parts: 2 }],
        ['transfer', { version: check.version, employeeId: ids.sam }],
        [
          'discount',
          { version: check.version, kind: 'amount', value: 100, reason: 'x', managerPasscode: '9090' },
        ],
      ] as const) {
        const locked = await pos('manager', 'POST', `/checks/${check.orderId}/${path}`, { payload });
        expect(locked.statusCode, path).toBe(403);
        expect(locked.json().detail).toBe('This register is locked; unlock it with your passcode');
      }
    } finally {
      await call('manager', 'PUT', '/time-clock/settings', { payload: { lockWithPasscodes: false } });
    }
  });
});
