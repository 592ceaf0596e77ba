import { StarCloudPrntEmulator } from '@brigade/cloud-printers/emulator';
import { describe, expect, it } from 'vitest';
import { apiCall, useHarness } from './harness';
import { axeViolations, HARBOR_GRILL_PATH, screenshot, serious, signInToManagement } from './helpers';

/**
 * A cloud printer in management (issue 46 item 9): the printers list says how each printer is connected;
 * Cloud setup makes the poll URL and password, shown once; once the printer (here the CloudPRNT emulator,
 * with what the dialog showed) has polled, the list and the dialog say it is online.
 */
const harness = useHarness();
const MAC = '00:11:62:1d:9a:b7';

describe('cloud printers in management', () => {
  it('makes a CloudPRNT printer its URL and password, and shows its last poll', async () => {
    const made = await apiCall<{ data: { printerId: number } }>(
      harness,
      'POST',
      `${HARBOR_GRILL_PATH}/printers`,
      {
        token: harness.ownerToken,
        body: { name: 'Pass printer', model: 'mC-Print3', connection: 'Star CloudPRNT', cloudDeviceId: MAC },
      },
    );
    expect(made.status).toBe(201);
    const context = await harness.newContext({ width: 1280, height: 800 });
    const page = await context.newPage();
    await signInToManagement(page, harness);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.goto(`${harness.managementOrigin}/manage/printers`);
    const row = page.getByRole('row').filter({ hasText: 'Pass printer' });
    await row.getByText('Not set up').waitFor();
    await row.getByRole('button', { name: 'Cloud setup of Pass printer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pass printer: cloud connection' });
    await dialog.getByRole('button', { name: 'Make its URL and password' }).click();
    await dialog.getByText('the password is shown only once').waitFor();
    const codes = await dialog.locator('code').allTextContents();
    const [url, userName, password] = codes;
    expect(url).toMatch(/\/api\/v1\/cloud-print\/[A-Za-z0-9_-]{16}$/);
    expect(userName).toBe('0011621d9ab7');
    expect(serious(await axeViolations(page))).toEqual([]);
    await screenshot(page, 'management-printer-cloud-setup-1280');

    const printer = new StarCloudPrntEmulator({
      url: url!,
      userName: userName!,
      password: password!,
      deviceId: MAC,
    });
    await printer.poll();
    expect(printer.answers).toEqual([200]);
    await dialog.getByRole('button', { name: 'Done', exact: true }).click();
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'Pass printer' }).getByText('online').waitFor();
    await screenshot(page, 'management-printers-1280');
    // the printer's form: the connection, and the MAC address it polls with
    await page
      .getByRole('row')
      .filter({ hasText: 'Pass printer' })
      .getByRole('button', { name: /Edit/ })
      .click();
    const form = page.getByRole('dialog');
    expect(await form.getByLabel('Connection').locator('option:checked').textContent()).toBe(
      'Star CloudPRNT',
    );
    expect(await form.getByLabel('MAC address').inputValue()).toBe(MAC);
    await screenshot(page, 'management-printer-form-cloud-1280');
    await context.close();
  });
});
