import { instantOf } from '@brigade/domain/ordering/pickup';
import { APPROVAL_NEEDED } from '@brigade/domain/pos/check-splits';
import { rowsOf } from '@brigade/test-utils/card-data';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer } from '../test-client';
import { type Person, useOrderingRestaurant } from './test-ordering';

/**
 * Staff on the clock (issue 47 items 1 and 2, docs/behaviour/time-clock.md) on both engines: passcodes set by
 * a manager or the employee, hashed, unique per restaurant; a register unlocked by passcode (throttled, the
 * POS access config deciding who may sign in, derived access deciding a void); the time clock with the
 * clock-in rule, jobs, breaks and declared tips; a manager's audited correction; the timesheet's overtime,
 * wages and labour cost against the ledger's sales. Other tenants get nothing; employees get 403.
 */

const t = useTestApp();
const kit = useOrderingRestaurant(t);
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (who: Person, method: Method, path: string, payload?: object, device?: string) =>
  asBearer(t.app, kit.sessions[who], {
    method,
    url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}${path}`,
    ...(payload ? { payload } : {}),
    headers: device ? { 'x-pos-device': device } : {},
  });
const messages = (answer: { json: () => { errors?: { message: string }[] } }) =>
  (answer.json().errors ?? []).map((e) => e.message);
const punch = (passcode: string, body: object = {}, device = tokens.front!) =>
  call('employee', 'POST', '/pos/time-clock', { passcode, ...body }, device);

beforeAll(async () => {
  const create = async (kind: string, record: object) =>
    (await kit.create(kind, record)) as Record<string, number>;
  ids.serverJob = (await create('job-titles', { title: 'Server', defaultWage: 11 })).jobId!;
  ids.barJob = (await create('job-titles', { title: 'Bar', defaultWage: 14 })).jobId!;
  const me = (await asBearer(t.app, kit.sessions.employee, { method: 'GET', url: '/api/v1/me' })).json().data;
  const employee = async (record: object) =>
    (await create('employees', { lastName: 'Clock', posAccessConfig: { allowCodeLogin: true }, ...record }))
      .employeeId!;
  ids.sam = await employee({
    firstName: 'Sam',
    role: 'server',
    hourlyRate: 15,
    userId: me.user.uid,
    jobAssignments: [{ jobId: ids.serverJob }, { jobId: ids.barJob, wageOverride: 18 }],
  });
  ids.maria = await employee({
    firstName: 'Maria',
    role: 'manager',
    jobAssignments: [{ jobId: ids.serverJob }],
  });
  ids.cook = await employee({ firstName: 'Cook', role: 'cook', jobAssignments: [{ jobId: ids.serverJob }] });
  ids.idle = await employee({
    firstName: 'Idle',
    role: 'server',
    status: 'inactive',
    jobAssignments: [{ jobId: ids.serverJob }],
  });
  ids.jobless = await employee({ firstName: 'Jobless', role: 'server' });
  ids.noCode = await employee({
    firstName: 'NoCode',
    role: 'server',
    posAccessConfig: { allowCodeLogin: false },
    jobAssignments: [{ jobId: ids.serverJob }],
  });
  ids.soup = (await create('items', { name: 'Soup', basePrice: 12 })).itemId!;
  await create('menu-groups', { name: 'Counter', isMenu: true, items: [{ itemId: ids.soup, position: 0 }] });
  for (const name of ['front', 'back']) {
    const paired = await call('manager', 'POST', '/pos/devices', { name });
    expect(paired.statusCode, paired.body).toBe(201);
    tokens[name] = paired.json().data.token;
  }
});

describe('passcodes', () => {
  it('are 4 to 8 digits, set by a manager, unique in the restaurant, and never answered or audited', async () => {
    for (const passcode of ['123', '123456789', '12a4', 1234]) {
      const bad = await call('manager', 'PUT', `/employees/${ids.sam}/passcode`, { passcode });
      expect(bad.statusCode).toBe(400);
      expect(messages(bad)).toContain('Passcode must be 4 to 8 digits');
    }
    const set = await call('manager', 'PUT', `/employees/${ids.maria}/passcode`, { passcode: '9090' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ employeeId: ids.maria, hasPasscode: true });
    expect(set.body).not.toContain('9090');
    const taken = await call('manager', 'PUT', `/employees/${ids.cook}/passcode`, { passcode: '9090' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('Another employee of this restaurant already uses this passcode');
    for (const [id, passcode] of [
      [ids.cook, '5555'],
      [ids.idle, '6666'],
      [ids.jobless, '7777'],
      [ids.noCode, '3333'],
    ] as const)
      expect((await call('manager', 'PUT', `/employees/${id}/passcode`, { passcode })).statusCode).toBe(200);
    const stored = await t.database.db.execute(sql`select passcode_hash from employee_passcodes`);
    expect(JSON.stringify(stored)).not.toMatch(/9090|5555/);
    const audited = await t.database.db.execute(
      sql`select changes::text as changes from audit_log where table_name = 'employee_passcodes'`,
    );
    expect(rowsOf(audited).length).toBeGreaterThan(0);
    expect(JSON.stringify(rowsOf(audited))).not.toContain('argon2');
    expect(JSON.stringify(rowsOf(audited))).toContain('[redacted]');
  });

  it('may be set by the employee for their own record only; never by another tenant', async () => {
    const own = await call('employee', 'PUT', `/employees/${ids.sam}/passcode`, { passcode: '24681357' });
    expect(own.statusCode, own.body).toBe(200);
    const other = await call('employee', 'PUT', `/employees/${ids.maria}/passcode`, { passcode: '1111' });
    expect(other.statusCode).toBe(403);
    expect((await call('employee', 'GET', `/employees/${ids.maria}/passcode`)).statusCode).toBe(403);
    const foreign = await call('otherOwner', 'PUT', `/employees/${ids.sam}/passcode`, { passcode: '1111' });
    expect(foreign.statusCode).toBe(403);
    expect((await call('manager', 'GET', `/employees/999/passcode`)).statusCode).toBe(404);
    // the employee's own screen finds their record through their account
    const mine = await call('employee', 'GET', '/my-passcode');
    expect(mine.json().data).toMatchObject({ employeeId: ids.sam, name: 'Sam Clock', hasPasscode: true });
    const taken = await call('employee', 'PUT', '/my-passcode', { passcode: '9090' });
    expect(taken.statusCode).toBe(409);
    expect((await call('employee', 'PUT', '/my-passcode', { passcode: '24681357' })).statusCode).toBe(200);
    const none = await call('manager', 'GET', '/my-passcode');
    expect(none.statusCode).toBe(404);
    expect(none.json().detail).toBe('Your account is not linked to an employee of this restaurant');
    expect((await call('otherOwner', 'GET', '/my-passcode')).statusCode).toBe(403);
    // "already used" tells whether a colleague holds a code: trying codes is counted, ten an hour a person,
    // refusals included (three of this person's changes above counted)
    const probes: number[] = [];
    for (let i = 0; i < 8; i++)
      probes.push((await call('employee', 'PUT', '/my-passcode', { passcode: '9090' })).statusCode);
    expect(probes).toEqual([409, 409, 409, 409, 409, 409, 409, 429]);
    const limited = await call('employee', 'PUT', `/employees/${ids.sam}/passcode`, { passcode: '9090' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().detail).toBe('Too many passcode changes. Try again later.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the register lock', () => {
  it('unlocks with a passcode of someone the POS access config lets in', async () => {
    const sam = await call('employee', 'POST', '/pos/unlock', { passcode: '24681357' }, tokens.front);
    expect(sam.statusCode, sam.body).toBe(200);
    expect(sam.json().data.staff).toMatchObject({
      employeeId: ids.sam,
      name: 'Sam Clock',
      canManageOthers: false,
      canClockIn: true,
      jobs: [
        { jobId: ids.serverJob, title: 'Server' },
        { jobId: ids.barJob, title: 'Bar' },
      ],
      clock: { status: 'off', entry: null },
    });
    // a cook has no POS access: the passcode is right, the register stays locked
    const cook = await call('employee', 'POST', '/pos/unlock', { passcode: '5555' }, tokens.front);
    expect(cook.statusCode).toBe(403);
    expect(cook.json().detail).toBe('This employee may not sign in to the register');
    // a server whose POS access config does not allow code login
    const noCode = await call('employee', 'POST', '/pos/unlock', { passcode: '3333' }, tokens.front);
    expect(noCode.json().detail).toBe('This employee may not sign in to the register');
    const wrong = await call('employee', 'POST', '/pos/unlock', { passcode: '0000' }, tokens.front);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().detail).toBe('That passcode is not right');
    expect(wrong.body).not.toContain('0000');
    const noDevice = await call('employee', 'POST', '/pos/unlock', { passcode: '24681357' });
    expect(noDevice.statusCode).toBe(400);
    const foreign = await call('otherOwner', 'POST', '/pos/unlock', { passcode: '24681357' }, tokens.front);
    expect(foreign.statusCode).toBe(403);
  });

  it('locks a register for a minute after 5 wrong passcodes, even for the right one', async () => {
    for (let i = 0; i < 5; i++)
      expect(
        (await call('employee', 'POST', '/pos/unlock', { passcode: `000${i}` }, tokens.back)).statusCode,
      ).toBe(403);
    const locked = await call('employee', 'POST', '/pos/unlock', { passcode: '9090' }, tokens.back);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().detail).toBe('Too many wrong passcodes on this register. Try again in a minute.');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    // managers are told: the register's record says when it locked (Registers shows it)
    const devices = (await call('manager', 'GET', '/pos/devices')).json().data as {
      name: string;
      passcodeLockedAt: string | null;
    }[];
    expect(devices.find((d) => d.name === 'back')?.passcodeLockedAt).toEqual(expect.any(String));
    expect(devices.find((d) => d.name === 'front')?.passcodeLockedAt).toBeNull();
    // the other register is not locked
    expect(
      (await call('employee', 'POST', '/pos/unlock', { passcode: '9090' }, tokens.front)).statusCode,
    ).toBe(200);
  });

  it("lets the unlocked employee's derived access decide a void, whoever's session runs the register", async () => {
    const voidIt = (who: Person) =>
      call(who, 'POST', '/pos/orders/999999/void', { reason: 'Wrong' }, tokens.front);
    // locked: the session's role decides, as before passcodes
    expect((await call('manager', 'POST', '/pos/lock', undefined, tokens.front)).statusCode).toBe(200);
    expect((await voidIt('employee')).json().detail).toBe('Only a manager may do this');
    expect((await voidIt('manager')).statusCode).toBe(404);
    // a server at a manager's register may not void; a manager's passcode on an employee's register may
    await call('manager', 'POST', '/pos/unlock', { passcode: '24681357' }, tokens.front);
    const refused = await voidIt('manager');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe(
      'Only a manager may do this; unlock the register with a manager passcode',
    );
    await call('employee', 'POST', '/pos/unlock', { passcode: '9090' }, tokens.front);
    expect((await voidIt('employee')).statusCode).toBe(404);
    expect((await voidIt('otherOwner')).statusCode).toBe(403);
  });
});

describe('the time clock', () => {
  let entryId = 0;

  it('refuses clock-in unless active with an active job, and asks for the job when there are several', async () => {
    const rule = 'An employee can clock in only when active and holding at least one active job assignment';
    for (const passcode of ['6666', '7777']) {
      const refused = await punch(passcode, { action: 'clock_in' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe(rule);
    }
    const choose = await punch('24681357', { action: 'clock_in' });
    expect(choose.statusCode).toBe(400);
    expect(messages(choose)).toEqual(['Choose the job to clock in for']);
    const notHeld = await punch('24681357', { action: 'clock_in', jobId: 999 });
    expect(messages(notHeld)).toEqual(['This employee holds no active assignment to that job']);
  });

  it('clocks in for a job at its wage, takes a break, and clocks out with declared tips', async () => {
    // a cook clocks in at the register without POS access: one job, chosen for them
    const cook = await punch('5555', { action: 'clock_in' });
    expect(cook.statusCode, cook.body).toBe(200);
    expect(cook.json().data.staff.clock).toMatchObject({
      status: 'on',
      entry: { jobId: ids.serverJob, wage: 1100 },
    });
    const clockIn = await punch('24681357', { action: 'clock_in', jobId: ids.barJob });
    expect(clockIn.statusCode, clockIn.body).toBe(200);
    const entry = clockIn.json().data.staff.clock.entry;
    entryId = entry.entryId;
    expect(entry).toMatchObject({ jobId: ids.barJob, jobTitle: 'Bar', wage: 1800, clockOutAt: null });
    expect((await punch('24681357', { action: 'clock_in', jobId: ids.barJob })).json().detail).toBe(
      'Already clocked in',
    );
    const onBreak = await punch('24681357', { action: 'start_break', paid: false });
    expect(onBreak.json().data.staff.clock.status).toBe('break');
    const early = await punch('24681357', { action: 'clock_out', declaredTips: 1500 });
    expect(early.statusCode).toBe(409);
    expect(early.json().detail).toBe('End the break before clocking out');
    expect((await punch('24681357', { action: 'end_break' })).json().data.staff.clock.status).toBe('on');
    const negative = await punch('24681357', { action: 'clock_out', declaredTips: -1 });
    expect(messages(negative)).toEqual(['Declared tips cannot be negative']);
    const out = await punch('24681357', { action: 'clock_out', declaredTips: 1500 });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json().data.staff.clock).toEqual({ status: 'off', entry: null });
    expect((await punch('24681357', { action: 'end_break' })).json().detail).toBe('Not clocked in');
  });

  it('lets a manager correct a shift with a reason, audited; employees and other tenants get 403', async () => {
    const day = (date: string, hour: number) => instantOf(date, hour * 60, kit.timeZone).toISOString();
    const patch = { clockInAt: day('2026-11-03', 8), clockOutAt: day('2026-11-04', 8) };
    const noReason = await call('manager', 'PATCH', `/time-entries/${entryId}`, patch);
    expect(noReason.statusCode).toBe(400);
    expect(messages(noReason)).toContain('Give a reason for the change');
    const backwards = await call('manager', 'PATCH', `/time-entries/${entryId}`, {
      reason: 'typo',
      clockInAt: patch.clockOutAt,
      clockOutAt: patch.clockInAt,
    });
    expect(messages(backwards)).toEqual(['Clock-out must be after clock-in']);
    expect(
      (await call('employee', 'PATCH', `/time-entries/${entryId}`, { ...patch, reason: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call('otherOwner', 'PATCH', `/time-entries/${entryId}`, { ...patch, reason: 'x' })).statusCode,
    ).toBe(403);
    const edited = await call('manager', 'PATCH', `/time-entries/${entryId}`, {
      ...patch,
      reason: 'Forgot to clock out',
      breaks: [{ paid: false, startedAt: day('2026-11-03', 12), endedAt: day('2026-11-03', 13) }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      editReason: 'Forgot to clock out',
      breaks: [{ paid: false }],
    });
    const audit = await t.database.db.execute(
      sql`select changes::text as changes, endpoint from audit_log where table_name = 'time_entries' and endpoint = 'editTimeEntry'`,
    );
    expect(JSON.stringify(rowsOf(audit))).toContain('Forgot to clock out');
    // a second shift the same week: 23 + 24 = 47 paid hours, 7 of them overtime
    await punch('24681357', { action: 'clock_in', jobId: ids.barJob });
    const second = (await punch('24681357', { action: 'clock_out', declaredTips: 500 })).json();
    expect(second.error).toBeUndefined();
    const sheet = await call('manager', 'GET', '/timesheets?date=2026-11-05');
    const entries = sheet.json().data.entries as { entryId: number }[];
    expect(entries.map((e) => e.entryId)).toEqual([entryId]);
    const open = await call('manager', 'GET', `/timesheets`);
    const latest = (open.json().data.entries as { entryId: number; employeeId: number }[]).find(
      (e) => e.employeeId === ids.sam,
    )!;
    const moved = await call('manager', 'PATCH', `/time-entries/${latest.entryId}`, {
      reason: 'Shift was Thursday',
      clockInAt: day('2026-11-05', 8),
      clockOutAt: day('2026-11-06', 8),
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('gives a pay period per employee: regular and overtime hours, wages at each shift’s wage, tips', async () => {
    const sheet = await call('manager', 'GET', '/timesheets?date=2026-11-05');
    expect(sheet.statusCode, sheet.body).toBe(200);
    const data = sheet.json().data;
    expect(data).toMatchObject({
      from: '2026-11-02',
      to: '2026-11-08',
      settings: { overtimeWeeklyHours: 40 },
    });
    expect(data.rows).toEqual([
      {
        employeeId: ids.sam,
        name: 'Sam Clock',
        shifts: 2,
        regularHours: 40,
        overtimeHours: 7,
        regularPay: 40 * 1800,
        overtimePay: 7 * 1800 * 1.5,
        wages: 40 * 1800 + 7 * 1800 * 1.5,
        declaredTips: 2000,
        openShift: false,
      },
    ]);
    // a lower limit for the restaurant moves hours to overtime
    const saved = await call('manager', 'PUT', '/time-clock/settings', { overtimeWeeklyHours: 30 });
    expect(saved.statusCode, saved.body).toBe(200);
    const lower = (await call('manager', 'GET', '/timesheets?date=2026-11-05')).json().data;
    expect(lower.rows[0]).toMatchObject({ regularHours: 30, overtimeHours: 17 });
    const bad = await call('manager', 'PUT', '/time-clock/settings', { overtimeWeeklyHours: 0 });
    expect(messages(bad)).toEqual(['Overtime hours must be between 1 and 168']);
    expect((await call('employee', 'GET', '/timesheets')).statusCode).toBe(403);
    expect((await call('otherOwner', 'GET', '/timesheets')).statusCode).toBe(403);
    expect((await call('manager', 'GET', '/timesheets?from=2026-11-09&to=2026-11-02')).statusCode).toBe(400);
    expect((await call('manager', 'GET', '/timesheets?date=2026-02-30')).statusCode).toBe(400);
  });

  it('sets labour cost against the ledger’s net sales by day and hour', async () => {
    const today = (await call('manager', 'GET', '/timesheets')).json().data;
    const cookShift = (today.entries as { entryId: number; employeeId: number }[]).find(
      (e) => e.employeeId === ids.cook,
    )!;
    const now = Date.now();
    const moved = await call('manager', 'PATCH', `/time-entries/${cookShift.entryId}`, {
      reason: 'Clocked in late',
      clockInAt: new Date(now - 2 * 3600_000).toISOString(),
      clockOutAt: new Date(now).toISOString(),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    // with the passcode lock on, a locked register takes no sale; unlocked, it does
    await call('manager', 'PUT', '/time-clock/settings', {
      overtimeWeeklyHours: 30,
      lockWithPasscodes: true,
    });
    await call('employee', 'POST', '/pos/lock', undefined, tokens.front);
    const sell = (key: string = crypto.randomUUID()) =>
      asBearer(t.app, kit.sessions.employee, {
        method: 'POST',
        url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}/pos/orders`,
        payload: {
          service: 'dine_in',
          lines: [{ itemId: ids.soup, quantity: 3 }],
          tender: { method: 'cash', tendered: 3600 },
        },
        headers: { 'x-pos-device': tokens.front!, 'idempotency-key': key },
      });
    const refused = await sell();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('This register is locked; unlock it with your passcode');
    await call('employee', 'POST', '/pos/unlock', { passcode: '24681357' }, tokens.front);
    const saleKey = crypto.randomUUID();
    const sale = await sell(saleKey);
    expect(sale.statusCode, sale.body).toBe(201);
    // locked again, the register resends that sale's key (its answer was lost): it answers the sale recorded
    await call('employee', 'POST', '/pos/lock', undefined, tokens.front);
    const again = await sell(saleKey);
    expect([again.statusCode, again.json().data.orderId]).toEqual([201, sale.json().data.orderId]);
    expect((await sell()).statusCode).toBe(403);
    await call('employee', 'POST', '/pos/unlock', { passcode: '24681357' }, tokens.front);
    const sheet = (await call('manager', 'GET', '/timesheets')).json().data;
    const day = (sheet.labour as { date: string; netSales: number }[]).find((d) => d.netSales > 0)!;
    // the cook's 2 hours at $11.00; the sale's $36.00 (no tax)
    expect(day).toMatchObject({ netSales: 3600, labourPercent: expect.closeTo(61.1, 0) });
    expect((day as unknown as { labourCost: number }).labourCost).toBeGreaterThanOrEqual(2199);
    expect((day as unknown as { labourCost: number }).labourCost).toBeLessThanOrEqual(2201);
    const hours = (day as unknown as { hours: { labourCost: number; netSales: number }[] }).hours;
    expect(hours.reduce((sum, h) => sum + h.netSales, 0)).toBe(3600);
    expect(hours.filter((h) => h.labourCost > 0).length).toBeGreaterThanOrEqual(2);
  });

  it("holds open checks to the lock, and a check line's void or discount to whoever unlocked", async () => {
    // the lock is on (the test above): a locked register opens no check
    await call('employee', 'POST', '/pos/lock', undefined, tokens.front);
    const open = () =>
      asBearer(t.app, kit.sessions.employee, {
        method: 'POST',
        url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}/pos/checks`,
        payload: { guestName: 'Bar 3', lines: [{ itemId: ids.soup, quantity: 1 }] },
        headers: { 'x-pos-device': tokens.front!, 'idempotency-key': crypto.randomUUID() },
      });
    const refused = await open();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toBe('This register is locked; unlock it with your passcode');
    await call('employee', 'POST', '/pos/unlock', { passcode: '24681357' }, tokens.front);
    const opened = await open();
    expect(opened.statusCode, opened.body).toBe(201);
    const { orderId } = opened.json().data;
    const sent = await call(
      'employee',
      'POST',
      `/pos/checks/${orderId}/send`,
      { version: opened.json().data.version },
      tokens.front,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const version = sent.json().data.version;
    // Sam, a server, unlocked it: a manager's session under it does not make his passcode a manager's, so a
    // discount or a void above the register's limit (10%, $10: the $12 soup) waits for a manager's approval
    const line = `/pos/checks/${orderId}/lines/1`;
    const discount = { version, kind: 'percent', value: 50, reason: 'Regular' };
    const discounted = await call('manager', 'POST', `${line}/discount`, discount, tokens.front);
    expect([discounted.statusCode, discounted.json().detail]).toEqual([403, APPROVAL_NEEDED]);
    const bySam = await call('manager', 'POST', `${line}/void`, { version, reason: 'Cold' }, tokens.front);
    expect([bySam.statusCode, bySam.json().detail]).toEqual([403, APPROVAL_NEEDED]);
    // Maria's passcode on the employee's session: she manages others, so the void is hers to make
    await call('employee', 'POST', '/pos/unlock', { passcode: '9090' }, tokens.front);
    const byMaria = await call('employee', 'POST', `${line}/void`, { version, reason: 'Cold' }, tokens.front);
    expect(byMaria.statusCode, byMaria.body).toBe(200);
    expect(byMaria.json().data.lines).toEqual([]);
  });
});
