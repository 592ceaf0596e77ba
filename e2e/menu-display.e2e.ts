import { ensureContrast } from '@brigade/domain/colour-contrast';
import { describe, expect, it } from 'vitest';
import { apiCall, useHarness } from './harness';
import {
  axeViolations,
  demoRestaurantPath,
  pickRestaurant,
  screenshot,
  serious,
  signInFrom,
} from './helpers';

/** The menu display app (issue 9 §5) on its own port: sign in, pick a restaurant and a menu, watch it update. */
const harness = useHarness();

interface MenuTree {
  name: string;
  items: { itemId: number; item: { name: string } }[];
  subgroups: MenuTree[];
}
const firstItem = (group: MenuTree): { itemId: number; name: string } | undefined =>
  group.items[0]
    ? { itemId: group.items[0].itemId, name: group.items[0].item.name }
    : group.subgroups.map(firstItem).find(Boolean);

describe('menu display app', () => {
  it('signs in, picks restaurant and menu, shows the items and follows a change without a reload', async () => {
    const token = harness.ownerToken;
    const base = await demoRestaurantPath(harness, token, 'Harbor Grill');
    const menus = await apiCall<{ data: { menuGroupId: number; name: string }[] }>(
      harness,
      'GET',
      `${base}/menus`,
      {
        token,
      },
    );
    expect(menus.body.data.length).toBeGreaterThan(1);
    const menu = menus.body.data[0]!;
    const tree = await apiCall<{ data: MenuTree }>(harness, 'GET', `${base}/menus/${menu.menuGroupId}`, {
      token,
    });
    const item = firstItem(tree.body.data)!;
    expect(item).toBeTruthy();

    const context = await harness.newContext({ width: 1280, height: 800 });
    const page = await context.newPage();
    await signInFrom(page, `${harness.menuOrigin}/menu/?refresh=1`);

    // spec 01 §2.3 menu wording: one organisation is chosen silently, then the restaurant step
    await page.getByRole('heading', { name: 'Select Restaurant' }).waitFor({ timeout: 20_000 });
    await page.getByText('Choose the restaurant to display its menu.').waitFor();
    expect(page.url().startsWith(`${harness.menuOrigin}/menu/`)).toBe(true);
    await page.getByRole('button', { name: /Harbor Grill/ }).click();

    // spec 01 §2.5b picker: the parent menu groups
    await page.getByRole('heading', { name: 'Choose a menu to display' }).waitFor();
    const options = page.getByRole('list', { name: 'Menus' }).getByRole('button');
    await options.first().waitFor();
    expect(await options.count()).toBe(menus.body.data.length);
    await screenshot(page, 'menu-picker-1280');
    expect(serious(await axeViolations(page))).toEqual([]);
    await page.getByRole('button', { name: new RegExp(`^${menu.name}`) }).click();

    // the full-screen display with the menu's items
    await page.waitForURL((url) => url.pathname === '/menu/display', { waitUntil: 'commit' });
    expect(new URL(page.url()).search).toBe('?refresh=1'); // the handoff code is not carried along
    await page.getByRole('heading', { level: 1, name: menu.name }).waitFor();
    const itemRow = page.locator(`[data-item-id="${item.itemId}"]`);
    await itemRow.getByText(item.name, { exact: true }).waitFor();
    expect(await page.locator('.menu-item__price').count()).toBeGreaterThan(0);
    expect(await page.locator('.menu-item__price').first().textContent()).toMatch(
      /\$\d+\.\d{2}|Market price/,
    );
    // two columns at this width, each opening with a group's heading (whole groups, never a list mid-way)
    const columnStarts = await page
      .locator('.menu-board__column')
      .evaluateAll((columns) =>
        columns.map((column) => column.firstElementChild?.firstElementChild?.tagName),
      );
    expect(columnStarts.length).toBe(2);
    expect(columnStarts.every((tag) => tag === 'H3' || tag === 'H4')).toBe(true);
    await screenshot(page, 'menu-display-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);

    // a change in the back office shows up without a reload (polled every second here)
    const marker = await page.evaluate(() => {
      (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
      return true;
    });
    expect(marker).toBe(true);
    const renamed = `${item.name} (new recipe)`;
    const changedAt = Date.now();
    const patched = await apiCall(harness, 'PATCH', `${base}/items/${item.itemId}`, {
      token,
      body: { name: renamed },
    });
    expect(patched.status).toBe(200);
    await itemRow.getByText(renamed, { exact: true }).waitFor({ timeout: 10_000 });
    const latency = Date.now() - changedAt;
    console.log(`menu display: a renamed item showed ${latency} ms after the change (polling every 1 s)`);
    expect(latency).toBeLessThan(5_000);
    expect(
      await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    ).toBe(true);

    // a reload keeps the restaurant and the menu (persisted selection)
    await page.reload();
    await page.getByRole('heading', { level: 1, name: menu.name }).waitFor();

    // 1024x768 (a tablet on a stand)
    await page.setViewportSize({ width: 1024, height: 768 });
    await itemRow.getByText(renamed, { exact: true }).waitFor();
    await screenshot(page, 'menu-display-1024', { fullPage: false });

    // Escape goes back to the picker, where the displayed menu is checked
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'Choose a menu to display' }).waitFor();
    const pressed = page.getByRole('button', { name: new RegExp(`^${menu.name}`) });
    expect(await pressed.getAttribute('aria-pressed')).toBe('true');

    // "Show all menus": every menu on one screen
    await page.getByRole('button', { name: 'Show all menus' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Menus' }).waitFor();
    for (const each of menus.body.data)
      await page.getByRole('heading', { level: 2, name: each.name }).waitFor();

    // the QR page for staff: the code of the public menu address
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${harness.menuOrigin}/menu/qr`);
    await page.getByRole('heading', { name: 'Harbor Grill' }).waitFor();
    const image = page.getByRole('img', { name: 'QR code for the menu of Harbor Grill' });
    await image.waitFor();
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('.menu-qr__image');
      return Boolean(img?.complete && img.naturalWidth > 0);
    });
    const link = page.locator('.menu-qr__url a');
    await link.waitFor();
    expect(await link.textContent()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/harbor-grill[\w-]*\/menu$/);
    expect(await link.textContent()).toContain(`:${new URL(harness.siteOrigin).port}/`);
    await screenshot(page, 'menu-qr-1280');
    expect(serious(await axeViolations(page))).toEqual([]);
    await context.close();
  });

  it('shows the picker messages of spec 01 §2.5b for a restaurant without menus', async () => {
    const context = await harness.newContext({ width: 1024, height: 768 });
    const page = await context.newPage();
    await signInFrom(page, `${harness.menuOrigin}/menu/`);
    await pickRestaurant(page, /Lantern Noodle Bar/);
    await page.getByRole('heading', { name: 'Choose a menu to display' }).waitFor();
    // the second demo restaurant has no menus (the demo catalogue goes into the first)
    await page.getByRole('heading', { name: 'No menus available' }).waitFor();
    await page.getByText('Contact your administrator to set up menus for Lantern Noodle Bar').waitFor();
    expect(await page.getByRole('button', { name: 'Show all menus' }).count()).toBe(0);
    await screenshot(page, 'menu-picker-second-1024');

    // sign-out goes to the auth service, which will bring the person back to the menu app
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(/fromLogout=true/);
    expect(new URL(page.url()).searchParams.get('returnUrl')).toBe(`${harness.menuOrigin}/menu/`);
    await page.getByRole('heading', { name: 'Sign in to Brigade' }).waitFor();
    await context.close();
  });

  it('shows the wizard states of spec 01 §2.5b while all menus load, when they fail, and with none', async () => {
    const context = await harness.newContext({ width: 1024, height: 768 });
    const page = await context.newPage();
    await signInFrom(page, `${harness.menuOrigin}/menu/`);
    await pickRestaurant(page, /Harbor Grill/);
    await page.getByRole('button', { name: 'Show all menus' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Menus' }).waitFor();

    // The restaurant's own primary colour, made readable on the dark screen, replaces Brigade's orange.
    const base = await demoRestaurantPath(harness, harness.ownerToken, 'Harbor Grill');
    const details = await apiCall<{
      data: { restaurant: { websiteConfig: { branding: { colors: { primary: string } } } } };
    }>(harness, 'GET', base, { token: harness.ownerToken });
    const primary = details.body.data.restaurant.websiteConfig.branding.colors.primary;
    const expected = ensureContrast(primary, '#12100f');
    await page.waitForFunction(
      (colour) => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim() === colour,
      expected,
    );
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(expected.slice(i, i + 2), 16));
    expect(
      await page.locator('.menu-display__header').evaluate((el) => getComputedStyle(el).borderBottomColor),
    ).toBe(`rgb(${r}, ${g}, ${b})`);

    // A fresh load of the display: the list of menus answers late, then fails (a 404 is not retried).
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const menuList = (url: URL) => /\/restaurants\/\d+\/menus$/.test(url.pathname);
    await page.route(menuList, async (route) => {
      await answered;
      await route.fulfill({
        status: 404,
        contentType: 'application/problem+json',
        body: JSON.stringify({ error: 'Not found', message: 'Not found' }),
      });
    });
    await page.reload();
    await page.getByRole('status').getByText('Loading available menus...').waitFor();
    release();
    await page.getByRole('heading', { name: 'Error Loading Menus' }).waitFor();
    await page.getByText('Unable to load menus for this restaurant.').waitFor();
    expect(serious(await axeViolations(page))).toEqual([]);

    // Try Again, now answered: every menu is back.
    await page.unroute(menuList);
    await page.getByRole('button', { name: 'Try Again' }).click();
    // The error's own heading is an h2 too: wait for it to go before looking for the menus' headings.
    await page.getByRole('heading', { name: 'Error Loading Menus' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 2 }).first().waitFor();
    expect(await page.getByRole('heading', { name: 'Error Loading Menus' }).count()).toBe(0);

    // A restaurant without menus, shown whole: the wizard's empty state.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Change restaurant' }).click();
    await pickRestaurant(page, /Lantern Noodle Bar/);
    await page.getByRole('heading', { name: 'Choose a menu to display' }).waitFor();
    await page.goto(`${harness.menuOrigin}/menu/display`);
    await page.getByRole('heading', { name: 'No Menus Available' }).waitFor();
    await page.getByText("Lantern Noodle Bar doesn't have any menus configured yet.").waitFor();
    await context.close();
  });
});
