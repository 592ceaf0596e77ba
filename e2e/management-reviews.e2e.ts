import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { harborGrillScopeQuery, useGoogleBusinessEmulator } from './business-profile-kit';
import { apiCall, useHarness } from './harness';
import {
  createDemoUser,
  expectAxeClean,
  HARBOR_GRILL_PATH,
  managementPage,
  openManagement,
  screenshot,
} from './helpers';

// Google Business Profile and the reviews inbox (issue 19 item 6) against the server's in-process Google
// Business Profile emulator: connect through its consent page, pick a location, sync, then answer reviews.
// The emulator runs in this process (the server is pointed at it as at Google), so a test can give the
// location more reviews than a page holds.

const google = useGoogleBusinessEmulator();
const harness = useHarness({ env: google.env });
const LOCATION = 'Rose City Trattoria';

interface ReviewsBody {
  data: { reviewId: string; response: string | null; isAiGenerated: boolean; needsResponse: boolean }[];
}

/** The restaurant's connection id, through the API as the owner (the restaurant and tenant named by GUID). */
async function connectionId(): Promise<string> {
  const connections = await apiCall<{ data: { connectionId: string }[] }>(
    harness,
    'GET',
    `/business-listing/connections?${await harborGrillScopeQuery(harness)}`,
    { token: harness.ownerToken },
  );
  const id = connections.body.data[0]?.connectionId;
  expect(id).toBeTruthy();
  return id ?? '';
}

/** The stored reviews, through the API as the owner. */
async function storedReviews(): Promise<ReviewsBody['data']> {
  const reviews = await apiCall<ReviewsBody>(
    harness,
    'GET',
    `/business-listing/connections/${await connectionId()}/reviews?limit=500`,
    { token: harness.ownerToken },
  );
  expect(reviews.status).toBe(200);
  return reviews.body.data;
}

const reviewList = (page: Page) => page.getByRole('list', { name: 'Reviews', exact: true });

/** The summary route's count for a query, through the API as the owner. */
async function reviewCount(query = ''): Promise<number> {
  const summary = await apiCall<{ data: { count: number } }>(
    harness,
    'GET',
    `/business-listing/connections/${await connectionId()}/reviews/summary${query}`,
    { token: harness.ownerToken },
  );
  expect(summary.status).toBe(200);
  return summary.body.data.count;
}

describe('management: Google Business Profile and reviews', () => {
  it('connects through Google consent, picks the location, compares the profile and syncs', async () => {
    const { context, page } = await managementPage(harness);
    await openManagement(page, harness, '/reviews', 'Reviews');
    await page.getByRole('heading', { name: 'Connect Google Business Profile to see reviews' }).waitFor();
    await page.getByRole('link', { name: 'Go to Google Business Profile' }).click();
    await page.getByRole('heading', { name: 'Google Business Profile', level: 1 }).waitFor();
    await page.getByRole('heading', { name: 'Not connected', level: 2 }).waitFor({ timeout: 20_000 });
    await expectAxeClean(page);
    await page.getByRole('button', { name: 'Connect Google Business Profile' }).click();
    // Google's (the emulator's) consent page, then back to the callback page.
    await page.getByRole('button', { name: 'Allow' }).click({ timeout: 20_000 });
    const picker = page.getByRole('heading', { name: 'Choose the location', level: 2 });
    await picker.waitFor({ timeout: 20_000 });
    expect(new URL(page.url()).pathname).toBe('/manage/google-business');
    await screenshot(page, 'management-gbp-locations-1280', { fullPage: false });
    await expectAxeClean(page);
    await page.getByRole('radio', { name: new RegExp(LOCATION) }).check();
    await page.getByRole('button', { name: 'Use this location' }).click();
    await page.getByRole('heading', { name: LOCATION, level: 2 }).waitFor({ timeout: 20_000 });
    await page.getByText('Connected', { exact: true }).waitFor();
    const compare = page.getByRole('table', { name: "Google's profile beside the restaurant's details" });
    await compare.waitFor({ timeout: 20_000 });
    // Harbor Grill is not Rose City Trattoria: the names differ, and the row says so.
    await expect.poll(() => compare.getByRole('row', { name: /^Name Differs/ }).count()).toBe(1);

    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText('Synced with Google: 25 reviews read').waitFor({ timeout: 30_000 });
    await expect.poll(async () => (await storedReviews()).length).toBe(25);
    await expect.poll(() => page.locator('.ui-toast').count(), { timeout: 10_000 }).toBe(0);
    await screenshot(page, 'management-gbp-connected-1280');
    await expectAxeClean(page);
    await context.close();
  });

  it('lists the reviews, narrows them to those needing a response, and replies and deletes the reply', async () => {
    const { context, page } = await managementPage(harness);
    await openManagement(page, harness, '/reviews', 'Reviews');
    const list = reviewList(page);
    await list.waitFor({ timeout: 20_000 });
    expect(await list.getByRole('listitem').count()).toBe(25);
    await page.getByRole('heading', { name: '25 reviews', level: 2 }).waitFor();
    await page.getByRole('img', { name: /^Rating trend/ }).waitFor();
    await screenshot(page, 'management-reviews-1280');
    await expectAxeClean(page);

    const stored = await storedReviews();
    const needing = stored.filter((review) => review.needsResponse).length;
    expect(needing).toBeGreaterThan(0);
    expect(needing).toBeLessThan(25);
    await page.getByLabel('Reply', { exact: true }).selectOption('needs-response');
    await expect.poll(() => list.getByRole('listitem').count()).toBe(needing);
    expect(await list.getByText('Needs response').count()).toBe(needing);
    expect(new URL(page.url()).searchParams.get('status')).toBe('needs-response');

    const first = list.getByRole('listitem').first().getByRole('link');
    await first.click();
    const editor = page.getByRole('form', { name: 'Reply to this review' });
    await editor.waitFor();
    const history = page.getByRole('region', { name: 'Reply history' });
    await history.getByText('No earlier replies').waitFor({ timeout: 20_000 });
    await expectAxeClean(page);
    const text = 'Thank you for telling us. We are sorry and would love to welcome you back.';
    await editor.getByLabel('Your reply').fill(text);
    await editor.getByText(`${text.length}/4096 characters`).waitFor();
    await screenshot(page, 'management-review-thread-1280');
    await editor.getByRole('button', { name: 'Post reply' }).click();
    const reply = page.getByRole('region', { name: 'Your reply' });
    await reply.getByText(text).waitFor({ timeout: 20_000 });
    await page.getByText('Replied', { exact: true }).first().waitFor();
    const replied = (await storedReviews()).filter((review) => review.response === text);
    expect(replied).toHaveLength(1);
    expect(replied[0]?.isAiGenerated).toBe(false);

    await reply.getByRole('button', { name: 'Delete reply' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete this reply?' });
    await confirm.waitFor();
    await expectAxeClean(page);
    await confirm.getByRole('button', { name: 'Delete reply' }).click();
    await confirm.waitFor({ state: 'detached', timeout: 20_000 });
    await editor.waitFor();
    expect((await storedReviews()).filter((review) => review.response === text)).toHaveLength(0);
    // The reply history lists the deletion above the posting, newest first.
    const events = history.getByRole('listitem');
    await expect.poll(() => events.count(), { timeout: 20_000 }).toBe(2);
    expect(await events.nth(0).textContent()).toMatch(/^Deleted/);
    expect(await events.nth(1).textContent()).toMatch(/^Posted.*Thank you for telling us/);
    await screenshot(page, 'management-review-history-1280');
    await expectAxeClean(page);

    // Back to the list keeps the filter; the review needs a response again.
    await page.getByRole('link', { name: '← Back to reviews' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(needing);
    await context.close();
  });

  it('refuses a reply over 4096 characters without posting it', async () => {
    const { context, page } = await managementPage(harness);
    await openManagement(page, harness, '/reviews?status=needs-response', 'Reviews');
    await reviewList(page).getByRole('listitem').first().getByRole('link').click();
    const editor = page.getByRole('form', { name: 'Reply to this review' });
    const before = await storedReviews();
    await editor.getByLabel('Your reply').fill('x'.repeat(4097));
    await editor.getByText('Response too long').waitFor();
    await editor.getByRole('button', { name: 'Post reply' }).click();
    await editor.getByText('Response too long').waitFor();
    expect(await storedReviews()).toEqual(before);
    await context.close();
  });

  it('works on a 390 px phone and stays axe-clean', async () => {
    const { context, page } = await managementPage(harness, undefined, { width: 390, height: 844 });
    await openManagement(page, harness, '/reviews', 'Reviews');
    await reviewList(page).waitFor({ timeout: 20_000 });
    await screenshot(page, 'management-reviews-390', { fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAxeClean(page);
    // The less used filters fold away on a phone.
    const rating = page.getByLabel('Rating', { exact: true });
    expect(await rating.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'More filters' }).click();
    await rating.selectOption('1');
    await page.getByRole('button', { name: 'More filters (1)' }).waitFor();
    await expect.poll(() => reviewList(page).getByRole('listitem').count()).toBe(5);
    await reviewList(page).getByRole('listitem').first().getByRole('link').click();
    await page.getByRole('link', { name: '← Back to reviews' }).waitFor();
    await screenshot(page, 'management-review-thread-390', { fullPage: false });
    await page.getByRole('region', { name: 'Reply history' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'management-review-history-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAxeClean(page);
    await openManagement(page, harness, '/google-business', 'Google Business Profile');
    await page.getByRole('heading', { name: LOCATION, level: 2 }).waitFor({ timeout: 20_000 });
    await page.getByRole('table', { name: "Google's profile beside the restaurant's details" }).waitFor();
    await screenshot(page, 'management-gbp-390', { fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAxeClean(page);
    await context.close();
  });

  it('drafts a reply with AI into the editor without posting it; posting it marks it AI-drafted', async () => {
    const { context, page } = await managementPage(harness);
    await openManagement(page, harness, '/reviews?status=needs-response', 'Reviews');
    await reviewList(page).getByRole('listitem').first().getByRole('link').click();
    const editor = page.getByRole('form', { name: 'Reply to this review' });
    const before = await storedReviews();
    await editor.getByRole('button', { name: 'Draft with AI' }).click();
    await editor.getByText(/^Drafted by AI — review before posting/).waitFor({ timeout: 20_000 });
    const draft = await editor.getByLabel('Your reply').inputValue();
    expect(draft.length).toBeGreaterThan(20);
    await screenshot(page, 'management-review-ai-draft-1280');
    await expectAxeClean(page);
    // Nothing was posted: the stored reviews are as they were.
    expect(await storedReviews()).toEqual(before);

    await editor.getByRole('button', { name: 'Post reply' }).click();
    await page
      .getByRole('region', { name: 'Your reply' })
      .getByText('AI-drafted')
      .waitFor({ timeout: 20_000 });
    const posted = (await storedReviews()).filter((review) => review.response === draft.trim());
    expect(posted).toHaveLength(1);
    expect(posted[0]?.isAiGenerated).toBe(true);
    await context.close();
  });

  it('saves the AI reply settings with the domain rules (a custom style needs a tone)', async () => {
    const { context, page } = await managementPage(harness);
    await openManagement(page, harness, '/google-business', 'Google Business Profile');
    const form = page.getByRole('form', { name: 'AI replies' });
    await form.waitFor({ timeout: 20_000 });
    await form.getByRole('switch', { name: 'Use AI for review replies' }).check();
    await form.getByRole('radio', { name: 'Custom', exact: true }).check();
    await form.getByRole('button', { name: 'Save AI settings' }).click();
    await form.getByText('Custom tone is required when using custom response style').waitFor();
    await form.getByRole('textbox', { name: 'Custom tone' }).fill('Warm and brief, first names.');
    await form.getByRole('radio', { name: 'Short (about 50 words)' }).check();
    await form.getByRole('checkbox', { name: '5 stars' }).uncheck();
    await form.getByLabel('Wait before replying automatically').fill('48');
    await screenshot(page, 'management-gbp-ai-settings-1280');
    await expectAxeClean(page);
    await form.getByRole('button', { name: 'Save AI settings' }).click();
    await page.getByText('AI reply settings saved').waitFor({ timeout: 20_000 });

    const saved = await apiCall<{ data: Record<string, unknown> }>(
      harness,
      'GET',
      `/business-listing/connections/${await connectionId()}/ai-config`,
      { token: harness.ownerToken },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      isEnabled: true,
      responseStyle: 'custom',
      customTone: 'Warm and brief, first names.',
      autoRespondToRatings: [1, 2, 3, 4],
      reviewThreshold: 48,
    });
    const restaurant = await apiCall<{
      data: { restaurant: { platformSync: { platforms: Record<string, { aiReplyConfig?: unknown }> } } };
    }>(harness, 'GET', HARBOR_GRILL_PATH, { token: harness.ownerToken });
    expect(
      restaurant.body.data.restaurant.platformSync.platforms.googleMyBusiness?.aiReplyConfig,
    ).toMatchObject({
      responseLength: 'short',
      autoReply: false,
    });
    await context.close();
  });

  it('tells an employee who manages it, and shows no connect button', async () => {
    const employee = { email: 'reviews-employee@brigade.local', password: 'Reviews-employee-1' };
    await createDemoUser(harness, {
      ...employee,
      firstName: 'Eve',
      lastName: 'Line',
      tenantRole: 'employee',
    });
    const { context, page } = await managementPage(harness, employee);
    await openManagement(page, harness, '/google-business', 'Google Business Profile');
    await page.getByText('Only owners, admins and managers manage the Google Business Profile').waitFor();
    expect(await page.getByRole('button', { name: 'Connect Google Business Profile' }).count()).toBe(0);
    await openManagement(page, harness, '/reviews', 'Reviews');
    await page.getByText('Only owners, admins and managers answer reviews').waitFor();
    expect(await page.getByRole('list', { name: 'Reviews', exact: true }).count()).toBe(0);
    await context.close();
  });

  it('searches on the server and pages through many reviews with Load more', async () => {
    google.get().addReviews('4001', 300);
    const { context, page } = await managementPage(harness);
    await openManagement(page, harness, '/reviews', 'Reviews');
    await page.getByRole('button', { name: 'Sync reviews' }).click();
    // the outcome, not the toast: a scheduled sync may take the new reviews first (then the button's sync
    // finds none new), and a toast on a busy machine can be gone before it is read (a CI run waited 100 s)
    const list = reviewList(page);
    await page.getByRole('heading', { name: '325 reviews', level: 2 }).waitFor({ timeout: 100_000 });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(50);
    await page.getByText('Showing 50 of 325').waitFor();

    // Case-insensitive words in the reviewer's name or the comment; sent once typing pauses.
    const matching = await reviewCount('?search=we');
    expect(matching).toBeGreaterThan(50);
    expect(matching).toBeLessThan(325);
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.pressSequentially('WE', { delay: 50 });
    await page.getByRole('heading', { name: `${matching} matching reviews`, level: 2 }).waitFor();
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('WE');
    await page.getByText(`Showing 50 of ${matching}`).waitFor();
    await screenshot(page, 'management-reviews-search-1280', { fullPage: false });
    const loadMore = page.getByRole('button', { name: 'Load more' });
    await loadMore.focus();
    await page.keyboard.press('Enter');
    const second = Math.min(100, matching);
    await expect.poll(() => list.getByRole('listitem').count(), { timeout: 20_000 }).toBe(second);
    while (await loadMore.isVisible()) {
      await loadMore.click();
      await page.waitForTimeout(300);
    }
    await page.getByText(`${matching} reviews, all shown`).waitFor({ timeout: 20_000 });
    // Each shown review has the word in its reviewer's name or its comment, and none is shown twice.
    const shown = await list.getByRole('listitem').evaluateAll((items) =>
      items.map((item) => ({
        href: item.querySelector('a')?.getAttribute('href') ?? '',
        name: item.querySelector('.rv-row__link')?.textContent ?? '',
        words: `${item.querySelector('.rv-row__link')?.textContent} ${item.querySelector('.rv-row__text')?.textContent}`,
      })),
    );
    expect(shown).toHaveLength(matching);
    expect(new Set(shown.map((one) => one.href)).size).toBe(matching);
    for (const { words } of shown) expect(words.toLowerCase()).toContain('we');
    // A review past the first page opens from its address alone (a reload, a shared link).
    const deep = shown[matching - 1]!;
    await openManagement(page, harness, deep.href.replace(/^\/manage/, ''), 'Reviews');
    await page.getByRole('heading', { name: deep.name, exact: true, level: 2 }).waitFor({ timeout: 20_000 });
    await page
      .getByRole('form', { name: 'Reply to this review' })
      .or(page.getByText('Your reply'))
      .first()
      .waitFor();
    await page.getByRole('link', { name: '← Back to reviews' }).click();
    await page.getByText(`Showing 50 of ${matching}`).waitFor({ timeout: 20_000 });
    await expectAxeClean(page);

    // Sorted by lowest rating: the first review has one star.
    await page.getByLabel('Sort', { exact: true }).selectOption('lowest');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('lowest');
    await expect
      .poll(() => list.getByRole('listitem').first().getByRole('img').first().getAttribute('aria-label'))
      .toMatch(/^1 out of 5/);
    // Clearing the filters keeps the order and shows the first page of everything again.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.getByText('Showing 50 of 325').waitFor();
    expect(await search.inputValue()).toBe('');
    await context.close();

    // On a phone: the count and Load more fit, and the keyboard reaches them.
    const phone = await managementPage(harness, undefined, { width: 390, height: 844 });
    await openManagement(phone.page, harness, '/reviews?search=we', 'Reviews');
    await phone.page.getByText(`Showing 50 of ${matching}`).scrollIntoViewIfNeeded();
    await screenshot(phone.page, 'management-reviews-load-more-390', { fullPage: false });
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.getByRole('button', { name: 'Load more' }).press('Enter');
    await expect.poll(() => reviewList(phone.page).getByRole('listitem').count()).toBe(second);
    await expectAxeClean(phone.page);
    await phone.context.close();
  }, 180_000);

  it('disconnects after confirming, keeping the synced reviews', async () => {
    const { context, page } = await managementPage(harness);
    await openManagement(page, harness, '/google-business', 'Google Business Profile');
    await page.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Disconnect Google Business Profile?' });
    await confirm.waitFor();
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('heading', { name: 'Not connected', level: 2 }).waitFor({ timeout: 20_000 });
    expect(await reviewCount()).toBe(325);
    await context.close();
  });
});
