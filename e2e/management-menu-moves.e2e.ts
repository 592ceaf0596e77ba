import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, useHarness } from './harness';
import {
  axeViolations,
  createDemoUser,
  HARBOR_GRILL_PATH,
  openManagement,
  screenshot,
  serious,
  signInFromManagement,
} from './helpers';

/*
 * Moving items and subgroups between groups of the demo menu (Harbor Grill, All Day) in the menu builder's
 * "Move to…" dialog, in Chromium against the real server, then read back from the API.
 */

const harness = useHarness();

interface GroupRow {
  menuGroupId: number;
  name: string;
  parentId?: number;
  items: { itemId: number; position: number }[];
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (active instanceof HTMLInputElement && active.labels?.[0]) return active.labels[0].innerText.trim();
    return active?.getAttribute('aria-label') ?? active?.innerText.trim() ?? null;
  });

describe('management app: moving items and subgroups between menu groups', () => {
  it('moves an item to another group with the keyboard only, and a subgroup to the top level', async () => {
    const token = harness.ownerToken;
    const readGroups = async () =>
      (await apiCall<{ data: GroupRow[] }>(harness, 'GET', `${HARBOR_GRILL_PATH}/menu-groups`, { token }))
        .body.data;
    const items = (
      await apiCall<{ data: { itemId: number; name: string }[] }>(
        harness,
        'GET',
        `${HARBOR_GRILL_PATH}/items`,
        { token },
      )
    ).body.data;
    const chowder = items.find((item) => item.name === 'Clam Chowder')!.itemId;
    const before = await readGroups();
    const groupNamed = (groups: GroupRow[], name: string) => groups.find((g) => g.name === name)!;
    const allDay = groupNamed(before, 'All Day');
    const soups = groupNamed(before, 'Soups & Salads');
    const starters = groupNamed(before, 'Raw Bar & Starters');
    expect(soups.items.map((ref) => ref.itemId)).toContain(chowder);
    expect(starters.items.map((ref) => ref.itemId)).not.toContain(chowder);

    const context = await harness.newContext({ width: 1280, height: 900 });
    const page = await context.newPage();
    await signInFromManagement(page, harness, '/manage/');
    await openManagement(page, harness, `/menus/${allDay.menuGroupId}`, 'All Day');

    // --- Keyboard only: the row's "Move to…" button, the radios, Move --------------------------------------
    const moveButton = page.getByRole('button', { name: 'Move Clam Chowder to another group' });
    await moveButton.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Move Clam Chowder' });
    await dialog.waitFor();
    // The current group is shown, marked and not choosable; the first other place has the focus.
    await expect(dialog.getByRole('radio', { name: 'Soups & Salads (current)' }).isDisabled()).resolves.toBe(
      true,
    );
    await expect.poll(() => focusedLabel(page)).toBe('All Day (top level)');
    await expect(dialog.getByRole('button', { name: 'Move', exact: true }).isDisabled()).resolves.toBe(true);
    await screenshot(page, 'management-move-item-dialog-1280', { fullPage: false });
    const violations = serious(await axeViolations(page));
    expect(violations, JSON.stringify(violations, null, 1)).toEqual([]);

    // Esc closes without a change; the keyboard is back on the row's button.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => focusedLabel(page)).toBe('Move Clam Chowder to another group');
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    // The arrow key chooses the next place: Raw Bar & Starters.
    await expect.poll(() => focusedLabel(page)).toBe('All Day (top level)');
    await page.keyboard.press('ArrowDown');
    await expect(dialog.getByRole('radio', { name: 'Raw Bar & Starters' }).isChecked()).resolves.toBe(true);
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedLabel(page)).toBe('Cancel');
    await page.keyboard.press('Tab');
    await expect.poll(() => focusedLabel(page)).toBe('Move');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Clam Chowder moved to Raw Bar & Starters').waitFor();

    // Under the new group in the builder, and the keyboard follows the row there.
    const starterItems = page.getByRole('list', { name: 'Items in Raw Bar & Starters' });
    await starterItems.getByRole('link', { name: 'Clam Chowder' }).waitFor();
    await expect(
      page
        .getByRole('list', { name: 'Items in Soups & Salads' })
        .getByRole('link', { name: 'Clam Chowder' })
        .count(),
    ).resolves.toBe(0);
    await expect.poll(() => focusedLabel(page)).toBe('Move Clam Chowder to another group');

    // Read back: at the end of Raw Bar & Starters, gone from Soups & Salads, positions dense in both.
    const after = await readGroups();
    const startersAfter = groupNamed(after, 'Raw Bar & Starters').items;
    const soupsAfter = groupNamed(after, 'Soups & Salads').items;
    expect(startersAfter.map((ref) => ref.itemId)).toEqual([
      ...starters.items.map((ref) => ref.itemId),
      chowder,
    ]);
    expect(startersAfter.map((ref) => ref.position)).toEqual(startersAfter.map((_, index) => index));
    expect(soupsAfter.map((ref) => ref.itemId)).toEqual(
      soups.items.map((ref) => ref.itemId).filter((id) => id !== chowder),
    );
    expect(soupsAfter.map((ref) => ref.position)).toEqual(soupsAfter.map((_, index) => index));

    // --- A subgroup: Oysters, from Raw Bar & Starters to the top level of the menu --------------------------
    await page.getByRole('button', { name: 'Move Oysters to another group' }).click();
    const groupDialog = page.getByRole('dialog', { name: 'Move Oysters' });
    await groupDialog.waitFor();
    // Not offered: Oysters itself. Its parent is the current place.
    await expect(groupDialog.getByRole('radio', { name: 'Oysters' }).count()).resolves.toBe(0);
    await expect(
      groupDialog.getByRole('radio', { name: 'Raw Bar & Starters (current)' }).isDisabled(),
    ).resolves.toBe(true);
    await groupDialog.getByRole('radio', { name: 'All Day (top level)' }).check();
    await groupDialog.getByRole('button', { name: 'Move', exact: true }).click();
    await groupDialog.waitFor({ state: 'detached' });
    await page.getByText('Oysters moved to All Day').waitFor();
    await expect
      .poll(async () =>
        (
          await page
            .getByRole('list', { name: 'Groups of All Day' })
            .locator(':scope > li h2')
            .allTextContents()
        ).map((text) => text.trim()),
      )
      .toContain('Oysters');
    expect(groupNamed(await readGroups(), 'Oysters').parentId).toBe(allDay.menuGroupId);

    // --- The dialog on a phone --------------------------------------------------------------------------
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Move Clam Chowder to another group' }).click();
    await dialog.waitFor();
    await screenshot(page, 'management-move-item-dialog-390', { fullPage: false });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth > document.documentElement.clientWidth,
    );
    expect(overflow).toBe(false);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });

  it('offers no "Move to…" to an employee, who cannot write the menus', async () => {
    const employee = { email: `mover-${Date.now()}@example.com`, password: 'line-cook-2' };
    await createDemoUser(harness, {
      ...employee,
      firstName: 'Kim',
      lastName: 'Prep',
      tenantRole: 'employee',
    });
    const context = await harness.newContext({ width: 1280, height: 800 });
    const page = await context.newPage();
    await signInFromManagement(page, harness, '/manage/', employee);
    const token = harness.ownerToken;
    const menus = await apiCall<{ data: { menuGroupId: number; name: string }[] }>(
      harness,
      'GET',
      `${HARBOR_GRILL_PATH}/menus`,
      { token },
    );
    const allDay = menus.body.data.find((menu) => menu.name === 'All Day')!;
    await openManagement(page, harness, `/menus/${allDay.menuGroupId}`, 'All Day');
    await page.getByTestId('menu-item-row').first().waitFor();
    expect(await page.getByRole('button', { name: /to another group$/ }).count()).toBe(0);
    await context.close();
  });
});
