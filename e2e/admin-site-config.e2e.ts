import { makePhoto } from '@brigade/images/test-images';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminPage, expectNoViolations, nav, shot } from './admin-helpers';
import { apiCall, DEMO_ADMIN, signInByApi, useHarness } from './harness';

// Site configuration screens (issue 17): a colour-scheme change shows in the live preview at once and, once
// saved, on the public site; the version history names who changed it and shows the change; every section
// passes axe-core with no violation at 1280 and 390 px (screenshots in /tmp/admin).

const harness = useHarness();

const SECTIONS = [
  ['Layout templates', 'Layout templates'],
  ['Colour schemes', 'Colour schemes'],
  ['Fallback images', 'Fallback images'],
  ['Fallback texts', 'Fallback texts'],
  ['Version history', 'Version history'],
  ['Effective configuration', 'Effective configuration'],
] as const;

const previewBackground = (page: Page) =>
  page
    .getByTestId('scheme-preview')
    .first()
    .evaluate((el) => getComputedStyle(el).getPropertyValue('--pv-bg').trim());

async function openSection(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Site configuration sections' })
    .getByRole('link', { name })
    .click();
  await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
}

describe('site configuration screens', () => {
  it('shows a colour-scheme change in the preview, then on the public site, and in the history', async () => {
    const publicPage = async () => (await fetch(`${harness.siteOrigin}/harbor-grill`)).text();
    expect(await publicPage()).not.toContain('--bg:#fdf6e3');
    const { context, page } = await adminPage(harness);
    try {
      await nav(page, 'Site configuration');
      await page.getByRole('heading', { level: 1, name: 'Site configuration' }).waitFor();
      await page.getByRole('table', { name: 'Layout templates' }).waitFor();
      // the default template cannot be removed
      const defaultRow = page.getByRole('row', { name: /Modern Restaurant/i });
      await defaultRow.getByText('The default cannot be removed').waitFor();
      expect(await defaultRow.getByRole('button', { name: /^Remove/ }).count()).toBe(0);

      await openSection(page, 'Colour schemes');
      const before = await previewBackground(page);
      const background = page.getByRole('textbox', { name: 'Background', exact: true });
      await background.fill('#fdf6e3');
      // live: the preview follows the form before anything is saved
      await expect.poll(() => previewBackground(page)).toBe('#fdf6e3');
      expect(before).not.toBe('#fdf6e3');
      await shot(page, 'site-config-schemes-1280');
      await page.getByRole('button', { name: 'Save scheme' }).click();
      await page
        .getByText(/saved$/)
        .first()
        .waitFor();
      // the public site, in the saved scheme
      await expect.poll(publicPage, { timeout: 10_000 }).toContain('--bg:#fdf6e3');

      await openSection(page, 'Version history');
      const versions = page.getByRole('table', { name: 'Versions' });
      await versions
        .getByRole('row', { name: /admin@brigade\.local/ })
        .first()
        .waitFor();
      const changes = page.getByRole('list', { name: /^Changes from version/ });
      await changes.getByText(/colorSchemes\[warm-neutral\]\.background/).waitFor();
      expect(await changes.textContent()).toContain('"#fdf6e3"');
      await shot(page, 'site-config-history-1280');

      await openSection(page, 'Effective configuration');
      const restaurant = page.getByLabel('Restaurant', { exact: true });
      await restaurant.locator('option[value="harbor-grill"]').waitFor({ state: 'attached' });
      await restaurant.selectOption('harbor-grill');
      await page.getByText("Restaurant's own choices").waitFor();
      await expect.poll(() => previewBackground(page)).toBe('#fdf6e3');
      await shot(page, 'site-config-effective-1280');
      // overrides off: the restaurant's own choices no longer apply
      expect(await page.getByText('Not applied (overrides are off)').count()).toBe(0);
      await page
        .getByRole('switch', { name: 'Restaurants may choose their own template and scheme' })
        .uncheck();
      await page.getByRole('button', { name: 'Save overrides' }).click();
      await page.getByText('Restaurant overrides saved').waitFor();
      await page.getByText('Not applied (overrides are off)').waitFor();
    } finally {
      await context.close();
    }
  });

  it('refuses to remove the default template on the server too, with the spec’s message', async () => {
    const token = await signInByApi(harness, DEMO_ADMIN);
    const config = await apiCall<{ data: { siteConfig: { defaultLayoutTemplate: string } } }>(
      harness,
      'GET',
      '/site-config',
      { token },
    );
    const removed = await apiCall<{ detail: string }>(
      harness,
      'DELETE',
      `/site-config/layout-templates/${config.body.data.siteConfig.defaultLayoutTemplate}`,
      { token },
    );
    expect(removed.status).toBe(409);
    expect(removed.body.detail).toBe('Cannot remove default layout template');
  });

  it('uploads a fallback image through the image pipeline and sets the fallback texts', async () => {
    const { context, page } = await adminPage(harness);
    try {
      await page.goto(`${harness.adminOrigin}/admin/site-config/fallback-images`);
      await page.getByRole('button', { name: 'Add image' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add fallback image' });
      await dialog.getByRole('button', { name: 'Add image' }).click();
      await dialog.getByText('Image ID is required').waitFor();
      await dialog
        .locator('input[type=file]')
        .setInputFiles({ name: 'seafood.jpg', mimeType: 'image/jpeg', buffer: await makePhoto(1600, 1000) });
      await dialog.getByText('Optimized', { exact: true }).waitFor({ timeout: 30_000 });
      await dialog.getByRole('textbox', { name: 'Image ID' }).fill('seafood');
      await dialog.getByRole('textbox', { name: 'Category' }).fill('Seafood');
      await dialog.getByRole('textbox', { name: 'Alt text' }).fill('Oysters on ice');
      await dialog.getByLabel('Priority').fill('3');
      await dialog.getByRole('button', { name: 'Add image' }).click();
      await page.getByRole('row', { name: /Seafood \(seafood\)/ }).waitFor();
      expect(await page.getByRole('img', { name: 'Oysters on ice' }).count()).toBe(1);
      await shot(page, 'site-config-images-added-1280');

      await page.goto(`${harness.adminOrigin}/admin/site-config/fallback-texts`);
      await page.getByRole('button', { name: 'Add text' }).click();
      await page.getByRole('button', { name: 'Save texts' }).click();
      await page.getByText('Every text needs a key').waitFor();
      await page
        .getByLabel(/^Key \d+$/)
        .last()
        .fill('closedNotice');
      await page
        .getByLabel(/^Text \d+$/)
        .last()
        .fill('Closed for a private event');
      await page.getByRole('button', { name: 'Save texts' }).click();
      await page.getByText('Fallback texts saved').waitFor();
    } finally {
      await context.close();
    }
    const token = await signInByApi(harness, DEMO_ADMIN);
    const config = await apiCall<{
      data: {
        siteConfig: {
          fallbackImages: { id: string; url: string; priority: number }[];
          fallbackTexts: Record<string, string>;
        };
      };
    }>(harness, 'GET', '/site-config', { token });
    const image = config.body.data.siteConfig.fallbackImages.find((i) => i.id === 'seafood');
    expect(image?.priority).toBe(3);
    // an optimised image of the pipeline (WebP variants), stored under the site configuration's folder
    expect(JSON.parse(image!.url)).toMatchObject({ webp: { format: 'webp' } });
    expect(image!.url).toContain('site-config/fallback-images');
    expect(config.body.data.siteConfig.fallbackTexts.closedNotice).toBe('Closed for a private event');
  });

  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`passes axe-core on every section at ${viewport.width} px`, async () => {
      const { context, page } = await adminPage(harness, viewport);
      try {
        await page.goto(`${harness.adminOrigin}/admin/site-config`);
        await page.getByRole('heading', { level: 1, name: 'Site configuration' }).waitFor();
        for (const [name] of SECTIONS) {
          await openSection(page, name);
          await page.waitForTimeout(300);
          await expectNoViolations(page, `${name} ${viewport.width}`);
          await shot(page, `site-config-${name.toLowerCase().replaceAll(' ', '-')}-${viewport.width}`);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        // the dialogs
        await openSection(page, 'Layout templates');
        await page.getByRole('button', { name: 'Add template' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add layout template' });
        await dialog.getByRole('button', { name: 'Save template' }).click();
        await dialog.getByText('Template ID is required').waitFor();
        await expectNoViolations(page, `add template ${viewport.width}`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await openSection(page, 'Fallback images');
        await page.getByRole('button', { name: 'Add image' }).click();
        await page.getByRole('dialog', { name: 'Add fallback image' }).waitFor();
        await expectNoViolations(page, `add image ${viewport.width}`);
        await shot(page, `site-config-add-image-${viewport.width}`);
      } finally {
        await context.close();
      }
    });
  }
});
