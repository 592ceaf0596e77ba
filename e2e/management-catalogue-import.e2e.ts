import { readFileSync } from 'node:fs';
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
 * Catalogue import (issue 45 item 12) on the demo restaurant, in Chromium against the real server: a file
 * with bad rows is previewed with its row-level errors and cannot be imported; a Toast export is previewed
 * and imported, and the API then holds its items and menus. At 1280 and 390 px, axe clean.
 */

const harness = useHarness();

const fixture = (name: string) =>
  readFileSync(new URL(`../apps/server/src/routes/fixtures/${name}`, import.meta.url));

const get = async <T>(path: string) =>
  (await apiCall<{ data: T }>(harness, 'GET', `${HARBOR_GRILL_PATH}/${path}`, { token: harness.ownerToken }))
    .body.data;

const expectAxeClean = async (page: Page) => {
  const violations = serious(await axeViolations(page));
  expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
};

const BAD_SQUARE = [
  'Item Name,Variation Name,Price,Categories',
  'Good Soup,Regular,5.00,Soups',
  'Bad Soup,Regular,-2.00,Soups',
].join('\n');

async function choose(page: Page, source: string, name: string, buffer: Buffer) {
  await page.getByLabel('File from').selectOption({ label: source });
  await page.getByLabel('File', { exact: true }).setInputFiles({ name, mimeType: 'text/csv', buffer });
  await page.getByRole('button', { name: 'Preview', exact: true }).click();
  await page.getByRole('heading', { name: 'Preview', exact: true }).waitFor();
}

describe('management app: catalogue import', () => {
  it('previews a file with its row errors, refuses to import it, then imports a Toast export', async () => {
    const before = (await get<{ name: string }[]>('items')).length;
    const context = await harness.newContext({ width: 1280, height: 900 });
    const page = await context.newPage();
    await signInFromManagement(page, harness, '/manage/');
    await openManagement(page, harness, '/catalogue-transfer', 'Import and export');

    await choose(page, 'Square item library export (.csv)', 'square.csv', Buffer.from(BAD_SQUARE));
    await page.getByText('1 error: fix the file and choose it again').waitFor();
    await page.getByText('Row 3, Price').waitFor();
    await page.getByText('Base price cannot be negative').waitFor();
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    await screenshot(page, 'management-catalogue-import-errors-1280');
    await expectAxeClean(page);
    expect((await get<unknown[]>('items')).length).toBe(before);

    await choose(page, 'Toast menu export (.csv)', 'toast.csv', fixture('toast-menu-export.csv'));
    await page.getByText('Would add').waitFor();
    await page.getByText('Margherita', { exact: true }).waitFor();
    await page.getByText('Small 11.00 · Large 16.50', { exact: true }).waitFor();
    await screenshot(page, 'management-catalogue-import-preview-1280');
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Imported' }).first().waitFor();
    await screenshot(page, 'management-catalogue-import-done-1280');

    const items = await get<{ name: string }[]>('items');
    expect(items.length).toBe(before + 4);
    expect(items.map((item) => item.name)).toEqual(expect.arrayContaining(['Margherita', 'Caesar Salad']));
    const menus = await get<{ name: string }[]>('menus');
    expect(menus.map((menu) => menu.name)).toEqual(expect.arrayContaining(['Dinner', 'Lunch']));
    await context.close();
  });

  it('works on a phone: preview and import of a Square export at 390 px, nothing wider than the screen', async () => {
    const context = await harness.newContext({ width: 390, height: 844 });
    const page = await context.newPage();
    await signInFromManagement(page, harness, '/manage/');
    await openManagement(page, harness, '/catalogue-transfer', 'Import and export');
    await choose(page, 'Square item library export (.csv)', 'square.csv', fixture('square-item-library.csv'));
    await page.getByText('1 warning').waitFor();
    await page.getByText('Latte', { exact: true }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'management-catalogue-import-preview-390');
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Imported' }).first().waitFor();
    await screenshot(page, 'management-catalogue-import-done-390', { fullPage: false });
    expect((await get<{ name: string }[]>('items')).map((item) => item.name)).toContain('Latte');
    await context.close();
  });
  it("copies Harbor Grill's menu into Lantern Noodle Bar with new ids, its items seen in the copy", async () => {
    const lantern = await demoRestaurantPath(harness, harness.ownerToken, 'Lantern Noodle Bar');
    const lanternGet = async <T>(path: string) =>
      (await apiCall<{ data: T }>(harness, 'GET', `${lantern}/${path}`, { token: harness.ownerToken })).body
        .data;
    const source = (await get<{ menuGroupId: number; name: string }[]>('menus')).find(
      (m) => m.name === 'All Day',
    )!;
    const sourceTree = await get<{ subgroups: { name: string; items: { name: string }[] }[] }>(
      `menus/${source.menuGroupId}`,
    );
    const itemsBefore = (await lanternGet<unknown[]>('items')).length;

    const context = await harness.newContext({ width: 390, height: 844 });
    const page = await context.newPage();
    await signInFromManagement(page, harness, '/manage/', DEMO_OWNER, /Lantern Noodle Bar/);
    await openManagement(page, harness, '/catalogue-transfer', 'Import and export');
    await page.getByLabel('From restaurant').selectOption({ label: 'Harbor Grill' });
    await page.getByLabel('Menu', { exact: true }).selectOption({ label: 'All Day' });
    await page.getByRole('button', { name: 'Copy menu' }).click();
    await page.getByRole('status').filter({ hasText: 'Menu copied' }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'management-catalogue-copy-390', { fullPage: false });
    await expectAxeClean(page);

    const copy = (await lanternGet<{ menuGroupId: number; name: string }[]>('menus')).find(
      (m) => m.name === 'All Day',
    )!;
    const copyTree = await lanternGet<typeof sourceTree>(`menus/${copy.menuGroupId}`);
    const shape = (tree: typeof sourceTree) =>
      tree.subgroups.map((group) => [group.name, group.items.map((item) => item.name)]);
    expect(shape(copyTree)).toEqual(shape(sourceTree));
    expect((await lanternGet<unknown[]>('items')).length).toBeGreaterThan(itemsBefore);
    await page.getByRole('link', { name: 'Open the copy' }).click();
    await page.getByRole('heading', { level: 1, name: 'All Day' }).waitFor();
    await context.close();
  });
});
