import { describe, expect, it } from 'vitest';
import { apiCall, useHarness } from './harness';
import { axeViolations, HARBOR_GRILL_PATH, screenshot, serious, signInToManagement } from './helpers';

/**
 * One tax truth (issue 23 item 4): the Tax rates screen's default rates are what new items start with, and
 * the profile shows them instead of a tax rate of its own; the currency is a choice of ISO 4217 codes.
 */
const harness = useHarness();

interface TaxRate {
  taxRateId: number;
  name: string;
  default: boolean;
  disabled: boolean;
}

describe('taxes and currency in management', () => {
  it('starts a new item with the default taxes, warns of a duplicate name, shows the taxes on the profile', async () => {
    const rates = await apiCall<{ data: TaxRate[] }>(harness, 'GET', `${HARBOR_GRILL_PATH}/tax-rates`, {
      token: harness.ownerToken,
    });
    const defaults = rates.body.data.filter((rate) => rate.default && !rate.disabled);
    const others = rates.body.data.filter((rate) => !defaults.includes(rate));
    expect(defaults.length).toBeGreaterThan(0);

    const context = await harness.newContext({ width: 1280, height: 800 });
    const page = await context.newPage();
    await signInToManagement(page, harness);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.goto(`${harness.managementOrigin}/manage/items/new`);
    const taxes = page.getByRole('group', { name: 'Tax rates' });
    await taxes.getByRole('checkbox').first().waitFor();
    // the defaults arrive with the tax rates
    const first = taxes.getByRole('checkbox', { name: new RegExp(`^${defaults[0]!.name} `) });
    await expect.poll(() => first.isChecked(), { timeout: 10_000 }).toBe(true);
    for (const rate of defaults)
      expect(
        await taxes.getByRole('checkbox', { name: new RegExp(`^${rate.name} `) }).isChecked(),
        rate.name,
      ).toBe(true);
    for (const rate of others)
      expect(
        await taxes.getByRole('checkbox', { name: new RegExp(`^${rate.name} `) }).isChecked(),
        rate.name,
      ).toBe(false);
    // a name another item has: said at once, not refused
    const existing = await apiCall<{ data: { name: string }[] }>(
      harness,
      'GET',
      `${HARBOR_GRILL_PATH}/items`,
      {
        token: harness.ownerToken,
      },
    );
    const twin = existing.body.data[0]!.name;
    await page.getByLabel('Name', { exact: true }).fill(twin.toUpperCase());
    await page
      .getByRole('status')
      .filter({ hasText: `Another item is already called “${twin}”` })
      .waitFor();
    await page.getByLabel('Name', { exact: true }).fill('');
    // an untouched new item is not "unsaved" because of its starting taxes
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();

    await page.getByRole('navigation').getByRole('link', { name: 'Profile & hours', exact: true }).click();
    const shown = page.getByTestId('default-tax-rates');
    await shown.waitFor();
    for (const rate of defaults) expect(await shown.textContent()).toContain(rate.name);
    expect(await page.getByLabel('Tax rate', { exact: true }).count()).toBe(0);
    const currency = page.getByLabel('Currency');
    expect(await currency.evaluate((el) => el.tagName)).toBe('SELECT');
    expect(await currency.locator('option:checked').textContent()).toMatch(/^USD · US Dollar$/);
    expect(serious(await axeViolations(page))).toEqual([]);
    await screenshot(page, 'management-profile-taxes-1280');

    // the website's "published" switch says what its state means
    await page.getByRole('navigation').getByRole('link', { name: 'Website', exact: true }).click();
    await page.getByRole('tab', { name: 'Publishing', exact: true }).click();
    await page.getByText(/^On: anyone can visit the public site of Harbor Grill\.$/).waitFor();
    await context.close();
  });

  it('marks an item sold out (86) from the items list, and back', async () => {
    const context = await harness.newContext({ width: 1280, height: 800 });
    const page = await context.newPage();
    await signInToManagement(page, harness);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Items', exact: true }).click();
    const table = page.getByRole('table', { name: 'Items' });
    await table.waitFor();
    const row = table.getByRole('row').filter({ has: page.getByRole('link', { name: 'Grilled Artichoke' }) });
    const toggle = row.getByRole('checkbox', { name: /Grilled Artichoke sold out/ });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.check();
    await page.getByText('Grilled Artichoke is sold out').waitFor();
    const settings = () =>
      apiCall<{ data: { soldOutItemIds: number[] } }>(
        harness,
        'GET',
        `${HARBOR_GRILL_PATH}/ordering-settings`,
        {
          token: harness.ownerToken,
        },
      );
    const items = await apiCall<{ data: { itemId: number; name: string }[] }>(
      harness,
      'GET',
      `${HARBOR_GRILL_PATH}/items`,
      { token: harness.ownerToken },
    );
    const artichoke = items.body.data.find((item) => item.name === 'Grilled Artichoke')!;
    expect((await settings()).body.data.soldOutItemIds).toContain(artichoke.itemId);
    expect(serious(await axeViolations(page))).toEqual([]);
    await screenshot(page, 'management-items-soldout-1280', { fullPage: false });
    await toggle.uncheck();
    await page.getByText('Grilled Artichoke is back').waitFor();
    expect((await settings()).body.data.soldOutItemIds).not.toContain(artichoke.itemId);
    await context.close();
  });
});
