import { randomUUID } from 'node:crypto';
import { EpsonSdpEmulator, StarCloudPrntEmulator } from '@brigade/cloud-printers/emulator';
import type { JobRunner } from '@brigade/core/jobs/job-runner';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../job-runtime';
import { useTestApp } from '../test-app';
import { overHttp } from '../test-client';
import { useOrderingRestaurant } from './test-ordering';

/**
 * Printing from anywhere (issue 46 item 9, decision 053): printers on Star CloudPRNT and Epson Server Direct
 * Print poll the server over real HTTP, here as emulators that speak the makers' protocols. A register sale
 * puts its kitchen ticket, receipt and drawer kick in the print queue; the printers collect and confirm
 * them. A printer out of paper, or one that never polls, fails the way a TCP printer that is off does: tried
 * again, then the station's backup printer, then the ticket waits for Retry.
 */

const COLLECT_SECONDS = 2;
const t = useTestApp({
  env: { CLOUD_PRINT_COLLECT_SECONDS: String(COLLECT_SECONDS), CARDPOINTE_RECONCILE_PAUSE_MS: '0' },
});
const kit = useOrderingRestaurant(t);
const other = useOrderingRestaurant(t);

const ids: Record<string, number> = {};
const MAC = { line: '00:11:62:aa:bb:01', backup: '00-11-62-AA-BB-02' };
let jobs: JobRunner | undefined;
const running: { stop(): Promise<void> }[] = [];

interface Link {
  pollUrl: string;
  userName: string;
  password: string;
}

/** A printer's link, made over real HTTP: the poll URL is this server's (the address the request came to). */
const link = async (which: typeof kit, printerId: number): Promise<Link> => {
  const made = await overHttp(t.baseUrl, {
    method: 'POST',
    url: `/api/v1/tenants/${which.tenantId}/restaurants/${which.restaurantId}/printers/${printerId}/cloud-link`,
    session: which.sessions.manager,
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().data;
};
const star = (l: Link, mac: string) =>
  new StarCloudPrntEmulator({ ...l, url: l.pollUrl, deviceId: mac, intervalMs: 100 });
const epson = (l: Link, id: string) =>
  new EpsonSdpEmulator({ ...l, url: l.pollUrl, deviceId: id, intervalMs: 100 });
const started = <T extends { start(): T; stop(): Promise<void> }>(emulator: T): T => {
  running.push(emulator);
  return emulator.start();
};

const links: Record<string, Link> = {};

beforeAll(async () => {
  await t.database.db.execute(
    sql`update pgboss.queue set retry_delay = 0, retry_backoff = false
        where name in ('kitchen.ticket', 'pos.drawer', 'pos.receipt', 'print.deadline')`,
  );
  jobs = createJobRunner(
    t.deps,
    { db: t.database.db, storage: t.deps.imageStorage, instanceId: 'test' },
    t.app.log,
  );
  await jobs.start();
  const create = async (kind: string, record: object) =>
    (await kit.create(kind, record)) as Record<string, number>;
  const cloud = (name: string, connection: string, cloudDeviceId: string) =>
    create('printers', {
      name,
      model: 'cloud',
      connection,
      cloudDeviceId,
      hasCashDrawer: 'One Cash Drawer',
      cashDrawer: {},
    });
  ids.backup = (await cloud('Backup', 'Star CloudPRNT', MAC.backup)).printerId!;
  ids.line = (await cloud('Line', 'Star CloudPRNT', MAC.line)).printerId!;
  ids.bar = (await cloud('Bar', 'Epson Server Direct Print', 'BAR1')).printerId!;
  ids.tcp = (await create('printers', { name: 'Old', model: 'TM-T88' })).printerId!;
  ids.grill = (
    await create('prep-stations', { name: 'Grill', ticketPrinterId: ids.line, backupPrinterId: ids.backup })
  ).prepStationId!;
  ids.drinks = (await create('prep-stations', { name: 'Drinks', ticketPrinterId: ids.bar })).prepStationId!;
  ids.burger = (await create('items', { name: 'Burger', basePrice: 12, prepStationIds: [ids.grill] }))
    .itemId!;
  ids.spritz = (await create('items', { name: 'Spritz', basePrice: 9, prepStationIds: [ids.drinks] }))
    .itemId!;
  await create('menu-groups', {
    name: 'Counter',
    isMenu: true,
    items: [ids.burger, ids.spritz].map((itemId, position) => ({ itemId, position })),
  });
  ids.elsewhere = (
    (await other.create('printers', {
      name: 'Elsewhere',
      model: 'cloud',
      connection: 'Star CloudPRNT',
      cloudDeviceId: '00:11:62:cc:dd:03',
    })) as Record<string, number>
  ).printerId!;
  links.line = await link(kit, ids.line);
  links.backup = await link(kit, ids.backup);
  links.bar = await link(kit, ids.bar);
  links.elsewhere = await link(other, ids.elsewhere);
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((emulator) => emulator.stop()));
});

afterAll(async () => {
  await jobs?.stop();
});

/** Pairs a register whose receipts (and cash drawer) are on `printerId`; its device token. */
async function registerOn(printerId: number): Promise<string> {
  const paired = await kit.staff('manager', 'POST', '/pos/devices', {
    name: `Register ${randomUUID().slice(0, 4)}`,
    receiptPrinterId: printerId,
  });
  expect(paired.statusCode, paired.body).toBe(201);
  return paired.json().data.token;
}

/** A cash sale at the register: its order id. */
async function sell(token: string, items: number[]): Promise<number> {
  const sold = await overHttp(t.baseUrl, {
    method: 'POST',
    url: `/api/v1/tenants/${kit.tenantId}/restaurants/${kit.restaurantId}/pos/orders`,
    session: kit.sessions.employee,
    headers: { 'x-pos-device': token, 'idempotency-key': randomUUID() },
    payload: {
      service: 'dine_in',
      guestName: 'Table 9',
      lines: items.map((itemId) => ({ itemId, quantity: 1 })),
      tender: { method: 'cash', tendered: 5000 },
    },
  });
  expect(sold.statusCode, sold.body).toBe(201);
  return sold.json().data.orderId;
}

/** The token of the document waiting for a printer, once the job has queued it. */
async function waitingFor(printerId: number): Promise<string> {
  let token: string | undefined;
  await expect
    .poll(async () => {
      const waiting = (await t.database.db.execute(
        sql`select token from print_jobs where printer_id = ${printerId} and status = 'waiting'`,
      )) as unknown as { rows: { token: string }[] };
      token = waiting.rows[0]?.token;
      return token;
    })
    .toMatch(/^\S+$/);
  return token!;
}

type Ticket = {
  orderId: number;
  stationName: string;
  status: string;
  printedOn: number | null;
  error: string | null;
};
const ticketsOf = async (orderId: number): Promise<Ticket[]> =>
  ((await kit.staff('employee', 'GET', `/kitchen-tickets?orderId=${orderId}`)).json().data as Ticket[]).sort(
    (a, b) => a.stationName.localeCompare(b.stationName),
  );

describe('cloud printers', () => {
  it('are linked by a manager: the poll URL and a password shown once, only for cloud printers', async () => {
    expect(links.line!.pollUrl).toMatch(new RegExp(`^${t.baseUrl}/api/v1/cloud-print/[A-Za-z0-9_-]{16}$`));
    expect(links.line!.userName).toBe('001162aabb01');
    expect(links.bar!.userName).toBe('BAR1');
    expect(links.line!.password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = await t.database.db.execute(sql`select secret_hash from printer_links`);
    expect(JSON.stringify(stored)).not.toContain(links.line!.password);
    expect((await kit.staff('employee', 'POST', `/printers/${ids.line}/cloud-link`)).statusCode).toBe(403);
    expect((await other.staff('owner', 'POST', `/printers/${ids.line}/cloud-link`)).statusCode).toBe(404);
    expect((await kit.staff('otherOwner', 'POST', `/printers/${ids.line}/cloud-link`)).statusCode).toBe(403);
    const tcp = await kit.staff('manager', 'POST', `/printers/${ids.tcp}/cloud-link`);
    expect(tcp.statusCode).toBe(409);
    expect((await kit.staff('manager', 'POST', '/printers/9999/cloud-link')).statusCode).toBe(404);
    const list = (await kit.staff('manager', 'GET', '/printer-connections')).json().data;
    expect(list.find((p: { printerId: number }) => p.printerId === ids.line)).toMatchObject({
      connection: 'Star CloudPRNT',
      pollUrl: expect.stringMatching(new RegExp(`${new URL(links.line!.pollUrl).pathname}$`)),
      lastPollAt: null,
      state: 'unknown',
    });
    expect(list.find((p: { printerId: number }) => p.printerId === ids.tcp)).toMatchObject({
      connection: 'Raw TCP',
      pollUrl: null,
    });
    expect((await other.staff('owner', 'GET', '/printer-connections')).json().data).toHaveLength(1);
    expect((await kit.staff('otherOwner', 'GET', '/printer-connections')).statusCode).toBe(403);
  });

  it('refuses a cloud printer without its MAC address or ID, or with a malformed one', async () => {
    const refused = async (record: object) => {
      const answer = await kit.staff('owner', 'POST', '/printers', { name: 'X', model: 'Y', ...record });
      expect(answer.statusCode).toBe(400);
      return answer.json().errors.map((e: { message: string }) => e.message);
    };
    expect(await refused({ connection: 'Star CloudPRNT' })).toContain(
      'A cloud printer needs its MAC address (Star) or printer ID (Epson).',
    );
    expect(await refused({ connection: 'Star CloudPRNT', cloudDeviceId: 'kitchen' })).toContain(
      "A Star printer's MAC address looks like 00:11:62:1d:9a:b7",
    );
    expect(await refused({ connection: 'Epson Server Direct Print', cloudDeviceId: 'a b' })).toContain(
      'An Epson printer ID is 1 to 30 letters, digits, - or _',
    );
    expect(await refused({ connection: 'Fax' })).toContain(
      "Connection must be 'Raw TCP', 'Star CloudPRNT' or 'Epson Server Direct Print'",
    );
  });

  it("prints a sale's ticket, receipt and drawer kick on a CloudPRNT and an Epson printer", async () => {
    const line = started(star(links.line!, MAC.line));
    const bar = started(epson(links.bar!, 'BAR1'));
    const orderId = await sell(await registerOn(ids.line!), [ids.burger!, ids.spritz!]);
    const onStar = await line.waitForPrinted(3);
    const text = (match: RegExp) => onStar.filter((p) => match.test(p.text));
    expect(onStar.every((p) => p.mediaType === 'application/vnd.star.starprnt')).toBe(true);
    expect(text(/GRILL/)[0]!.text).toMatch(/1 x Burger/);
    expect(text(/GRILL/)[0]).toMatchObject({ large: true, cut: true });
    expect(text(/Total/)[0]!.text).toMatch(/Cash\s+50\.00/);
    expect(onStar.filter((p) => p.drawers.length > 0).map((p) => p.drawers)).toEqual([[1]]);
    const onEpson = await bar.waitForPrinted(1);
    expect(onEpson[0]!.text).toContain('DRINKS');
    expect(onEpson[0]!.text).toContain('1 x Spritz');
    expect(onEpson[0]!.raw).toContain(
      '<epos-print xmlns="http://www.epson-pos.com/schemas/2011/03/epos-print">',
    );
    await expect
      .poll(async () => (await ticketsOf(orderId)).map((x) => [x.stationName, x.status, x.printedOn]))
      .toEqual([
        ['Drinks', 'printed', ids.bar],
        ['Grill', 'printed', ids.line],
      ]);
    // the Epson register: its receipt and its drawer's <pulse>
    await sell(await registerOn(ids.bar!), [ids.spritz!]);
    const later = await bar.waitForPrinted(4);
    expect(later.some((p) => /Total/.test(p.text) && /Cash\s+50\.00/.test(p.text))).toBe(true);
    expect(later.filter((p) => p.drawers.length > 0).map((p) => p.raw)).toEqual([
      expect.stringContaining('<pulse drawer="drawer_1" time="pulse_100"/>'),
    ]);
    const status = (await kit.staff('manager', 'GET', '/printer-connections')).json().data;
    expect(status.find((p: { printerId: number }) => p.printerId === ids.line)).toMatchObject({
      state: 'online',
      lastStatus: '200 OK',
      lastPollAt: expect.any(String),
      waiting: 0,
    });
  });

  it('retries a ticket a CloudPRNT printer out of paper cannot print, then prints it on the backup', async () => {
    const line = started(star(links.line!, MAC.line));
    line.state = 'paper out';
    const backup = started(star(links.backup!, MAC.backup));
    const orderId = await sell(await registerOn(ids.tcp!), [ids.burger!]);
    const [ticket] = await backup.waitForPrinted(1);
    expect(ticket!.text).toContain('GRILL');
    expect(line.printed).toHaveLength(0);
    await expect
      .poll(async () => (await ticketsOf(orderId)).map((x) => [x.status, x.printedOn]))
      .toEqual([['printed', ids.backup]]);
    const status = (await kit.staff('manager', 'GET', '/printer-connections')).json().data;
    expect(status.find((p: { printerId: number }) => p.printerId === ids.line)).toMatchObject({
      state: 'paper out',
      lastStatus: '410 Out of paper',
    });
  });

  it('leaves for Retry a ticket an Epson printer out of paper could not print, and prints it then', async () => {
    const bar = started(epson(links.bar!, 'BAR1'));
    bar.state = 'paper out';
    const orderId = await sell(await registerOn(ids.tcp!), [ids.spritz!]);
    await expect
      .poll(async () => (await ticketsOf(orderId)).map((x) => [x.status, x.error]), { timeout: 15_000 })
      .toEqual([['failed', expect.stringMatching(/^Bar: EPTR_REC_EMPTY/)]]);
    expect(bar.printed).toHaveLength(0);
    bar.state = 'ready';
    const failed = (await kit.staff('employee', 'GET', `/kitchen-tickets?orderId=${orderId}`)).json().data[0];
    expect(
      (await kit.staff('employee', 'POST', `/kitchen-tickets/${failed.ticketId}/print`, {})).statusCode,
    ).toBe(200);
    await bar.waitForPrinted(1);
    await expect.poll(async () => (await ticketsOf(orderId))[0]!.status).toBe('printed');
  });

  it('gives a ticket up when its printer does not poll within the limit', async () => {
    const orderId = await sell(await registerOn(ids.tcp!), [ids.spritz!]);
    await expect
      .poll(async () => (await ticketsOf(orderId)).map((x) => [x.status, x.error]), { timeout: 20_000 })
      .toEqual([['failed', 'The printer did not collect it in time (is it on and polling?)']]);
  });

  it("answers 401 to a wrong password and 403 to another MAC; another tenant's printer gets nothing", async () => {
    const wrong = star({ ...links.line!, password: 'not-the-password' }, MAC.line);
    await wrong.poll();
    expect(wrong.answers).toEqual([401]);
    const none = await fetch(links.line!.pollUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(none.status).toBe(401);
    const stranger = star(links.line!, '00:11:62:00:00:99');
    await stranger.poll();
    expect(stranger.answers).toEqual([403]);
    const basic = `Basic ${Buffer.from(`x:${links.line!.password}`).toString('base64')}`;
    const junk = await fetch(links.line!.pollUrl, {
      method: 'POST',
      headers: { authorization: basic, 'content-type': 'application/json' },
      body: '[1]',
    });
    expect(junk.status).toBe(400);
    expect(await junk.text()).toBe('A CloudPRNT poll is a JSON object with a statusCode');
    // a ticket waiting for this tenant's printer: the other tenant's printer, with its own link, sees none of it
    await sell(await registerOn(ids.tcp!), [ids.burger!]);
    const token = await waitingFor(ids.line!);
    const elsewhere = star(links.elsewhere!, '00:11:62:cc:dd:03');
    await elsewhere.poll();
    expect(elsewhere.printed).toHaveLength(0);
    const auth = `Basic ${Buffer.from(`x:${links.elsewhere!.password}`).toString('base64')}`;
    const taken = await fetch(`${links.elsewhere!.pollUrl}?mac=00:11:62:cc:dd:03&token=${token}`, {
      headers: { authorization: auth },
    });
    expect(taken.status).toBe(404);
    const crossed = await fetch(`${links.line!.pollUrl}?mac=${MAC.line}&token=${token}`, {
      headers: { authorization: auth },
    });
    expect(crossed.status).toBe(401);
    // the right printer takes it
    const line = star(links.line!, MAC.line);
    await line.poll();
    expect(line.printed.map((p) => p.text)).toEqual([expect.stringContaining('GRILL')]);
  });

  it('hands one waiting document to one of two polls at once', async () => {
    await sell(await registerOn(ids.tcp!), [ids.spritz!]);
    await waitingFor(ids.bar!);
    const form = new URLSearchParams({ ConnectionType: 'GetRequest', ID: 'BAR1' }).toString();
    const auth = `Basic ${Buffer.from(`BAR1:${links.bar!.password}`).toString('base64')}`;
    const polls = await Promise.all(
      Array.from({ length: 4 }, () =>
        fetch(links.bar!.pollUrl, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
          body: form,
        }).then((answer) => answer.text()),
      ),
    );
    expect(polls.filter((body) => body.includes('<printjobid>'))).toHaveLength(1);
    const bad = await fetch(links.bar!.pollUrl, {
      method: 'POST',
      headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'ConnectionType=Nonsense&ID=BAR1',
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe('ConnectionType must be GetRequest or SetResponse');
  });
});
