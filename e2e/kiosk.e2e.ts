import { createServer } from 'node:net';
import { TENANT_CREATION_TIMEZONE } from '@brigade/domain/tenant';
import { freePort } from '@brigade/test-utils/ports';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO_OWNER, DEMO_TENANT_ID, signInByApi, useHarness } from './harness';
import { axeViolations, type Credentials, fillSignIn, screenSettled, screenshot, serious } from './helpers';

/**
 * The self-order kiosk (issue 47 item 4) in Chromium against the real server, on the management app's port
 * (/kiosk/ is served on every app port): the owner signs in at /kiosk/ once and pairs the device as a kiosk,
 * and is signed out at once; the kiosk shows its attract screen; a guest orders a Harbor Burger (its two
 * required choices refused first, then chosen), reviews the order, is asked to choose eat here or take out and
 * to give a name or a table tent, and pays at the counter: the confirmation shows the order's number. At a
 * register the kiosk order waits among the tabs; paid in cash there, it is on management's Orders list as a
 * kiosk order. Paid by card on the kiosk's terminal, the guest prints the receipt on the kiosk's receipt
 * printer (a TCP listener in this process) and emails it. Touch at 1080×1920 (portrait) and 1280×800; axe-core
 * on each kiosk screen.
 */
const printerPort = await freePort();
const printed: string[] = [];
const printer = createServer((socket) => {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk) => chunks.push(chunk));
  socket.on('end', () => printed.push(Buffer.concat(chunks).toString('latin1')));
});
printer.listen(printerPort, '127.0.0.1');
const harness = useHarness({
  env: { KITCHEN_PRINTER_PORT: String(printerPort), KITCHEN_PRINTER_ALLOW_LOCAL: 'true' },
});
afterAll(() => {
  printer.close();
});
const PRINTER_NAME = 'E2E Kiosk printer';
const OWNER: Credentials = { email: 'owner@brigade.local', password: 'brigade-owner' };
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const centsOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

async function pairKiosk(page: Page, name = 'Entrance kiosk', printerName: string | null = null) {
  await page.goto(`${harness.managementOrigin}/kiosk/`);
  // a guest sees no sign-in form on an unpaired kiosk: a manager asks for it
  await page
    .getByRole('heading', { level: 1, name: 'This kiosk is not set up' })
    .waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Set up this kiosk' }).click();
  await fillSignIn(page, OWNER);
  await page.getByRole('heading', { name: 'Select POS Terminal' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /Harbor Grill/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Set up this kiosk' }).waitFor({ timeout: 20_000 });
  expect(await page.getByLabel('Kiosk name').inputValue()).toBe('Kiosk 1');
  await page.getByLabel('Kiosk name').fill(name);
  if (printerName) {
    const select = page.getByLabel('Receipt printer');
    await select.locator('option', { hasText: printerName }).waitFor({ state: 'attached' });
    await select.selectOption({ label: printerName });
    await screenshot(page, 'kiosk-setup-printer', { fullPage: false });
  }
  await page.getByRole('button', { name: 'Pair as a kiosk' }).click();
  // paired, and nobody is signed in any more: the attract screen
  await page.getByRole('button', { name: /Touch to order/ }).waitFor({ timeout: 30_000 });
  const session = await page.evaluate(() =>
    fetch('/api/v1/auth/session', { credentials: 'include' }).then((r) => r.status),
  );
  expect(session).not.toBe(200);
}

/** The burger: "Add to order" refused until both required groups are chosen; the line then joins the order. */
async function orderBurger(page: Page, tap: (target: Locator) => Promise<void>, shot: string) {
  await tap(page.getByRole('button', { name: 'From the Wood Grill', exact: true }));
  await tap(page.getByRole('button', { name: /^Harbor Burger/ }));
  const dialog = page.getByRole('dialog', { name: 'Harbor Burger' });
  await dialog.waitFor();
  await tap(dialog.getByRole('button', { name: /^Add to order/ }));
  await dialog.getByText('Choose an option in Temperature').waitFor();
  await dialog.getByText('Choose an option in Choose a side').waitFor();
  await screenshot(page, `${shot}-item`, { fullPage: false });
  expect(serious(await axeViolations(page))).toEqual([]);
  await tap(dialog.getByRole('button', { name: /^Medium rare/ }));
  await tap(dialog.getByRole('button', { name: /^Hand-cut fries/ }));
  await tap(dialog.getByRole('button', { name: 'One more' }));
  await tap(dialog.getByRole('button', { name: /^Add to order/ }));
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('2 items', { exact: true }).waitFor();
}

describe('self-order kiosk', () => {
  it('pairs, orders a burger with its choices and sends it to pay at the counter, where a register takes it (touch, 1080×1920)', async () => {
    const context = await harness.browser.newContext({
      viewport: { width: 1080, height: 1920 },
      hasTouch: true,
      timezoneId: TENANT_CREATION_TIMEZONE,
    });
    const page = await context.newPage();
    // a clock the test can move on (it runs at the real pace until then): the kiosk's inactivity timers
    await page.clock.install();
    const tap = (target: Locator) => target.tap();
    await pairKiosk(page);
    await screenSettled(page);
    await screenshot(page, 'kiosk-attract-1080', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    await tap(page.getByRole('button', { name: /Touch to order/ }));
    await page.getByRole('heading', { level: 1, name: 'What would you like?' }).waitFor();
    expect(await page.getByRole('button', { name: 'Review order' }).isDisabled()).toBe(true);
    await orderBurger(page, tap, 'kiosk-1080');
    await screenshot(page, 'kiosk-menu-1080', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);

    await tap(page.getByRole('button', { name: /^Review order · \$/ }));
    await page.getByRole('heading', { level: 1, name: 'Your order' }).waitFor();
    await page.getByText('Medium rare').waitFor();
    const pay = page.getByRole('button', { name: /^Pay at counter/ });
    // what is missing is said, one thing at a time, and nothing is sent
    await tap(pay);
    await page.getByRole('alert').filter({ hasText: 'Choose dine in or takeout' }).waitFor();
    await tap(page.getByRole('button', { name: 'Eat here' }));
    await tap(pay);
    await page.getByRole('alert').filter({ hasText: 'Give your name or a table tent number' }).waitFor();
    await page.getByLabel('Your name').fill('Ada');
    await page.getByLabel('Table tent number').fill('14');
    await screenshot(page, 'kiosk-review-1080', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    const shown = centsOf(await page.getByTestId('order-total').textContent());
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/kiosk/orders') && r.request().method() === 'POST',
    );
    await tap(page.getByRole('button', { name: /^Pay at counter/ }));
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const order = (
      (await response.json()) as { data: { number: number; name: string; totals: { total: number } } }
    ).data;
    // the kiosk's total is the server's
    expect(order.totals.total).toBe(shown);
    expect(order.name).toBe('Ada · Tent 14');
    expect(await page.getByTestId('order-number').textContent()).toBe(String(order.number));
    await screenshot(page, 'kiosk-done-1080', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    await tap(page.getByRole('button', { name: 'Done' }));
    await page.getByRole('button', { name: /Touch to order/ }).waitFor();

    // 1280×800 (a landscape screen) and the reach mode
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'kiosk-attract-1280', { fullPage: false });
    // a keyboard starts an order too: the attract screen's button has the focus
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'What would you like?' }).waitFor();
    await tap(page.getByRole('button', { name: 'From the Wood Grill', exact: true }));
    await screenshot(page, 'kiosk-menu-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'kiosk-menu-1024', { fullPage: false });
    expect(await fitsWidth(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    const reach = page.getByRole('button', { name: /Controls within reach/ });
    expect(await reach.getAttribute('aria-pressed')).toBe('false');
    await tap(reach);
    expect(await reach.getAttribute('aria-pressed')).toBe('true');
    const header = await page.locator('.kiosk-header').boundingBox();
    expect(header!.y).toBeGreaterThan(400);
    await screenshot(page, 'kiosk-menu-reach-1280', { fullPage: false });
    await tap(reach);
    await tap(page.getByRole('button', { name: 'Start over' }));
    await page.getByRole('button', { name: /Touch to order/ }).waitFor();

    // left alone: asked after a minute, more time on "I'm still here", then the cart cleared and the attract screen
    await tap(page.getByRole('button', { name: /Touch to order/ }));
    await orderBurger(page, tap, 'kiosk-idle');
    await page.clock.fastForward(61_000);
    const still = page.getByRole('alertdialog', { name: 'Are you still there?' });
    await still.waitFor();
    await screenshot(page, 'kiosk-idle-1280', { fullPage: false });
    await tap(still.getByRole('button', { name: "I'm still here" }));
    await still.waitFor({ state: 'detached' });
    await page.getByText('2 items', { exact: true }).waitFor();
    await page.clock.fastForward(61_000);
    await still.waitFor();
    await page.clock.fastForward(21_000);
    await page.getByRole('button', { name: /Touch to order/ }).waitFor();
    await tap(page.getByRole('button', { name: /Touch to order/ }));
    await page.getByText('Your order is empty', { exact: true }).waitFor();

    // the counter: the kiosk order waits among the tabs; paid in cash, it is a sale on the Orders list
    const counter = await harness.browser.newContext({
      viewport: { width: 1280, height: 800 },
      hasTouch: true,
      timezoneId: TENANT_CREATION_TIMEZONE,
    });
    const register = await counter.newPage();
    await register.goto(`${harness.managementOrigin}/pos/`);
    await fillSignIn(register, OWNER);
    await register.getByRole('heading', { name: 'Select POS Terminal' }).waitFor({ timeout: 20_000 });
    await register.getByRole('button', { name: /Harbor Grill/ }).click();
    await register.getByRole('heading', { level: 1, name: 'Pair this device' }).waitFor({ timeout: 20_000 });
    await register.getByLabel('Device name').fill('Kiosk counter');
    await register.getByRole('button', { name: 'Pair this device' }).click();
    await register.getByRole('region', { name: 'Menu' }).waitFor({ timeout: 20_000 });
    await tap(register.getByRole('link', { name: 'Tables' }));
    const tab = register.getByRole('button', { name: `#${order.number} · Ada · Tent 14` });
    // the register marks a kiosk's order among the tabs
    expect(await tab.locator('.pos-tab-check__kiosk').textContent()).toBe('Kiosk');
    await screenshot(register, 'kiosk-register-tabs-1280', { fullPage: false });
    await tap(tab);
    await tap(register.getByRole('button', { name: /^Pay \$/ }));
    const dialog = register.getByRole('dialog', { name: /^Pay \$/ });
    await tap(dialog.getByRole('group', { name: 'Quick amounts' }).getByRole('button').first());
    const paid = register.waitForResponse((r) => r.url().endsWith('/pay') && r.request().method() === 'POST');
    await tap(dialog.getByRole('button', { name: 'Take cash' }));
    expect((await paid).status()).toBe(201);
    await register.getByRole('dialog', { name: 'Sale complete' }).waitFor();

    const manage = await counter.newPage();
    await manage.goto(`${harness.managementOrigin}/manage/orders`);
    const pick = manage.getByRole('button', { name: /Harbor Grill/ });
    const row = manage.getByRole('link', { name: `#${order.number} · Ada · Tent 14` });
    await pick.or(row).first().waitFor({ timeout: 20_000 });
    if (await pick.isVisible()) await pick.click();
    await row.waitFor({ timeout: 20_000 });
    await manage.getByText('Kiosk · dine in').first().waitFor();
    await screenshot(manage, 'kiosk-management-orders-1280', { fullPage: false });

    // Management → Registers lists the kiosk by its kind; unpairing it stops the kiosk at its next call
    await manage.goto(`${harness.managementOrigin}/manage/pos-devices`);
    const kioskRow = manage.getByRole('row').filter({ hasText: 'Entrance kiosk' });
    await kioskRow.getByText('Self-order kiosk').waitFor({ timeout: 20_000 });
    await screenshot(manage, 'kiosk-management-registers-1280', { fullPage: false });
    await kioskRow.getByRole('button', { name: 'Unpair Entrance kiosk' }).click();
    await manage.getByRole('alertdialog').getByRole('button', { name: 'Unpair' }).click();
    await kioskRow.getByText('Unpaired', { exact: true }).waitFor();
    await counter.close();
    await page.reload();
    await page
      .getByRole('heading', { level: 1, name: 'This kiosk is not set up' })
      .waitFor({ timeout: 20_000 });
    await page.getByText('This device was unpaired by a manager; pair it again').waitFor();
    await screenshot(page, 'kiosk-unpaired-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    await context.close();
    // pairing, a menu walk in both sizes, the counter's register: 35–63 s on a loaded 2-core machine
  }, 150_000);

  it('pays at the kiosk by card on its own terminal: the order reaches the kitchen at once (touch, 1280×800)', async () => {
    const context = await harness.browser.newContext({
      viewport: { width: 1280, height: 800 },
      hasTouch: true,
      timezoneId: TENANT_CREATION_TIMEZONE,
    });
    const page = await context.newPage();
    const tap = (target: Locator) => target.tap();
    // a manager adds the kiosk's receipt printer, then sets the kiosk up with it
    const token = await signInByApi(harness, DEMO_OWNER);
    const restaurants = await apiCall<{ data: { restaurants: { restaurantId: number; name: string }[] } }>(
      harness,
      'GET',
      `/tenants/${DEMO_TENANT_ID}/restaurants`,
      { token },
    );
    const restaurantId = restaurants.body.data.restaurants.find(
      (r) => r.name === 'Harbor Grill',
    )!.restaurantId;
    const base = `/tenants/${DEMO_TENANT_ID}/restaurants/${restaurantId}`;
    const created = await apiCall(harness, 'POST', `${base}/printers`, {
      token,
      body: { name: PRINTER_NAME, model: 'TM-T88', ipSetup: 'Static', ipAddress: '127.0.0.1' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await pairKiosk(page, 'Card kiosk', PRINTER_NAME);
    const devices = await apiCall<{ data: { deviceId: number; name: string; revokedAt: string | null }[] }>(
      harness,
      'GET',
      `${base}/pos/devices`,
      { token },
    );
    const device = devices.body.data.find((d) => d.name === 'Card kiosk' && d.revokedAt === null)!;
    const paired = await apiCall(harness, 'PUT', `${base}/pos/devices/${device.deviceId}/terminal`, {
      token,
      body: { hsn: HSN, apiKey: TERMINAL_KEY },
    });
    expect(paired.status).toBe(200);
    const account = await apiCall<{ data: { gatewayUrl: string } }>(
      harness,
      'GET',
      `${base}/payments/merchant-account`,
      { token },
    );
    const terminal = await context.newPage();
    await terminal.goto(`${account.body.data.gatewayUrl}/terminal/${HSN}`);
    await terminal.getByText('Welcome').waitFor();

    await page.bringToFront();
    await page.reload();
    await tap(page.getByRole('button', { name: /Touch to order/ }));
    await orderBurger(page, tap, 'kiosk-card');
    await tap(page.getByRole('button', { name: /^Review order · \$/ }));
    await tap(page.getByRole('button', { name: 'Eat here' }));
    await page.getByLabel('Your name').fill('Sam');
    await page.getByLabel('Table tent number').fill('21');
    const total = centsOf(await page.getByTestId('order-total').textContent());
    await screenshot(page, 'kiosk-card-review-1280', { fullPage: false });
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/kiosk/orders') && r.request().method() === 'POST',
    );
    await tap(page.getByRole('button', { name: /^Pay here by card/ }));
    await page.getByRole('alertdialog', { name: 'Follow the prompts on the card terminal' }).waitFor();
    await screenshot(page, 'kiosk-card-follow-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);

    // the guest at the terminal: no tip, a Visa, a signature
    await terminal.bringToFront();
    await terminal.getByText('Add a tip?').waitFor({ timeout: 20_000 });
    await pressWhenEnabled(terminal, 'No tip');
    await terminal.getByText('Insert, tap or swipe').waitFor();
    await pressWhenEnabled(terminal, 'Visa — approved');
    await terminal.getByText('Sign below').waitFor();
    await pressWhenEnabled(terminal, 'Sign');

    await page.bringToFront();
    const response = await answer;
    expect(response.status()).toBe(201);
    const order = (
      (await response.json()) as { data: { number: number; status: string; totals: { total: number } } }
    ).data;
    expect(order).toMatchObject({ status: 'accepted', totals: { total } });
    expect(await page.getByTestId('order-number').textContent()).toBe(String(order.number));
    expect(await page.getByTestId('paid-by-card').textContent()).toContain('ending 1111');
    await screenshot(page, 'kiosk-card-done-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);

    // the receipt: printed on the kiosk's printer, then emailed
    const receipt = page.getByRole('region', { name: 'Receipt' });
    await tap(receipt.getByRole('button', { name: 'Print receipt' }));
    await receipt.getByRole('status').filter({ hasText: 'Your receipt is printing' }).waitFor();
    await expect
      .poll(() => printed.filter((text) => text.includes(`#${order.number}`)).length, { timeout: 20_000 })
      .toBe(1);
    expect(printed.find((text) => text.includes(`#${order.number}`))).toMatch(/1111/);
    expect(await receipt.getByRole('button', { name: 'Print receipt' }).count()).toBe(0);
    await tap(receipt.getByRole('button', { name: 'Email receipt' }));
    await page.getByLabel('Your email').fill('sam@example.com');
    await screenshot(page, 'kiosk-card-receipt-email-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    await tap(receipt.getByRole('button', { name: 'Send receipt' }));
    await receipt.getByRole('status').filter({ hasText: 'on its way to sam@example.com' }).waitFor();
    await page.setViewportSize({ width: 1080, height: 1920 });
    await screenshot(page, 'kiosk-card-receipt-1080', { fullPage: false });
    expect(await fitsWidth(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'kiosk-card-receipt-1280', { fullPage: false });
    expect(await receipt.getByRole('button', { name: 'No receipt' }).count()).toBe(0);
    await tap(receipt.getByRole('button', { name: 'Done' }));
    await page.getByRole('button', { name: /Touch to order/ }).waitFor();

    // paid, it is on the kitchen display at once
    const kitchen = await context.newPage();
    await kitchen.goto(`${harness.managementOrigin}/manage/kitchen`);
    await fillSignIn(kitchen, OWNER);
    const pick = kitchen.getByRole('button', { name: /Harbor Grill/ });
    const station = kitchen.getByRole('link', { name: 'Grill', exact: true });
    await pick.or(station).first().waitFor({ timeout: 20_000 });
    if (await pick.isVisible()) await pick.click();
    await station.waitFor({ timeout: 20_000 });
    await station.click();
    const kdsTicket = kitchen.getByTestId('kds-ticket').filter({ hasText: `#${order.number}` });
    await kdsTicket.waitFor({ timeout: 20_000 });
    // the table tent is on the ticket, apart from the name (decision 062)
    expect(await kdsTicket.getByTestId('kds-tent').textContent()).toBe('Tent 21');
    await screenshot(kitchen, 'kiosk-card-kitchen-1280', { fullPage: false });
    await context.close();
  });
});

const HSN = 'C032UQ03960189';
const TERMINAL_KEY = 'emulator-terminal-api-key';

/** The guest at the emulated terminal: waits for a button to be enabled, then presses it. */
async function pressWhenEnabled(terminal: Page, name: string | RegExp) {
  const button = terminal.getByRole('button', { name });
  await expect.poll(() => button.isEnabled(), { timeout: 20_000 }).toBe(true);
  await button.click();
}
