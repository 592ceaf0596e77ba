import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, DEMO_OWNER, DEMO_TENANT_ID, signInByApi, useHarness } from './harness';
import {
  axeViolations,
  createDemoUser,
  HARBOR_GRILL,
  HARBOR_GRILL_PATH,
  managementPage,
  openManagement,
  screenshot,
  serious,
} from './helpers';

// The audit log screen (issue 14, decision 019): an owner's rename shows as an entry with the old and the
// new name; the filters live in the URL (entity, actor) and survive a reload; "Load more" follows the
// cursor; phones get cards; a manager sees no navigation entry, and the screen (and the server) refuse.

const harness = useHarness();

const entries = (page: Page) => page.getByTestId('audit-entry');
const applyFilters = (page: Page) => page.getByRole('button', { name: 'Apply filters' }).click();

/** Renames the first item of Harbor Grill in its editor; returns its id and both names. */
async function renameAnItem(page: Page) {
  const items = await apiCall<{ data: { itemId: number; name: string }[] }>(
    harness,
    'GET',
    `${HARBOR_GRILL_PATH}/items?limit=1`,
    { token: harness.ownerToken },
  );
  const { itemId, name: oldName } = items.body.data[0]!;
  const newName = `${oldName} (renamed)`;
  await openManagement(page, harness, `/items/${itemId}`, oldName);
  await page.getByLabel('Name', { exact: true }).fill(newName);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await page.getByRole('heading', { level: 1, name: newName }).waitFor();
  return { itemId, oldName, newName };
}

describe('management audit log', () => {
  it('shows the owner’s rename with the old and new name, filtered by entity in the URL', async () => {
    const { context, page } = await managementPage(harness);
    try {
      const { itemId, oldName, newName } = await renameAnItem(page);

      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
      await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
      // (the editor's save also rewrites the item's size prices: entries of their own)
      const rename = entries(page).filter({ hasText: new RegExp(`Updated Items itemId\\s${itemId}(?!\\d)`) });
      await rename.waitFor({ timeout: 20_000 });
      expect(await rename.count()).toBe(1);
      // newest first
      const times = await page
        .locator('.audit-entry__time time')
        .evaluateAll((nodes) => nodes.map((node) => Date.parse(node.getAttribute('datetime') ?? '')));
      expect(times.length).toBeGreaterThan(1);
      expect(times).toEqual([...times].sort((a, b) => b - a));
      const row = await rename.textContent();
      expect(row).toContain(DEMO_OWNER.email);
      expect(row).toContain('Items');
      expect(row).toContain('updateItem');
      expect(row).toContain(`PATCH /api/v1${HARBOR_GRILL_PATH}/items/${itemId}`);

      // The disclosure opens from the keyboard and shows name: "old" → "new".
      const toggle = rename.getByRole('button', { name: 'Changes (1)' });
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.focus();
      await page.keyboard.press('Enter');
      expect(await toggle.getAttribute('aria-expanded')).toBe('true');
      const change = rename.getByRole('list', { name: 'Changed fields' }).getByRole('listitem');
      expect(await change.locator('.audit-changes__field').textContent()).toBe('name');
      expect(await change.locator('.audit-value--old').textContent()).toBe(JSON.stringify(oldName));
      expect(await change.locator('.audit-value--new').textContent()).toBe(JSON.stringify(newName));
      await rename.evaluate((node) => node.scrollIntoView({ block: 'center' }));
      await screenshot(page, 'management-audit-log-1280', { fullPage: false });
      expect(serious(await axeViolations(page))).toEqual([]);

      // Filtered to items: the rename still shows, every entry is an item's; the filter survives a reload.
      await page.getByLabel('Restaurant').selectOption({ label: 'Harbor Grill' });
      await page.getByLabel('Entity').selectOption({ label: 'Items' });
      await page.getByLabel('Actor').fill(DEMO_OWNER.email);
      await applyFilters(page);
      await page.waitForURL(
        new RegExp(`\\?restaurantId=${HARBOR_GRILL}&table=items&actor=owner%40brigade\\.local$`),
      );
      await page.reload();
      await rename.waitFor({ timeout: 20_000 });
      const chosen = (label: string) =>
        page.getByLabel(label).evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text);
      expect(await chosen('Restaurant')).toBe('Harbor Grill');
      expect(await chosen('Entity')).toBe('Items');
      expect(await page.getByLabel('Actor').inputValue()).toBe(DEMO_OWNER.email);
      for (const text of await entries(page).allTextContents()) expect(text).toContain('Items');

      // Another entity: nothing the owner changed, so the filtered empty state.
      await page.getByLabel('Entity').selectOption({ label: 'Tax rates' });
      await applyFilters(page);
      await page.getByRole('heading', { name: 'No changes match these filters' }).waitFor();
      expect(await entries(page).count()).toBe(0);
      expect(page.url()).toContain('table=tax_rates');
      await screenshot(page, 'management-audit-log-empty-1280');

      // Clear filters: the whole log again.
      await page.getByRole('button', { name: 'Clear filters' }).first().click();
      await rename.waitFor();
      expect(new URL(page.url()).search).toBe('');
    } finally {
      await context.close();
    }
  });

  it('pages with Load more, recovers from a failed read, and shows cards on a phone (390 px)', async () => {
    // a write of its own, by the API: the newest entry
    const tags = await apiCall<{ data: { tagId: number; name: string }[] }>(
      harness,
      'GET',
      `${HARBOR_GRILL_PATH}/tags?limit=1`,
      { token: harness.ownerToken },
    );
    const tag = tags.body.data[0]!;
    const renamed = await apiCall(harness, 'PATCH', `${HARBOR_GRILL_PATH}/tags/${tag.tagId}`, {
      token: harness.ownerToken,
      body: { name: `${tag.name} Plus` },
    });
    expect(renamed.status).toBe(200);
    const { context, page } = await managementPage(harness, DEMO_OWNER, { width: 390, height: 844 });
    try {
      await openManagement(page, harness, '/audit-log', 'Audit log');
      await entries(page).first().waitFor({ timeout: 20_000 });
      // The demo data's own writes (by the system) are more than a page.
      expect(await entries(page).count()).toBe(50);
      await page.getByRole('button', { name: 'Load more' }).click();
      await entries(page).nth(50).waitFor();
      expect(await entries(page).count()).toBeGreaterThan(50);
      expect(await entries(page).filter({ hasText: 'System' }).count()).toBeGreaterThan(0);

      // Cards: nothing wider than the phone, the table's header row hidden.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await page.locator('.audit-table thead').boundingBox()).toMatchObject({ width: 1 });
      // The filters fold behind a "Filters" button.
      expect(await page.getByLabel('Entity').isVisible()).toBe(false);
      const filtersButton = page.getByRole('button', { name: 'Filters', exact: true });
      await filtersButton.click();
      expect(await filtersButton.getAttribute('aria-expanded')).toBe('true');
      expect(await page.getByLabel('Entity').isVisible()).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'management-audit-log-filters-390', { fullPage: false });
      await filtersButton.click();
      await screenshot(page, 'management-audit-log-390', { fullPage: false });
      const first = entries(page).first();
      expect(await first.textContent()).toMatch(/Updated\s*Tags/);
      await first.getByRole('button', { name: 'Changes (1)' }).click();
      expect(await first.locator('.audit-value--new').textContent()).toBe(JSON.stringify(`${tag.name} Plus`));
      await screenshot(page, 'management-audit-log-entry-390', { fullPage: false });
      expect(serious(await axeViolations(page))).toEqual([]);

      // A failed read: the error and "Try Again", which reads again.
      await page.route('**/audit-log?*', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/problem+json',
          body: JSON.stringify({ status: 500, title: 'Internal Server Error', detail: 'Log down' }),
        }),
      );
      await page.reload();
      await page.getByRole('heading', { name: 'Could not load the audit log' }).waitFor({ timeout: 30_000 });
      await screenshot(page, 'management-audit-log-error-390');
      await page.unroute('**/audit-log?*');
      await page.getByRole('button', { name: 'Try Again' }).click();
      await entries(page).first().waitFor({ timeout: 20_000 });
    } finally {
      await context.close();
    }
  });

  it('has no entry for a manager; the screen says so and the server refuses', async () => {
    const who = { email: 'audit-manager@example.com', password: 'audit-manager-pw' };
    await createDemoUser(harness, { ...who, firstName: 'Max', lastName: 'Manager', tenantRole: 'manager' });
    const token = await signInByApi(harness, who);
    const refused = await apiCall(harness, 'GET', `/tenants/${DEMO_TENANT_ID}/audit-log`, { token });
    expect(refused.status).toBe(403);

    const { context, page } = await managementPage(harness, who);
    try {
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Items' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
      expect(await nav.getByText('Organization', { exact: true }).count()).toBe(0);
      await openManagement(page, harness, '/audit-log', 'Audit log');
      await page.getByRole('heading', { name: 'You do not have access' }).waitFor();
      expect(await entries(page).count()).toBe(0);
      await screenshot(page, 'management-audit-log-forbidden-1280', { fullPage: false });
    } finally {
      await context.close();
    }
  });
});
