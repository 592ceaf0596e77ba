import { TENANT_CREATION_TIMEZONE } from '@brigade/domain/tenant';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import {
  axeViolations,
  type Credentials,
  createDemoUser,
  fillSignIn,
  screenSettled,
  screenshot,
  serious,
} from './helpers';

/**
 * The register (issue 46) in Chromium against the real server, on the management app's port (/pos/ is
 * served on every app port): a manager signs in at /pos/, pairs the device, rings up Halibut & Chips and a
 * Harbor Burger (two required choices), switches to takeout, pays cash with a quick amount and sees the
 * change due and the order number; the sales list has the sale; the management app's Registers screen
 * shows the device, and unpairing it there sends the register back to the pair screen. Once with touch at
 * 1280×800, once at 1024×768; axe-core on the register, the item dialog and the payment.
 */
const harness = useHarness();

interface PlacedSale {
  number: number;
  service: string;
  guestName: string | null;
  totals: { subtotal: number; total: number };
  tenders: { tendered: number; change: number; amount: number }[];
}

/** "$49.39" → 4939. */
const centsOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);
const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

async function registerContext(viewport: { width: number; height: number }, hasTouch: boolean) {
  return harness.browser.newContext({ viewport, hasTouch, timezoneId: TENANT_CREATION_TIMEZONE });
}

const OWNER: Credentials = { email: 'owner@brigade.local', password: 'brigade-owner' };

/** Signs in at /pos/ through the auth app and picks Harbor Grill (the "pos" wording of the wizard). */
async function openRegister(page: Page, who: Credentials = OWNER) {
  await page.goto(`${harness.managementOrigin}/pos/`);
  await signInAndPick(page, who);
}

async function signInAndPick(page: Page, who: Credentials) {
  await fillSignIn(page, who);
  await page.getByRole('heading', { name: 'Select POS Terminal' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /Harbor Grill/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/pos'), { timeout: 20_000 });
}

async function pair(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name: 'Pair this device' }).waitFor({ timeout: 20_000 });
  expect(await page.getByLabel('Device name').inputValue()).toBe('Register 1');
  await page.getByLabel('Device name').fill(name);
  await page.getByRole('button', { name: 'Pair this device' }).click();
  await page.getByRole('region', { name: 'Menu' }).waitFor({ timeout: 20_000 });
  expect(await page.getByText(name, { exact: true }).first().isVisible()).toBe(true);
}

/** The two items: Halibut & Chips straight on, the burger through its dialog (required choices refused first). */
async function ringUp(page: Page, press: (target: Locator) => Promise<void>, shot: string) {
  await press(page.getByRole('button', { name: 'From the Wood Grill', exact: true }));
  await press(page.getByRole('button', { name: /^Halibut & Chips/ }));
  const lines = page.getByRole('list', { name: 'Lines' }).locator(':scope > li');
  await expect.poll(() => lines.count()).toBe(1);
  await press(page.getByRole('button', { name: /^Harbor Burger/ }));
  const dialog = page.getByRole('dialog', { name: 'Harbor Burger' });
  await dialog.waitFor();
  await press(dialog.getByRole('button', { name: /^Add to check/ }));
  await dialog.getByText('Choose an option in Temperature').waitFor();
  await dialog.getByText('Choose an option in Choose a side').waitFor();
  await screenshot(page, `${shot}-item`, { fullPage: false });
  expect(serious(await axeViolations(page))).toEqual([]);
  await press(dialog.getByRole('button', { name: /^Medium rare/ }));
  await press(dialog.getByRole('button', { name: /^Hand-cut fries/ }));
  await press(dialog.getByRole('button', { name: /^Add to check/ }));
  await dialog.waitFor({ state: 'detached' });
  await expect.poll(() => lines.count()).toBe(2);
  await page.getByRole('list', { name: 'Lines' }).getByText('Medium rare').waitFor();
  await press(page.getByRole('button', { name: 'Takeout', exact: true }));
  expect(await page.getByRole('button', { name: 'Takeout', exact: true }).getAttribute('aria-pressed')).toBe(
    'true',
  );
  // $26 + $19, taxed by the same code the server prices with
  expect(centsOf(await page.locator('.pos-figures dd').first().textContent())).toBe(4500);
}

/**
 * The first answer to "Take cash" is lost on the way back (the server recorded the sale): the dialog says
 * the sale may not have been recorded and offers "Try again", which sends the same key. Returns the keys sent.
 */
async function loseFirstAnswer(page: Page, dialog: Locator, press: (target: Locator) => Promise<void>) {
  const keys: string[] = [];
  await page.route('**/pos/orders', async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    keys.push(route.request().headers()['idempotency-key'] ?? '');
    if (keys.length > 1) return route.fallback();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await press(dialog.getByRole('button', { name: 'Take cash' }));
  await dialog.getByText('The sale may not have been recorded').waitFor();
  // no answer: the register counts itself offline, yet the same sale may be sent again; the amount is held
  await page.locator('.pos-offline').waitFor();
  const retry = dialog.getByRole('button', { name: 'Try again' });
  expect(await retry.isEnabled()).toBe(true);
  expect(
    await dialog.getByRole('group', { name: 'Quick amounts' }).getByRole('button').first().isDisabled(),
  ).toBe(true);
  await screenshot(page, 'pos-lost-answer-1024', { fullPage: false });
  return { keys, retry };
}

/** Pays with the first round quick amount; returns what the check showed, what was tendered, and the sale. */
async function payCash(
  page: Page,
  press: (target: Locator) => Promise<void>,
  shot: string,
  lostAnswer = false,
) {
  const checkTotal = centsOf(await page.getByTestId('check-total').textContent());
  expect(checkTotal).toBeGreaterThan(4500);
  await press(page.getByRole('button', { name: `Pay ${dollars(checkTotal)}` }));
  const dialog = page.getByRole('dialog', { name: `Pay ${dollars(checkTotal)}` });
  await dialog.waitFor();
  const quick = dialog.getByRole('group', { name: 'Quick amounts' }).getByRole('button');
  expect(await quick.first().textContent()).toBe(`Exact ${dollars(checkTotal)}`);
  const round = quick.nth(1);
  const tendered = centsOf(await round.textContent());
  expect(tendered).toBeGreaterThan(checkTotal);
  expect(tendered % 100).toBe(0);
  await press(round);
  expect(centsOf(await dialog.getByTestId('change-preview').textContent())).toBe(tendered - checkTotal);
  await screenshot(page, `${shot}-pay`, { fullPage: false });
  expect(serious(await axeViolations(page))).toEqual([]);
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/pos/orders') && r.request().method() === 'POST',
  );
  if (lostAnswer) {
    const { keys, retry } = await loseFirstAnswer(page, dialog, press);
    await press(retry);
    await answer;
    // the retry is the same sale under the same key
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    await page.unroute('**/pos/orders');
  } else await press(dialog.getByRole('button', { name: 'Take cash' }));
  const response = await answer;
  expect(response.status()).toBe(201);
  expect(response.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  const sale = ((await response.json()) as { data: PlacedSale }).data;
  const done = page.getByRole('dialog', { name: 'Sale complete' });
  await done.waitFor();
  return { checkTotal, tendered, sale, done };
}

async function checkSale(
  page: Page,
  shot: string,
  press: (target: Locator) => Promise<void>,
  lostAnswer = false,
) {
  const { checkTotal, tendered, sale, done } = await payCash(page, press, shot, lostAnswer);
  // the register's total is the server's, and the change is what was handed over less it
  expect(sale.totals.total).toBe(checkTotal);
  expect(sale.totals.subtotal).toBe(4500);
  expect(sale.service).toBe('takeout');
  expect(sale.tenders).toHaveLength(1);
  expect(sale.tenders[0]!.tendered).toBe(tendered);
  expect(sale.tenders[0]!.change).toBe(tendered - checkTotal);
  expect(centsOf(await done.getByTestId('change-due').textContent())).toBe(tendered - checkTotal);
  expect(await done.getByTestId('order-number').textContent()).toBe(`#${sale.number}`);
  expect(centsOf(await done.getByTestId('sale-total').textContent())).toBe(sale.totals.total);
  await screenshot(page, `${shot}-done`, { fullPage: false });
  await press(done.getByRole('button', { name: 'New sale' }));
  await page.getByText('Tap an item to start a sale.').waitFor();

  // the sales list has it
  await press(page.getByRole('link', { name: 'Sales' }));
  await page.getByRole('heading', { level: 1, name: 'Today’s sales' }).waitFor();
  const row = page.locator(`tr[data-order-number="${sale.number}"]`);
  await row.waitFor();
  expect(await row.getByRole('cell').allTextContents()).toEqual(
    expect.arrayContaining(['Takeout', dollars(sale.totals.total)]),
  );
  await screenshot(page, `${shot}-sales`, { fullPage: false });
  // the guest asks for the receipt by email: typed in a dialog, sent through the server's mail outbox
  await press(row.getByRole('button', { name: `Email receipt #${sale.number}` }));
  const mail = page.getByRole('dialog', { name: `Email receipt #${sale.number}` });
  await mail.getByLabel('Email').fill(`guest-${sale.number}@example.com`);
  await screenshot(page, `${shot}-email-receipt`, { fullPage: false });
  await press(mail.getByRole('button', { name: 'Send receipt' }));
  await row.getByText(`Receipt sent to guest-${sale.number}@example.com`).waitFor();
  return sale;
}

/** No sideways scrolling at the page's width. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function unpairFromManagement(context: BrowserContext, register: Page, name: string) {
  const manage = await context.newPage();
  await manage.goto(`${harness.managementOrigin}/manage/pos-devices`);
  const pick = manage.getByRole('button', { name: /Harbor Grill/ });
  const heading = manage.getByRole('heading', { level: 1, name: 'Registers' });
  await pick.or(heading).first().waitFor({ timeout: 20_000 });
  if (await pick.isVisible()) await pick.click();
  await heading.waitFor({ timeout: 20_000 });
  const row = manage.getByRole('row').filter({ hasText: name });
  await row.getByText('Paired', { exact: true }).waitFor();
  // who paired it, by name (the server's pairedByName)
  await row.getByText(/ by Olive Owner$/).waitFor();
  expect(await manage.getByRole('link', { name: 'Open the register' }).getAttribute('href')).toBe('/pos/');
  await screenSettled(manage);
  await screenshot(manage, 'pos-management-registers-1280', { fullPage: false });
  expect(serious(await axeViolations(manage))).toEqual([]);
  await row.getByRole('button', { name: `Unpair ${name}` }).click();
  await manage.getByRole('alertdialog').getByRole('button', { name: 'Unpair' }).click();
  await row.getByText('Unpaired', { exact: true }).waitFor();
  await manage.close();

  // the register's next call is refused: back to the pair screen, saying why
  await register.bringToFront();
  await register.reload();
  await register.getByRole('heading', { level: 1, name: 'Pair this device' }).waitFor({ timeout: 20_000 });
  await register.getByText('This device was unpaired by a manager; pair it again').waitFor();
}

describe('POS register', () => {
  it('pairs, rings up a takeout sale paid in cash and lists it; unpairing in management locks it (touch, 1280×800)', async () => {
    const context = await registerContext({ width: 1280, height: 800 }, true);
    const page = await context.newPage();
    const tap = (target: Locator) => target.tap();
    await openRegister(page);
    await pair(page, 'Front counter');
    await screenSettled(page);
    await screenshot(page, 'pos-register-empty-1280', { fullPage: false });
    await ringUp(page, tap, 'pos-1280');
    await screenshot(page, 'pos-register-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    expect(await fitsWidth(page)).toBe(true);

    // a phone: the check is a sheet, nothing scrolls sideways
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'pos-register-390', { fullPage: false });
    await tap(page.getByRole('button', { name: /^Harbor Burger/ }));
    const burger = page.getByRole('dialog', { name: 'Harbor Burger' });
    await burger.waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'pos-item-390', { fullPage: false });
    await tap(burger.getByRole('button', { name: 'Close' }));
    await burger.waitFor({ state: 'detached' });
    await tap(page.getByRole('button', { name: /^View check \(2\)/ }));
    await page.getByRole('heading', { name: 'Check' }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await screenshot(page, 'pos-check-390', { fullPage: false });
    await tap(page.getByRole('button', { name: 'Back to menu' }));
    await page.setViewportSize({ width: 1280, height: 800 });

    await checkSale(page, 'pos-1280', tap);
    await unpairFromManagement(context, page, 'Front counter');
    await screenshot(page, 'pos-unpaired-1280', { fullPage: false });
    await context.close();
  });

  it('rings up the same sale at 1024×768 with a mouse; offline says so, a lost answer counts once', async () => {
    const context = await registerContext({ width: 1024, height: 768 }, false);
    const page = await context.newPage();
    const click = (target: Locator) => target.click();
    await openRegister(page);
    await pair(page, 'Bar register');
    await ringUp(page, click, 'pos-1024');
    await screenshot(page, 'pos-register-1024', { fullPage: false });
    expect(await fitsWidth(page)).toBe(true);
    // the search finds an item in another menu
    await page.getByRole('searchbox', { name: 'Search items' }).fill('lemonade');
    await page.getByRole('button', { name: /^House Lemonade/ }).waitFor();
    await page.getByRole('searchbox', { name: 'Search items' }).fill('');

    // the network goes: the register says so at once (a cash sale would be kept on it: pos-offline.e2e.ts)
    await context.setOffline(true);
    const banner = page.getByRole('alert').filter({ hasText: 'cash sales are kept on this register' });
    await banner.waitFor();
    expect(await page.getByTestId('connection-state').textContent()).toBe('Offline');
    await screenshot(page, 'pos-offline-1024', { fullPage: false });
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached' });
    expect(await page.getByTestId('connection-state').textContent()).toBe('Online');
    expect(await page.getByRole('button', { name: /^Pay / }).isEnabled()).toBe(true);

    // the answer to "Take cash" is lost once: the retry counts once
    const sale = await checkSale(page, 'pos-1024', click, true);
    const rows = page.locator('tbody tr');
    expect(await rows.count()).toBe(2);
    expect(await page.locator(`tr[data-order-number="${sale.number}"]`).count()).toBe(1);
    await context.close();
  });

  it('keeps the device paired when staff switch; an employee rings up on it but cannot pair one', async () => {
    const employee = { email: 'cashier@brigade.local', password: 'cashier-password-1' };
    await createDemoUser(harness, {
      ...employee,
      firstName: 'Casey',
      lastName: 'Cashier',
      tenantRole: 'employee',
    });
    const context = await registerContext({ width: 1024, height: 768 }, false);
    const page = await context.newPage();
    await openRegister(page);
    await pair(page, 'Counter 3');
    await page.getByRole('button', { name: 'Switch staff / Sign out' }).click();
    await page.getByLabel('Email').waitFor({ timeout: 20_000 });
    await signInAndPick(page, employee);
    // the device token outlived the sign-out: the register opens as it was
    await page.getByRole('region', { name: 'Menu' }).waitFor({ timeout: 20_000 });
    await page.getByText('Counter 3', { exact: true }).waitFor();
    await page.getByText('Casey Cashier').waitFor();
    await page.getByRole('button', { name: 'From the Wood Grill', exact: true }).click();
    await page.getByRole('button', { name: /^Halibut & Chips/ }).click();
    await page.getByRole('list', { name: 'Lines' }).getByText('Halibut & Chips').waitFor();
    // an employee reprints but does not void: no Void sale on the day's sales
    await page.getByRole('link', { name: 'Sales' }).click();
    await page.locator('tr[data-order-number]').first().waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: /^Reprint receipt #/ }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: /^Void sale/ }).count()).toBe(0);
    await context.close();

    // a device nobody paired: the employee is asked to fetch a manager
    const fresh = await registerContext({ width: 1024, height: 768 }, false);
    const other = await fresh.newPage();
    await openRegister(other, employee);
    await other.getByRole('heading', { level: 1, name: 'Pair this device' }).waitFor({ timeout: 20_000 });
    await other.getByText('Ask a manager to pair this device').waitFor();
    expect(await other.getByRole('button', { name: 'Pair this device' }).count()).toBe(0);
    expect(serious(await axeViolations(other))).toEqual([]);
    await screenshot(other, 'pos-pair-employee-1024', { fullPage: false });
    await fresh.close();
  });
});
