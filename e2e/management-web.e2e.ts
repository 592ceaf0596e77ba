import { makePhoto } from '@brigade/images/test-images';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, useHarness } from './harness';
import {
  axeViolations,
  createDemoUser,
  HARBOR_GRILL_PATH,
  managementPage,
  screenSettled,
  screenshot,
  serious,
  type Violation,
} from './helpers';

// Management screens of the restaurant's web presence (issue 8): domains (custom domain with its DNS record
// and pending verification, subdomain, primary, SEO settings), the website editor (SEO counters, save and
// read back) and the restaurant profile.

const harness = useHarness();

/** Client-side navigation through the sidebar, so the session and selection stay as they are. */
async function openScreen(page: Page, name: string) {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
  if (await link.isVisible()) await link.click();
  else await page.goto(`${harness.managementOrigin}/manage/${name.toLowerCase()}`);
  await page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: 20_000 });
}

/** A screenshot of the viewport (a full-page one cuts the fixed sidebar in two), once the toasts are gone. */
async function shot(page: Page, name: string, options: { keepToasts?: boolean } = {}) {
  if (!options.keepToasts)
    await expect.poll(() => page.locator('.ui-toast').count(), { timeout: 10_000 }).toBe(0);
  await screenshot(page, name, { fullPage: false });
}

interface MappingBody {
  guid: string;
  domain: string;
  domainType: string;
  isPrimary: boolean;
  verificationStatus: string;
  verificationToken: string | null;
  seoConfig: { noIndex?: boolean };
}

describe('management: domains, website, restaurant', () => {
  it('adds a custom domain and shows its pending state with the exact DNS record; subdomain, primary, SEO', async () => {
    const { context, page } = await managementPage(harness);
    await openScreen(page, 'Domains');
    await page.getByRole('heading', { name: 'No domains yet' }).waitFor();

    // the server's domain rules, shown on the field
    await page.getByRole('button', { name: 'Add custom domain' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a custom domain' });
    await dialog.getByLabel('Domain', { exact: true }).fill('not a domain');
    await dialog.getByRole('button', { name: 'Add domain' }).click();
    const fieldError = dialog.locator('.ui-field__error').first();
    await fieldError.waitFor();
    expect((await fieldError.textContent())?.length).toBeGreaterThan(5);

    const domain = `www.harbor-${Date.now().toString(36)}.example.com`;
    await dialog.getByLabel('Domain', { exact: true }).fill(domain);
    await dialog.getByRole('button', { name: 'Add domain' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.locator('.domain-card', { has: page.getByRole('heading', { name: domain }) });
    await card.getByText('Pending verification').waitFor();
    await card.getByText('Custom domain').waitFor();

    // the record matches what the server will look up
    const listed = await apiCall<{ data: { mappings: MappingBody[] } }>(
      harness,
      'GET',
      `/domain-mappings?domain=${domain}`,
      { token: harness.ownerToken },
    );
    const mapping = listed.body.data.mappings[0]!;
    expect(mapping.verificationStatus).toBe('pending');
    expect(mapping.verificationToken).toMatch(/^brigade-verify=[0-9a-f]{32}$/);
    const row = card.locator('.domain-dns__table tbody tr');
    expect((await row.locator('td').nth(0).textContent())?.trim()).toBe('TXT');
    expect(await row.locator('td').nth(1).locator('code').textContent()).toBe(
      `_brigade-verification.${domain}`,
    );
    expect(await row.locator('td').nth(2).locator('code').textContent()).toBe(mapping.verificationToken);
    await shot(page, 'management-domains-pending-1280', { keepToasts: true });

    // verify now: no such TXT record here, so it stays unverified with the reason
    await card.getByRole('button', { name: 'Verify now' }).click();
    await card.getByText('Not verified yet').waitFor({ timeout: 30_000 });
    await card.getByText(/1 attempt/).waitFor();
    await card.getByText('Verification failed').waitFor();

    // a generated subdomain is verified at once; make it the primary domain
    await page.getByRole('button', { name: 'Generate subdomain' }).click();
    const subCard = page.locator('.domain-card', {
      has: page.getByRole('heading', { name: /^restaurant-[0-9a-f]{8}/ }),
    });
    await subCard.getByText('Verified', { exact: true }).waitFor();
    await subCard.getByRole('button', { name: 'Set as primary' }).click();
    await subCard.getByText('Primary', { exact: true }).waitFor();
    expect(await subCard.getByRole('button', { name: 'Set as primary' }).count()).toBe(0);

    // SEO settings of the custom domain: noindex
    await card.getByRole('button', { name: 'Redirects & SEO' }).click();
    const settings = page.getByRole('dialog', { name: `Settings of ${domain}` });
    await settings.getByLabel('Ask search engines not to index this domain (noindex)').check();
    await settings.getByRole('button', { name: 'Save' }).click();
    await settings.waitFor({ state: 'hidden' });
    await card.getByText('noindex', { exact: true }).waitFor();
    const after = await apiCall<{ data: { mappings: MappingBody[] } }>(
      harness,
      'GET',
      `/domain-mappings?restaurantGuid=${encodeURIComponent(
        (
          await apiCall<{ data: { restaurant: { guid: string } } }>(harness, 'GET', HARBOR_GRILL_PATH, {
            token: harness.ownerToken,
          })
        ).body.data.restaurant.guid,
      )}`,
      { token: harness.ownerToken },
    );
    const byDomain = new Map(after.body.data.mappings.map((m) => [m.domain, m]));
    expect(byDomain.get(domain)?.seoConfig.noIndex).toBe(true);
    expect(after.body.data.mappings.filter((m) => m.isPrimary).map((m) => m.domainType)).toEqual([
      'subdomain',
    ]);
    await shot(page, 'management-domains-1280');

    // phone width
    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByText('Verification failed').waitFor();
    await card.locator('.domain-dns').scrollIntoViewIfNeeded();
    await shot(page, 'management-domains-390');
    await context.close();
  });

  it('edits the website SEO title with its live counter and saves it', async () => {
    const { context, page } = await managementPage(harness);
    await openScreen(page, 'Website');
    const tab = (name: string) => page.getByRole('tab', { name, exact: true }).click();

    await tab('SEO');
    const title = page.getByLabel('SEO title');
    await title.waitFor();
    // the stored title (the demo has one; a restaurant without shows "{name} - Restaurant")
    const stored = await title.inputValue();
    expect(stored.length).toBeGreaterThan(0);
    const counter = page.locator('.ui-field', { has: title }).locator('.ui-field__counter');
    expect(await counter.textContent()).toBe(`${stored.length}/60`);

    await title.fill('x'.repeat(61));
    expect(await counter.textContent()).toBe('61/60');
    expect(await counter.getAttribute('data-over')).toBe('true');
    await title.blur();
    // the field's own message (the preview beside the form may list the same text once it has caught up)
    await page
      .locator('.ui-field', { has: title })
      .getByText('Title should be under 60 characters')
      .waitFor();

    const newTitle = 'Harbor Grill · Fresh fish on the wharf';
    await title.fill(newTitle);
    expect(await counter.textContent()).toBe(`${newTitle.length}/60`);
    const description = page.getByLabel('SEO description');
    await description.fill('Grilled fish, oysters and chowder by the water in Portland.');
    const descriptionCounter = page.locator('.ui-field', { has: description }).locator('.ui-field__counter');
    expect(await descriptionCounter.textContent()).toBe('59/160');
    await tab('Colours & branding');
    await page.getByLabel('Primary colour', { exact: true }).fill('#0f766e');
    await tab('Content blocks');
    await page.getByRole('button', { name: 'Add content block' }).click();
    const block = page.getByRole('group', { name: /^Block \d+$/ }).last();
    await block.getByLabel('Title', { exact: true }).fill('Oyster hour');
    await block
      .getByLabel('Description', { exact: true })
      .fill('Half-price oysters every weekday from 4 to 6.');
    // the block's picture through the same upload control as the logo and hero (resized and stored)
    await block
      .locator('input[type=file]')
      .setInputFiles({ name: 'oysters.jpg', mimeType: 'image/jpeg', buffer: await makePhoto(1600, 1200) });
    await block.getByText('Optimized', { exact: true }).waitFor({ timeout: 30_000 });
    await block.scrollIntoViewIfNeeded();
    await shot(page, 'management-website-block-1280', { keepToasts: true });
    await tab('SEO');
    await page.getByLabel('SEO description').blur();
    await title.scrollIntoViewIfNeeded();
    await shot(page, 'management-website-1280');
    await page.getByRole('button', { name: 'Save website' }).click();
    await page.getByText('Website saved').waitFor();

    const read = await apiCall<{
      data: {
        restaurant: {
          websiteConfig: {
            seo: { title: string; description: string };
            branding: { colors: { primary: string } };
            contentBlocks: { title: string; id: string; image?: string }[];
          };
        };
      };
    }>(harness, 'GET', HARBOR_GRILL_PATH, { token: harness.ownerToken });
    const config = read.body.data.restaurant.websiteConfig;
    expect(config.seo.title).toBe(newTitle);
    expect(config.seo.description).toBe('Grilled fish, oysters and chowder by the water in Portland.');
    expect(config.branding.colors.primary).toBe('#0f766e');
    expect(config.contentBlocks.at(-1)?.title).toBe('Oyster hour');
    expect(config.contentBlocks.at(-1)?.id).toMatch(/^block-/);
    // stored as the optimised-image document, its files under the tenant's website folder
    const blockImage = JSON.parse(config.contentBlocks.at(-1)?.image ?? '{}') as {
      original?: { url: string };
    };
    expect(blockImage.original?.url).toContain('/media/tenants/');

    // the live site link points at the public site of the restaurant
    const live = page.getByRole('link', { name: /View live site/ });
    expect(await live.getAttribute('href')).toMatch(/\/harbor-grill$|^https:\/\/restaurant-/);

    await page.setViewportSize({ width: 390, height: 844 });
    await title.scrollIntoViewIfNeeded();
    await shot(page, 'management-website-390');
    await context.close();
  });

  it('edits the restaurant contact and hours and reads them back', async () => {
    const { context, page } = await managementPage(harness);
    await openScreen(page, 'Restaurant');
    const phone = page.getByLabel('Phone');
    await phone.waitFor();
    await phone.fill('');
    await page.getByRole('button', { name: 'Save restaurant' }).click();
    await page.getByText('Phone is required').waitFor();
    await phone.fill('+1 207 555 0199');
    await page.getByLabel('Sunday', { exact: false }).first().waitFor();
    await page.getByLabel('Closed').last().check(); // Sunday
    await page.getByRole('button', { name: 'Save restaurant' }).click();
    await page.getByText('Restaurant saved').waitFor();
    const read = await apiCall<{
      data: { restaurant: { contact: { phone: string }; operatingHours: { sunday: { closed: boolean } } } };
    }>(harness, 'GET', HARBOR_GRILL_PATH, { token: harness.ownerToken });
    expect(read.body.data.restaurant.contact.phone).toBe('+1 207 555 0199');
    expect(read.body.data.restaurant.operatingHours.sunday.closed).toBe(true);
    await shot(page, 'management-restaurant-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await phone.waitFor();
    await shot(page, 'management-restaurant-390');
    await context.close();
  });

  it('a manager sees the restaurant, website and domains but cannot change them', async () => {
    const manager = { email: `manager-${Date.now()}@example.com`, password: 'kitchen-pass-1' };
    await createDemoUser(harness, { ...manager, firstName: 'Mina', lastName: 'Ruiz', tenantRole: 'manager' });
    const { context, page } = await managementPage(harness, manager);

    await openScreen(page, 'Domains');
    await page.getByText('Only owners and admins manage domains').waitFor();
    expect(await page.getByRole('button', { name: 'Add custom domain' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Generate subdomain' }).count()).toBe(0);

    await openScreen(page, 'Website');
    await page.getByText('Only owners and admins of the organization can change the website.').waitFor();
    await page.getByRole('tab', { name: 'SEO', exact: true }).click();
    expect(await page.getByLabel('SEO title').isDisabled()).toBe(true);
    // previewing is part of editing: no preview for a role that may not save
    expect(await page.getByRole('region', { name: 'Preview' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Save website' }).count()).toBe(0);

    await openScreen(page, 'Restaurant');
    await page.getByText('Only owners and admins of the organization can change these details.').waitFor();
    expect(await page.getByLabel('Phone').isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save restaurant' }).count()).toBe(0);
    await shot(page, 'management-restaurant-manager-1280');
    await context.close();
  });

  it('has no serious accessibility violations on the restaurant, website and domains screens (axe-core)', async () => {
    const { context, page } = await managementPage(harness);
    const found: Violation[] = [];
    for (const name of ['Restaurant', 'Website', 'Domains']) {
      await openScreen(page, name);
      await screenSettled(page);
      found.push(...(await axeViolations(page)));
    }
    await page.getByRole('button', { name: 'Add custom domain' }).click();
    await page.getByRole('dialog', { name: 'Add a custom domain' }).waitFor();
    found.push(...(await axeViolations(page)));
    expect(serious(found), JSON.stringify(found)).toEqual([]);
    await context.close();
  });
});
