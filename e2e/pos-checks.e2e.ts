import { TENANT_CREATION_TIMEZONE } from '@brigade/domain/tenant';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { axeViolations, type Credentials, fillSignIn, screenSettled, screenshot, serious } from './helpers';

/**
 * A table's dinner on the register (issue 46 items 2, 4, 5) in Chromium against the real server: the
 * owner lays out a room and a table in management's Floor plan; the register seats the table, rings up a
 * starter for seat 1 and a main for seat 2 (the restaurant's courses: Starters, Mains), fires the starters, then
 * the next course, sees the table's total on the floor, and pays the check in two parts (split tender): half in
 * cash, then the balance with a card keyed into the gateway's card-entry frame; the table is free again.
 * Touch at 1280×800; the floor and the check are also looked at at 1024×768 and 390 px.
 */
const harness = useHarness();
const OWNER: Credentials = { email: 'owner@brigade.local', password: 'brigade-owner' };
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const centsOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

async function openPairedRegister(page: Page) {
  await page.goto(`${harness.managementOrigin}/pos/`);
  await fillSignIn(page, OWNER);
  await page.getByRole('heading', { name: 'Select POS Terminal' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /Harbor Grill/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Pair this device' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('Device name').fill('Dining room');
  await page.getByRole('button', { name: 'Pair this device' }).click();
  await page.getByRole('region', { name: 'Menu' }).waitFor({ timeout: 20_000 });
}

/** Management → Floor plan: a room and a round four-top placed at x 20, y 30 (a bad seat count first). */
async function layOutTable(page: Page, tap: (target: Locator) => Promise<void>) {
  await page.goto(`${harness.managementOrigin}/manage/floor-plan`);
  const pick = page.getByRole('button', { name: /Harbor Grill/ });
  const heading = page.getByRole('heading', { level: 1, name: 'Floor plan' });
  await pick.or(heading).first().waitFor({ timeout: 20_000 });
  if (await pick.isVisible()) await pick.click();
  await heading.waitFor({ timeout: 20_000 });
  await tap(page.getByRole('button', { name: 'Add room' }));
  const roomDialog = page.getByRole('dialog', { name: 'Add a dining room' });
  await roomDialog.getByLabel('Room name').fill('Main room');
  await tap(roomDialog.getByRole('button', { name: 'Add room' }));
  await roomDialog.waitFor({ state: 'detached' });
  await tap(page.getByRole('button', { name: 'Add table' }));
  const tableDialog = page.getByRole('dialog', { name: 'Add a table' });
  await tableDialog.getByLabel('Table name').fill('T1');
  await tableDialog.getByLabel('Seats').fill('0');
  await tableDialog.getByLabel('Shape').selectOption('round');
  await tableDialog.getByLabel('Across (x, 0–100)').fill('20');
  await tableDialog.getByLabel('Down (y, 0–100)').fill('30');
  await tap(tableDialog.getByRole('button', { name: 'Add table' }));
  await tableDialog.getByText('Seats must be at least 1').waitFor();
  await tableDialog.getByLabel('Seats').fill('4');
  await tap(tableDialog.getByRole('button', { name: 'Add table' }));
  await tableDialog.waitFor({ state: 'detached' });
  await page.getByText('4 seats · round · x 20, y 30').waitFor();
  // placed by hand: the arrow keys move it 5 at a time, a drag puts it where it is dropped
  const placed = page.getByRole('button', { name: /^T1, across 20, down 30/ });
  await placed.focus();
  await page.keyboard.press('ArrowRight');
  await page.getByText('4 seats · round · x 25, y 30').waitFor();
  const box = (await page.getByRole('button', { name: /^T1, across 25/ }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2 + 40, { steps: 5 });
  await page.mouse.up();
  await page.getByText(/4 seats · round · x (3\d|4\d), y (3\d|4\d|5\d)/).waitFor();
  await screenshot(page, 'pos-checks-floor-plan-dragged-1280', { fullPage: false });
  await screenSettled(page);
  await screenshot(page, 'pos-checks-floor-plan-1280', { fullPage: false });
  expect(serious(await axeViolations(page))).toEqual([]);
}

/** Rings an item on for a seat, found by the search (it may sit in any menu group). */
async function ringOn(
  page: Page,
  tap: (target: Locator) => Promise<void>,
  seat: string,
  item: RegExp,
  search: string,
) {
  const check = page.getByRole('complementary');
  await tap(check.getByRole('button', { name: seat, exact: true }));
  await page.getByRole('searchbox', { name: 'Search items' }).fill(search);
  const answer = page.waitForResponse((r) => r.url().includes('/lines') && r.request().method() === 'POST');
  await tap(page.getByRole('button', { name: item }));
  expect((await answer).status()).toBe(200);
}

/** The Fryer's kitchen display has the check's ticket: both courses by name, each line with its seat. */
async function kitchenShows(register: Page, number: string) {
  const kitchen = await register.context().newPage();
  await kitchen.goto(`${harness.managementOrigin}/manage/kitchen`);
  await kitchen.getByRole('link', { name: 'Fryer' }).click();
  await kitchen.getByRole('heading', { level: 1, name: 'Fryer' }).waitFor({ timeout: 20_000 });
  const ticket = kitchen.getByTestId('kds-ticket').filter({ hasText: number });
  await ticket.waitFor();
  const text = await ticket.textContent();
  expect(text).toMatch(/Starters.*Crispy Calamari.*Seat 1.*Mains.*Halibut & Chips.*Seat 2/);
  await screenshot(kitchen, 'pos-checks-kitchen-1280', { fullPage: false });
  await kitchen.close();
}

describe('POS open checks', () => {
  it('seats a table, orders on two courses, fires them in turn, takes half in cash and the rest on a keyed card (touch, 1280×800)', async () => {
    const context = await harness.browser.newContext({
      viewport: { width: 1280, height: 800 },
      hasTouch: true,
      timezoneId: TENANT_CREATION_TIMEZONE,
    });
    const page = await context.newPage();
    const tap = (target: Locator) => target.tap();
    await openPairedRegister(page);
    const manage = await context.newPage();
    await layOutTable(manage, tap);
    await manage.close();

    await tap(page.getByRole('link', { name: 'Tables' }));
    const table = page.getByRole('button', { name: /^T1/ });
    await table.getByText('Free · 4 seats').waitFor({ timeout: 20_000 });
    await tap(table);
    await page.getByRole('heading', { level: 2, name: /^T1 · #\d+/ }).waitFor({ timeout: 20_000 });
    await ringOn(page, tap, 'Seat 1', /^Crispy Calamari/, 'calamari');
    await ringOn(page, tap, 'Seat 2', /^Halibut & Chips/, 'halibut');
    const starters = page.getByRole('region', { name: 'Starters', exact: true });
    const mains = page.getByRole('region', { name: 'Mains', exact: true });
    await starters.getByText('Held').waitFor();
    await mains.getByText('Held').waitFor();
    await starters.getByText('Seat 1').waitFor();
    await mains.getByText('Seat 2').waitFor();
    // a manager takes 10% off the halibut, with the reason
    await tap(mains.getByRole('button', { name: 'Discount Halibut & Chips' }));
    const discount = page.getByRole('dialog', { name: 'Discount 1 × Halibut & Chips' });
    await tap(discount.getByRole('button', { name: 'Percent', exact: true }));
    await discount.getByLabel(/^Percent off/).fill('10');
    await discount.getByLabel('Reason').fill('Regular guest');
    await tap(discount.getByRole('button', { name: 'Apply discount' }));
    await discount.waitFor({ state: 'detached' });
    await mains.getByText('Discount −$2.60: Regular guest').waitFor();
    await screenshot(page, 'pos-checks-check-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);

    // the starters go first; the mains wait until they are fired
    await tap(page.getByRole('button', { name: 'Fire next course' }));
    await starters.getByText('Sent', { exact: true }).waitFor();
    expect(await mains.getByText('Held').isVisible()).toBe(true);
    await tap(page.getByRole('button', { name: 'Fire next course' }));
    await mains.getByText('Sent', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Fire next course' }).isDisabled()).toBe(true);
    const number = (await page.getByRole('heading', { level: 2, name: /^T1 · #\d+/ }).textContent())!.split(
      '#',
    )[1];
    await kitchenShows(page, `#${number}`);
    const total = centsOf(await page.getByTestId('check-total').textContent());
    // $15 calamari + $26 halibut less 10%, taxed
    expect(total).toBeGreaterThan(3840);

    // the floor shows the table seated with the check's total, at every size
    await tap(page.getByRole('link', { name: 'Tables' }));
    await table
      .getByText(new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(total / 100))
      .waitFor();
    await screenshot(page, 'pos-checks-tables-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    for (const [width, height] of [
      [1024, 768],
      [390, 844],
    ] as const) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `pos-checks-tables-${width}`, { fullPage: false });
      expect(await fitsWidth(page)).toBe(true);
    }
    await tap(table);
    await page.getByRole('button', { name: /^View check \(2\)/ }).waitFor();
    expect(await fitsWidth(page)).toBe(true);
    await tap(page.getByRole('button', { name: /^View check \(2\)/ }));
    await screenshot(page, 'pos-checks-check-390', { fullPage: false });
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'pos-checks-check-1024', { fullPage: false });
    expect(await fitsWidth(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });

    // split tender: one guest pays half in cash; the check stays open with the balance due
    await tap(page.getByRole('button', { name: /^Pay \$/ }));
    const half = page.getByRole('dialog', { name: /^Pay \$/ });
    await tap(half.getByRole('group', { name: 'Amount to pay' }).getByRole('button', { name: /^Half / }));
    await tap(half.getByRole('group', { name: 'Quick amounts' }).getByRole('button').nth(1));
    await half.getByTestId('left-to-pay').waitFor();
    await screenshot(page, 'pos-checks-pay-half-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'pos-checks-pay-half-390', { fullPage: false });
    expect(await fitsWidth(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    const partAnswer = page.waitForResponse(
      (r) => r.url().endsWith('/pay') && r.request().method() === 'POST',
    );
    await tap(half.getByRole('button', { name: /^Take \$[\d.,]+ as a part$/ }));
    expect((await partAnswer).status()).toBe(201);
    const part = page.getByRole('dialog', { name: /^Part paid: / });
    await part.waitFor();
    const halfAmount = Math.ceil(total / 2);
    expect(centsOf(await part.getByTestId('part-left').textContent())).toBe(total - halfAmount);
    await tap(part.getByRole('button', { name: 'Back to the check' }));
    await page.getByTestId('check-balance').waitFor();
    expect(centsOf(await page.getByTestId('check-paid').textContent())).toBe(halfAmount);
    expect(centsOf(await page.getByTestId('check-balance').textContent())).toBe(total - halfAmount);
    await screenshot(page, 'pos-checks-balance-1280', { fullPage: false });

    // the cash dialog now asks for the balance, not the total
    await tap(page.getByRole('button', { name: /^Pay \$/ }));
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    const cash = page.getByRole('dialog', { name: `Pay ${usd.format((total - halfAmount) / 100)}` });
    await cash.waitFor();
    await tap(cash.getByRole('button', { name: 'Cancel' }));
    await cash.waitFor({ state: 'detached' });

    // the rest with a card keyed into the gateway's card-entry frame (the card number never reaches us);
    // the check becomes a sale and the table is free again
    await tap(page.getByRole('button', { name: 'Keyed card' }));
    const keyed = page.getByRole('dialog', { name: /^Key in a card / });
    const frame = keyed.frameLocator('iframe[title="Card details"]');
    await frame.getByLabel('Card number').fill('4111111111111111');
    await frame.getByLabel('Expiry month').selectOption('12');
    await frame.getByLabel('Expiry year').selectOption(String(new Date().getFullYear() + 1));
    await frame.getByLabel('Security code (CVV)').fill('123');
    await frame.getByLabel('Security code (CVV)').press('Tab');
    await keyed.getByText('Card details received.').waitFor({ timeout: 20_000 });
    await tap(keyed.getByRole('button', { name: 'No tip' }));
    await screenshot(page, 'pos-checks-keyed-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'pos-checks-keyed-390', { fullPage: false });
    expect(await fitsWidth(page)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/pay/keyed') && r.request().method() === 'POST',
    );
    await tap(keyed.getByRole('button', { name: `Charge ${usd.format((total - halfAmount) / 100)}` }));
    const response = await answer;
    expect(response.status()).toBe(201);
    const sale = (
      (await response.json()) as {
        data: {
          orderId: number;
          status: string;
          totals: { total: number };
          tenders: { method: string; amount: number; card: { lastFour: string } | null }[];
        };
      }
    ).data;
    expect(sale).toMatchObject({ status: 'accepted', totals: { total } });
    expect(sale.tenders.map((t) => [t.method, t.amount, t.card?.lastFour ?? null])).toEqual([
      ['cash', halfAmount, null],
      ['card', total - halfAmount, '1111'],
    ]);
    expect(await response.request().postData()).not.toContain('4111111111111111');
    const done = page.getByRole('dialog', { name: 'Sale complete' });
    await done.waitFor();
    // the done screen lists both parts, the card last
    expect(await done.getByTestId('card-paid').textContent()).toBe('Visa ****1111');
    expect(await done.getByTestId('payment-part').allTextContents()).toEqual([
      `Cash${usd.format(halfAmount / 100)}`,
      `Visa ****1111${usd.format((total - halfAmount) / 100)}`,
    ]);
    await screenshot(page, 'pos-checks-split-done-1280', { fullPage: false });
    await tap(done.getByRole('button', { name: 'New sale' }));
    await table.getByText('Free · 4 seats').waitFor({ timeout: 20_000 });

    // the owner's order page in management says how the check was paid, part by part
    const owner = await context.newPage();
    await owner.goto(`${harness.managementOrigin}/manage/orders/${sale.orderId}`);
    const paid = owner.getByTestId('order-register-paid');
    await paid.waitFor({ timeout: 20_000 });
    expect(await paid.textContent()).toBe(
      `Cash ${usd.format(halfAmount / 100)} · Visa •••• 1111 ${usd.format((total - halfAmount) / 100)}`,
    );
    await screenshot(owner, 'pos-checks-management-order-1280', { fullPage: false });
    await owner.close();

    // a counter guest who pays later: "Send, pay later" opens the check as a tab with its line sent
    await tap(page.getByRole('link', { name: 'Register' }));
    await tap(page.getByRole('button', { name: 'From the Wood Grill', exact: true }));
    await tap(page.getByRole('button', { name: /^Halibut & Chips/ }));
    await page.getByPlaceholder('Guest name or table tent (optional)').fill('Sam');
    await tap(page.getByRole('button', { name: 'Send, pay later' }));
    await page.getByRole('heading', { level: 2, name: /^Sam · #\d+/ }).waitFor({ timeout: 20_000 });
    await page.getByText('Sent', { exact: true }).first().waitFor();
    expect(await page.getByText('Held').count()).toBe(0);
    await screenshot(page, 'pos-checks-pay-later-1280', { fullPage: false });
    await context.close();
  });
});
