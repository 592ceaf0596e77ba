import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useGoogleBusinessEmulator } from './business-profile-kit';
import { useHarness } from './harness';
import { expectAxeClean, managementPage, openManagement, screenshot } from './helpers';

// Google Business Profile posts (issue 19) in the management app, against a Google Business
// Profile emulator this test runs (the server reaches it as "Google" by GOOGLE_BUSINESS_URL), so what reached
// Google is checked at the emulator itself: connect through its consent page, compose a post, edit, delete.

const google = useGoogleBusinessEmulator();
const harness = useHarness({ env: google.env });

const LOCATION = 'Rose City Trattoria';
const atGoogle = () => google.get().state.posts.get('4001') ?? [];

const postList = (page: Page) => page.getByRole('list', { name: 'Posts', exact: true });

describe('management: Google posts', () => {
  it('asks to connect first, then connects through Google consent and picks the location', async () => {
    const { context, page } = await managementPage(harness);
    await openManagement(page, harness, '/google-business/posts', 'Google posts');
    await page
      .getByRole('heading', { name: 'Connect Google Business Profile to publish posts' })
      .waitFor({ timeout: 20_000 });
    await expectAxeClean(page);
    await page.getByRole('link', { name: 'Go to Google Business Profile' }).click();
    await page.getByRole('button', { name: 'Connect Google Business Profile' }).click({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Allow' }).click({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'Choose the location', level: 2 }).waitFor({ timeout: 20_000 });
    await page.getByRole('radio', { name: new RegExp(LOCATION) }).check();
    await page.getByRole('button', { name: 'Use this location' }).click();
    await page.getByRole('heading', { name: LOCATION, level: 2 }).waitFor({ timeout: 20_000 });
    await context.close();
  });

  it('composes a post with a live count and a button, publishes it, edits it and deletes it', async () => {
    const { context, page } = await managementPage(harness);
    await openManagement(page, harness, '/google-business/posts', 'Google posts');
    const composer = page.getByRole('form', { name: 'New post' });
    await composer.waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: 'No posts yet' }).waitFor();
    await screenshot(page, 'management-google-posts-empty-1280');
    await expectAxeClean(page);

    // The rules as the server says them, before anything is sent.
    await composer.getByRole('button', { name: 'Publish on Google' }).click();
    await composer.getByText('Post content is required').waitFor();
    const text = 'Truffle week starts Monday 🍝\nFresh pasta every night.';
    await composer.getByLabel('Post', { exact: true }).fill(text);
    await composer.getByText(`${[...text].length} / 1500`).waitFor();
    expect(await composer.getByLabel('Button link').count()).toBe(0);
    await composer.getByLabel('Button', { exact: true }).selectOption({ label: 'Book' });
    const link = composer.getByLabel('Button link');
    await link.waitFor();
    await composer.getByRole('button', { name: 'Publish on Google' }).click();
    await composer
      .getByText('Call-to-action URL is required for book, order, shop, learn_more and sign_up')
      .waitFor();
    expect(atGoogle()).toEqual([]);
    await link.fill('https://harborgrill.example/book');
    await screenshot(page, 'management-google-posts-compose-1280');
    await expectAxeClean(page);
    await composer.getByRole('button', { name: 'Publish on Google' }).click();

    const list = postList(page);
    await list.getByText('Fresh pasta every night.').waitFor({ timeout: 20_000 });
    await page.getByText('Post published on Google').waitFor();
    expect(atGoogle()).toHaveLength(1);
    expect(atGoogle()[0]).toMatchObject({
      summary: text,
      callToAction: { actionType: 'BOOK', url: 'https://harborgrill.example/book' },
      state: 'LIVE',
    });
    await list.getByText('Live', { exact: true }).waitFor();
    // The composer is empty again, its count back to nought.
    await composer.getByText('0 / 1500').waitFor();
    await expect.poll(() => page.locator('.ui-toast').count(), { timeout: 10_000 }).toBe(0);
    await screenshot(page, 'management-google-posts-list-1280');
    await expectAxeClean(page);

    // Edit: the button becomes a call, which needs no link.
    await list.getByRole('button', { name: 'Edit' }).click();
    const editor = page.getByRole('form', { name: 'Edit post' });
    await editor.getByLabel('Post', { exact: true }).fill('Truffle week: call us to book.');
    await editor.getByLabel('Button', { exact: true }).selectOption({ label: 'Call now' });
    expect(await editor.getByLabel('Button link').count()).toBe(0);
    await expectAxeClean(page);
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await editor.waitFor({ state: 'detached', timeout: 20_000 });
    await list.getByText('Truffle week: call us to book.').waitFor();
    await page.getByText('Post updated on Google').waitFor();
    expect(atGoogle()[0]).toMatchObject({
      summary: 'Truffle week: call us to book.',
      callToAction: { actionType: 'CALL' },
    });

    // Delete after confirming.
    await list.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this post?' });
    await confirm.waitFor();
    await expectAxeClean(page);
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(atGoogle()).toHaveLength(1);
    await list.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete post' }).click();
    await page.getByRole('heading', { name: 'No posts yet' }).waitFor({ timeout: 20_000 });
    expect(atGoogle()).toEqual([]);
    await context.close();
  });

  it('is usable with the keyboard alone', async () => {
    const { context, page } = await managementPage(harness);
    await openManagement(page, harness, '/google-business/posts', 'Google posts');
    const composer = page.getByRole('form', { name: 'New post' });
    await composer.waitFor({ timeout: 20_000 });
    await composer.getByLabel('Post', { exact: true }).focus();
    await page.keyboard.type('Typed with the keyboard');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('SELECT');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await postList(page).getByText('Typed with the keyboard').waitFor({ timeout: 20_000 });
    expect(atGoogle().map((post) => post.summary)).toEqual(['Typed with the keyboard']);
    // Edit puts the cursor in the text; Cancel brings it back to Edit.
    await postList(page).getByRole('button', { name: 'Edit' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('form', { name: 'Edit post' }).waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('TEXTAREA');
    await page.getByRole('form', { name: 'Edit post' }).getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Edit');
    await context.close();
  });

  it('works on a 390 px phone and stays axe-clean', async () => {
    const { context, page } = await managementPage(harness, undefined, { width: 390, height: 844 });
    await openManagement(page, harness, '/google-business/posts', 'Google posts');
    const composer = page.getByRole('form', { name: 'New post' });
    await composer.waitFor({ timeout: 20_000 });
    await composer.getByLabel('Button', { exact: true }).selectOption({ label: 'Order online' });
    await composer.getByLabel('Button link').waitFor();
    await screenshot(page, 'management-google-posts-390', { fullPage: false });
    await postList(page).scrollIntoViewIfNeeded();
    await screenshot(page, 'management-google-posts-list-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAxeClean(page);
    await context.close();
  });
});
