import { describe, expect, it } from 'vitest';
import { apiCall, DEMO_TENANT_ID, useHarness } from './harness';
import {
  axeViolations,
  HARBOR_GRILL_PATH,
  managementPage,
  openManagement,
  screenshot,
  serious,
} from './helpers';

/**
 * Opening hours (issue 23 item 7): an owner splits a day into two spans and closes the restaurant today for a
 * holiday in Profile & hours; the public site then says "Closed today — <label>", lists the date under its
 * hours, shows no menu and no ordering that day.
 */
const harness = useHarness();

/** The tenant's date now, on its clock (the site goes by it). */
async function tenantToday(): Promise<string> {
  const tenant = await apiCall<{ data: { tenant: { settings: { timezone: string } } } }>(
    harness,
    'GET',
    `/tenants/${DEMO_TENANT_ID}`,
    { token: harness.ownerToken },
  );
  const timeZone = tenant.body.data.tenant.settings.timezone;
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

interface StoredHours {
  operatingHours: { monday: { spans: { open: string; close: string }[] } };
  specialHours: { date: string; closed: boolean; label?: string }[];
}

describe('opening hours and holidays', () => {
  it('closes today for a holiday in management, and the public site says so and hides menus and ordering', async () => {
    const today = await tenantToday();
    const { context, page } = await managementPage(harness);
    await openManagement(page, harness, '/restaurant', 'Restaurant');
    const specialSection = page.getByRole('group', { name: 'Special hours & holidays' });
    await specialSection.waitFor({ timeout: 20_000 });

    // Monday: lunch and dinner, by keyboard
    const addMonday = page.getByRole('button', { name: 'Add hours to Monday' });
    await addMonday.focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('Monday opens (span 1)').fill('11:00');
    await page.getByLabel('Monday closes (span 1)').fill('14:30');
    await page.getByLabel('Monday opens (span 2)').fill('17:00');
    await page.getByLabel('Monday closes (span 2)').fill('22:00');

    // an overlapping span is refused with the reason, on the page
    await page.getByLabel('Monday opens (span 2)').fill('14:00');
    await page.getByRole('button', { name: 'Save restaurant' }).click();
    await page.getByText('Opening spans of a day must not overlap').waitFor();
    await page.getByLabel('Monday opens (span 2)').fill('17:00');

    // today closed for a holiday
    await page.getByRole('button', { name: '+ Add a date' }).click();
    const upcoming = page.getByRole('list', { name: 'Upcoming special dates' });
    await upcoming.getByLabel('Date').fill(today);
    await upcoming.getByLabel('Label').fill('Thanksgiving');
    expect(await upcoming.getByLabel('Closed all day').isChecked()).toBe(true);
    // the unsaved edit holds a sidebar link back with the question
    await page.getByRole('navigation').getByRole('link', { name: 'Menus', exact: true }).click();
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Cancel' }).click();
    await leave.waitFor({ state: 'detached' });
    expect(await upcoming.getByLabel('Label').inputValue()).toBe('Thanksgiving');
    await page.getByRole('button', { name: 'Save restaurant' }).click();
    await page.getByText('Restaurant saved').waitFor();
    const stored = await apiCall<{ data: { restaurant: StoredHours } }>(harness, 'GET', HARBOR_GRILL_PATH, {
      token: harness.ownerToken,
    });
    expect(stored.body.data.restaurant.operatingHours.monday.spans).toEqual([
      { open: '11:00', close: '14:30' },
      { open: '17:00', close: '22:00' },
    ]);
    expect(stored.body.data.restaurant.specialHours).toEqual([
      { date: today, closed: true, spans: [], label: 'Thanksgiving' },
    ]);
    expect(serious(await axeViolations(page))).toEqual([]);
    await specialSection.scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.ui-toast').count(), { timeout: 10_000 }).toBe(0);
    await screenshot(page, 'management-hours-1280', { fullPage: false });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Add hours to Monday' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'management-hours-390', { fullPage: false });
    await specialSection.scrollIntoViewIfNeeded();
    await screenshot(page, 'management-special-hours-390', { fullPage: false });

    // the public site: the notice, the date under the hours, no ordering, no menus
    const site = await context.newPage();
    await site.setViewportSize({ width: 1280, height: 900 });
    await site.goto(`${harness.siteOrigin}/harbor-grill`);
    await site.getByText('Closed today — Thanksgiving').first().waitFor();
    expect(await site.locator('.btn-order').count()).toBe(0);
    const hours = site.locator('.special-hours');
    expect(await hours.textContent()).toContain('Thanksgiving');
    expect(await hours.textContent()).toContain('Closed');
    const monday = site.locator('.hours tr', {
      has: site.getByRole('rowheader', { name: 'Monday', exact: true }),
    });
    expect(await monday.locator('.span-line').allTextContents()).toEqual([
      '11:00 AM – 2:30 PM',
      '5:00 PM – 10:00 PM',
    ]);
    expect(serious(await axeViolations(site))).toEqual([]);
    await screenshot(site, 'site-closed-today-1280', { fullPage: false });
    await site.locator('#visit').scrollIntoViewIfNeeded();
    await screenshot(site, 'site-special-hours-1280', { fullPage: false });
    await site.goto(`${harness.siteOrigin}/harbor-grill/menu`);
    await site.getByRole('heading', { name: 'Closed today — Thanksgiving', level: 1 }).waitFor();
    expect(await site.locator('.menus').count()).toBe(0);
    expect(serious(await axeViolations(site))).toEqual([]);
    await site.setViewportSize({ width: 390, height: 844 });
    await screenshot(site, 'site-closed-menu-390', { fullPage: false });
    await site.goto(`${harness.siteOrigin}/harbor-grill`);
    await screenshot(site, 'site-closed-today-390', { fullPage: false });

    // deleting the date reopens the site
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('button', { name: `Delete special hours of ${today}` }).click();
    await page.getByRole('button', { name: 'Save restaurant' }).click();
    await page.getByText('Restaurant saved').waitFor();
    await site.goto(`${harness.siteOrigin}/harbor-grill`);
    expect(await site.getByText('Closed today').count()).toBe(0);
    await context.close();
  });
});
