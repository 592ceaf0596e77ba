import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, DEMO_OWNER, useHarness } from './harness';
import {
  axeViolations,
  demoRestaurantPath,
  HARBOR_GRILL_PATH,
  openManagement,
  screenshot,
  serious,
  signInFromManagement,
} from './helpers';

/*
 * One master menu shared across locations (issue 45 item 13, decision 074), in Chromium against the real
 * server: Harbor Grill shares its All Day menu with Lantern Noodle Bar and publishes a price change; Lantern
 * sets its own price of an item on a phone, and the API then charges it there. At 1280 and 390 px, axe clean.
 */

const harness = useHarness();

type Call = <T>(path: string, method?: 'GET' | 'PATCH', body?: object) => Promise<T>;
const client =
  (base: string): Call =>
  async (path, method = 'GET', body) =>
    (
      await apiCall<{ data: never }>(harness, method, `${base}/${path}`, {
        token: harness.ownerToken,
        ...(body ? { body } : {}),
      })
    ).body.data;

const expectAxeClean = async (page: Page) => {
  const violations = serious(await axeViolations(page));
  expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
};

interface ShareItem {
  itemId: number | null;
  masterItemId: number;
  name: string;
  pricingStrategy: string;
  masterBasePrice: number | null;
}

describe('management app: sharing a menu with another location', () => {
  it('shares All Day from Harbor Grill with Lantern Noodle Bar, publishes a change, and Lantern sets its own price', async () => {
    const harbor = client(HARBOR_GRILL_PATH);
    const lanternPath = await demoRestaurantPath(harness, harness.ownerToken, 'Lantern Noodle Bar');
    const lantern = client(lanternPath);

    const context = await harness.newContext({ width: 1280, height: 900 });
    const page = await context.newPage();
    await signInFromManagement(page, harness, '/manage/');
    await openManagement(page, harness, '/catalogue-transfer', 'Import and export');
    await page.getByLabel('Menu to share').selectOption({ label: 'All Day' });
    await page.getByLabel('Share with').selectOption({ label: 'Lantern Noodle Bar' });
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Menu shared' }).first().waitFor();
    await page.getByText('shared with Lantern Noodle Bar').waitFor();
    await screenshot(page, 'management-menu-sharing-master-1280');
    await expectAxeClean(page);

    const [share] = await lantern<{ shareId: number }[]>('menu-shares');
    const detail = await lantern<{ items: ShareItem[] }>(`menu-shares/${share!.shareId}`);
    const item = detail.items.find((i) => i.pricingStrategy === 'base' && i.itemId !== null)!;
    await harbor(`items/${item.masterItemId}`, 'PATCH', { basePrice: (item.masterBasePrice ?? 0) + 1 });
    await page.getByRole('button', { name: 'Publish changes' }).click();
    await page.getByRole('status').filter({ hasText: 'Changes published' }).first().waitFor();
    const published = await lantern<{ basePrice: number }>(`items/${item.itemId}`);
    expect(published.basePrice).toBe((item.masterBasePrice ?? 0) + 1);
    await context.close();

    const phone = await harness.newContext({ width: 390, height: 844 });
    const lanternPage = await phone.newPage();
    await signInFromManagement(lanternPage, harness, '/manage/', DEMO_OWNER, /Lantern Noodle Bar/);
    await openManagement(lanternPage, harness, '/catalogue-transfer', 'Import and export');
    await lanternPage.getByRole('button', { name: 'Prices and availability' }).click();
    const row = lanternPage.getByRole('group', { name: item.name, exact: true });
    await row.getByLabel('Price here').fill('42.5');
    await row.getByRole('button', { name: 'Save' }).click();
    await row.getByRole('status').waitFor();
    expect(await lanternPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await row.scrollIntoViewIfNeeded();
    await screenshot(lanternPage, 'management-menu-sharing-location-390', { fullPage: false });
    await expectAxeClean(lanternPage);
    expect((await lantern<{ basePrice: number }>(`items/${item.itemId}`)).basePrice).toBe(42.5);
    const [listed] = await lantern<{ overrides: number }[]>('menu-shares');
    expect(listed!.overrides).toBe(1);
    await phone.close();
  });
});
