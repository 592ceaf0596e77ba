import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import {
  axeViolations,
  connectMerchantAccount,
  managementPage,
  openManagement,
  serious,
  paymentShot as shot,
  typeTestCard,
  watchCspViolations,
} from './helpers';

// The customer profiles screen (issue 16): the demo owner stores a customer's card through the hosted card
// frame, sees it listed by brand and last four, edits it (the gateway's values are read back when the dialog
// opens again), adds a second card as the profile's default, charges it from the virtual terminal by choosing
// it (no card typed), and deletes a card behind a confirmation that says it is permanent; screenshots at
// 1280 and 390 px go to /tmp/payscreens.

const harness = useHarness();

const profileRows = (page: Page, text: string | RegExp) =>
  page.getByRole('table', { name: 'Customer profiles' }).getByRole('row').filter({ hasText: text });

async function storeFirstCard(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Customer profiles' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Customer profiles' }).waitFor();
  await page.getByRole('button', { name: 'Add a card' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  await dialog.waitFor();
  await dialog.getByLabel('Name').fill('Ada Lovelace');
  await dialog.getByLabel('ZIP code').fill('55555');
  await typeTestCard(page, '5454545454545454');
  await shot(page, 'profile-add-1280');
  await dialog.getByRole('button', { name: 'Store card' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 40_000 });
  const row = profileRows(page, 'Ada Lovelace').first();
  await row.waitFor({ timeout: 20_000 });
  expect(await row.textContent()).toContain('5454');
  expect(await page.content()).not.toContain('5454545454545454');
}

/** Edit: the dialog shows what the gateway holds; a changed name and email are saved and read back. */
async function editCard(page: Page) {
  await profileRows(page, 'Ada Lovelace')
    .getByRole('button', { name: /^Edit:/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit stored card' });
  await dialog.waitFor();
  const name = dialog.getByLabel('Name');
  await name.waitFor({ timeout: 20_000 });
  expect(await name.inputValue()).toBe('Ada Lovelace');
  expect(await dialog.getByLabel('ZIP code').inputValue()).toBe('55555');
  // nothing changed: nothing is sent
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await dialog.getByText('Give at least one field to change').waitFor();
  await name.fill('Ada King');
  await dialog.getByLabel('Email').fill('ada@example.com');
  await dialog.getByLabel('Expiry (MMYY)').fill('1131');
  await shot(page, 'profile-edit-1280');
  // keyboard: Enter in a field submits the form
  await dialog.getByLabel('Email').press('Enter');
  await dialog.waitFor({ state: 'detached', timeout: 40_000 });
  await page.getByText('Stored card updated').waitFor({ timeout: 20_000 });
  const row = profileRows(page, 'Ada King');
  await row.waitFor({ timeout: 20_000 });
  expect(await row.textContent()).toContain('11/31');
  // opened again, the dialog reads the gateway's values: the email was stored there
  await row.getByRole('button', { name: /^Edit:/ }).click();
  const again = page.getByRole('dialog', { name: 'Edit stored card' });
  await again.getByLabel('Email').waitFor({ timeout: 20_000 });
  expect(await again.getByLabel('Email').inputValue()).toBe('ada@example.com');
  expect(await again.getByLabel('Expiry (MMYY)').inputValue()).toBe('1131');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await again.waitFor({ state: 'detached' });
}

/** Add card: a Visa on Ada's profile, made the default (the Mastercard loses its badge). */
async function addSecondCard(page: Page) {
  await profileRows(page, 'Ada King')
    .getByRole('button', { name: /^Add card:/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add another card' });
  await dialog.waitFor();
  expect(await dialog.getByLabel('Name').inputValue()).toBe('Ada King');
  await typeTestCard(page);
  await dialog.getByLabel('Make this the profile’s default card').check();
  await shot(page, 'profile-add-account-1280');
  await dialog.getByRole('button', { name: 'Add card' }).click();
  await dialog.waitFor({ state: 'detached', timeout: 40_000 });
  await page.getByText('Card added to the profile').waitFor({ timeout: 20_000 });
  const visa = profileRows(page, '1111');
  await visa.waitFor({ timeout: 20_000 });
  expect(await profileRows(page, 'Ada King').count()).toBe(2);
  expect(await visa.textContent()).toContain('Default');
  expect(await profileRows(page, '5454').textContent()).not.toContain('Default');
}

/** The virtual terminal charges the stored Visa, chosen with the keyboard: nothing typed into the frame. */
async function chargeStoredCard(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Virtual terminal' })
    .click();
  await page.getByRole('heading', { level: 1, name: 'Virtual terminal' }).waitFor();
  await page.getByLabel('Amount').fill('21.00');
  // no card chosen yet: the form says so
  await page.getByLabel('Type a card').focus();
  await page.keyboard.press('ArrowDown');
  expect(await page.getByLabel('Stored card (customer profile)').isChecked()).toBe(true);
  const select = page.getByLabel('Stored card', { exact: true });
  await select.waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /Charge \$21\.00/ }).click();
  await page.getByText('Choose a stored card').waitFor();
  await select.selectOption({ label: (await select.locator('option', { hasText: '1111' }).textContent())! });
  await shot(page, 'terminal-stored-card-1280');
  await page.getByRole('button', { name: /Charge \$21\.00/ }).press('Enter');
  await page.getByRole('heading', { level: 2, name: 'Approved' }).waitFor({ timeout: 40_000 });
  const result = await page.locator('.pay-result').textContent();
  expect(result).toContain('$21.00');
  expect(result).toContain('1111');
}

describe('management customer profiles', () => {
  it('stores, edits, adds a second card to, charges from the terminal, and deletes a stored profile', async () => {
    const { context, page } = await managementPage(harness);
    const cspViolations = await watchCspViolations(page);
    try {
      await connectMerchantAccount(page, harness);
      await storeFirstCard(page);
      await shot(page, 'profiles-1280');
      expect(serious(await axeViolations(page))).toEqual([]);
      await editCard(page);
      await addSecondCard(page);
      await shot(page, 'profiles-two-cards-1280');
      await chargeStoredCard(page);
      expect(serious(await axeViolations(page))).toEqual([]);

      await openManagement(page, harness, '/payments/profiles', 'Customer profiles');
      await profileRows(page, '5454')
        .getByRole('button', { name: /^Delete:/ })
        .click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this stored card?' });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain('permanent and cannot be undone');
      await shot(page, 'profile-delete-1280');
      await confirm.getByRole('button', { name: 'Delete permanently' }).click();
      await confirm.waitFor({ state: 'detached', timeout: 40_000 });
      await page.getByText('Card deleted').waitFor({ timeout: 20_000 });
      await profileRows(page, '5454').waitFor({ state: 'detached', timeout: 20_000 });
      expect(await profileRows(page, '1111').count()).toBe(1);
      expect(await cspViolations()).toEqual([]);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('fits a phone at 390 px: the list, the edit dialog and the terminal with a stored card', async () => {
    const { context, page } = await managementPage(harness, undefined, { width: 390, height: 844 });
    const overflows = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    try {
      await connectMerchantAccount(page, harness);
      await openManagement(page, harness, '/payments/profiles', 'Customer profiles');
      await profileRows(page, '1111').waitFor({ timeout: 20_000 });
      await shot(page, 'profiles-390');
      expect(await overflows()).toBe(false);
      await profileRows(page, '1111')
        .getByRole('button', { name: /^Edit:/ })
        .click();
      await page
        .getByRole('dialog', { name: 'Edit stored card' })
        .getByLabel('Email')
        .waitFor({ timeout: 20_000 });
      await shot(page, 'profile-edit-390');
      expect(await overflows()).toBe(false);
      await page.keyboard.press('Escape');
      await openManagement(page, harness, '/payments/terminal', 'Virtual terminal');
      await page.getByLabel('Stored card (customer profile)').check();
      await page.getByLabel('Stored card', { exact: true }).waitFor({ timeout: 20_000 });
      await shot(page, 'terminal-stored-card-390');
      expect(await overflows()).toBe(false);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('marks the cards of another merchant account and does not offer them to the terminal', async () => {
    const { context, page } = await managementPage(harness);
    const setMerchant = async (merchid: string) => {
      await openManagement(page, harness, '/payments/settings', 'Payment settings');
      await page.getByLabel('Merchant ID').fill(merchid);
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Merchant account saved').first().waitFor({ timeout: 20_000 });
    };
    try {
      await connectMerchantAccount(page, harness);
      await setMerchant('800000009999');
      await openManagement(page, harness, '/payments/profiles', 'Customer profiles');
      const row = profileRows(page, '1111');
      await row.getByText('Other merchant account').waitFor({ timeout: 20_000 });
      expect(await row.getByRole('button').count()).toBe(0);
      await shot(page, 'profiles-other-merchant-1280');
      await openManagement(page, harness, '/payments/terminal', 'Virtual terminal');
      await page.getByLabel('Stored card (customer profile)').check();
      await page.getByText('No cards on file').waitFor({ timeout: 20_000 });
    } finally {
      await setMerchant('496160873888').catch(() => {});
      await context.close();
    }
  }, 180_000);
});
