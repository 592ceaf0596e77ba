import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, useHarness } from './harness';
import {
  createDemoUser,
  expectAxeClean,
  HARBOR_GRILL_PATH,
  managementPage,
  openManagement,
  screenshot,
} from './helpers';

// The Google listing screen (issue 18 item 5) against the server's in-process Places emulator: search, pick
// a place, link it, compare in the import dialog and import two fields, then read them back from the API.

const harness = useHarness();
const PLACE = 'Rose City Trattoria';

interface PreviewBody {
  data: { fields: { field: string; place: unknown; available: boolean }[] };
}
interface RestaurantBody {
  data: {
    restaurant: {
      contact: { phone?: string; website?: string };
      platformSync: { platforms: { googlePlaces?: { placeId?: string; placeName?: string } } };
    };
  };
}

async function linkPlace(page: Page) {
  await openManagement(page, harness, '/google-places', 'Google listing');
  const search = page.getByRole('form', { name: 'Search Google' });
  await search.getByLabel('Name and city').fill(PLACE);
  await search.getByLabel('Name and city').press('Enter');
  const results = page.getByRole('list', { name: 'Places found' });
  const result = results.getByRole('button', { name: new RegExp(PLACE) }).first();
  await result.waitFor({ timeout: 20_000 });
  await result.focus();
  await result.press('Enter');
  await expect.poll(() => result.getAttribute('aria-pressed')).toBe('true');
  await page.getByRole('heading', { name: PLACE, level: 2 }).waitFor();
  await page.getByRole('button', { name: 'Link this place' }).click();
  await page.getByRole('heading', { name: 'Linked to Google', level: 2 }).waitFor({ timeout: 20_000 });
}

describe('management: Google listing', () => {
  it('searches the new text at once while the prefilled search is still out', async () => {
    const { context, page } = await managementPage(harness);
    // The prefilled search (the restaurant's name and city) is held in flight; the typed one is not.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname.endsWith('/places/search'),
      async (route) => {
        const query = new URL(route.request().url()).searchParams.get('query') ?? '';
        if (!query.includes(PLACE)) await held;
        await route.continue().catch(() => {});
      },
    );
    await openManagement(page, harness, '/google-places', 'Google listing');
    const search = page.getByRole('form', { name: 'Search Google' });
    await expect
      .poll(() => search.getByRole('button', { name: 'Search' }).getAttribute('aria-busy'))
      .toBe('true');
    await search.getByLabel('Name and city').fill(PLACE);
    await search.getByLabel('Name and city').press('Enter');
    const results = page.getByRole('list', { name: 'Places found' });
    await results
      .getByRole('button', { name: new RegExp(PLACE) })
      .first()
      .waitFor({ timeout: 10_000 });
    release();
    await context.close();
  });

  it('finds the restaurant on Google, links it and imports two chosen fields', async () => {
    const { context, page } = await managementPage(harness);
    await linkPlace(page);
    await expect.poll(() => page.locator('.ui-toast').count(), { timeout: 10_000 }).toBe(0);
    await screenshot(page, 'management-places-linked-1280', { fullPage: false });
    await expectAxeClean(page);

    const preview = await apiCall<PreviewBody>(
      harness,
      'GET',
      `${HARBOR_GRILL_PATH}/platform-sync/google-places/import`,
      {
        token: harness.ownerToken,
      },
    );
    expect(preview.status).toBe(200);
    const googleValue = (field: string) => preview.body.data.fields.find((f) => f.field === field)?.place;

    await page.getByRole('button', { name: 'Import from Google' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import from Google' });
    await dialog.getByRole('list', { name: 'Fields' }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'management-places-import-1280', { fullPage: false });
    await expectAxeClean(page);
    await dialog.getByRole('checkbox', { name: 'Phone' }).check();
    await dialog.getByRole('checkbox', { name: 'Website' }).check();
    await dialog.getByRole('button', { name: 'Import 2 fields' }).click();
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });

    const after = await apiCall<RestaurantBody>(harness, 'GET', HARBOR_GRILL_PATH, {
      token: harness.ownerToken,
    });
    const restaurant = after.body.data.restaurant;
    expect(restaurant.platformSync.platforms.googlePlaces?.placeName).toBe(PLACE);
    expect(restaurant.contact.phone).toBe(googleValue('phone'));
    expect(restaurant.contact.website).toBe(googleValue('website'));

    // Sync settings: automatic checks every week; saving keeps the place link (platforms merge by name).
    const settings = page.getByRole('form', { name: 'Sync settings' });
    const automatic = settings.getByRole('switch', { name: 'Check Google for changes automatically' });
    const often = settings.getByLabel('How often');
    expect(await automatic.isChecked()).toBe(false);
    expect(await often.isDisabled()).toBe(true);
    await automatic.check();
    await often.selectOption({ label: 'Every week' });
    await settings.getByRole('button', { name: 'Save sync settings' }).click();
    await page.locator('.ui-toast').filter({ hasText: 'Sync settings saved' }).waitFor();
    const platforms = page.getByRole('definition').filter({ hasText: /^Connected/ });
    expect(await platforms.count()).toBe(1);
    await screenshot(page, 'management-places-sync-settings-1280');
    await expectAxeClean(page);
    const saved = await apiCall<RestaurantBody>(harness, 'GET', HARBOR_GRILL_PATH, {
      token: harness.ownerToken,
    });
    const sync = saved.body.data.restaurant
      .platformSync as RestaurantBody['data']['restaurant']['platformSync'] & {
      autoSync: boolean;
      syncFrequency: string;
    };
    expect(sync).toMatchObject({ autoSync: true, syncFrequency: 'weekly' });
    expect(sync.platforms.googlePlaces?.placeName).toBe(PLACE);
    await page.reload();
    await page.getByRole('heading', { name: 'Sync settings', level: 2 }).waitFor({ timeout: 20_000 });
    expect(
      await settings.getByRole('switch', { name: 'Check Google for changes automatically' }).isChecked(),
    ).toBe(true);
    await context.close();
  });

  it('fits a 390 px phone and stays axe-clean', async () => {
    const { context, page } = await managementPage(harness, undefined, { width: 390, height: 844 });
    await openManagement(page, harness, '/google-places', 'Google listing');
    await page.getByRole('heading', { name: 'Linked to Google', level: 2 }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: PLACE, level: 2 }).waitFor({ timeout: 20_000 });
    await screenshot(page, 'management-places-390', { fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Import from Google' }).click();
    await page
      .getByRole('dialog', { name: 'Import from Google' })
      .getByRole('list', { name: 'Fields' })
      .waitFor();
    await screenshot(page, 'management-places-import-390', { fullPage: false });
    await context.close();
  });

  it('shows an employee the linked place read-only: no search, no link, import or unlink', async () => {
    const employee = { email: 'places-employee@brigade.local', password: 'Places-employee-1' };
    await createDemoUser(harness, {
      ...employee,
      firstName: 'Pat',
      lastName: 'Line',
      tenantRole: 'employee',
    });
    const { context, page } = await managementPage(harness, employee);
    await openManagement(page, harness, '/google-places', 'Google listing');
    await page.getByRole('heading', { name: 'Linked to Google', level: 2 }).waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: PLACE, level: 2 }).waitFor({ timeout: 20_000 });
    await page.getByText('Only owners and admins link the restaurant to Google').waitFor();
    for (const name of ['Link this place', 'Import from Google', 'Sync now', 'Unlink', 'Save sync settings'])
      expect(await page.getByRole('button', { name }).count(), name).toBe(0);
    expect(await page.getByRole('form', { name: 'Search Google' }).count()).toBe(0);
    await expectAxeClean(page);
    await screenshot(page, 'management-places-employee-1280', { fullPage: false });
    await context.close();
  });

  it('shows imported photos on the public site with their authors, and unlinks', async () => {
    const photo = 'places/ChIJBrigadeEmuPdx0001/photos/TrattoriaPhoto1';
    const imported = await apiCall(
      harness,
      'POST',
      `${HARBOR_GRILL_PATH}/platform-sync/google-places/import`,
      {
        token: harness.ownerToken,
        body: { fields: ['photos'], photos: [photo] },
      },
    );
    expect(imported.status).toBe(200);
    const context = await harness.newContext();
    const site = await context.newPage();
    await site.goto(`${harness.siteOrigin}/harbor-grill`);
    const photos = site.getByRole('region', { name: /^Around / });
    await photos.scrollIntoViewIfNeeded();
    await expect
      .poll(() => photos.locator('figcaption').first().textContent())
      .toMatch(/^Photo: .+ · from Google$/);
    await expect
      .poll(() =>
        photos
          .locator('img')
          .first()
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await screenshot(site, 'site-place-photos-1280', { fullPage: false });

    const { context: manage, page } = await managementPage(harness);
    await openManagement(page, harness, '/google-places', 'Google listing');
    await page.getByRole('heading', { name: 'Linked to Google', level: 2 }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Unlink' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Unlink from Google?' });
    await confirm.waitFor();
    await expectAxeClean(page);
    await confirm.getByRole('button', { name: 'Unlink' }).click();
    await confirm.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByRole('heading', { name: 'Linked to Google', level: 2 }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Link this place' }).waitFor({ state: 'detached' });

    const after = await apiCall<RestaurantBody>(harness, 'GET', HARBOR_GRILL_PATH, {
      token: harness.ownerToken,
    });
    expect(after.body.data.restaurant.platformSync.platforms.googlePlaces?.placeId).toBeUndefined();
    await site.reload();
    await site.getByRole('heading', { level: 1 }).waitFor();
    expect(await site.getByRole('region', { name: /^Around / }).count()).toBe(0);
    await manage.close();
    await context.close();
  });
});
