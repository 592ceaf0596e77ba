import { TENANT_CREATION_TIMEZONE } from '@brigade/domain/tenant';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, DEMO_OWNER, DEMO_TENANT_ID, signInByApi, useHarness } from './harness';
import { axeViolations, fillSignIn, screenSettled, screenshot, serious } from './helpers';

/**
 * Paying a register check by card (issue 46 item 6) in Chromium against the real server and its CardPointe
 * emulator: the register is paired, a manager pairs the emulator's terminal to it in management → Registers
 * (the form refuses a bad HSN first), and the register
 * shows "Card" beside "Cash". The card dialog says to follow the prompts on the terminal while the test, in a
 * second page, acts as the shopper on the emulated terminal's own page: a tip, then a declined card (the
 * register shows the issuer's words and keeps the check), then a second try with a Visa and a signature. The
 * register's done screen shows the card's brand and last four and the tip.
 */
const harness = useHarness();

const HSN = 'C032UQ03960189';
const TERMINAL_KEY = 'emulator-terminal-api-key';

const centsOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

interface Restaurant {
  restaurantId: number;
  name: string;
}

async function harborGrill(token: string) {
  const list = await apiCall<{ data: { restaurants: Restaurant[] } }>(
    harness,
    'GET',
    `/tenants/${DEMO_TENANT_ID}/restaurants`,
    { token },
  );
  return list.body.data.restaurants.find((r) => r.name === 'Harbor Grill')!.restaurantId;
}

/** Where the emulator listens: the merchant account's gateway origin. */
async function emulatorOrigin(token: string, restaurantId: number) {
  const account = await apiCall<{ data: { gatewayUrl: string } }>(
    harness,
    'GET',
    `/tenants/${DEMO_TENANT_ID}/restaurants/${restaurantId}/payments/merchant-account`,
    { token },
  );
  expect(account.status).toBe(200);
  return account.body.data.gatewayUrl;
}

async function openAndPair(page: Page, name: string) {
  await page.goto(`${harness.managementOrigin}/pos/`);
  await fillSignIn(page, DEMO_OWNER);
  await page.getByRole('heading', { name: 'Select POS Terminal' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /Harbor Grill/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Pair this device' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('Device name').fill(name);
  await page.getByRole('button', { name: 'Pair this device' }).click();
  await page.getByRole('region', { name: 'Menu' }).waitFor({ timeout: 20_000 });
}

/** A register paired in this page, and the emulator's terminal paired to it by the owner (through the API). */
async function registerWithTerminal(page: Page, name: string) {
  await openAndPair(page, name);
  const token = await signInByApi(harness, DEMO_OWNER);
  const restaurantId = await harborGrill(token);
  const base = `/tenants/${DEMO_TENANT_ID}/restaurants/${restaurantId}`;
  const devices = await apiCall<{ data: { deviceId: number; name: string }[] }>(
    harness,
    'GET',
    `${base}/pos/devices`,
    { token },
  );
  const device = devices.body.data.find((d) => d.name === name)!;
  const paired = await apiCall(harness, 'PUT', `${base}/pos/devices/${device.deviceId}/terminal`, {
    token,
    body: { hsn: HSN, apiKey: TERMINAL_KEY },
  });
  expect(paired.status).toBe(200);
  return { token, restaurantId };
}

/** The shopper at the emulated terminal: waits for a button to be enabled, then presses it. */
async function press(terminal: Page, name: string | RegExp) {
  const button = terminal.getByRole('button', { name });
  await expect.poll(() => button.isEnabled(), { timeout: 20_000 }).toBe(true);
  await button.click();
}

describe('POS register, card on the terminal', () => {
  it('pays a check by card on the CardPointe terminal: tip, a decline, then a Visa with a signature', async () => {
    const context = await harness.browser.newContext({
      viewport: { width: 1280, height: 800 },
      hasTouch: true,
      timezoneId: TENANT_CREATION_TIMEZONE,
    });
    const page = await context.newPage();
    await openAndPair(page, 'Card counter');

    // a manager pairs the emulator's terminal in management → Registers
    const manage = await context.newPage();
    await manage.goto(`${harness.managementOrigin}/manage/pos-devices`);
    const pick = manage.getByRole('button', { name: /Harbor Grill/ });
    const heading = manage.getByRole('heading', { level: 1, name: 'Registers' });
    await pick.or(heading).first().waitFor({ timeout: 20_000 });
    if (await pick.isVisible()) await pick.click();
    await heading.waitFor({ timeout: 20_000 });
    await manage.getByRole('button', { name: 'Card terminal of Card counter' }).click();
    const form = manage.getByRole('dialog', { name: 'Card terminal of Card counter' });
    await form.getByRole('button', { name: 'Pair terminal' }).click();
    await form.getByText('Terminal HSN must be 6 to 40 letters, digits or dashes').waitFor();
    await form.getByLabel('Terminal HSN').fill(HSN);
    await form.getByLabel('Terminal API key').fill(TERMINAL_KEY);
    await screenshot(manage, 'pos-card-management-terminal', { fullPage: false });
    expect(serious(await axeViolations(manage))).toEqual([]);
    await form.getByRole('button', { name: 'Pair terminal' }).click();
    await form.waitFor({ state: 'detached' });
    const row = manage.getByRole('row').filter({ hasText: 'Card counter' });
    await row.getByText(HSN).waitFor();
    expect(await manage.content()).not.toContain(TERMINAL_KEY);
    await manage.close();

    const token = await signInByApi(harness, DEMO_OWNER);
    const restaurantId = await harborGrill(token);
    const origin = await emulatorOrigin(token, restaurantId);

    // the register reads its device again: Card beside Cash
    await page.reload();
    await page.getByRole('region', { name: 'Menu' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'From the Wood Grill', exact: true }).tap();
    await page.getByRole('button', { name: /^Halibut & Chips/ }).tap();
    const card = page.getByRole('button', { name: /^Card \$/ });
    await card.waitFor();
    expect(await page.getByRole('button', { name: /^Cash \$/ }).isVisible()).toBe(true);
    const total = (await card.textContent())!.replace('Card ', '');
    await screenSettled(page);
    await screenshot(page, 'pos-card-register-1280', { fullPage: false });
    await card.tap();
    const dialog = page.getByRole('dialog', { name: `Card ${total}` });
    await dialog.waitFor();
    expect(serious(await axeViolations(page))).toEqual([]);

    // the shopper's terminal, in a second page
    const terminal = await context.newPage();
    await terminal.goto(`${origin}/terminal/${HSN}`);
    await terminal.getByText('Welcome').waitFor();

    await page.bringToFront();
    await dialog.getByRole('button', { name: 'Charge card' }).tap();
    await dialog.getByText('Follow the prompts on the terminal').waitFor();
    await screenshot(page, 'pos-card-follow-1280', { fullPage: false });

    // first try: no tip, a card the issuer declines
    await terminal.bringToFront();
    await terminal.getByText('Add a tip?').waitFor({ timeout: 20_000 });
    await screenshot(terminal, 'pos-card-terminal-tip', { fullPage: false });
    await press(terminal, 'No tip');
    await terminal.getByText('Insert, tap or swipe').waitFor();
    await press(terminal, 'Visa — Do Not Honor');
    await page.bringToFront();
    await dialog.getByTestId('card-problem').waitFor({ timeout: 20_000 });
    expect(await dialog.getByTestId('card-problem').textContent()).toBe(
      'The card was declined: Do Not Honor',
    );
    await screenshot(page, 'pos-card-declined-1280', { fullPage: false });

    // second try: an 18% tip, a Visa, a signature
    await dialog.getByRole('button', { name: 'Charge card again' }).tap();
    await dialog.getByText('Follow the prompts on the terminal').waitFor();
    await terminal.bringToFront();
    await press(terminal, /^Tip 18%/);
    await terminal.getByText('Insert, tap or swipe').waitFor();
    await screenshot(terminal, 'pos-card-terminal-card', { fullPage: false });
    await press(terminal, 'Visa — approved');
    await terminal.getByText('Sign below').waitFor();
    await press(terminal, 'Sign');

    await page.bringToFront();
    const done = page.getByRole('dialog', { name: 'Sale complete' });
    await done.waitFor({ timeout: 20_000 });
    expect(await done.getByTestId('card-paid').textContent()).toBe('Visa ****1111');
    expect(await done.getByTestId('card-tip').isVisible()).toBe(true);
    expect(serious(await axeViolations(page))).toEqual([]);
    await screenshot(page, 'pos-card-done-1280', { fullPage: false });
    await done.getByRole('button', { name: 'New sale' }).tap();
    await page.getByText('Tap an item to start a sale.').waitFor();
    // the sales list says how it was paid
    await page.getByRole('link', { name: 'Sales' }).tap();
    await page.getByText('Paid by Visa ****1111').waitFor({ timeout: 20_000 });
    await screenshot(page, 'pos-card-sales-1280', { fullPage: false });
    await context.close();
  });

  it('takes the tip from the signed receipt: no tip screen, the close-out warns, Add tip captures it (1280 and 390)', async () => {
    const context = await harness.browser.newContext({
      viewport: { width: 1280, height: 800 },
      hasTouch: true,
      timezoneId: TENANT_CREATION_TIMEZONE,
    });
    const page = await context.newPage();
    const { token, restaurantId } = await registerWithTerminal(page, 'Receipt tips');

    // the owner chooses tips on the receipt in the time clock's settings
    const manage = await context.newPage();
    await openManaged(manage, 'reports/timesheets', 'Timesheets');
    await manage.getByLabel('Card tips at the register').selectOption('receipt');
    await manage.getByText('add the tip from the receipt under Sales').waitFor();
    await manage.getByRole('button', { name: 'Save settings' }).click();
    await manage.getByText('Time clock settings saved').waitFor();

    // a sale by card: the terminal asks for no tip, the card is authorised only
    await page.bringToFront();
    await page.reload();
    await page.getByRole('region', { name: 'Menu' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'From the Wood Grill', exact: true }).tap();
    await page.getByRole('button', { name: /^Halibut & Chips/ }).tap();
    const card = page.getByRole('button', { name: /^Card \$/ });
    const total = (await card.textContent())!.replace('Card ', '');
    await card.tap();
    const dialog = page.getByRole('dialog', { name: `Card ${total}` });
    const terminal = await context.newPage();
    await terminal.goto(`${await emulatorOrigin(token, restaurantId)}/terminal/${HSN}`);
    await terminal.getByText('Welcome').waitFor();
    await page.bringToFront();
    await dialog.getByRole('button', { name: 'Charge card' }).tap();
    await terminal.bringToFront();
    await terminal.getByText('Insert, tap or swipe').waitFor({ timeout: 20_000 });
    expect(await terminal.getByText('Add a tip?').count()).toBe(0);
    await press(terminal, 'Visa — approved');
    await terminal.getByText('Sign below').waitFor();
    await press(terminal, 'Sign');
    await page.bringToFront();
    const done = page.getByRole('dialog', { name: 'Sale complete' });
    await done.getByTestId('card-tip-pending').waitFor({ timeout: 20_000 });
    await screenshot(page, 'pos-card-tip-pending-1280', { fullPage: false });
    await done.getByRole('button', { name: 'New sale' }).tap();

    // the close-out says a card waits for its tip
    // the restaurant is picked already: straight to the screen
    await manage.goto(`${harness.managementOrigin}/manage/reports/close-out`);
    await manage.getByRole('heading', { level: 1, name: 'Close-out' }).waitFor({ timeout: 20_000 });
    await manage.getByText(/cards? (is|are) waiting for the tip on the receipt/).waitFor({ timeout: 20_000 });
    await screenSettled(manage);
    await screenshot(manage, 'pos-close-out-tips-awaited-1280');
    expect(serious(await axeViolations(manage))).toEqual([]);

    // Sales → Add tip: a tip over 25% is refused in place, then 3.00 is taken
    await page.bringToFront();
    await page.getByRole('link', { name: 'Sales' }).tap();
    const add = page.getByRole('button', { name: /^Add tip to sale #/ }).first();
    await add.waitFor({ timeout: 20_000 });
    await page.getByTestId('tip-awaited').first().waitFor();
    await add.tap();
    const tip = page.getByRole('dialog', { name: /^Add tip to sale #/ });
    await tip.getByLabel('Tip ($)').fill('50');
    await tip.getByRole('button', { name: 'Add $50.00 tip' }).tap();
    await tip.getByText(/A tip over 25% of the authorised amount/).waitFor({ timeout: 20_000 });
    await tip.getByLabel('Tip ($)').fill('3');
    expect(await tip.getByTestId('tip-total').textContent()).toBe(
      `$${(Number(total.replace(/[^0-9.]/g, '')) + 3).toFixed(2)}`,
    );
    expect(serious(await axeViolations(page))).toEqual([]);
    await screenshot(page, 'pos-card-add-tip-1280', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'pos-card-add-tip-390', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });
    await tip.getByRole('button', { name: 'Add $3.00 tip' }).tap();
    await tip.waitFor({ state: 'detached', timeout: 20_000 });
    await expect.poll(() => page.getByRole('button', { name: /^Add tip to sale #/ }).count()).toBe(0);
    await page.getByText('Tip $3.00').waitFor();
    await screenshot(page, 'pos-card-tip-added-1280', { fullPage: false });
    await context.close();
  });

  it("splits a tab across two guests' cards: half on a Visa, the rest on a Mastercard (1280 and 390)", async () => {
    const context = await harness.browser.newContext({
      viewport: { width: 1280, height: 800 },
      hasTouch: true,
      timezoneId: TENANT_CREATION_TIMEZONE,
    });
    const page = await context.newPage();
    const { token, restaurantId } = await registerWithTerminal(page, 'Split cards');
    const terminal = await context.newPage();
    await terminal.goto(`${await emulatorOrigin(token, restaurantId)}/terminal/${HSN}`);
    await terminal.getByText('Welcome').waitFor();
    /** The shopper: the tip screen when the restaurant asks one there (not with tips on the receipt), the card, the signature. */
    const shopperPays = async (card: string) => {
      await terminal.bringToFront();
      const tipOrCard = terminal.getByText('Add a tip?').or(terminal.getByText('Insert, tap or swipe'));
      await tipOrCard.first().waitFor({ timeout: 20_000 });
      if (await terminal.getByText('Add a tip?').isVisible()) await press(terminal, 'No tip');
      await press(terminal, card);
      await terminal.getByText('Sign below').waitFor();
      await press(terminal, 'Sign');
      await page.bringToFront();
    };

    // a tab with the halibut
    await page.bringToFront();
    await page.reload();
    await page.getByRole('link', { name: 'Tables' }).tap();
    await page.getByPlaceholder('Name of the tab (optional)').fill('Two friends');
    await page.getByRole('button', { name: 'Open a tab' }).tap();
    await page.getByRole('heading', { level: 2, name: /^Two friends · #\d+/ }).waitFor({ timeout: 20_000 });
    await page.getByRole('searchbox', { name: 'Search items' }).fill('halibut');
    const added = page.waitForResponse((r) => r.url().includes('/lines') && r.request().method() === 'POST');
    await page.getByRole('button', { name: /^Halibut & Chips/ }).tap();
    expect((await added).status()).toBe(200);
    const checkTotal = async () => centsOf(await page.getByTestId('check-total').textContent());
    await expect.poll(checkTotal, { timeout: 20_000 }).toBeGreaterThan(0);
    const total = await checkTotal();

    // the first guest's card pays half
    await page.getByRole('button', { name: /^Card \$/ }).tap();
    const dialog = page.getByRole('dialog', { name: /^Card \$/ });
    await dialog
      .getByRole('group', { name: 'Amount to pay' })
      .getByRole('button', { name: /^Half / })
      .tap();
    const half = Math.ceil(total / 2);
    expect(centsOf(await dialog.getByTestId('card-amount').textContent())).toBe(half);
    await screenshot(page, 'pos-card-split-half-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'pos-card-split-half-390', { fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    const partAnswer = page.waitForResponse((r) => r.url().endsWith('/pay/card'));
    await dialog.getByRole('button', { name: 'Charge card' }).tap();
    await shopperPays('Visa — approved');
    expect((await partAnswer).status()).toBe(201);
    const part = page.getByRole('dialog', { name: /^Part paid: / });
    await part.waitFor({ timeout: 20_000 });
    expect(centsOf(await part.getByTestId('part-left').textContent())).toBe(total - half);
    await screenshot(page, 'pos-card-split-part-1280', { fullPage: false });
    await part.getByRole('button', { name: 'Back to the check' }).tap();
    await page.getByTestId('check-balance').waitFor();
    expect(centsOf(await page.getByTestId('check-balance').textContent())).toBe(total - half);

    // the second guest's card pays the rest: the sale lists both cards
    await page.getByRole('button', { name: /^Card \$/ }).tap();
    const rest = page.getByRole('dialog', { name: /^Card \$/ });
    expect(centsOf(await rest.getByTestId('card-amount').textContent())).toBe(total - half);
    const saleAnswer = page.waitForResponse((r) => r.url().endsWith('/pay/card'));
    await rest.getByRole('button', { name: 'Charge card' }).tap();
    await shopperPays('Mastercard — approved');
    const sale = (
      (await (await saleAnswer).json()) as {
        data: { status: string; tenders: { method: string; amount: number; card: { lastFour: string } }[] };
      }
    ).data;
    expect(sale.status).toBe('accepted');
    expect(sale.tenders.map((t) => [t.method, t.card.lastFour])).toEqual([
      ['card', '1111'],
      ['card', '5454'],
    ]);
    await page.getByRole('dialog', { name: 'Sale complete' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'pos-card-split-done-1280', { fullPage: false });
    await context.close();
  });
});

/** A management screen of Harbor Grill (the restaurant picked when asked). */
async function openManaged(page: Page, path: string, title: string) {
  await page.goto(`${harness.managementOrigin}/manage/${path}`);
  const pick = page.getByRole('button', { name: /Harbor Grill/ });
  const heading = page.getByRole('heading', { level: 1, name: title });
  await pick.or(heading).first().waitFor({ timeout: 20_000 });
  if (await pick.isVisible()) await pick.click();
  await heading.waitFor({ timeout: 20_000 });
}
