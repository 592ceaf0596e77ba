import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TENANT_CREATION_TIMEZONE } from '@brigade/domain/tenant';
import { type PrintBridge, startPrintBridge } from '@brigade/print-bridge/bridge';
import { type FakePrinter, fakePrinter } from '@brigade/print-bridge/test-printer';
import { TEST_SERVER_NODE_FLAGS } from '@brigade/test-utils/server-flags';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, CHROMIUM_ARGS, CHROMIUM_PATH, DEMO_OWNER, SCREENSHOT_DIR, signInByApi } from './harness';
import { axeViolations, fillSignIn, screenshot, serious } from './helpers';
import {
  freeServerPorts,
  HOST,
  REPO_ROOT,
  type ServerPorts,
  serverEnvironment,
  waitFor,
} from './server-process';

/**
 * The register offline (issue 47 item 5, decision 063) in Chromium against a server this file starts and
 * really stops (kill -9 of its process group), then starts again on the same data and ports. The register is
 * opened once online (the service worker keeps the shell and the opening reads), then, with the server
 * stopped, it is reloaded and opens from the cache, takes 20 cash sales (10 under Chromium's offline
 * emulation, 10 with the network up and the server simply gone), refuses a card, and shows the count
 * waiting. The server comes back: the queue is sent from two tabs at once, the first answer is lost after the
 * server recorded the sale, and the same queue is sent again as a whole afterwards — each sale is on the
 * server exactly once (orders list and the day's cash in the ledger) and the queue is empty.
 */

const SALES = 20;
const HALIBUT = 2600;

interface StoppableServer {
  ports: ServerPorts;
  api: string;
  management: string;
  start: () => Promise<void>;
  kill: () => Promise<void>;
  remove: () => void;
}

/** The server's bundle on its own copy of the seeded data, startable again on the same data and ports. */
async function stoppableServer(extraEnv: Record<string, string> = {}): Promise<StoppableServer> {
  const { serverBundle, templateDir } = inject('brigadeE2e');
  const dataDir = mkdtempSync(join(tmpdir(), 'brigade-e2e-offline-'));
  cpSync(templateDir, dataDir, { recursive: true });
  const ports = await freeServerPorts();
  const api = `http://${HOST}:${ports.api}`;
  const management = `http://${HOST}:${ports.management}`;
  const origins = [`http://${HOST}:${ports.auth}`, management];
  let child: ChildProcess | null = null;
  let output = '';
  const server: StoppableServer = {
    ports,
    api,
    management,
    async start() {
      const started = spawn(process.execPath, [...TEST_SERVER_NODE_FLAGS, serverBundle], {
        cwd: REPO_ROOT,
        env: { ...process.env, ...serverEnvironment({ dataDir, ports, origins }), ...extraEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
      child = started;
      let exited = false;
      started.on('exit', () => {
        exited = true;
      });
      started.stdout?.on('data', (chunk) => {
        output += String(chunk);
      });
      started.stderr?.on('data', (chunk) => {
        output += String(chunk);
      });
      if (!(await waitFor(`${api}/healthz`, 60_000, () => !exited)))
        throw new Error(`The server did not become healthy:\n${output.slice(-4000)}`);
    },
    async kill() {
      const running = child;
      if (!running?.pid || running.exitCode !== null) return;
      const gone = new Promise((resolve) => running.once('exit', resolve));
      process.kill(-running.pid, 'SIGKILL');
      await gone;
      child = null;
    },
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
  return server;
}

let server: StoppableServer;
let browser: Browser;
let ownerToken = '';
// the kitchen printer (raw TCP on 127.0.0.1) both the server and the print bridge print to, and the bridge
let printer: FakePrinter;
let bridge: PrintBridge;
const BRIDGE_CODE = 'e2e-bridge-pairing-code';
const bridgeState = mkdtempSync(join(tmpdir(), 'brigade-e2e-bridge-'));

beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  printer = await fakePrinter();
  server = await stoppableServer({
    KITCHEN_PRINTER_PORT: String(printer.port),
    KITCHEN_PRINTER_ALLOW_LOCAL: 'true',
  });
  bridge = await startPrintBridge({
    port: 0,
    host: HOST,
    token: BRIDGE_CODE,
    origins: [server.management],
    stateDir: bridgeState,
    printerPort: printer.port,
    // the test's printer is on this machine
    allowLoopback: true,
    logLevel: 'silent',
  });
  await server.start();
  ownerToken = await signInByApi(
    { api: server.api, authOrigin: `http://${HOST}:${server.ports.auth}` },
    DEMO_OWNER,
  );
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close().catch(() => undefined);
  await server?.kill();
  server?.remove();
  await bridge?.close();
  await printer?.stop();
  rmSync(bridgeState, { recursive: true, force: true });
});

/** The count of sales waiting, or null once none wait and the register is online (the line goes). */
const waitingText = async (page: Page) => {
  const line = page.getByTestId('sync-waiting');
  return (await line.count()) === 0 ? null : line.first().textContent();
};

/** Signs in at /pos/, picks Harbor Grill and pairs the device; the page is then run by the service worker. */
async function openAndPair(page: Page) {
  await page.goto(`${server.management}/pos/`);
  await fillSignIn(page, DEMO_OWNER);
  await page.getByRole('heading', { name: 'Select POS Terminal' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /Harbor Grill/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Pair this device' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('Device name').fill('Offline register');
  await page.getByLabel('Receipt printer').selectOption({ label: COUNTER_PRINTER });
  await page.getByRole('button', { name: 'Pair this device' }).click();
  await page.getByRole('region', { name: 'Menu' }).waitFor({ timeout: 20_000 });
  // installable: the manifest is linked and served; the worker takes the page over after a reload
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    return link ? ((await (await fetch(link.href)).json()) as { name: string; start_url: string }) : null;
  });
  expect(manifest).toMatchObject({ name: 'Brigade Register', start_url: '/pos/' });
  const device = await page.evaluate(
    () =>
      JSON.parse(localStorage.getItem('brigade-pos-device:10000001:20000001') ?? '{}') as {
        deviceId: number;
        token: string;
      },
  );
  // the emulator's card terminal on it, to see a card refused offline
  const paired = await apiCall(
    { api: server.api, authOrigin: `http://${HOST}:${server.ports.auth}` },
    'PUT',
    `/tenants/10000001/restaurants/20000001/pos/devices/${device.deviceId}/terminal`,
    { token: ownerToken, body: { hsn: 'C032UQ03960189', apiKey: 'emulator-terminal-api-key' } },
  );
  expect(paired.status).toBe(200);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.getByRole('region', { name: 'Menu' }).waitFor({ timeout: 20_000 });
  expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  expect(await page.getByTestId('connection-state').textContent()).toBe('Online');
  return device.token;
}

/** A printer on 127.0.0.1 (the test's) as the ticket printer of every prep station of Harbor Grill. */
async function kitchenPrinterEverywhere() {
  const where = { api: server.api, authOrigin: `http://${HOST}:${server.ports.auth}` };
  const base = '/tenants/10000001/restaurants/20000001';
  const made = await apiCall<{ data: { printerId: number } }>(where, 'POST', `${base}/printers`, {
    token: ownerToken,
    body: { name: 'Line printer', model: 'TM-T88', ipSetup: 'Static', ipAddress: '127.0.0.1' },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const stations = await apiCall<{ data: { prepStationId: number }[] }>(
    where,
    'GET',
    `${base}/prep-stations`,
    {
      token: ownerToken,
    },
  );
  for (const { prepStationId } of stations.body.data) {
    const set = await apiCall(where, 'PATCH', `${base}/prep-stations/${prepStationId}`, {
      token: ownerToken,
      body: { ticketPrinterId: made.body.data.printerId },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
  }
  // the register's own printer, with the cash drawer on it
  const counter = await apiCall(where, 'POST', `${base}/printers`, {
    token: ownerToken,
    body: {
      name: COUNTER_PRINTER,
      model: 'TM-T88',
      ipSetup: 'Static',
      ipAddress: '127.0.0.1',
      hasCashDrawer: 'One Cash Drawer',
      cashDrawer: {},
    },
  });
  expect(counter.status, JSON.stringify(counter.body)).toBe(201);
}
const COUNTER_PRINTER = 'Counter printer';

/** A manager sets up this register's print bridge on the Drawer screen; Save asks the bridge first. */
async function setUpBridge(page: Page) {
  await page.getByRole('link', { name: 'Drawer' }).click();
  const card = page.getByRole('region', { name: 'Print bridge' });
  await card.getByRole('button', { name: 'Set up' }).click();
  const dialog = page.getByRole('dialog', { name: 'Print bridge' });
  await dialog.getByLabel('Address').fill(bridge.url);
  await dialog.getByLabel('Pairing code').fill('not-the-code');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.getByText('The print bridge refused the pairing code').waitFor();
  expect(serious(await axeViolations(page))).toEqual([]);
  await screenshot(page, 'pos-print-bridge-refused-1280', { fullPage: false });
  await dialog.getByLabel('Pairing code').fill(BRIDGE_CODE);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await card
    .getByText(`Kitchen tickets of sales kept offline print through ${bridge.url}.`)
    .waitFor({ timeout: 10_000 });
  await screenshot(page, 'pos-print-bridge-1280', { fullPage: false });
  await page.getByRole('link', { name: 'Register' }).click();
  await page.getByRole('region', { name: 'Menu' }).waitFor();
}

/** The drawer pulse (ESC p 0): what opening the drawer sends to the printer. */
const isDrawerKick = (job: Buffer) => job.length === 5 && job[0] === 0x1b && job[1] === 0x70;
/** What the printer took, as text: the guests' receipts end with "Thank you!", the kitchen's tickets do not. */
const printedTexts = () =>
  printer.jobs.filter((job) => !isDrawerKick(job)).map((job) => job.toString('latin1'));
const ticketsPrinted = () => printedTexts().filter((text) => !text.includes('Thank you!'));
const receiptsPrinted = () => printedTexts().filter((text) => text.includes('Thank you!'));
const drawerKicks = () => printer.jobs.filter(isDrawerKick).length;

/** One Halibut & Chips paid with the exact cash: kept on the register. */
async function sellOffline(page: Page, n: number, bridged = false) {
  await page.getByRole('button', { name: 'From the Wood Grill', exact: true }).click();
  await page.getByRole('button', { name: /^Halibut & Chips/ }).click();
  await page.getByRole('button', { name: /^Cash \$/ }).click();
  const dialog = page.getByRole('dialog', { name: /^Pay \$/ });
  await dialog.getByRole('group', { name: 'Quick amounts' }).getByRole('button').first().click();
  await dialog.getByRole('button', { name: 'Take cash' }).click();
  const done = page.getByRole('dialog', { name: 'Sale kept on this register' });
  await done.waitFor();
  expect(await done.getByTestId('change-due').textContent()).toBe('$0.00');
  if (n === 1) await screenshot(page, 'pos-offline-kept-1280', { fullPage: false });
  // with the print bridge reachable the kitchen has the ticket at once
  if (bridged) {
    await done
      .getByTestId('bridge-print')
      .getByText('Kitchen tickets printed through the print bridge.')
      .waitFor({ timeout: 15_000 });
    await done.getByText('The drawer opened through the print bridge.').waitFor();
    await done
      .getByTestId('bridge-print')
      .getByText(/Receipt printed\./)
      .waitFor();
    if (n === SALES) await screenshot(page, 'pos-offline-kept-bridged-1280', { fullPage: false });
  }
  await done.getByRole('button', { name: 'New sale' }).click();
  await page.getByText('Tap an item to start a sale.').waitFor();
  await expect
    .poll(() => waitingText(page))
    .toBe(n === 1 ? '1 sale waiting to sync' : `${n} sales waiting to sync`);
}

interface ListedSale {
  orderId: number;
  totals: { total: number };
  offline: { soldAt: string } | null;
}

/** The register's sales of the day on the server, as the Sales screen reads them. */
async function serverSales(deviceToken: string) {
  const answer = await apiCall<{ data: ListedSale[] }>(
    { api: server.api, authOrigin: `http://${HOST}:${server.ports.auth}` },
    'GET',
    '/tenants/10000001/restaurants/20000001/pos/orders',
    { token: ownerToken, headers: { 'x-pos-device': deviceToken } },
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

describe('the register offline', () => {
  it('opens with the server stopped, keeps 20 cash sales, and syncs each exactly once', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      timezoneId: TENANT_CREATION_TIMEZONE,
    });
    const page = await context.newPage();
    await kitchenPrinterEverywhere();
    const deviceToken = await openAndPair(page);
    await setUpBridge(page);
    const stationsPerSale = await halibutStations(deviceToken);

    // the server really stops; the register opens from the worker's cache and says it is offline
    await server.kill();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('region', { name: 'Menu' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => page.getByTestId('connection-state').textContent()).toBe('Offline');
    expect(await waitingText(page)).toBe('No sales waiting to sync');
    for (let n = 1; n <= SALES / 2; n += 1) await sellOffline(page, n);
    // the network is back but the server is not: the register finds out by its failed requests
    await context.setOffline(false);
    for (let n = SALES / 2 + 1; n <= SALES; n += 1) await sellOffline(page, n, true);
    await expect.poll(() => page.getByTestId('connection-state').textContent()).toBe('Offline');
    // the server is still down: the last ten sales' tickets printed through the bridge, titled OFFLINE n
    const offlineTitled = () => ticketsPrinted().filter((text) => /OFFLINE \d+/.test(text));
    expect(offlineTitled().length).toBeGreaterThanOrEqual((SALES / 2) * stationsPerSale);
    expect(offlineTitled().every((text) => text.includes('1 x Halibut & Chips'))).toBe(true);
    // and the drawer opened for each of them, once (the server opens no drawer for a sale made offline)
    expect(drawerKicks()).toBeGreaterThanOrEqual(SALES / 2);
    // and the guest's receipt, titled as the tickets, with the cash taken
    const receipts = receiptsPrinted();
    expect(receipts.length).toBe(drawerKicks());
    expect(receipts.every((text) => /OFFLINE \d+ DINE IN/.test(text) && text.includes('Cash'))).toBe(true);
    expect(new Set(receipts.map((text) => /OFFLINE \d+/.exec(text)![0])).size).toBe(receipts.length);
    const kicks = drawerKicks();

    // a guest who pays later by card: the check is kept on the register, its ticket printed through the bridge
    const ticketsBefore = ticketsPrinted().length;
    await page.getByRole('button', { name: /^Halibut & Chips/ }).click();
    await page.getByPlaceholder('Guest name or table tent (optional)').fill('Dana');
    await page.getByRole('button', { name: 'Send, pay later' }).click();
    const keptCheck = page.getByRole('dialog', { name: 'Check kept on this register' });
    await keptCheck
      .getByTestId('bridge-print')
      .getByText('Kitchen tickets printed through the print bridge.')
      .waitFor({ timeout: 15_000 });
    expect(await keptCheck.getByTestId('check-kept').textContent()).toContain(
      `it opens as a tab for Dana when the connection is back (${SALES + 1} waiting)`,
    );
    expect(serious(await axeViolations(page))).toEqual([]);
    await screenshot(page, 'pos-offline-check-kept-1280', { fullPage: false });
    await keptCheck.getByRole('button', { name: 'New sale' }).click();
    await page.getByText('Tap an item to start a sale.').waitFor();
    expect(ticketsPrinted().length).toBe(ticketsBefore + stationsPerSale);
    // no money taken: no drawer opened, no receipt
    expect(drawerKicks()).toBe(kicks);

    // a card is refused offline, with the reason
    await page.getByRole('button', { name: /^Halibut & Chips/ }).click();
    await page.getByText('Card payments need a connection — take cash or keep the check open').waitFor();
    await screenshot(page, 'pos-offline-banner-1280', { fullPage: false });
    await page.getByRole('button', { name: /^Card \$/ }).click();
    const card = page.getByRole('dialog', { name: /^Card \$/ });
    expect(await card.getByTestId('card-offline').textContent()).toBe(
      'Card payments need a connection — take cash or keep the check open',
    );
    expect(await card.getByRole('button', { name: 'Charge card' }).isDisabled()).toBe(true);
    await screenshot(page, 'pos-offline-card-1280', { fullPage: false });
    await card.getByText('Close', { exact: true }).click();
    expect(serious(await axeViolations(page))).toEqual([]);
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'pos-offline-banner-1024', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });

    // what waits, as the browser keeps it: for sending it all again after the sync
    const queued = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('brigade-pos-offline');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const all = await new Promise<{ key: string; body: unknown; kind?: string }[]>((resolve, reject) => {
        const request = db.transaction('sales').objectStore('sales').getAll();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      db.close();
      return all.map(({ key, body, kind }) => ({ key, body, kind }));
    });
    expect(queued).toHaveLength(SALES + 1);
    expect(new Set(queued.map((q) => q.key)).size).toBe(SALES + 1);
    expect(queued.filter((q) => q.kind === 'check')).toHaveLength(1);
    const queuedSales = queued.filter((q) => q.kind === undefined);

    // a second tab of the register; the first loses the answer to its first send (the server kept the sale)
    const second = await context.newPage();
    await second.goto(`${server.management}/pos/`);
    await second.getByRole('region', { name: 'Menu' }).waitFor({ timeout: 20_000 });
    await expect.poll(() => waitingText(second)).toBe(`${SALES + 1} sales waiting to sync`);
    // the first batch of sales sent (by either tab) loses its answer after the server recorded it; nothing is
    // sent until the test has 86'd the item sold (the sales were made before: they are recorded all the same)
    const batches: string[][] = [];
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    await context.route('**/pos/orders/sync', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      await gate;
      const body = route.request().postDataJSON() as { sales: { idempotencyKey: string }[] };
      batches.push(body.sales.map((sale) => sale.idempotencyKey));
      if (batches.length > 1) return route.fallback();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await server.start();
    await eightySix(deviceToken, 'Halibut & Chips');
    open();
    // both tabs find the server again by themselves (they ask every 5 s while offline) and send the queue
    for (const tab of [page, second])
      await expect.poll(() => waitingText(tab), { timeout: 60_000 }).toBeNull();
    // the sales went in batches (the kept check alone between them, decision 073); the lost batch was sent
    // again under its keys; every key went at least once
    const sent = batches.flat();
    expect(batches.length).toBeLessThan(sent.length);
    for (const key of batches[0]!) expect(sent.filter((k) => k === key)).toHaveLength(2);
    expect(new Set(sent)).toEqual(new Set(queuedSales.map((q) => q.key)));
    expect(await page.getByTestId('connection-state').textContent()).toBe('Online');

    // every sale's tickets printed exactly once: by the bridge at the sale, or by the server when it arrived
    // (and the kept check's)
    const printedTickets = (SALES + 1) * stationsPerSale;
    await expect.poll(() => ticketsPrinted().length, { timeout: 60_000 }).toBe(printedTickets);
    expect(drawerKicks()).toBe(kicks);
    const byBridge = offlineTitled();
    const byServer = ticketsPrinted().filter((text) => /#\d+/.test(text));
    expect(byBridge.length + byServer.length).toBe(printedTickets);
    const titles = (texts: string[]) => new Set(texts.map((text) => /(OFFLINE \d+|#\d+)/.exec(text)![1]));
    expect(titles(byBridge).size * stationsPerSale).toBe(byBridge.length);
    expect(titles(byServer).size * stationsPerSale).toBe(byServer.length);

    // the kept check is open on the server once, as a tab for Dana, its line sent (though 86'd since)
    const checks = await apiCall<{ data: { guestName: string | null; lines: { sent: boolean }[] }[] }>(
      { api: server.api, authOrigin: `http://${HOST}:${server.ports.auth}` },
      'GET',
      '/tenants/10000001/restaurants/20000001/pos/checks',
      { token: ownerToken, headers: { 'x-pos-device': deviceToken } },
    );
    const dana = checks.body.data.filter((check) => check.guestName === 'Dana');
    expect(dana).toHaveLength(1);
    expect(dana[0]!.lines.map((line) => line.sent)).toEqual([true]);

    const day = await serverSales(deviceToken);
    const offline = day.filter((sale) => sale.offline !== null);
    expect(offline).toHaveLength(SALES);
    expect(new Set(offline.map((s) => s.orderId)).size).toBe(SALES);
    expect(offline.every((s) => s.totals.total > HALIBUT)).toBe(true);

    // the same queue sent again as a whole (a browser that died before it could clear it): nothing new
    const again = await page.evaluate(
      async ({ queued, token }) => {
        const statuses: number[] = [];
        for (const sale of queued) {
          const answer = await fetch('/api/v1/tenants/10000001/restaurants/20000001/pos/orders', {
            method: 'POST',
            credentials: 'include',
            headers: {
              'content-type': 'application/json',
              'x-pos-device': token,
              'idempotency-key': sale.key,
            },
            body: JSON.stringify(sale.body),
          });
          statuses.push(answer.status);
        }
        return statuses;
      },
      { queued: queuedSales, token: deviceToken },
    );
    expect(again).toEqual(Array(SALES).fill(201));
    // and no ticket prints again
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(ticketsPrinted()).toHaveLength(printedTickets);
    expect(drawerKicks()).toBe(kicks);
    expect(receiptsPrinted()).toHaveLength(kicks);
    const after = (await serverSales(deviceToken)).filter((sale) => sale.offline !== null);
    expect(after.map((s) => s.orderId).sort()).toEqual(offline.map((s) => s.orderId).sort());
    // the day's cash in the ledger is the 20 sales' once
    const journal = await apiCall<{ data: { days: { cashTaken: number }[] } }>(
      { api: server.api, authOrigin: `http://${HOST}:${server.ports.auth}` },
      'GET',
      `/tenants/10000001/restaurants/20000001/reports/journal?from=${await businessDay(page)}&to=${await businessDay(page)}`,
      { token: ownerToken },
    );
    expect(journal.status).toBe(200);
    const cash = offline.reduce((sum, sale) => sum + sale.totals.total, 0);
    expect(journal.body.data.days[0]?.cashTaken).toBe(cash);

    // the Sales screen marks them, and lists for a manager what was 86'd meanwhile
    await page.getByRole('link', { name: 'Sales' }).click();
    await expect.poll(() => page.getByTestId('sold-offline').count()).toBe(SALES);
    const review = page.getByTestId('offline-conflicts');
    await expect
      .poll(() => review.getByText("Halibut & Chips was sold while it was 86'd (sold out)").count())
      .toBe(SALES);
    await screenshot(page, 'pos-offline-review-1280', { fullPage: false });
    await screenshot(page, 'pos-offline-synced-sales-1280', { fullPage: false });
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'pos-offline-synced-sales-1024', { fullPage: false });
    await context.close();
    // 20 sales through the browser and a server restart: on a loaded 2-core machine it outruns the default
  }, 240_000);
});

/** Marks an item of the register's menu sold out (the 86 list online ordering shares). */
async function eightySix(deviceToken: string, name: string) {
  const where = { api: server.api, authOrigin: `http://${HOST}:${server.ports.auth}` };
  const base = '/tenants/10000001/restaurants/20000001';
  const register = await apiCall<{ data: { menus: PosGroup[] } }>(where, 'GET', `${base}/pos/register`, {
    token: ownerToken,
    headers: { 'x-pos-device': deviceToken },
  });
  const item = register.body.data.menus.flatMap(itemsOf).find((i) => i.name === name)!;
  const marked = await apiCall(where, 'PUT', `${base}/ordering-settings/sold-out/${item.itemId}`, {
    token: ownerToken,
    body: { soldOut: true },
  });
  expect(marked.status).toBe(200);
}

/** How many prep stations a Halibut & Chips ticket goes to (each has the test's printer). */
async function halibutStations(deviceToken: string) {
  const where = { api: server.api, authOrigin: `http://${HOST}:${server.ports.auth}` };
  const register = await apiCall<{
    data: { menus: PosGroup[]; kitchenPrinting: { stations: { prepStationId: number }[] } };
  }>(where, 'GET', '/tenants/10000001/restaurants/20000001/pos/register', {
    token: ownerToken,
    headers: { 'x-pos-device': deviceToken },
  });
  const item = register.body.data.menus.flatMap(itemsOf).find((i) => i.name === 'Halibut & Chips')!;
  const stations = register.body.data.kitchenPrinting.stations;
  return item.prepStationIds.length === 0 ? stations.length : item.prepStationIds.length;
}

interface PosGroup {
  items: { itemId: number; name: string; prepStationIds: number[] }[];
  groups: PosGroup[];
}
const itemsOf = (group: PosGroup): PosGroup['items'] => [...group.items, ...group.groups.flatMap(itemsOf)];

/** Today on the restaurant's clock (America/New_York, as the browser). */
const businessDay = (page: Page) =>
  page.evaluate(() => new Date().toLocaleDateString('en-CA', { timeZone: 'America/New_York' }));
