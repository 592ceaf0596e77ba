import { randomUUID } from 'node:crypto';
import { DEFAULT_TERMINAL, DEFAULT_TERMINAL_KEY } from '@brigade/cardpointe/terminal-emulator';
import { rowsOf } from '@brigade/test-utils/card-data';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { overHttp } from '../test-client';
import { type Person, useOrderingRestaurant } from './test-ordering';
import { terminalShopper } from './test-register';

/**
 * Tips (issue 47 item 3, docs/behaviour/tips.md) over real HTTP on both engines: register sales and open
 * checks rung up under the employee who unlocked the register (or the signed-in user's employee record when
 * the register has no lock), the close-out by that server, tip-out rules (validation, roles, other tenants),
 * and the tips report of a pay period whose pools add up to the cent.
 */

const t = useTestApp();
const kit = useOrderingRestaurant(t);
const HSN = DEFAULT_TERMINAL.hsn;
const ids: Record<string, number> = {};
const guids: Record<string, string> = {};
let token = '';
let today = '';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: Person, method: Method, path: string, payload?: object, key?: string) =>
  overHttp(t.baseUrl, {
    method,
    url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}${path}`,
    session: kit.sessions[who],
    ...(payload ? { payload } : {}),
    headers: { 'x-pos-device': token, ...(key ? { 'idempotency-key': key } : {}) },
  });
const messages = (answer: { json: () => { errors?: { message: string }[] } }) =>
  (answer.json().errors ?? []).map((e) => e.message);

const { shopper, until } = terminalShopper(kit);

const unlock = async (passcode: string) => {
  await call('employee', 'POST', '/pos/lock');
  const answer = await call('employee', 'POST', '/pos/unlock', { passcode });
  expect(answer.statusCode, answer.body).toBe(200);
};
const cashSale = async (who: Person, quantity: number) => {
  const answer = await call(
    who,
    'POST',
    '/pos/orders',
    {
      service: 'dine_in',
      lines: [{ itemId: ids.ramen, quantity }],
      tender: { method: 'cash', tendered: quantity * 1000 },
      receipt: 'none',
    },
    randomUUID(),
  );
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().data as { orderId: number; businessDate: string };
};
/** Two bowls on the card terminal, the shopper tipping `tip` dollars. */
const cardSale = async (tip: string) => {
  const answer = call(
    'employee',
    'POST',
    '/pos/orders/card',
    { service: 'dine_in', lines: [{ itemId: ids.ramen, quantity: 2 }], receipt: 'none' },
    randomUUID(),
  );
  await until('tip');
  await shopper('tip', { tip });
  await until('card');
  await shopper('card', { pan: '4111111111111111', entry: 'tap' });
  await until('sign');
  await shopper('sign');
  const done = await answer;
  expect(done.statusCode, done.body).toBe(201);
  return done.json().data as { orderId: number };
};
const serverOf = async (orderId: number) =>
  (
    rowsOf(
      await t.database.db.execute(
        sql`select server_employee_id::text as server from orders where order_id = ${orderId}`,
      ),
    ) as { server: string | null }[]
  )[0]!.server;
const punch = async (passcode: string, body: object) => {
  const answer = await call('employee', 'POST', '/pos/time-clock', { passcode, ...body });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.staff.clock;
};

beforeAll(async () => {
  const create = async (kind: string, record: object) =>
    (await kit.create(kind, record)) as Record<string, number>;
  ids.ramen = (await create('items', { name: 'Ramen', basePrice: 10 })).itemId!;
  await create('menu-groups', { name: 'Counter', isMenu: true, items: [{ itemId: ids.ramen, position: 0 }] });
  for (const title of ['Server', 'Busser', 'Bar'])
    ids[title] = (await create('job-titles', { title, defaultWage: 12 })).jobId!;
  const me = (
    await overHttp(t.baseUrl, { method: 'GET', url: '/api/v1/me', session: kit.sessions.employee })
  ).json().data;
  const people = [
    ['ann', 'Ann', 'server', 'Server', '1111'],
    ['ben', 'Ben', 'server', 'Server', '2222'],
    ['cal', 'Cal', 'host', 'Busser', '3333'],
    ['dee', 'Dee', 'host', 'Busser', '4444'],
    ['sam', 'Sam', 'server', 'Server', null],
  ] as const;
  for (const [key, firstName, role, job, passcode] of people) {
    const record = await create('employees', {
      firstName,
      lastName: 'Tips',
      role,
      posAccessConfig: { allowCodeLogin: true },
      jobAssignments: [{ jobId: ids[job] }],
      ...(key === 'sam' ? { userId: me.user.uid } : {}),
    });
    ids[key] = record.employeeId!;
    guids[key] = (record as unknown as { guid: string }).guid;
    if (passcode)
      expect((await call('manager', 'PUT', `/employees/${ids[key]}/passcode`, { passcode })).statusCode).toBe(
        200,
      );
  }
  const paired = await call('manager', 'POST', '/pos/devices', { name: 'Bar' });
  expect(paired.statusCode, paired.body).toBe(201);
  token = paired.json().data.token;
  const terminal = { hsn: HSN, apiKey: DEFAULT_TERMINAL_KEY };
  const deviceId = paired.json().data.device.deviceId;
  expect((await call('manager', 'PUT', `/pos/devices/${deviceId}/terminal`, terminal)).statusCode).toBe(200);
  const locked = await call('manager', 'PUT', '/time-clock/settings', { lockWithPasscodes: true });
  expect(locked.statusCode, locked.body).toBe(200);
});

describe('sales under the employee at the register', () => {
  it('rings up sales and card tips under whoever unlocked the register, in turn', async () => {
    await unlock('1111');
    const annCash = await cashSale('employee', 2);
    today = annCash.businessDate;
    const annCard = await cardSale('3.00');
    // Ann opens a check; Ben, at the register after her, takes its cash: the check stays Ann's
    const check = await call(
      'employee',
      'POST',
      '/pos/checks',
      { guestName: 'Bar 2', lines: [{ itemId: ids.ramen, quantity: 1 }] },
      randomUUID(),
    );
    expect(check.statusCode, check.body).toBe(201);
    await unlock('2222');
    const benCash = await cashSale('employee', 3);
    const benCard = await cardSale('5.00');
    const paid = await call(
      'employee',
      'POST',
      `/pos/checks/${check.json().data.orderId}/pay`,
      { version: check.json().data.version, tender: { method: 'cash', tendered: 1000 }, receipt: 'none' },
      randomUUID(),
    );
    expect(paid.statusCode, paid.body).toBe(201);
    for (const order of [annCash, annCard, check.json().data])
      expect(await serverOf(order.orderId)).toBe(guids.ann);
    for (const order of [benCash, benCard]) expect(await serverOf(order.orderId)).toBe(guids.ben);
    // the ledger's tip lines carry the server
    const tips = rowsOf(
      await t.database.db.execute(sql`select server_employee_id::text as server, sum(amount)::text as tips
        from ledger_lines where tenant_id = ${kit.tenantId} and kind = 'tip' group by 1`),
    ) as { server: string; tips: string }[];
    expect(Object.fromEntries(tips.map((r) => [r.server, Number(r.tips)]))).toEqual({
      [guids.ann!]: 300,
      [guids.ben!]: 500,
    });
    // the close-out counts each server's sales and tips as theirs (the session was the same for both)
    const closeOut = await call('manager', 'GET', `/reports/close-out?date=${today}`);
    expect(closeOut.statusCode, closeOut.body).toBe(200);
    const staff = closeOut.json().data.staff as { name: string; employeeId: number; tips: number }[];
    expect(staff.find((s) => s.name === 'Ann Tips')).toMatchObject({
      employeeId: ids.ann,
      tips: 300,
      grossSales: 5000,
    });
    expect(staff.find((s) => s.name === 'Ben Tips')).toMatchObject({
      employeeId: ids.ben,
      tips: 500,
      grossSales: 5000,
    });
  });

  it("records a register without the lock under the signed-in user's employee record, if any", async () => {
    await call('manager', 'PUT', '/time-clock/settings', { lockWithPasscodes: false });
    await call('employee', 'POST', '/pos/lock');
    const bySam = await cashSale('employee', 1);
    expect(await serverOf(bySam.orderId)).toBe(guids.sam);
    // the manager's account is nobody's employee record: no server
    const byManager = await cashSale('manager', 1);
    expect(await serverOf(byManager.orderId)).toBeNull();
    await call('manager', 'PUT', '/time-clock/settings', { lockWithPasscodes: true });
  });
});

describe('tip-out rules', () => {
  const busser = () => ({
    name: 'Bussers',
    basis: 'net_sales',
    percent: 3,
    sourceJobIds: [ids.Server],
    receivingJobId: ids.Busser,
  });

  it('are checked with clear messages, for managers only, and never reach another tenant', async () => {
    const bad = await call('manager', 'POST', '/tip-rules', { name: '', basis: 'sales', percent: 120 });
    expect(bad.statusCode).toBe(400);
    expect(messages(bad)).toEqual(
      expect.arrayContaining([
        'Name is required',
        'Basis must be net_sales, tips or unassigned_tips',
        'Percent must be between 0.01 and 100',
      ]),
    );
    const unknownJob = await call('manager', 'POST', '/tip-rules', { ...busser(), receivingJobId: 999 });
    expect(unknownJob.statusCode).toBe(400);
    expect(messages(unknownJob)).toEqual(['Job title not found: 999']);
    const same = await call('manager', 'POST', '/tip-rules', { ...busser(), receivingJobId: ids.Server });
    expect(messages(same)).toEqual(['The receiving job cannot also tip out in the same rule']);
    expect((await call('employee', 'POST', '/tip-rules', busser())).statusCode).toBe(403);
    expect((await call('otherOwner', 'POST', '/tip-rules', busser())).statusCode).toBe(403);
    expect((await call('manager', 'GET', '/tip-rules')).json().data).toEqual([]);
    const made = await call('manager', 'POST', '/tip-rules', busser());
    expect(made.statusCode, made.body).toBe(201);
    const rule = made.json().data;
    expect(rule).toMatchObject({ ...busser(), active: true, ruleId: expect.any(Number) });
    expect((await call('otherOwner', 'GET', '/tip-rules')).statusCode).toBe(403);
    expect((await call('employee', 'GET', '/tip-rules')).statusCode).toBe(403);
    expect((await call('otherOwner', 'DELETE', `/tip-rules/${rule.ruleId}`)).statusCode).toBe(403);
    const changed = await call('manager', 'PUT', `/tip-rules/${rule.ruleId}`, { ...busser(), percent: 2.5 });
    expect(changed.json().data.percent).toBe(2.5);
    expect((await call('manager', 'PUT', '/tip-rules/999999', busser())).statusCode).toBe(404);
    expect((await call('manager', 'DELETE', `/tip-rules/${rule.ruleId}`)).statusCode).toBe(200);
    expect((await call('manager', 'DELETE', `/tip-rules/${rule.ruleId}`)).statusCode).toBe(404);
    // a bad body stored nothing
    expect((await call('manager', 'GET', '/tip-rules')).json().data).toEqual([]);
  });
});

describe('the tips report', () => {
  it('pays out each rule by hours worked in the receiving job, adding up to the cent', async () => {
    const now = Date.now();
    const hour = 3600_000;
    const shift = async (passcode: string, hours: number, declaredTips = 0) => {
      const { entry } = await punch(passcode, { action: 'clock_in' });
      await punch(passcode, { action: 'clock_out', declaredTips });
      const moved = await call('manager', 'PATCH', `/time-entries/${entry.entryId}`, {
        reason: 'Shift of the test',
        clockInAt: new Date(now - (hours + 1) * hour).toISOString(),
        clockOutAt: new Date(now - hour).toISOString(),
      });
      expect(moved.statusCode, moved.body).toBe(200);
    };
    await shift('1111', 8, 1000);
    await shift('2222', 4);
    await shift('3333', 7);
    await shift('4444', 4);
    const rule = (body: object) => call('manager', 'POST', '/tip-rules', body);
    expect(
      (
        await rule({
          name: 'Bussers',
          basis: 'net_sales',
          percent: 3,
          sourceJobIds: [ids.Server],
          receivingJobId: ids.Busser,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await rule({
          name: 'Bar',
          basis: 'tips',
          percent: 20,
          sourceJobIds: [ids.Server],
          receivingJobId: ids.Bar,
        })
      ).statusCode,
    ).toBe(201);
    const answer = await call('manager', 'GET', `/tips?date=${today}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json().data;
    const row = (name: string) => report.rows.find((r: { name: string }) => r.name === `${name} Tips`);
    // Ann: $50.00 net sales (cash, card, and the check Ben took the cash for), 3 % is $1.50; Ben the same
    expect(row('Ann')).toEqual({
      employeeId: ids.ann,
      name: 'Ann Tips',
      hours: 8,
      netSales: 5000,
      cardTips: 300,
      cashTips: 1000,
      tipOutPaid: 150,
      tipOutReceived: 0,
      netTips: 1150,
    });
    expect(row('Ben')).toMatchObject({ netSales: 5000, cardTips: 500, tipOutPaid: 150, netTips: 350 });
    // $3.00 over 7 and 4 hours: 190.91 and 109.09 → 190 + 109, the odd cent to Cal's larger remainder
    expect(row('Cal')).toMatchObject({ hours: 7, tipOutReceived: 191, netTips: 191 });
    expect(row('Dee')).toMatchObject({ hours: 4, tipOutReceived: 109, netTips: 109 });
    // nobody worked the bar: its rule takes nothing
    expect(report.pools).toEqual([
      expect.objectContaining({ name: 'Bussers', collected: 300, status: 'shared', receivers: 2 }),
      expect.objectContaining({ name: 'Bar', collected: 0, status: 'no_receivers', receivers: 0 }),
    ]);
    expect(report.totals).toMatchObject({
      cardTips: 800,
      cashTips: 1000,
      tipOutPaid: 300,
      tipOutReceived: 300,
    });
    expect(report.totals.netTips).toBe(800 + 1000);
    expect((await call('employee', 'GET', '/tips')).statusCode).toBe(403);
    expect((await call('otherOwner', 'GET', '/tips')).statusCode).toBe(403);
    expect(messages(await call('manager', 'GET', '/tips?from=2026-01-10&to=2026-01-01'))).toEqual([
      'from must not be after to',
    ]);
  });
});

describe('the rules limit', () => {
  it('holds a restaurant to 20 tip-out rules', async () => {
    const existing = (await call('manager', 'GET', '/tip-rules')).json().data.length as number;
    const body = (n: number) => ({
      name: `Rule ${n}`,
      basis: 'tips',
      percent: 1,
      sourceJobIds: [ids.Server],
      receivingJobId: ids.Bar,
      active: false,
    });
    for (let n = existing; n < 20; n++)
      expect((await call('manager', 'POST', '/tip-rules', body(n))).statusCode).toBe(201);
    const full = await call('manager', 'POST', '/tip-rules', body(21));
    expect(full.statusCode).toBe(409);
    expect(full.json().detail).toBe('A restaurant can have at most 20 tip-out rules');
    expect((await call('manager', 'GET', '/tip-rules')).json().data).toHaveLength(20);
  });
});
