import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import {
  axeViolations,
  connectMerchantAccount,
  managementPage,
  openManagement,
  paymentShot,
  serious,
  typeTestCard,
  watchCspViolations,
} from './helpers';

// The payments screens (issue 16): the demo owner connects the emulator's merchant account, takes a sale on
// the virtual terminal with the test card typed into the hosted frame, sees "Approved", opens the
// transaction, and looks at the list, funding and settings; screenshots at 1280 and 390 px go to
// /tmp/payscreens. Then a refund after settlement, the emulator's clock moved over HTTP (its own control
// route, /emulator/clock); those screenshots go to /tmp/reconcile.

const harness = useHarness();
const shot = paymentShot;
const RECONCILE_SHOTS = '/tmp/reconcile';
mkdirSync(RECONCILE_SHOTS, { recursive: true });
const HOUR = 3_600_000;

/** The transaction page at 1280 and at 390 px (its toasts closed first), back at 1280 after. */
async function shotBothWidths(page: Page, name: string) {
  const closeToast = page.getByRole('button', { name: /^(Dismiss|Close)/ });
  while ((await closeToast.count()) > 0) await closeToast.first().click();
  await page.screenshot({ path: `${RECONCILE_SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${RECONCILE_SHOTS}/${name}-390.png`, fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Moves the emulator's clock (an emulator-only control the real gateway does not have). */
async function advanceGatewayClock(gatewayOrigin: string, advanceMs: number) {
  const answer = await fetch(`${gatewayOrigin}/emulator/clock`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceMs }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { now: string }).now;
}

describe('management payments', () => {
  it('takes a sale on the virtual terminal through the hosted card frame and shows the transaction', async () => {
    const { context, page } = await managementPage(harness);
    const cspViolations = await watchCspViolations(page);
    try {
      await connectMerchantAccount(page, harness);
      await page.getByRole('button', { name: 'Test connection' }).click();
      await page.getByText(/Connection (works|failed)/).waitFor({ timeout: 30_000 });
      await shot(page, 'settings-1280');

      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Virtual terminal' })
        .click();
      await page.getByRole('heading', { level: 1, name: 'Virtual terminal' }).waitFor();
      await page.getByLabel('Amount').fill('12.50');
      await page.getByLabel('Tip').fill('2');
      await page.getByLabel('Order reference').fill('Check 42');
      // the terminal's own button waits for the hosted frame's token
      const charge = page.getByRole('button', { name: /Charge \$14\.50/ });
      expect(await charge.isDisabled()).toBe(true);
      await typeTestCard(page);
      expect(await charge.isEnabled()).toBe(true);
      // the card number never reaches our page's inputs
      const ourInputs = await page
        .locator('input')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      expect(ourInputs.join(' ')).not.toContain('4111111111111111');
      await shot(page, 'terminal-1280');
      await charge.click();
      await page.getByRole('heading', { level: 2, name: 'Approved' }).waitFor({ timeout: 40_000 });
      const result = await page.locator('.pay-result').textContent();
      expect(result).toContain('$14.50');
      expect(result).toContain('1111');
      await shot(page, 'terminal-approved-1280');
      expect(serious(await axeViolations(page))).toEqual([]);

      await page.getByRole('link', { name: 'View transaction' }).click();
      await page.getByRole('heading', { level: 1, name: /\$14\.50/ }).waitFor();
      expect(await page.getByTestId('payment-event').count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Check status' }).click();
      await page.getByText(/Status checked/).waitFor({ timeout: 30_000 });
      await shot(page, 'transaction-1280');

      await page.getByRole('link', { name: '← Transactions' }).click();
      await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
      await page.getByRole('table', { name: 'Transactions' }).getByText('$14.50').first().waitFor();
      await shot(page, 'transactions-1280');

      await openManagement(page, harness, '/payments/funding', 'Settlement & funding');
      await page.getByRole('heading', { level: 2, name: /Daily deposits/ }).waitFor();
      await page.waitForTimeout(1_000);
      await shot(page, 'funding-1280');
      expect(await cspViolations()).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('authorises only, then voids the authorisation from its page behind a confirmation', async () => {
    const { context, page } = await managementPage(harness);
    try {
      await connectMerchantAccount(page, harness);
      await openManagement(page, harness, '/payments/terminal', 'Virtual terminal');
      await page.getByLabel('Amount').fill('30');
      await page.getByRole('radio', { name: /Authorise only/ }).check();
      await typeTestCard(page);
      await page.getByRole('button', { name: /Authorise \$30\.00/ }).click();
      await page.getByRole('heading', { level: 2, name: 'Approved' }).waitFor({ timeout: 40_000 });
      expect(await page.locator('.pay-result').textContent()).toContain('Authorised only');
      await page.getByRole('link', { name: 'View transaction' }).click();
      await page.getByRole('heading', { level: 1, name: /\$30\.00/ }).waitFor();
      // before settlement: capture and void are offered, a refund is not
      await page.getByRole('button', { name: 'Capture' }).waitFor();
      expect(await page.getByRole('button', { name: 'Refund' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Void' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Void this payment?' });
      await dialog.waitFor();
      await shot(page, 'transaction-void-dialog-1280');
      const confirm = dialog.getByRole('button', { name: 'Void payment' });
      expect(await confirm.getAttribute('class')).toContain('ui-button--danger');
      await confirm.click();
      await dialog.waitFor({ state: 'detached', timeout: 40_000 });
      await page.getByText('Voided', { exact: true }).first().waitFor({ timeout: 20_000 });
      expect(await page.getByRole('button', { name: 'Void' }).count()).toBe(0);
      await shot(page, 'transaction-voided-1280');
    } finally {
      await context.close();
    }
  }, 180_000);

  it('fits a phone: terminal, list as cards, transaction, funding and settings at 390 px', async () => {
    const { context, page } = await managementPage(harness, undefined, { width: 390, height: 844 });
    try {
      await connectMerchantAccount(page, harness);
      await shot(page, 'settings-390');
      await openManagement(page, harness, '/payments/terminal', 'Virtual terminal');
      await page.frameLocator('iframe[title="Card details"]').getByLabel('Card number').waitFor();
      await shot(page, 'terminal-390');
      await openManagement(page, harness, '/payments/transactions', 'Transactions');
      await page.getByRole('button', { name: /^Filters/ }).waitFor();
      await page.waitForTimeout(500);
      await shot(page, 'transactions-390');
      const first = page.getByRole('table', { name: 'Transactions' }).getByRole('link').first();
      if (await first.isVisible().catch(() => false)) {
        await first.click();
        await page.getByRole('button', { name: 'Check status' }).waitFor();
        await shot(page, 'transaction-390');
      }
      await openManagement(page, harness, '/payments/funding', 'Settlement & funding');
      await page.waitForTimeout(1_000);
      await shot(page, 'funding-390');
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      expect(overflow).toBe(false);
    } finally {
      await context.close();
    }
  }, 180_000);
  // Last: it moves the emulator's clock a day on, which settles every payment taken before.
  it('refunds part of a sale once it has settled, behind a danger-styled confirmation', async () => {
    const { context, page } = await managementPage(harness);
    try {
      await connectMerchantAccount(page, harness);
      await openManagement(page, harness, '/payments/terminal', 'Virtual terminal');
      await page.getByLabel('Amount').fill('40');
      await page.getByLabel('Order reference').fill('Check 77');
      // The hosted frame comes from the gateway: here the emulator, whose controls sit beside it.
      const frameSrc = await page.locator('iframe[title="Card details"]').getAttribute('src');
      const gatewayOrigin = new URL(frameSrc!).origin;
      await typeTestCard(page);
      await page.getByRole('button', { name: /Charge \$40\.00/ }).click();
      await page.getByRole('heading', { level: 2, name: 'Approved' }).waitFor({ timeout: 40_000 });
      await page.getByRole('link', { name: 'View transaction' }).click();
      await page.getByRole('heading', { level: 1, name: /\$40\.00/ }).waitFor();
      // Captured but not settled: no refund yet.
      expect(await page.getByRole('button', { name: 'Refund' }).count()).toBe(0);

      const settledClock = await advanceGatewayClock(gatewayOrigin, 26 * HOUR);
      await page.getByRole('button', { name: 'Check status' }).click();
      await page.getByText('Status checked: settled').waitFor({ timeout: 30_000 });
      const header = page.locator('.page-header');
      await header.getByText('Settled', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Refund' }).waitFor();
      await shotBothWidths(page, 'transaction-settled');

      await page.getByRole('button', { name: 'Refund' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Refund this payment?' });
      await dialog.waitFor();
      const confirm = dialog.getByRole('button', { name: 'Refund', exact: true });
      expect(await confirm.getAttribute('class')).toContain('ui-button--danger');
      await dialog.getByLabel('Amount').fill('15');
      await page.screenshot({ path: `${RECONCILE_SHOTS}/transaction-refund-dialog-1280.png` });
      await confirm.click();
      await dialog.waitFor({ state: 'detached', timeout: 40_000 });
      await page.getByText('Refund approved').first().waitFor();

      const refunds = page.getByRole('region', { name: 'Refunds' });
      await refunds.getByRole('link', { name: '$15.00' }).waitFor({ timeout: 20_000 });
      await refunds.getByText('Refunded', { exact: true }).waitFor();
      await header.getByText('Partially refunded', { exact: true }).waitFor({ timeout: 20_000 });
      // What is left to refund is offered again.
      await page.getByRole('button', { name: 'Refund' }).waitFor();
      await shotBothWidths(page, 'transaction-refunded');
      expect(serious(await axeViolations(page))).toEqual([]);

      // A day later the settled batch is funded: the deposit, the chart and the settlement show it.
      // The sale settled at the first midnight (UTC) after it and is funded at the next one.
      await advanceGatewayClock(gatewayOrigin, 24 * HOUR);
      const dayAfter = (iso: string, days: number) =>
        new Date(Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) + days * 24 * HOUR).toISOString().slice(0, 10);
      const saleDay = new Date(Date.parse(settledClock) - 26 * HOUR).toISOString();
      const settledOn = dayAfter(saleDay, 1);
      const fundedOn = dayAfter(saleDay, 2);
      await openManagement(
        page,
        harness,
        `/payments/funding?date=${fundedOn}&days=7`,
        'Settlement & funding',
      );
      const deposit = page.locator('section.pay-deposit');
      await deposit.getByText('Net sales').waitFor({ timeout: 30_000 });
      await page.locator('.recharts-surface').first().waitFor({ timeout: 30_000 });
      await shotBothWidths(page, 'funding-with-deposit');
      await openManagement(
        page,
        harness,
        `/payments/funding?date=${settledOn}&days=7`,
        'Settlement & funding',
      );
      await page.getByText(/Batch/).first().waitFor({ timeout: 30_000 });
      await shotBothWidths(page, 'funding-settlement');
      expect(serious(await axeViolations(page))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);
});
