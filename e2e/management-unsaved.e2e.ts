import { describe, expect, it } from 'vitest';
import { apiCall, useHarness } from './harness';
import { axeViolations, HARBOR_GRILL_PATH, screenshot, serious, signInToManagement } from './helpers';

/**
 * Leaving a form with unsaved changes (issue 23 item 3): in-app navigation asks "Leave without saving?",
 * Cancel keeps the edit, leaving discards it; a saved form leaves without a word; closing the tab gets the
 * browser's own prompt (beforeunload).
 */
const harness = useHarness();

describe('unsaved changes in management', () => {
  it('asks before leaving an edited item, keeps the edit on Cancel, and leaves freely once saved', async () => {
    const items = await apiCall<{ data: { itemId: number; name: string }[] }>(
      harness,
      'GET',
      `${HARBOR_GRILL_PATH}/items`,
      { token: harness.ownerToken },
    );
    const item = items.body.data[0]!;
    const context = await harness.newContext({ width: 1280, height: 800 });
    const page = await context.newPage();
    await signInToManagement(page, harness);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.goto(`${harness.managementOrigin}/manage/items/${item.itemId}`);
    const name = page.getByLabel('Name', { exact: true });
    await name.waitFor();
    await name.fill(`${item.name} (edited)`);

    // another screen from the sidebar: held, with the question
    const sidebarMenus = page.getByRole('navigation').getByRole('link', { name: 'Menus', exact: true });
    await sidebarMenus.click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    expect(serious(await axeViolations(page))).toEqual([]);
    await screenshot(page, 'management-unsaved-prompt-1280');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe(`/manage/items/${item.itemId}`);
    expect(await name.inputValue()).toBe(`${item.name} (edited)`);

    // closing the tab would ask too (the browser's prompt): a beforeunload listener that cancels
    const cancelled = await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(cancelled).toBe(true);

    // leaving on purpose discards the edit
    await sidebarMenus.click();
    await dialog.getByRole('button', { name: 'Leave without saving' }).click();
    await page.waitForURL(/\/manage\/menus$/);
    const stored = await apiCall<{ data: { name: string } }>(
      harness,
      'GET',
      `${HARBOR_GRILL_PATH}/items/${item.itemId}`,
      { token: harness.ownerToken },
    );
    expect(stored.body.data.name).toBe(item.name);

    // saved: no question on the way out
    await page.goto(`${harness.managementOrigin}/manage/items/${item.itemId}`);
    await name.waitFor();
    await name.fill(`${item.name} (saved)`);
    await page.getByRole('button', { name: 'Save changes' }).click();
    const toast = page.getByText(`${item.name} (saved) saved`);
    await toast.waitFor();
    // the toast leaves the Save bar in view
    const [toastBox, saveBox] = await Promise.all([
      toast.boundingBox(),
      page.getByRole('button', { name: 'Save changes' }).boundingBox(),
    ]);
    const overlaps =
      toastBox &&
      saveBox &&
      toastBox.x < saveBox.x + saveBox.width &&
      saveBox.x < toastBox.x + toastBox.width &&
      toastBox.y < saveBox.y + saveBox.height &&
      saveBox.y < toastBox.y + toastBox.height;
    expect(overlaps).toBeFalsy();
    await sidebarMenus.click();
    await page.waitForURL(/\/manage\/menus$/);
    expect(await dialog.count()).toBe(0);

    // put the name back
    await apiCall(harness, 'PATCH', `${HARBOR_GRILL_PATH}/items/${item.itemId}`, {
      token: harness.ownerToken,
      body: { name: item.name },
    });
    await context.close();
  });

  it('asks before leaving the edited website settings', async () => {
    const context = await harness.newContext({ width: 1280, height: 800 });
    const page = await context.newPage();
    await signInToManagement(page, harness);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Website', exact: true }).click();
    await page.getByRole('tab', { name: 'SEO' }).click();
    const title = page.getByLabel('SEO title');
    await title.waitFor();
    await title.fill('A title nobody saved');
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Leave without saving?' }).waitFor();
    await context.close();
  });
});
