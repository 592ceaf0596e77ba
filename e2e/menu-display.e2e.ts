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

    // The menu app's wording: one organisation is chosen silently, then the restaurant step
    await page.getByRole('heading', { name: 'Select Restaurant' }).waitFor({ timeout: 20_000 });
    await page.getByText('Choose the restaurant to display its menu.').waitFor();
    expect(page.url().startsWith(`${harness.menuOrigin}/menu/`)).toBe(true);
    await page.getByRole('button', { name: /Harbor Grill/ }).click();

    // The menu display picker: the parent menu groups
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
    // below a wall screen's width the board scrolls in balanced columns: two at 1000 px, each opening with a
    // group's heading (whole groups, never a list mid-way)
    await page.setViewportSize({ width: 1000, height: 800 });
    await expect.poll(() => page.locator('.menu-board__column').count()).toBe(2);
    const columnStarts = await page
      .locator('.menu-board__column')
      .evaluateAll((columns) =>
        columns.map((column) => column.firstElementChild?.firstElementChild?.tagName),
      );
    expect(columnStarts.length).toBe(2);
    expect(columnStarts.every((tag) => tag === 'H3' || tag === 'H4')).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
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

  it('shows the picker messages for a restaurant without menus', async () => {
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

  it('shows the wizard states while all menus load, when they fail, and with none', async () => {
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

  it('shows menus taller than a wall screen one page at a time, every line whole on one page, turning by itself', async () => {
    // the whole screen as a TV shows it, at 1280x720 and 1920x1080 (issue 45 item 7)
    const context = await harness.newContext({ width: 1280, height: 720 });
    const page = await context.newPage();
    await signInFrom(page, `${harness.menuOrigin}/menu/?dwell=3`);
    await pickRestaurant(page, /Harbor Grill/);
    await page.getByRole('button', { name: 'Show all menus' }).click();
    await page.getByRole('heading', { level: 1, name: 'Our Menus' }).waitFor();
    expect(new URL(page.url()).searchParams.get('dwell')).toBe('3');
    const pager = page.locator('.menu-display__pager');
    await pager.waitFor();
    // the page turns by itself after the dwell time (3 s here)
    expect(await pager.getAttribute('data-page')).toBe('1');
    await expect.poll(() => pager.getAttribute('data-page'), { timeout: 8_000 }).toBe('2');
    await screenshot(page, 'menu-display-pages-1280x720', { fullPage: false });
    // read every page with the keys, turning by itself only after two minutes
    await page.goto(`${harness.menuOrigin}/menu/display?dwell=120`);
    await page.getByRole('heading', { level: 1, name: 'Our Menus' }).waitFor();
    await pager.waitFor();
    const pages1280 = await readPages(page);
    expect(pages1280.count).toBeGreaterThanOrEqual(2);

    await page.setViewportSize({ width: 1920, height: 1080 });
    await expect
      .poll(async () => (await readPages(page)).count, { timeout: 20_000 })
      .toBeLessThan(pages1280.count);
    await readPages(page);
    await screenshot(page, 'menu-display-pages-1920x1080', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);

    // a phone in the hand scrolls the one long page: no pages
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => pager.count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight)).toBe(true);
    await context.close();
  });
});

/**
 * Steps through every page with the arrow key and checks what each shows: the document never scrolls, no line
 * (item, heading) shows cut at an edge of the screen, and every item shows whole on exactly one page.
 */
async function readPages(page: import('playwright-core').Page): Promise<{ count: number }> {
  const pager = page.locator('.menu-display__pager');
  const pages = async () => ((await pager.count()) > 0 ? Number(await pager.getAttribute('data-pages')) : 1);
  // the board is laid out for good once its fonts and photos are in: a photo that arrives later makes its item
  // taller and can add a page (read with the count from before, the last page went unread under load)
  await page.waitForFunction(
    () => document.fonts.status === 'loaded' && [...document.images].every((image) => image.complete),
  );
  let count = await pages();
  for (let settled = 0; settled < 3; ) {
    await page.waitForTimeout(150);
    const now = await pages();
    settled = now === count ? settled + 1 : 0;
    count = now;
  }
  const all = await page.locator('.menu-items > li').evaluateAll((items) => items.length);
  const seen = new Map<string, number>();
  for (let turned = 0; turned < count; turned += 1) {
    const shown = await page.evaluate(() => {
      // what the screen shows of the flow of columns: its box; a page is the part of the flow scrolled into it
      const screen = document.querySelector<HTMLElement>('.menu-display__pages')!.getBoundingClientRect();
      const lines = [
        ...document.querySelectorAll<HTMLElement>('.menu-items > li, .menu-group__name, .menu-board__title'),
      ].map((line, index) => {
        const box = line.getBoundingClientRect();
        const inside =
          box.left >= screen.left - 1 &&
          box.right <= screen.right + 1 &&
          box.top >= screen.top - 1 &&
          box.bottom <= screen.bottom + 1;
        const touches =
          box.right > screen.left + 1 &&
          box.left < screen.right - 1 &&
          box.bottom > screen.top + 1 &&
          box.top < screen.bottom - 1;
        return { id: String(index), inside, touches, item: line.tagName === 'LI' };
      });
      return {
        page: document.querySelector<HTMLElement>('.menu-display__pager')?.dataset.page,
        scrolls: document.documentElement.scrollHeight > window.innerHeight,
        whole: lines.filter((l) => l.item && l.inside).map((l) => l.id),
        cut: lines.filter((l) => l.touches && !l.inside).map((l) => l.id),
      };
    });
    expect(shown.scrolls).toBe(false);
    expect(shown.cut).toEqual([]);
    for (const id of shown.whole) seen.set(id, (seen.get(id) ?? 0) + 1);
    const before = shown.page;
    await page.keyboard.press('ArrowRight');
    if (count > 1) await expect.poll(() => pager.getAttribute('data-page')).not.toBe(before);
  }
  expect(await pages(), 'the page count changed while the pages were read').toBe(count);
  expect(seen.size).toBe(all);
  expect([...seen.values()].every((times) => times === 1)).toBe(true);
  return { count };
}
