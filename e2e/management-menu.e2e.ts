import { describe, expect, it } from 'vitest';
import { apiCall, DEMO_OWNER, useHarness } from './harness';
import {
  axeViolations,
  createDemoUser,
  demoRestaurantPath,
  openManagement,
  screenSettled,
  screenshot,
  serious,
  signInFromManagement,
  type Violation,
} from './helpers';

/*
 * The management app's menu builder, items and modifier groups (issue 8), in Chromium against the real
 * server: a complete menu is built from nothing in the second demo restaurant (Lantern Noodle Bar, which
 * has no menu) through the UI, then read back from the resolved menu API.
 */

const harness = useHarness();

interface ResolvedGroup {
  menuGroupId: number;
  name: string;
  visibleInKiosk: boolean;
  timeRange?: { startTime: string; endTime: string };
  items: {
    itemId: number;
    position: number;
    item: {
      name: string;
      pricingStrategy: string;
      basePrice?: number;
      sizePrice: { name: string; price: number }[];
      taxRateIds: number[];
      prepStationIds: number[];
      modifierGroups: {
        modifierGroupId: number;
        modifierGroup: {
          name: string;
          pricingStrategy: string;
          minSelection: number;
          maxSelection?: number;
          modifiers: { name: string; price?: number | null }[];
        };
      }[];
    };
  }[];
  subgroups: ResolvedGroup[];
}

describe('management app: menu builder, items and modifier groups', () => {
  it('builds a complete menu from nothing through the UI and reads it back from the resolved menu', async () => {
    const token = harness.ownerToken;
    const base = await demoRestaurantPath(harness, token, 'Lantern Noodle Bar');
    const before = await apiCall<{ data: unknown[] }>(harness, 'GET', `${base}/menus`, { token });
    expect(before.body.data).toEqual([]);

    const context = await harness.newContext({ width: 1280, height: 800 });
    const page = await context.newPage();
    await signInFromManagement(page, harness, '/manage/', DEMO_OWNER, /Lantern Noodle Bar/);

    // --- A tax rate and a prep station, on their screens -------------------------------------------------
    const dialog = page.getByRole('dialog');
    await openManagement(page, harness, '/tax-rates', 'Tax rates');
    await page.getByRole('button', { name: 'New tax rate' }).first().click();
    await dialog.getByLabel('Name', { exact: true }).fill('Food VAT');
    await dialog.getByLabel('Rate', { exact: true }).fill('10');
    await dialog.getByRole('button', { name: 'Create tax rate' }).click();
    await dialog.waitFor({ state: 'detached' });
    await openManagement(page, harness, '/prep-stations', 'Prep stations');
    await page.getByRole('button', { name: 'New prep station' }).first().click();
    await dialog.getByLabel('Name', { exact: true }).fill('Noodle station');
    await dialog.getByRole('button', { name: 'Create prep station' }).click();
    await dialog.waitFor({ state: 'detached' });
    const taxRates = await apiCall<{ data: { taxRateId: number; name: string; rate: number }[] }>(
      harness,
      'GET',
      `${base}/tax-rates`,
      { token },
    );
    expect(taxRates.body.data.map((t) => [t.name, t.rate])).toEqual([['Food VAT', 10]]);
    const stations = await apiCall<{ data: { prepStationId: number; name: string }[] }>(
      harness,
      'GET',
      `${base}/prep-stations`,
      { token },
    );
    expect(stations.body.data.map((p) => p.name)).toEqual(['Noodle station']);
    const taxRateId = taxRates.body.data[0]!.taxRateId;
    const prepStationId = stations.body.data[0]!.prepStationId;

    // --- A modifier group with modifiers ------------------------------------------------------------------
    await openManagement(page, harness, '/modifier-groups', 'Modifier groups');
    await page.getByText('No modifier groups yet').waitFor();
    await page.getByRole('link', { name: 'New modifier group' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'New modifier group' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Toppings');
    await page.getByLabel('Pricing strategy').selectOption('Group');
    await page.getByRole('button', { name: 'Create modifier group' }).click();
    // the server's message, from the same schema in the browser
    await page.getByText('Group price is required when pricing strategy is Group').waitFor();
    await page.getByLabel('Pricing strategy').selectOption('Individual');
    await page.getByLabel('Minimum selection').fill('0');
    await page.getByLabel('Maximum selection').fill('3');
    for (const [index, [name, price]] of [
      ['Soft egg', '1.5'],
      ['Nori', '0.5'],
    ].entries()) {
      await page.getByRole('button', { name: 'Add modifier' }).click();
      await page.getByLabel(`Modifier ${index + 1} name`).fill(name!);
      await page.getByLabel(`Modifier ${index + 1} price`).fill(price!);
    }
    await page.getByRole('button', { name: 'Create modifier group' }).click();
    await page.waitForURL(/\/manage\/modifier-groups\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Toppings' }).waitFor();
    await screenshot(page, 'management-modifier-group-editor-1280');

    // --- Items: sizes, the modifier group, tax rate and prep station ---------------------------------------
    await openManagement(page, harness, '/items/new', 'New item');
    await page.getByLabel('Name', { exact: true }).fill('Tonkotsu Ramen');
    await page.getByRole('radio', { name: 'Price per size' }).check();
    await page.getByRole('button', { name: 'Create item' }).click();
    await page.getByText('Size pricing strategy requires at least one size price').waitFor();
    for (const [index, [name, price]] of [
      ['Regular', '14'],
      ['Large', '17.5'],
    ].entries()) {
      await page.getByRole('button', { name: 'Add size' }).click();
      await page.getByLabel(`Size ${index + 1} name`).fill(name!);
      await page.getByLabel(`Size ${index + 1} price`).fill(price!);
    }
    await page.getByLabel('Add a modifier group').selectOption({ label: 'Toppings' });
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByRole('listitem').filter({ hasText: 'Toppings' }).waitFor();
    await page.getByRole('checkbox', { name: /Food VAT/ }).check();
    await page.getByRole('checkbox', { name: 'Noodle station' }).check();
    await page.getByRole('button', { name: 'Create item' }).click();
    await page.waitForURL(/\/manage\/items\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Tonkotsu Ramen' }).waitFor();
    await screenshot(page, 'management-item-editor-1280');

    for (const [name, price] of [
      ['Pork Gyoza', '7.5'],
      ['Green Tea', '3'],
    ]) {
      await openManagement(page, harness, '/items/new', 'New item');
      await page.getByLabel('Name', { exact: true }).fill(name!);
      await page.getByLabel('Base price').fill(price!);
      await page.getByRole('checkbox', { name: /Food VAT/ }).check();
      if (name === 'Pork Gyoza') await page.getByRole('checkbox', { name: 'Noodle station' }).check();
      await page.getByRole('button', { name: 'Create item' }).click();
      await page.waitForURL(/\/manage\/items\/\d+$/);
      await page.getByRole('heading', { level: 1, name }).waitFor();
    }

    // --- The menu: two groups, a subgroup, items added existing and new -----------------------------------
    await openManagement(page, harness, '/menus', 'Menus');
    await page.getByText('No menus yet').waitFor();
    await page.getByRole('button', { name: 'New menu' }).first().click();
    await dialog.getByLabel('Name', { exact: true }).fill('Dinner');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/manage\/menus\/\d+$/);
    const menuGroupId = Number(page.url().split('/').pop());
    await page.getByRole('heading', { level: 1, name: 'Dinner' }).waitFor();
    await page.getByText('This menu is empty').waitFor();

    const addGroup = async (name: string, trigger: () => Promise<void>) => {
      await trigger();
      await dialog.getByLabel('Name', { exact: true }).fill(name);
      await dialog.getByRole('button', { name: 'Create' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('heading', { name, exact: true }).waitFor();
    };
    await addGroup('Noodles', () => page.getByRole('button', { name: 'Add group' }).first().click());
    await addGroup('Drinks', () => page.getByRole('button', { name: 'Add group' }).first().click());
    await addGroup('Sides', () => page.getByRole('button', { name: 'Add a subgroup to Noodles' }).click());

    const addExisting = async (group: string, item: string) => {
      await page.getByRole('button', { name: `+ Add items to ${group}` }).click();
      await dialog.getByRole('checkbox', { name: item }).check();
      await dialog.getByRole('button', { name: 'Add selected item' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page
        .getByRole('list', { name: `Items in ${group}` })
        .getByRole('link', { name: item })
        .waitFor();
    };
    await addExisting('Noodles', 'Tonkotsu Ramen');
    await addExisting('Sides', 'Pork Gyoza');
    await addExisting('Drinks', 'Green Tea');

    // a new item, created inline and added in one go (the server's rule on base price first)
    await page.getByRole('button', { name: '+ Add items to Noodles' }).click();
    await dialog.getByLabel('New item name').fill('Shoyu Ramen');
    await dialog.getByRole('button', { name: 'Create and add' }).click();
    await dialog.getByText('Base pricing strategy requires a valid base price').waitFor();
    await dialog.getByLabel('Base price').fill('13');
    await dialog.getByRole('button', { name: 'Create and add' }).click();
    await dialog.waitFor({ state: 'detached' });
    const noodleItems = page.getByRole('list', { name: 'Items in Noodles' });
    await noodleItems.getByRole('link', { name: 'Shoyu Ramen' }).waitFor();

    // --- Group settings: availability with the server's messages, visibility per channel -------------------
    await page.getByRole('button', { name: 'Settings of Drinks' }).click();
    await dialog.getByLabel('From (HH:MM)').fill('25:00');
    await dialog.getByLabel('Until (HH:MM)').fill('22:00');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Invalid time format, expected HH:MM').waitFor();
    await dialog.getByLabel('From (HH:MM)').fill('11:00');
    await dialog.getByRole('checkbox', { name: 'Kiosk' }).first().uncheck();
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Hidden on Kiosk').waitFor();
    await page.getByText('11:00–22:00').waitFor();

    // --- Reorder by keyboard: pick Shoyu Ramen up with Space, move it up, drop it ---------------------------
    const names = async () =>
      (await noodleItems.getByRole('link').allTextContents()).map((text) => text.trim());
    expect(await names()).toEqual(['Tonkotsu Ramen', 'Shoyu Ramen']);
    const handle = page.getByRole('button', { name: 'Reorder Shoyu Ramen' });
    await handle.focus();
    await page.keyboard.press('Space');
    // dnd-kit announces each step in a live region
    await page.getByText('Shoyu Ramen is at position 2 of 2.').waitFor({ state: 'attached' });
    // dnd-kit's keyboard sensor starts listening for arrows in a timer task after the pick-up; Chromium runs
    // input before timers, so on a busy machine an arrow pressed now could come first. A timer queued now
    // runs after that one.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.keyboard.press('ArrowUp');
    await page.getByText('Shoyu Ramen moved to position 1 of 2.').waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await expect.poll(names).toEqual(['Shoyu Ramen', 'Tonkotsu Ramen']);
    // groups by the move buttons, from the keyboard as well: Drinks before Noodles
    await page.getByRole('button', { name: 'Move Drinks up' }).focus();
    await page.keyboard.press('Enter');
    const groupOrder = async () =>
      (
        await page.getByRole('list', { name: 'Groups of Dinner' }).locator(':scope > li h2').allTextContents()
      ).map((text) => text.trim());
    await expect.poll(groupOrder).toEqual(['Drinks', 'Noodles']);
    // the keyboard stays on the row: Drinks is first now, so on its other move button
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Move Drinks down');

    // --- The resolved menu, as diners' screens will read it ------------------------------------------------
    const readMenu = async () =>
      (
        await apiCall<{ available: boolean; data: ResolvedGroup }>(
          harness,
          'GET',
          `${base}/menus/${menuGroupId}`,
          {
            token,
          },
        )
      ).body;
    await expect
      .poll(
        async () =>
          (await readMenu()).data.subgroups.find((g) => g.name === 'Noodles')?.items.map((r) => r.item.name),
        {
          timeout: 10_000,
        },
      )
      .toEqual(['Shoyu Ramen', 'Tonkotsu Ramen']);
    await expect
      .poll(async () => (await readMenu()).data.subgroups.map((g) => g.name))
      .toEqual(['Drinks', 'Noodles']);
    const resolved = await readMenu();
    expect(resolved.available).toBe(true);
    expect(resolved.data.name).toBe('Dinner');
    const [drinks, noodles] = resolved.data.subgroups;
    expect(drinks!.visibleInKiosk).toBe(false);
    expect(drinks!.timeRange).toEqual({ startTime: '11:00', endTime: '22:00' });
    expect(drinks!.items.map((r) => r.item.name)).toEqual(['Green Tea']);
    expect(noodles!.subgroups.map((g) => g.name)).toEqual(['Sides']);
    expect(noodles!.subgroups[0]!.items.map((r) => r.item.name)).toEqual(['Pork Gyoza']);
    const ramen = noodles!.items.find((r) => r.item.name === 'Tonkotsu Ramen')!.item;
    expect(ramen.pricingStrategy).toBe('size');
    expect(ramen.sizePrice.map((s) => [s.name, s.price])).toEqual([
      ['Regular', 14],
      ['Large', 17.5],
    ]);
    expect(ramen.taxRateIds).toEqual([taxRateId]);
    expect(ramen.prepStationIds).toEqual([prepStationId]);
    expect(ramen.modifierGroups).toHaveLength(1);
    const toppings = ramen.modifierGroups[0]!.modifierGroup;
    expect(toppings.name).toBe('Toppings');
    expect(toppings.pricingStrategy).toBe('Individual');
    expect(toppings.minSelection).toBe(0);
    expect(toppings.maxSelection).toBe(3);
    expect(toppings.modifiers.map((m) => [m.name, m.price])).toEqual([
      ['Soft egg', 1.5],
      ['Nori', 0.5],
    ]);
    const shoyu = noodles!.items.find((r) => r.item.name === 'Shoyu Ramen')!.item;
    expect(shoyu.basePrice).toBe(13);
    // the kiosk leaves out the group hidden there
    const kiosk = await apiCall<{ data: ResolvedGroup }>(
      harness,
      'GET',
      `${base}/menus/${menuGroupId}?channel=kiosk`,
      {
        token,
      },
    );
    expect(kiosk.body.data.subgroups.map((g) => g.name)).toEqual(['Noodles']);

    // --- The preview in the builder, per channel ------------------------------------------------------------
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('menu-preview');
    await preview.getByText('Green Tea').waitFor();
    await page.getByLabel('Channel').selectOption('kiosk');
    await preview.getByText('Green Tea').waitFor({ state: 'detached' });
    await preview.getByText('Pork Gyoza').waitFor();
    await screenshot(page, 'management-menu-builder-1280');

    await openManagement(page, harness, '/menus', 'Menus');
    await page.getByTestId('menu-card').filter({ hasText: '3 groups · 4 items' }).waitFor();
    await screenshot(page, 'management-menus-1280');
    await openManagement(page, harness, '/modifier-groups', 'Modifier groups');
    await page.getByRole('table', { name: 'Modifier groups' }).getByText('1 item', { exact: true }).waitFor();
    await screenshot(page, 'management-modifier-groups-1280');

    await openManagement(page, harness, '/items', 'Items');
    await page.getByRole('table', { name: 'Items' }).getByRole('link', { name: 'Tonkotsu Ramen' }).waitFor();
    await screenshot(page, 'management-items-1280');
    // the list filters: by menu group, and by search
    await page.getByLabel('Menu group').selectOption({ label: 'Sides' });
    await expect
      .poll(() => page.getByRole('table', { name: 'Items' }).getByRole('link').allTextContents())
      .toEqual(['Pork Gyoza']);

    // --- Phone width -----------------------------------------------------------------------------------------
    await page.setViewportSize({ width: 390, height: 844 });
    await openManagement(page, harness, `/menus/${menuGroupId}`, 'Dinner');
    await page.getByRole('heading', { name: 'Sides', exact: true }).waitFor();
    await screenshot(page, 'management-menu-builder-390');
    // tight on a phone: no sideways scrolling; an item is one row (name over price beside its buttons); a
    // top-level group's buttons, one line
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const row of await page.getByTestId('menu-item-row').all()) {
      expect((await row.boundingBox())!.height).toBeLessThan(64);
    }
    for (const actions of await page
      .locator('.cat-group[data-depth="1"] > .cat-group__header .cat-row__actions')
      .all()) {
      const tops = await actions
        .getByRole('button')
        .evaluateAll((buttons) => buttons.map((b) => Math.round(b.getBoundingClientRect().top)));
      expect(new Set(tops).size).toBe(1);
    }
    await openManagement(page, harness, '/items', 'Items');
    await page.getByText('Tonkotsu Ramen').first().waitFor();
    await screenshot(page, 'management-items-390');
    await page.getByText('Tonkotsu Ramen').first().click();
    await page.getByRole('heading', { level: 1, name: 'Tonkotsu Ramen' }).waitFor();
    await screenshot(page, 'management-item-editor-390');
    // nothing wider than the phone
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Deleting an item unlinks it from its menu group (decision 008), and the builder shows that at once.
    await page.setViewportSize({ width: 1280, height: 800 });
    await openManagement(page, harness, `/menus/${menuGroupId}`, 'Dinner');
    await page
      .getByRole('list', { name: 'Items in Drinks' })
      .getByRole('link', { name: 'Green Tea' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Green Tea' }).waitFor();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm
      .getByText('It will also be removed from the menu group that uses it: Drinks.', { exact: false })
      .waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('heading', { level: 1, name: 'Items' }).waitFor();
    await page.getByRole('link', { name: 'Menus', exact: true }).click();
    await page.getByRole('link', { name: 'Dinner', exact: true }).click();
    const drinksGroup = page
      .getByTestId('menu-group')
      .filter({ has: page.getByRole('heading', { name: 'Drinks' }) });
    await drinksGroup.getByRole('button', { name: '+ Add items to Drinks' }).waitFor();
    // the cached list shows at once and is refreshed behind it (the delete invalidated it)
    await expect.poll(() => drinksGroup.getByRole('link', { name: 'Green Tea' }).count()).toBe(0);
    const afterDelete = await readMenu();
    expect(afterDelete.data.subgroups.find((g) => g.name === 'Drinks')!.items).toEqual([]);

    // Removing an item from a group unlinks it (removedItemIds); the item itself stays.
    await page.getByRole('button', { name: 'Remove Pork Gyoza from Sides' }).click();
    await page.getByText('Pork Gyoza removed from Sides').waitFor();
    await expect
      .poll(
        async () => (await readMenu()).data.subgroups.find((g) => g.name === 'Noodles')!.subgroups[0]!.items,
      )
      .toEqual([]);
    const gyoza = await apiCall<{ data: { name: string }[] }>(harness, 'GET', `${base}/items`, { token });
    expect(gyoza.body.data.map((i) => i.name)).toContain('Pork Gyoza');
    await context.close();
    // the longest browser flow of the suite (~67 s alone): twice that, for a loaded machine (it timed out at 90 s)
  }, 180_000);

  it('shows an employee the menus and items without edit controls', async () => {
    const employee = { email: `employee-${Date.now()}@example.com`, password: 'line-cook-1' };
    await createDemoUser(harness, {
      ...employee,
      firstName: 'Lee',
      lastName: 'Cook',
      tenantRole: 'employee',
    });

    const context = await harness.newContext({ width: 1280, height: 800 });
    const page = await context.newPage();
    await signInFromManagement(page, harness, '/manage/menus', employee);

    // Harbor Grill has the demo menus: readable, with no way to change them
    await openManagement(page, harness, '/menus', 'Menus');
    const firstMenu = page.getByTestId('menu-card').first();
    await firstMenu.waitFor();
    expect(await page.getByRole('button', { name: 'New menu' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Reorder / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await firstMenu.getByRole('link', { name: /^View/ }).click();
    await page.getByTestId('menu-group').first().waitFor();
    for (const name of [
      'Add group',
      'Menu settings',
      /^Reorder /,
      /^Move .* (up|down)$/,
      /^Remove /,
      /^\+ Add items/,
    ])
      expect(await page.getByRole('button', { name }).count()).toBe(0);

    await openManagement(page, harness, '/items', 'Items');
    expect(await page.getByRole('link', { name: 'New item' }).count()).toBe(0);
    await page.getByRole('table', { name: 'Items' }).getByRole('link').first().click();
    await page.getByText('Your role can view items but not change them.').waitFor();
    expect(await page.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: /Save changes|Delete/ }).count()).toBe(0);
    await screenshot(page, 'management-item-readonly-1280');
    await context.close();
  });

  it('has no serious accessibility violations in the builder, its settings dialog, the lists and editors (axe-core)', async () => {
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
    const menu = menus.body.data[0]!;
    const items = await apiCall<{ data: { itemId: number }[] }>(harness, 'GET', `${base}/items`, { token });
    const groups = await apiCall<{ data: { modifierGroupId: number }[] }>(
      harness,
      'GET',
      `${base}/modifier-groups`,
      {
        token,
      },
    );

    const context = await harness.newContext({ width: 1280, height: 800 });
    const page = await context.newPage();
    await signInFromManagement(page, harness, '/manage/');

    const results: (Violation & { page: string })[] = [];
    const check = async (label: string) => {
      await screenSettled(page);
      const found = await axeViolations(page);
      results.push(...found.map((v) => ({ page: label, ...v })));
    };

    await openManagement(page, harness, '/menus', 'Menus');
    await page.getByTestId('menu-card').first().waitFor();
    await check('menus');
    await openManagement(page, harness, `/menus/${menu.menuGroupId}`, menu.name);
    await page.getByTestId('menu-group').first().waitFor();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByTestId('menu-preview').waitFor();
    await check('builder');
    await page
      .getByRole('button', { name: /^Settings of / })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await screenshot(page, 'management-group-settings-1280');
    await check('group settings');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page
      .getByRole('button', { name: /^\+ Add items to / })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await check('add items');
    await page.keyboard.press('Escape');
    await openManagement(page, harness, '/items', 'Items');
    await page.getByRole('table', { name: 'Items' }).waitFor();
    await check('items');
    await openManagement(page, harness, `/items/${items.body.data[0]!.itemId}`, /.+/);
    await page.getByRole('button', { name: 'Save changes' }).waitFor();
    await check('item editor');
    await openManagement(page, harness, '/modifier-groups', 'Modifier groups');
    await page.getByRole('table', { name: 'Modifier groups' }).waitFor();
    await check('modifier groups');
    await openManagement(page, harness, `/modifier-groups/${groups.body.data[0]!.modifierGroupId}`, /.+/);
    await page.getByRole('button', { name: 'Save changes' }).waitFor();
    await check('modifier group editor');

    await page.setViewportSize({ width: 390, height: 844 });
    await openManagement(page, harness, `/menus/${menu.menuGroupId}`, menu.name);
    await page
      .getByRole('button', { name: /^Settings of / })
      .first()
      .click();
    await page.getByRole('dialog').waitFor();
    await screenshot(page, 'management-group-settings-390');
    await context.close();

    expect(serious(results), JSON.stringify(results, null, 1)).toEqual([]);
  });
});
