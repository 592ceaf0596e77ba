import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, useHarness } from './harness';
import {
  axeViolations,
  HARBOR_GRILL_PATH,
  openManagement,
  screenshot,
  serious,
  signInFromManagement,
} from './helpers';

/*
 * Item work across records (issue 23 item 5) on the demo restaurant (Harbor Grill), in Chromium against the
 * real server: bulk edit from the items list (price, sold out) and an item created straight into a menu
 * group, each read back from the API and seen in the screens.
 */

const harness = useHarness();

interface ItemRow {
  itemId: number;
  name: string;
  basePrice?: number;
  pricingStrategy: string;
}
interface GroupRow {
  menuGroupId: number;
  name: string;
  parentId?: number;
  items: { itemId: number }[];
}

const get = async <T>(path: string) =>
  (await apiCall<{ data: T }>(harness, 'GET', `${HARBOR_GRILL_PATH}/${path}`, { token: harness.ownerToken }))
    .body.data;

const expectAxeClean = async (page: Page) => {
  const violations = serious(await axeViolations(page));
  expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);
};

const row = (page: Page, name: string) =>
  page.getByRole('row').filter({ has: page.getByRole('link', { name }) });

describe('management app: bulk edit of items and items created into menu groups', () => {
  it('sets the price of three items and marks them sold out from the list, by keyboard too', async () => {
    const context = await harness.newContext({ width: 1280, height: 900 });
    const page = await context.newPage();
    await signInFromManagement(page, harness, '/manage/');
    await openManagement(page, harness, '/items', 'Items');

    const chosen = ['Crispy Calamari', 'Grilled Artichoke', 'Harbor Burger'];
    // The first tick box by keyboard (focus and Space), the others by pointer.
    await page.getByRole('checkbox', { name: `Select ${chosen[0]}` }).focus();
    await page.keyboard.press('Space');
    for (const name of chosen.slice(1)) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    const bar = page.getByRole('region', { name: 'Bulk edit' });
    await bar.getByText('3 items selected').waitFor();

    // A sized item in the selection keeps its prices: the dialog says so and applies to the others only.
    await page.getByRole('checkbox', { name: 'Select Kumamoto Oysters' }).check();
    await bar.getByRole('button', { name: 'Set price' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set price' });
    await dialog.getByText('1 item keeps its price').waitFor();
    await dialog.getByLabel('Base price').fill('9.5');
    await dialog.getByRole('button', { name: 'Apply to 3 items' }).waitFor();
    await screenshot(page, 'management-items-bulk-price-1280', { fullPage: false });
    await expectAxeClean(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('checkbox', { name: 'Select Kumamoto Oysters' }).uncheck();
    await bar.getByText('3 items selected').waitFor();

    await bar.getByRole('button', { name: 'Set price' }).click();
    await dialog.getByLabel('Base price').fill('9.5');
    await dialog.getByRole('button', { name: 'Apply to 3 items' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Price set for 3 items').waitFor();
    await bar.getByRole('button', { name: 'Mark sold out' }).click();
    await page.getByText('3 items marked sold out').waitFor();

    // The list shows it: the new price and the "86" switch on in each row.
    for (const name of chosen) {
      await row(page, name).getByText('$9.50').waitFor();
      await expect
        .poll(() =>
          row(page, name)
            .getByRole('checkbox', { name: `${name} sold out` })
            .isChecked(),
        )
        .toBe(true);
    }
    await screenshot(page, 'management-items-bulk-1280', { fullPage: false });
    await expectAxeClean(page);

    // Stored: the three changed, the oysters not; all three sold out for online ordering.
    const items = await get<ItemRow[]>('items');
    const byName = new Map(items.map((item) => [item.name, item]));
    for (const name of chosen) expect(byName.get(name)?.basePrice).toBe(9.5);
    expect(byName.get('Kumamoto Oysters')?.pricingStrategy).toBe('size');
    const settings = await get<{ soldOutItemIds: number[] }>('ordering-settings');
    expect(settings.soldOutItemIds.sort()).toEqual(chosen.map((name) => byName.get(name)!.itemId).sort());

    // On a phone the bar stays on screen and its buttons are reachable.
    await page.setViewportSize({ width: 390, height: 844 });
    await bar.getByRole('button', { name: 'Back in stock' }).click();
    await page.getByText('3 items back in stock').waitFor();
    expect((await get<{ soldOutItemIds: number[] }>('ordering-settings')).soldOutItemIds).toEqual([]);
    await screenshot(page, 'management-items-bulk-390', { fullPage: false });
    await bar.getByRole('button', { name: 'Channels' }).click();
    const channels = page.getByRole('dialog', { name: 'Channels' });
    await channels.getByLabel('Kiosk').selectOption('off');
    await screenshot(page, 'management-items-bulk-channels-390', { fullPage: false });
    await expectAxeClean(page);
    await channels.getByRole('button', { name: 'Apply to 3 items' }).click();
    await channels.waitFor({ state: 'detached' });
    const afterChannels = await get<(ItemRow & { kiosk: boolean; pos: boolean })[]>('items');
    for (const item of afterChannels.filter((i) => chosen.includes(i.name))) {
      expect(item).toMatchObject({ kiosk: false, pos: true });
    }
    await context.close();
  });

  it('creates an item into a menu group, which the menu builder then shows in that group', async () => {
    const groups = await get<GroupRow[]>('menu-groups');
    const allDay = groups.find((g) => g.name === 'All Day')!;
    const soups = groups.find((g) => g.name === 'Soups & Salads')!;

    const context = await harness.newContext({ width: 1280, height: 900 });
    const page = await context.newPage();
    await signInFromManagement(page, harness, '/manage/');

    // From the builder's "Add items" dialog, the full editor opens with that group ticked.
    await openManagement(page, harness, `/menus/${allDay.menuGroupId}`, 'All Day');
    await page.getByRole('button', { name: '+ Add items to Soups & Salads' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'full item editor' }).click();
    await page.getByRole('heading', { level: 1, name: 'New item' }).waitFor();
    const picks = page.getByRole('list', { name: 'Menu groups' });
    await expect(picks.getByRole('checkbox', { name: 'Soups & Salads' }).isChecked()).resolves.toBe(true);
    await expect(picks.getByRole('checkbox', { name: /^All Day/ }).isChecked()).resolves.toBe(false);

    await page.getByLabel('Name', { exact: true }).fill('Harbor Bisque');
    await page.getByLabel('Base price').fill('11');
    // A second group, by keyboard.
    await picks.getByRole('checkbox', { name: /^All Day/ }).focus();
    await page.keyboard.press('Space');
    await picks.scrollIntoViewIfNeeded();
    await screenshot(page, 'management-item-new-groups-1280', { fullPage: false });
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Create item' }).click();
    await page.waitForURL(/\/manage\/items\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Harbor Bisque' }).waitFor();
    await page
      .getByText('In All Day, Soups & Salads')
      .or(page.getByText('In Soups & Salads, All Day'))
      .waitFor();

    await openManagement(page, harness, `/menus/${allDay.menuGroupId}`, 'All Day');
    await page
      .getByRole('list', { name: 'Items in Soups & Salads' })
      .getByRole('link', { name: 'Harbor Bisque' })
      .waitFor();

    const after = await get<GroupRow[]>('menu-groups');
    const bisque = (await get<ItemRow[]>('items')).find((item) => item.name === 'Harbor Bisque')!;
    expect(after.find((g) => g.name === 'Soups & Salads')!.items.map((r) => r.itemId)).toEqual([
      ...soups.items.map((r) => r.itemId),
      bisque.itemId,
    ]);
    expect(after.find((g) => g.name === 'All Day')!.items.map((r) => r.itemId)).toContain(bisque.itemId);

    await page.setViewportSize({ width: 390, height: 844 });
    await openManagement(page, harness, `/items/new?menuGroupId=${soups.menuGroupId}`, 'New item');
    await page.getByRole('list', { name: 'Menu groups' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'management-item-new-groups-390', { fullPage: false });
    await context.close();
  });
});
