import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { axeViolations, managementPage, openManagement, serious, watchCspViolations } from './helpers';

// The customer profiles screen (issue 16): the demo owner stores a customer's card through the hosted card
// frame, sees it listed by brand and last four, and deletes it behind a confirmation that says it is
// permanent; screenshots at 1280 and 390 px go to /tmp/payscreens.

const harness = useHarness();
const SHOTS = '/tmp/payscreens';
mkdirSync(SHOTS, { recursive: true });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** Connects the emulator's merchant account when the restaurant has none (its default test merchant). */
async function connectMerchantAccount(page: Page) {
  await openManagement(page, harness, '/payments/settings', 'Payment settings');
  const connect = page.getByRole('button', { name: 'Connect account' });
  const save = page.getByRole('button', { name: 'Save changes' });
  await connect.or(save).first().waitFor({ timeout: 20_000 });
  if (await save.isVisible()) return;
  await page.getByLabel('Merchant ID').fill('496160873888');
  await page.getByLabel('Site').fill('fts');
  await page.getByLabel('API username').fill('testing');
  await page.getByLabel('API password').fill('testing123');
  await connect.click();
  await page.getByText('Credentials saved').waitFor({ timeout: 20_000 });
}

describe('management customer profiles', () => {
  it('stores a card through the hosted frame, lists it, and deletes it behind a permanent-delete confirmation', async () => {
    const { context, page } = await managementPage(harness);
    const cspViolations = await watchCspViolations(page);
    try {
      await connectMerchantAccount(page);
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
      const frame = page.frameLocator('iframe[title="Card details"]');
      await frame.getByLabel('Card number').fill('5454545454545454');
      await frame.getByLabel('Expiry (MMYY)').fill('1230');
      await frame.getByLabel('Security code (CVV)').fill('123');
      await frame.getByRole('button', { name: 'Use this card' }).click();
      await page.getByText(/Card details received/).waitFor({ timeout: 20_000 });
      await shot(page, 'profile-add-1280');
      await dialog.getByRole('button', { name: 'Store card' }).click();
      await dialog.waitFor({ state: 'detached', timeout: 40_000 });

      const table = page.getByRole('table', { name: 'Customer profiles' });
      const row = table.getByRole('row').filter({ hasText: 'Ada Lovelace' }).first();
      await row.waitFor({ timeout: 20_000 });
      expect(await row.textContent()).toContain('5454');
      expect(await page.content()).not.toContain('5454545454545454');
      await shot(page, 'profiles-1280');
      expect(serious(await axeViolations(page))).toEqual([]);

      await row.getByRole('button', { name: /^Delete/ }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete this stored card?' });
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain('permanent and cannot be undone');
      await shot(page, 'profile-delete-1280');
      await confirm.getByRole('button', { name: 'Delete permanently' }).click();
      await confirm.waitFor({ state: 'detached', timeout: 40_000 });
      await page.getByText('Card deleted').waitFor({ timeout: 20_000 });
      expect(await cspViolations()).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('fits a phone at 390 px', async () => {
    const { context, page } = await managementPage(harness, undefined, { width: 390, height: 844 });
    try {
      await connectMerchantAccount(page);
      await openManagement(page, harness, '/payments/profiles', 'Customer profiles');
      await page.waitForTimeout(500);
      await shot(page, 'profiles-390');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
    } finally {
      await context.close();
    }
  }, 180_000);
});
