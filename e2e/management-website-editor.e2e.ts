import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, useHarness } from './harness';
import {
  axeViolations,
  HARBOR_GRILL_PATH,
  managementPage,
  screenshot,
  serious,
  watchCspViolations,
} from './helpers';

/**
 * The website editor in sections beside a live preview (issue 23 item 6; docs/decisions/032-website-preview.md):
 * typing a hero headline redraws the preview frame with it after a pause, with nothing saved; an invalid
 * draft shows the save's own messages instead; tabs answer the keyboard; leaving asks first; axe-clean and
 * no Content-Security-Policy refusal, at 1280 and 390 pixels.
 */
const harness = useHarness();

const previewHeadline = (page: Page) =>
  page.frameLocator('iframe[title="Preview of the public home page"]').locator('#hero-title');

async function savedHeadline(): Promise<string | undefined> {
  const read = await apiCall<{
    data: { restaurant: { websiteConfig: { content: { heroHeadline?: string } } } };
  }>(harness, 'GET', HARBOR_GRILL_PATH, { token: harness.ownerToken });
  return read.body.data.restaurant.websiteConfig.content.heroHeadline;
}

describe('management: website editor with live preview', () => {
  it('previews a typed headline without saving it, shows invalid drafts, and asks before leaving', async () => {
    const { context, page } = await managementPage(harness);
    const cspViolations = await watchCspViolations(page);
    await page.goto(`${harness.managementOrigin}/manage/website`);
    await page.getByRole('heading', { name: 'Website', level: 1 }).waitFor({ timeout: 20_000 });
    const before = await savedHeadline();

    // sections as tabs, Hero first; the keyboard moves between them
    const hero = page.getByRole('tab', { name: 'Hero', exact: true });
    expect(await hero.getAttribute('aria-selected')).toBe('true');
    await hero.focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: 'About', exact: true }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await page.keyboard.press('End');
    expect(await page.getByRole('tab', { name: 'Publishing' }).getAttribute('aria-selected')).toBe('true');
    await page.getByLabel('Website published').waitFor();
    await page.keyboard.press('Home');
    expect(await hero.getAttribute('aria-selected')).toBe('true');

    // the preview draws the stored site first, then the draft as it is typed
    await previewHeadline(page).waitFor({ timeout: 20_000 });
    const headline = `Oysters at dusk ${Date.now().toString(36)}`;
    await page.getByLabel('Hero headline').fill(headline);
    await page.getByText('Updating preview...').waitFor();
    await expect.poll(() => previewHeadline(page).textContent(), { timeout: 15_000 }).toBe(headline);
    await page.getByText('Up to date. Nothing is saved until you save.').waitFor();
    // its pictures load too: the platform's fallback hero comes from the public site's origin
    const heroPicture = page
      .frameLocator('iframe[title="Preview of the public home page"]')
      .locator('.hero img')
      .first();
    await expect
      .poll(() => heroPicture.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await savedHeadline()).toBe(before);
    expect(serious(await axeViolations(page))).toEqual([]);
    await screenshot(page, 'management-website-preview-1280', { fullPage: false });

    // an invalid draft: the preview says why, with the message a save gives, and its tab is marked
    await page.getByRole('tab', { name: 'SEO', exact: true }).click();
    await page.getByLabel('SEO title').fill('x'.repeat(61));
    const problem = page.locator('.website-preview__problem');
    await problem.getByText('Title should be under 60 characters').waitFor({ timeout: 15_000 });
    await screenshot(page, 'management-website-preview-error-1280', { fullPage: false });
    await page.getByLabel('SEO title').fill('Harbor Grill');
    await problem.waitFor({ state: 'detached', timeout: 15_000 });

    // phones: the preview below the form, behind a toggle
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: 'Hero', exact: true }).click();
    await page.getByRole('tablist', { name: 'Website sections' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'management-website-tabs-390', { fullPage: false });
    const toggle = page.getByRole('button', { name: /preview$/ });
    await toggle.scrollIntoViewIfNeeded();
    if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
    await expect.poll(() => previewHeadline(page).textContent(), { timeout: 15_000 }).toBe(headline);
    await page.getByRole('button', { name: 'Hide preview' }).waitFor();
    await page.locator('.website-preview').scrollIntoViewIfNeeded();
    await screenshot(page, 'management-website-preview-390', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    await page.getByRole('button', { name: 'Hide preview' }).click();
    expect(await page.locator('iframe[title="Preview of the public home page"]').count()).toBe(0);
    await page.getByLabel('Hero headline').scrollIntoViewIfNeeded();
    await screenshot(page, 'management-website-editor-390', { fullPage: false });

    // leaving with the unsaved headline asks first; nothing was saved by previewing
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('navigation').getByRole('link', { name: 'Dashboard', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Leave without saving?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.getByLabel('Hero headline').inputValue()).toBe(headline);
    expect(await savedHeadline()).toBe(before);
    expect(await cspViolations()).toEqual([]);
    await context.close();
  });
});
