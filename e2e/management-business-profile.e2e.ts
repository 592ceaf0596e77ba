import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { harborGrillScopeQuery } from './business-profile-kit';
import { apiCall, useHarness } from './harness';
import { expectAxeClean, HARBOR_GRILL_PATH, managementPage, openManagement, screenshot } from './helpers';

// Editing the Google Business Profile from Brigade, and "reconnect needed" (issue 19), against the server's
// in-process Google Business Profile emulator. The emulator runs inside the server's process, so this test
// reaches its own controls over HTTP (/emulator/revoke-grants, /emulator/locations/{id}) at the origin of
// the consent page the server sends the browser to.

const harness = useHarness();
const LOCATION = 'Rose City Trattoria';
const HOURS_MESSAGE = 'Open and close times are required when business is open';

interface EmulatorLocation {
  profile?: { description?: string };
  phoneNumbers?: { primaryPhone?: string };
  regularHours?: { periods: { openDay: string; openTime: object; closeDay: string; closeTime: object }[] };
}

/** The emulator's origin: where the server's consent URL points (the auth URL call has no other effect). */
async function emulatorOrigin(): Promise<string> {
  const redirect = encodeURIComponent(`${harness.managementOrigin}/manage/google-business/callback`);
  const answer = await apiCall<{ data: { url: string } }>(
    harness,
    'GET',
    `/business-listing/auth/url?${await harborGrillScopeQuery(harness)}&redirectUrl=${redirect}`,
    { token: harness.ownerToken },
  );
  expect(answer.status).toBe(200);
  return new URL(answer.body.data.url).origin;
}

async function heldByGoogle(): Promise<EmulatorLocation> {
  const answer = await fetch(`${await emulatorOrigin()}/emulator/locations/4001`);
  expect(answer.status).toBe(200);
  return (await answer.json()) as EmulatorLocation;
}

const editForm = (page: Page) => page.getByRole('form', { name: 'Edit on Google' });
const compare = (page: Page) =>
  page.getByRole('table', { name: "Google's profile beside the restaurant's details" });

async function connectThroughConsent(page: Page, button: string) {
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('button', { name: 'Allow' }).click({ timeout: 20_000 });
}

describe('management: editing the Google Business Profile', () => {
  it('connects, then edits the description and hours on Google', async () => {
    const { context, page } = await managementPage(harness);
    await openManagement(page, harness, '/google-business', 'Google Business Profile');
    await page.getByRole('heading', { name: 'Not connected', level: 2 }).waitFor({ timeout: 20_000 });
    await connectThroughConsent(page, 'Connect Google Business Profile');
    await page.getByRole('heading', { name: 'Choose the location', level: 2 }).waitFor({ timeout: 20_000 });
    await page.getByRole('radio', { name: new RegExp(LOCATION) }).check();
    await page.getByRole('button', { name: 'Use this location' }).click();
    await page.getByRole('heading', { name: LOCATION, level: 2 }).waitFor({ timeout: 20_000 });

    const form = editForm(page);
    await form.waitFor({ timeout: 20_000 });
    const description = form.getByLabel('Business description');
    // Google's description is there to start from, with its length against 750.
    expect(await description.inputValue()).toMatch(/^Handmade pasta/);
    const text = 'Fresh pasta made every morning on Hawthorne, Oregon produce and a long Italian wine list.';
    await description.fill(text);
    await form.getByText(`${text.length}/750`).waitFor();
    // Keyboard: Sunday is closed on Google; Space on its switch opens it with times to set.
    await form.getByRole('switch', { name: 'Open on Sunday' }).focus();
    await page.keyboard.press('Space');
    await form.getByLabel('Sunday opens').fill('12:00');
    await form.getByLabel('Sunday closes').fill('20:30');
    await form.getByLabel('Tuesday closes').fill('23:15');
    await screenshot(page, 'management-gbp-edit-1280');
    await expectAxeClean(page);
    await form.getByRole('button', { name: 'Send to Google' }).click();
    await page.getByText('Profile updated on Google').waitFor({ timeout: 20_000 });

    const held = await heldByGoogle();
    expect(held.profile?.description).toBe(text);
    expect(held.regularHours?.periods).toContainEqual({
      openDay: 'SUNDAY',
      openTime: { hours: 12, minutes: 0 },
      closeDay: 'SUNDAY',
      closeTime: { hours: 20, minutes: 30 },
    });
    expect(held.regularHours?.periods).toContainEqual({
      openDay: 'TUESDAY',
      openTime: { hours: 11, minutes: 0 },
      closeDay: 'TUESDAY',
      closeTime: { hours: 23, minutes: 15 },
    });
    // The comparison shows Google's new hours.
    await compare(page).getByText('Sun 12:00–20:30').waitFor();
    await context.close();
  });

  it('shows the message for an open day without a closing time, sending nothing', async () => {
    const { context, page } = await managementPage(harness);
    await openManagement(page, harness, '/google-business', 'Google Business Profile');
    const form = editForm(page);
    await form.waitFor({ timeout: 20_000 });
    const before = await heldByGoogle();
    await form.getByLabel('Wednesday closes').fill('');
    await form.getByRole('button', { name: 'Send to Google' }).click();
    const wednesday = form.getByRole('group', { name: 'Wednesday' });
    await wednesday.getByText(HOURS_MESSAGE).waitFor();
    await screenshot(page, 'management-gbp-edit-error-1280', { fullPage: false });
    await expectAxeClean(page);
    expect(await heldByGoogle()).toEqual(before);
    await context.close();
  });

  it("sends Brigade's phone to Google from the comparison", async () => {
    const { context, page } = await managementPage(harness);
    await openManagement(page, harness, '/google-business', 'Google Business Profile');
    const table = compare(page);
    await table.waitFor({ timeout: 20_000 });
    await table.getByRole('row', { name: /^Phone Differs/ }).waitFor();
    await table.getByRole('button', { name: "Use Brigade's phone on Google" }).click();
    await page.getByText('Phone updated on Google').waitFor({ timeout: 20_000 });
    await expect.poll(() => table.getByRole('row', { name: /^Phone Differs/ }).count()).toBe(0);
    const restaurant = await apiCall<{ data: { restaurant: { contact: { phone: string } } } }>(
      harness,
      'GET',
      HARBOR_GRILL_PATH,
      { token: harness.ownerToken },
    );
    expect((await heldByGoogle()).phoneNumbers?.primaryPhone).toBe(
      restaurant.body.data.restaurant.contact.phone,
    );
    await context.close();
  });

  it('works on a 390 px phone and stays axe-clean', async () => {
    const { context, page } = await managementPage(harness, undefined, { width: 390, height: 844 });
    await openManagement(page, harness, '/google-business', 'Google Business Profile');
    const form = editForm(page);
    await form.waitFor({ timeout: 20_000 });
    await form.getByRole('group', { name: 'Monday' }).scrollIntoViewIfNeeded();
    await screenshot(page, 'management-gbp-edit-390', { fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAxeClean(page);
    await context.close();
  });

  it('says reconnect needed when Google revokes the grant, and reconnects through the consent page', async () => {
    const { context, page } = await managementPage(harness);
    await openManagement(page, harness, '/google-business', 'Google Business Profile');
    await page.getByRole('button', { name: 'Sync now' }).waitFor({ timeout: 20_000 });
    // The owner removes Brigade's access on Google: the next refresh gets invalid_grant.
    const revoked = await fetch(`${await emulatorOrigin()}/emulator/revoke-grants`, { method: 'POST' });
    expect(((await revoked.json()) as { revoked: number }).revoked).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page
      .getByText('Google no longer accepts this connection: access was removed')
      .waitFor({ timeout: 30_000 });
    await page.getByText('Reconnect needed', { exact: true }).first().waitFor();
    expect(await page.getByRole('button', { name: 'Sync now' }).count()).toBe(0);
    expect(await editForm(page).count()).toBe(0);
    await screenshot(page, 'management-gbp-reconnect-1280');
    await expectAxeClean(page);

    await connectThroughConsent(page, 'Reconnect');
    await page.getByRole('heading', { name: LOCATION, level: 2 }).waitFor({ timeout: 20_000 });
    await page.getByText('Connected', { exact: true }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page.getByText(/^Synced with Google/).waitFor({ timeout: 30_000 });
    await editForm(page).waitFor();
    await context.close();
  });
});
