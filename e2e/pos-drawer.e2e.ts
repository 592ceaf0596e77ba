import { createServer } from 'node:net';
import { TENANT_CREATION_TIMEZONE } from '@brigade/domain/tenant';
import { freePort } from '@brigade/test-utils/ports';
import type { Locator, Page, Response } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, useHarness } from './harness';
import {
  axeViolations,
  type Credentials,
  fillSignIn,
  HARBOR_GRILL_PATH,
  screenSettled,
  screenshot,
  serious,
} from './helpers';

/**
 * The register's cash drawer and receipts (issue 46) in Chromium against the real server: a register paired
 * with a receipt printer (a TCP listener in this process) opens its drawer with a $100 float, pays out
 * $12.50 for a reason, rings up a cash sale with "No receipt" and one with Print (the receipt reaches the
 * printer), reprints, and closes the drawer with a blind count: the over/short shown is counted less float,
 * cash sales, pay-ins and pay-outs from the server's own answers. The management Close-out shows the same
 * over/short and the cashier's cash taken. A register with no printer is told so when it reprints.
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

const OWNER: Credentials = { email: 'owner@brigade.local', password: 'brigade-owner' };
const PRINTER_NAME = 'E2E Counter printer';

/** "$49.39" → 4939, "−$12.50" → 1250. */
const centsOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);
const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);
/** What the register and the close-out say of a difference. */
const balance = (overShort: number) =>
  overShort === 0 ? 'Exact' : `${overShort < 0 ? 'Short' : 'Over'} ${dollars(Math.abs(overShort))}`;
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const dataOf = async <T>(response: Response) => ((await response.json()) as { data: T }).data;
const answerTo = (page: Page, path: RegExp, method = 'POST') =>
  page.waitForResponse((r) => path.test(new URL(r.url()).pathname) && r.request().method() === method);

interface Session {
  openedByName: string | null;
  closedByName: string | null;
  openingFloat: number;
  movements: { kind: 'pay_in' | 'pay_out'; amount: number; reason: string }[];
  cashSales: number | null;
  expected: number | null;
  counted: number | null;
  overShort: number | null;
}
interface Sale {
  orderId: number;
  number: number;
  status: string;
  receiptQueued: boolean;
  drawerKick: boolean;
  totals: { total: number };
  tenders: { kind: 'payment' | 'refund'; method: string; amount: number }[];
}

/** Taps digits on a keypad ("10000" is $100.00). */
async function keyIn(scope: Locator, digits: string) {
  for (const digit of digits) await scope.getByRole('button', { name: digit, exact: true }).click();
}

async function openRegister(page: Page, device: string, printerName: string | null) {
  await page.goto(`${harness.managementOrigin}/pos/`);
  await fillSignIn(page, OWNER);
  await page.getByRole('heading', { name: 'Select POS Terminal' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /Harbor Grill/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Pair this device' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('Device name').fill(device);
  if (printerName) {
    const select = page.getByLabel('Receipt printer');
    await select.locator('option', { hasText: printerName }).waitFor({ state: 'attached' });
    await select.selectOption({ label: printerName });
  }
  await page.getByRole('button', { name: 'Pair this device' }).click();
  await page.getByRole('region', { name: 'Menu' }).waitFor({ timeout: 20_000 });
}

async function openDrawerWithFloat(page: Page) {
  expect(await page.getByTestId('drawer-status').textContent()).toBe('Drawer closed');
  await page.getByRole('link', { name: 'Drawer' }).click();
  await page.getByRole('heading', { level: 1, name: 'Cash drawer' }).waitFor();
  const card = page.locator('.pos-drawer__card');
  await keyIn(card, '10000');
  expect(await card.locator('output').textContent()).toBe('$100.00');
  await screenSettled(page);
  await screenshot(page, 'pos-drawer-open-form-1280', { fullPage: false });
  expect(serious(await axeViolations(page))).toEqual([]);
  const opened = answerTo(page, /\/pos\/drawer$/);
  await page.getByRole('button', { name: 'Open drawer' }).click();
  const response = await opened;
  expect(response.status()).toBe(201);
  const session = await dataOf<Session>(response);
  expect(session.openingFloat).toBe(10000);
  // blind: the register is not told what the drawer should hold while it is open
  expect(session.expected).toBeNull();
  await page.getByRole('heading', { name: 'The drawer is open' }).waitFor();
  await expect
    .poll(() => page.getByTestId('drawer-status').textContent())
    .toBe('Drawer open · float $100.00');
  return session;
}

async function payOut(page: Page) {
  await page.getByRole('button', { name: 'Pay out', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Pay out' });
  await dialog.waitFor();
  await keyIn(dialog, '1250');
  const submit = dialog.getByRole('button', { name: 'Pay out $12.50' });
  await submit.click();
  // the reason is required: asked for in place, nothing sent
  await dialog.getByText('Give a reason for the pay-in or pay-out').waitFor();
  await dialog.getByLabel('Reason').fill('Milk delivery');
  await screenshot(page, 'pos-drawer-pay-out-1280', { fullPage: false });
  expect(serious(await axeViolations(page))).toEqual([]);
  const moved = answerTo(page, /\/pos\/drawer\/movements$/);
  await submit.click();
  const response = await moved;
  expect(response.status()).toBe(201);
  const session = await dataOf<Session>(response);
  expect(session.movements).toEqual([expect.objectContaining({ kind: 'pay_out', amount: 1250 })]);
  await dialog.waitFor({ state: 'detached' });
  const row = page.locator('tr[data-movement="pay_out"]');
  expect(await row.getByRole('cell').allTextContents()).toEqual(
    expect.arrayContaining(['Pay out', 'Milk delivery', '−$12.50']),
  );
  return session;
}

/** Halibut & Chips paid with the exact amount, the receipt chosen as asked. */
async function cashSale(page: Page, receipt: 'Print' | 'No receipt', remembered: 'Print' | 'No receipt') {
  await page.getByRole('link', { name: 'Register' }).click();
  await page.getByRole('button', { name: 'From the Wood Grill', exact: true }).click();
  await page.getByRole('button', { name: /^Halibut & Chips/ }).click();
  const total = centsOf(await page.getByTestId('check-total').textContent());
  await page.getByRole('button', { name: `Pay ${dollars(total)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Pay ${dollars(total)}` });
  const choices = dialog.getByRole('group', { name: 'Receipt' });
  // the device remembers the last choice
  expect(await choices.getByRole('button', { name: remembered }).getAttribute('aria-pressed')).toBe('true');
  await choices.getByRole('button', { name: receipt }).click();
  expect(await choices.getByRole('button', { name: receipt }).getAttribute('aria-pressed')).toBe('true');
  await dialog.getByRole('button', { name: `Exact ${dollars(total)}` }).click();
  if (receipt === 'No receipt') {
    await screenshot(page, `pos-pay-receipt-${page.viewportSize()?.width}`, { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
  }
  const placed = answerTo(page, /\/pos\/orders$/);
  await dialog.getByRole('button', { name: 'Take cash' }).click();
  const response = await placed;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toMatchObject({
    receipt: receipt === 'Print' ? 'print' : 'none',
  });
  const sale = await dataOf<Sale>(response);
  expect(sale.totals.total).toBe(total);
  expect(sale.receiptQueued).toBe(receipt === 'Print');
  const done = page.getByRole('dialog', { name: 'Sale complete' });
  await done.waitFor();
  expect(await done.getByTestId('receipt-printing').count()).toBe(receipt === 'Print' ? 1 : 0);
  if (receipt === 'Print')
    await screenshot(page, `pos-done-receipt-${page.viewportSize()?.width}`, { fullPage: false });
  await done.getByRole('button', { name: 'New sale' }).click();
  await done.waitFor({ state: 'detached' });
  // the next sale starts at the search, not on the page's body
  await expect
    .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement)?.type))
    .toBe('search');
  return sale;
}

/** Reprints a sale from the Sales list; answers what the register said. */
async function reprint(page: Page, sale: Sale, status: number) {
  await page.getByRole('link', { name: 'Sales' }).click();
  const row = page.locator(`tr[data-order-number="${sale.number}"]`);
  await row.waitFor();
  const answer = answerTo(page, new RegExp(`/pos/orders/${sale.orderId}/receipt$`));
  await row.getByRole('button', { name: `Reprint receipt #${sale.number}` }).click();
  expect((await answer).status()).toBe(status);
  const note = row.locator('.pos-sales__note');
  await note.waitFor();
  return note.textContent();
}

/**
 * A manager voids a sale from the Sales list: the dialog shows its number and total; no reason is refused
 * by the server in place; with one the sale comes back cancelled with its cash handed back, and the row says so.
 */
async function voidSale(page: Page, sale: Sale, other: Sale) {
  await page.getByRole('link', { name: 'Sales' }).click();
  const row = page.locator(`tr[data-order-number="${sale.number}"]`);
  await row.waitFor();
  // on a phone: the dialog of another sale, looked at and left without voiding
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: `Void sale #${other.number}` }).click();
  const kept = page.getByRole('alertdialog', { name: `Void sale #${other.number}` });
  await kept.waitFor();
  expect(await kept.getByTestId('void-total').textContent()).toBe(dollars(other.totals.total));
  await screenSettled(page);
  await screenshot(page, 'pos-void-dialog-390', { fullPage: false });
  expect(serious(await axeViolations(page))).toEqual([]);
  await kept.getByRole('button', { name: 'Keep the sale' }).click();
  await kept.waitFor({ state: 'detached' });
  await page.setViewportSize({ width: 1280, height: 800 });

  await row.getByRole('button', { name: `Void sale #${sale.number}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Void sale #${sale.number}` });
  await dialog.waitFor();
  expect(await dialog.getByTestId('void-sale').textContent()).toBe(`#${sale.number}`);
  expect(await dialog.getByTestId('void-total').textContent()).toBe(dollars(sale.totals.total));
  const submit = dialog.getByRole('button', { name: `Void and hand back ${dollars(sale.totals.total)}` });
  const refused = answerTo(page, new RegExp(`/pos/orders/${sale.orderId}/void$`));
  await submit.click();
  expect((await refused).status()).toBe(400);
  await dialog.getByText('Give a reason for the void').waitFor();
  await dialog.getByLabel('Reason').fill('Rung up twice');
  await screenSettled(page);
  await screenshot(page, 'pos-void-dialog-1280', { fullPage: false });
  expect(serious(await axeViolations(page))).toEqual([]);
  const voided = answerTo(page, new RegExp(`/pos/orders/${sale.orderId}/void$`));
  await submit.click();
  const response = await voided;
  expect(response.status()).toBe(200);
  const answer = await dataOf<Sale>(response);
  expect(answer.status).toBe('cancelled');
  const refunds = answer.tenders.filter((t) => t.kind === 'refund');
  expect(refunds.map((t) => t.amount)).toEqual([sale.totals.total]);
  await dialog.waitFor({ state: 'detached' });
  const status = row.getByTestId('sale-voided');
  await status.waitFor();
  expect(await status.textContent()).toBe(`Voided${dollars(sale.totals.total)} handed back in cash`);
  expect(await row.getByRole('button', { name: `Void sale #${sale.number}` }).count()).toBe(0);
  // a voided sale has no receipt to print again
  expect(await row.getByRole('button', { name: `Reprint receipt #${sale.number}` }).count()).toBe(0);
  // the other sale can still be voided
  expect(await page.getByRole('button', { name: `Void sale #${other.number}` }).count()).toBe(1);
  await screenSettled(page);
  await screenshot(page, 'pos-sales-voided-1280', { fullPage: false });
  expect(serious(await axeViolations(page))).toEqual([]);
  return refunds.reduce((sum, t) => sum + t.amount, 0);
}

/** The blind count: nothing of what the drawer should hold until the count is in; then the result. */
async function closeDrawer(page: Page, counted: string) {
  await page.getByRole('link', { name: 'Drawer' }).click();
  await page.getByRole('button', { name: 'Close drawer' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close drawer' });
  await dialog.waitFor();
  await keyIn(dialog, counted);
  await dialog.getByLabel('Note (optional)').fill('Counted by the e2e test');
  expect(await page.getByText(/Expected|Cash sales/).count()).toBe(0);
  await screenshot(page, 'pos-drawer-count-1280', { fullPage: false });
  expect(serious(await axeViolations(page))).toEqual([]);
  const closed = answerTo(page, /\/pos\/drawer\/close$/);
  await dialog.getByRole('button', { name: /^Close with / }).click();
  const response = await closed;
  expect(response.status()).toBe(200);
  await page.getByRole('heading', { name: 'Drawer closed' }).waitFor();
  return dataOf<Session>(response);
}

async function checkCloseOut(page: Page, cashier: string, cashTaken: number, overShort: number) {
  await page.goto(`${harness.managementOrigin}/manage/reports/close-out`);
  const pick = page.getByRole('button', { name: /Harbor Grill/ });
  const heading = page.getByRole('heading', { level: 1, name: 'Close-out' });
  await pick.or(heading).first().waitFor({ timeout: 20_000 });
  if (await pick.isVisible()) await pick.click();
  await heading.waitFor({ timeout: 20_000 });
  const drawers = page.getByRole('table', { name: 'Cash drawers' });
  const drawerRow = drawers.getByRole('row').filter({ hasText: 'Drawer register' });
  await drawerRow.waitFor({ timeout: 20_000 });
  const cells = await drawerRow.getByRole('cell').allTextContents();
  expect(cells).toEqual(expect.arrayContaining([balance(overShort), '$100.00', '$12.50']));
  // who opened and who closed it, by name
  expect(cells).toEqual(
    expect.arrayContaining([
      expect.stringMatching(new RegExp(` by ${cashier}$`)),
      expect.stringMatching(new RegExp(`^Closed.+ by ${cashier}$`)),
    ]),
  );
  expect(await page.getByTestId('figure-overShort').locator('.rep-figure__value').textContent()).toBe(
    balance(overShort),
  );
  const staff = page.getByRole('table', { name: 'Sales by staff member' });
  const cashierRow = staff.getByRole('row').filter({ hasText: cashier });
  expect(await cashierRow.getByRole('cell').allTextContents()).toContain(dollars(cashTaken));
  await screenSettled(page);
  await screenshot(page, 'pos-close-out-1280');
  expect(serious(await axeViolations(page))).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  // the layout settles at the new width (the shell's sidebar and the tables change to their phone form)
  await expect.poll(() => fitsWidth(page)).toBe(true);
  await screenshot(page, 'pos-close-out-390');
  expect(serious(await axeViolations(page))).toEqual([]);
}

describe('POS cash drawer and receipts', () => {
  it('opens the drawer, pays out, sells with and without a receipt, closes blind; the close-out agrees (1280×800)', async () => {
    const created = await apiCall<{ data: { printerId: number } }>(
      harness,
      'POST',
      `${HARBOR_GRILL_PATH}/printers`,
      {
        token: harness.ownerToken,
        body: {
          name: PRINTER_NAME,
          model: 'TM-T88',
          ipSetup: 'Static',
          ipAddress: '127.0.0.1',
          hasCashDrawer: 'One Cash Drawer',
          cashDrawer: {},
        },
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const context = await harness.browser.newContext({
      viewport: { width: 1280, height: 800 },
      timezoneId: TENANT_CREATION_TIMEZONE,
    });
    const page = await context.newPage();
    await openRegister(page, 'Drawer register', PRINTER_NAME);
    const cashier = (await page.locator('.pos-topbar__who').textContent()) ?? '';
    expect(cashier).not.toBe('');

    const opened = await openDrawerWithFloat(page);
    const afterPayOut = await payOut(page);
    await screenSettled(page);
    await screenshot(page, 'pos-drawer-open-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);

    const quiet = await cashSale(page, 'No receipt', 'Print');
    const printedSale = await cashSale(page, 'Print', 'No receipt');
    // the receipt reaches the register's printer
    await expect.poll(() => printed.some((p) => p.includes('Thank you!')), { timeout: 20_000 }).toBe(true);
    expect(await reprint(page, quiet, 202)).toBe('Receipt printing');
    const voidedCash = await voidSale(page, quiet, printedSale);

    // the drawer's cash sales are net of the cash handed back
    const cashSales = quiet.totals.total + printedSale.totals.total - voidedCash;
    const payIns = afterPayOut.movements.filter((m) => m.kind === 'pay_in').reduce((s, m) => s + m.amount, 0);
    const payOuts = afterPayOut.movements
      .filter((m) => m.kind === 'pay_out')
      .reduce((s, m) => s + m.amount, 0);
    const expected =
      opened.openingFloat + quiet.totals.total + printedSale.totals.total - voidedCash + payIns - payOuts;
    const counted = 12000;
    const closed = await closeDrawer(page, String(counted));
    expect(closed.cashSales).toBe(cashSales);
    expect(closed.expected).toBe(expected);
    expect(closed.counted).toBe(counted);
    expect(closed.overShort).toBe(counted - expected);
    expect(closed.openedByName).toBe(cashier);
    expect(closed.closedByName).toBe(cashier);
    expect(await page.getByTestId('drawer-people').textContent()).toMatch(
      new RegExp(`^Opened .+ by ${cashier}, closed .+ by ${cashier}$`),
    );
    const result = page.getByTestId('drawer-result');
    expect(centsOf(await result.getByTestId('drawer-cash-sales').textContent())).toBe(cashSales);
    expect(centsOf(await result.getByTestId('drawer-expected').textContent())).toBe(expected);
    expect(centsOf(await result.getByTestId('drawer-counted').textContent())).toBe(counted);
    expect(await page.getByTestId('drawer-over-short').textContent()).toBe(balance(counted - expected));
    expect(await page.locator('.pos-drawer__balance').getAttribute('data-balance')).toBe(
      counted < expected ? 'short' : counted > expected ? 'over' : 'exact',
    );
    await expect.poll(() => page.getByTestId('drawer-status').textContent()).toBe('Drawer closed');
    await screenshot(page, 'pos-drawer-closed-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => fitsWidth(page)).toBe(true);
    await screenshot(page, 'pos-drawer-closed-390', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });

    // the cashier's cash taken is net of the sale voided
    await checkCloseOut(await context.newPage(), cashier, cashSales, counted - expected);
    await context.close();
  });

  it('tells a register with no receipt printer so when it reprints', async () => {
    const context = await harness.browser.newContext({
      viewport: { width: 1024, height: 768 },
      timezoneId: TENANT_CREATION_TIMEZONE,
    });
    const page = await context.newPage();
    await openRegister(page, 'No printer register', null);
    const sale = await cashSale(page, 'No receipt', 'Print');
    expect(await reprint(page, sale, 409)).toBe('This register has no receipt printer with an address');
    await screenshot(page, 'pos-reprint-no-printer-1024', { fullPage: false });
    await context.close();
  });
});
