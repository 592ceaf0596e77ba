import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminPage, expectNoViolations, nav, shot } from './admin-helpers';
import { apiCall, DEMO_ADMIN, DEMO_TENANT_ID, signInByApi, useHarness } from './harness';

// Domain mappings across tenants in the site administration app (issue 17): search and filters, a transfer
// to another restaurant, the status here and at the hosting provider, bulk actions on a selection; axe-core
// with no violation at 1280 and 390 px (screenshots in /tmp/admin).

const harness = useHarness();
let token = '';
let tenantGuid = '';
const restaurantGuids: Record<string, string> = {};
const guids: Record<string, string> = {};

type Mapping = { guid: string; restaurantGuid: string; isActive: boolean; verificationStatus: string };
const mappingOf = async (domain: string) =>
  (
    await apiCall<{ data: { mapping: Mapping } }>(harness, 'GET', `/domain-mappings/${guids[domain]}`, {
      token,
    })
  ).body.data.mapping;

beforeAll(async () => {
  token = await signInByApi(harness, DEMO_ADMIN);
  const tenants = await apiCall<{ data: { tenants: { tenantId: number; guid: string }[] } }>(
    harness,
    'GET',
    '/tenants',
    { token },
  );
  tenantGuid = tenants.body.data.tenants.find((t) => t.tenantId === DEMO_TENANT_ID)!.guid;
  const restaurants = await apiCall<{ data: { restaurants: { name: string; guid: string }[] } }>(
    harness,
    'GET',
    `/tenants/${DEMO_TENANT_ID}/restaurants`,
    { token },
  );
  for (const r of restaurants.body.data.restaurants) restaurantGuids[r.name] = r.guid;
  for (const domain of ['moving.example.com', 'bulk-one.example.com', 'bulk-two.example.com']) {
    const created = await apiCall<{ data: { mapping: Mapping } }>(harness, 'POST', '/domain-mappings', {
      token,
      body: { domain, domainType: 'custom', tenantGuid, restaurantGuid: restaurantGuids['Harbor Grill'] },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    guids[domain] = created.body.data.mapping.guid;
  }
});

const search = (page: Page, text: string) =>
  page.getByRole('searchbox', { name: 'Search domain mappings' }).fill(text);
const row = (page: Page, domain: string) =>
  page
    .getByRole('table', { name: 'Domain mappings' })
    .getByRole('row', { name: new RegExp(domain.replaceAll('.', '\\.')) });

describe('domain mappings across tenants', () => {
  it('finds a domain and transfers it to another restaurant', async () => {
    const { context, page } = await adminPage(harness);
    try {
      await nav(page, 'Domains');
      await page.getByRole('heading', { level: 1, name: 'Domains' }).waitFor();
      await row(page, 'moving.example.com').waitFor();
      await expectNoViolations(page, 'domains');
      await shot(page, 'domains-1280');
      await search(page, 'moving');
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
      await row(page, 'moving.example.com').getByText('Harbor Grill').waitFor();

      await row(page, 'moving.example.com')
        .getByRole('button', { name: 'Transfer moving.example.com' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Transfer moving.example.com' });
      await dialog.getByRole('button', { name: 'Transfer domain' }).click();
      await dialog.getByText('Choose the restaurant to move the domain to').waitFor();
      const restaurant = dialog.getByLabel('Restaurant', { exact: true });
      await restaurant
        .locator(`option[value="${restaurantGuids['Lantern Noodle Bar']}"]`)
        .waitFor({ state: 'attached' });
      await restaurant.selectOption({ label: 'Lantern Noodle Bar' });
      await expectNoViolations(page, 'transfer dialog');
      await shot(page, 'domains-transfer-1280');
      await dialog.getByRole('button', { name: 'Transfer domain' }).click();
      await page.getByText('moving.example.com moved').waitFor();
      await row(page, 'moving.example.com').getByText('Lantern Noodle Bar').waitFor();
    } finally {
      await context.close();
    }
    expect((await mappingOf('moving.example.com')).restaurantGuid).toBe(
      restaurantGuids['Lantern Noodle Bar'],
    );
  });

  it('adds a custom domain and a subdomain to a tenant’s restaurant (issue 45 item 3)', async () => {
    const { context, page } = await adminPage(harness);
    try {
      await nav(page, 'Domains');
      await page.getByRole('heading', { level: 1, name: 'Domains' }).waitFor();
      await page.getByRole('button', { name: 'Add domain' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a domain' });
      await dialog.getByRole('button', { name: 'Add domain' }).click();
      await dialog.getByText('Choose the restaurant the domain is for').waitFor();
      await dialog.getByLabel('Tenant').selectOption(String(DEMO_TENANT_ID));
      const restaurant = dialog.getByLabel('Restaurant', { exact: true });
      await restaurant
        .locator(`option[value="${restaurantGuids['Lantern Noodle Bar']}"]`)
        .waitFor({ state: 'attached' });
      await restaurant.selectOption({ label: 'Lantern Noodle Bar' });
      // the server's own message for a name that is not a domain
      await dialog.getByLabel('Domain', { exact: true }).fill('not a domain');
      await dialog.getByRole('button', { name: 'Add domain' }).click();
      await dialog.getByText(/Invalid domain/).waitFor();
      await dialog.getByLabel('Domain', { exact: true }).fill('lantern-added.example.com');
      await expectNoViolations(page, 'add domain dialog');
      await shot(page, 'domains-add-1280');
      await dialog.getByRole('button', { name: 'Add domain' }).click();
      await page.getByText('lantern-added.example.com added: its DNS record proves it').waitFor();
      await page.getByRole('button', { name: 'Add domain' }).click();
      const again = page.getByRole('dialog', { name: 'Add a domain' });
      await again.getByLabel('Tenant').selectOption(String(DEMO_TENANT_ID));
      await again
        .getByLabel('Restaurant', { exact: true })
        .locator(`option[value="${restaurantGuids['Lantern Noodle Bar']}"]`)
        .waitFor({ state: 'attached' });
      await again.getByLabel('Restaurant', { exact: true }).selectOption({ label: 'Lantern Noodle Bar' });
      await again.getByLabel('Kind').selectOption('subdomain');
      await again.getByLabel('Subdomain').fill('lantern-e2e');
      await again.getByRole('button', { name: 'Add domain' }).click();
      await page.getByText(/^lantern-e2e\..+ added$/).waitFor();
    } finally {
      await context.close();
    }
    const added = await apiCall<{ data: { mappings: Mapping[] } }>(
      harness,
      'GET',
      '/domain-mappings?domain=lantern-added.example.com',
      { token },
    );
    expect(added.body.data.mappings).toEqual([
      expect.objectContaining({
        domainType: 'custom',
        restaurantGuid: restaurantGuids['Lantern Noodle Bar'],
      }),
    ]);
  });

  it('shows the status here and at the hosting provider, and adds the domain there', async () => {
    const { context, page } = await adminPage(harness);
    try {
      await page.goto(`${harness.adminOrigin}/admin/domains`);
      await row(page, 'bulk-one.example.com')
        .getByRole('button', { name: 'Status of bulk-one.example.com' })
        .click();
      const dialog = page.getByRole('dialog', { name: 'Status of bulk-one.example.com' });
      await dialog.getByText('Needs verification').waitFor();
      await dialog.getByText('_brigade-verification.bulk-one.example.com').waitFor();
      await dialog.getByText('The hosting provider does not have this domain yet.').waitFor();
      await expectNoViolations(page, 'status dialog');
      await dialog.getByRole('button', { name: 'Add to the hosting provider' }).click();
      await dialog.getByText('Verified at the provider').waitFor();
      await shot(page, 'domains-status-1280');
    } finally {
      await context.close();
    }
  });

  it('deactivates and marks verified a selection in bulk, behind a confirmation naming the domains', async () => {
    const { context, page } = await adminPage(harness);
    try {
      await page.goto(`${harness.adminOrigin}/admin/domains`);
      await search(page, 'bulk-');
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 2);
      await page.getByRole('checkbox', { name: 'Select bulk-one.example.com' }).check();
      await page.getByRole('checkbox', { name: 'Select bulk-two.example.com' }).check();
      const bulk = page.getByRole('region', { name: 'Bulk actions' });
      await bulk.getByText('2 domains selected').waitFor();
      await bulk.getByRole('button', { name: 'Deactivate' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Deactivate 2 domains?' });
      expect(await confirm.textContent()).toContain('bulk-one.example.com, bulk-two.example.com');
      await expectNoViolations(page, 'bulk confirmation');
      await shot(page, 'domains-bulk-1280');
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await page.getByText('2 deactivated').waitFor();
      // the filter: inactive ones only
      await page.getByLabel('Active', { exact: true }).selectOption('false');
      await row(page, 'bulk-two.example.com').getByText('Inactive').waitFor();
      await page.getByRole('checkbox', { name: 'Select bulk-two.example.com' }).check();
      await page
        .getByRole('region', { name: 'Bulk actions' })
        .getByRole('button', { name: 'Mark verified' })
        .click();
      await page
        .getByRole('alertdialog', { name: 'Mark verified 1 domain?' })
        .getByRole('button', { name: 'Mark verified' })
        .click();
      await page.getByText('1 marked verified').waitFor();
    } finally {
      await context.close();
    }
    expect(await mappingOf('bulk-one.example.com')).toMatchObject({
      isActive: false,
      verificationStatus: 'pending',
    });
    expect(await mappingOf('bulk-two.example.com')).toMatchObject({
      isActive: false,
      verificationStatus: 'verified',
    });
  });

  it('works at 390 px with no axe violation', async () => {
    const { context, page } = await adminPage(harness, { width: 390, height: 844 });
    try {
      await page.goto(`${harness.adminOrigin}/admin/domains`);
      await row(page, 'moving.example.com').waitFor();
      await expectNoViolations(page, 'domains 390');
      await shot(page, 'domains-390');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await row(page, 'moving.example.com')
        .getByRole('button', { name: 'Transfer moving.example.com' })
        .click();
      await page.getByRole('dialog', { name: 'Transfer moving.example.com' }).getByLabel('Tenant').waitFor();
      await expectNoViolations(page, 'transfer 390');
      await shot(page, 'domains-transfer-390');
    } finally {
      await context.close();
    }
  });
});
