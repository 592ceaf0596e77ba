import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminPage, expectAccessible, nav, shot } from './admin-helpers';
import { apiCall, DEMO_ADMIN, type Harness, signInByApi, useHarness } from './harness';
import { axeViolations } from './helpers';

// Onboarding (issue 45 items 1–2, issue 41 item 4): an owner whose organization has no restaurant creates the
// first one from the selection screen (it auto-accepts online orders); on the starter plan they ask the site
// administrators for it, who find the request in their inbox and add the restaurant on the tenant's page.
// "Contact your administrator" sends a real message. Screenshots in /tmp/admin (onboarding-*).

const harness = useHarness();

async function tenantWithOwner(h: Harness, name: string, plan: 'starter' | 'professional', email: string) {
  const admin = await signInByApi(h, DEMO_ADMIN);
  const tenant = await apiCall<{ data: { tenant: { tenantId: number; guid: string } } }>(
    h,
    'POST',
    '/tenants',
    {
      token: admin,
      body: { name, displayName: name, plan },
    },
  );
  expect(tenant.status, JSON.stringify(tenant.body)).toBe(201);
  const { tenantId, guid } = tenant.body.data.tenant;
  const owner = { email, password: 'owner-secret-1' };
  const user = await apiCall(h, 'POST', '/admin-users', {
    token: admin,
    body: { ...owner, firstName: 'Nia', lastName: 'Owner', tenantId, tenantRole: 'owner' },
  });
  expect(user.status, JSON.stringify(user.body)).toBe(201);
  return { tenantId, guid, owner };
}

/** The management app opened signed in (the session cookie), on the organization's selection screen. */
async function openSignedIn(page: Page, h: Harness, who: { email: string; password: string }, guid: string) {
  const token = await signInByApi(h, who);
  await page.context().addCookies([{ name: 'brigade_session', value: token, url: h.managementOrigin }]);
  await page.goto(`${h.managementOrigin}/manage/?tenantId=${guid}`);
  return token;
}

async function fillRestaurant(scope: Page | ReturnType<Page['getByRole']>, name: string) {
  await scope.getByLabel('Restaurant name').fill(name);
  await scope.getByLabel('Street').fill('1 Pier Road');
  await scope.getByLabel('City').fill('Portland');
  await scope.getByLabel('State').fill('ME');
  await scope.getByLabel('ZIP code').fill('04101');
  await scope.getByLabel('Phone').fill('+1 207 555 0101');
  await scope.getByLabel('Email').fill('hello@pier.example.com');
}

describe('onboarding', () => {
  it('lets the owner of a new organization create its first restaurant, which accepts online orders itself', async () => {
    const { tenantId, guid, owner } = await tenantWithOwner(
      harness,
      'Pier Group',
      'professional',
      'nia.pier@example.com',
    );
    const context = await harness.newContext();
    const page = await context.newPage();
    try {
      const token = await openSignedIn(page, harness, owner, guid);
      await page.getByRole('heading', { name: 'Create your first restaurant' }).waitFor({ timeout: 30_000 });
      expect(
        await page.getByRole('checkbox', { name: 'Accept online orders automatically' }).isChecked(),
      ).toBe(true);
      // the server's messages first
      await page.getByRole('button', { name: 'Create restaurant' }).click();
      await page.getByText('Restaurant name is required').waitFor();
      // no violation at all: the page has its main landmark and level-one heading
      expect(await axeViolations(page), 'first restaurant').toEqual([]);
      await shot(page, 'onboarding-first-restaurant-1280');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'onboarding-first-restaurant-390');
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      expect(await axeViolations(page), 'first restaurant at 390 px').toEqual([]);
      await page.setViewportSize({ width: 1280, height: 800 });
      await fillRestaurant(page, 'Pier Oyster Bar');
      await page.getByRole('button', { name: 'Create restaurant' }).click();
      await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 30_000 });
      const mine = await apiCall<{ data: { restaurantId: number; name: string }[] }>(
        harness,
        'GET',
        `/me/tenants/${tenantId}/restaurants`,
        { token },
      );
      expect(mine.body.data.map((r) => r.name)).toEqual(['Pier Oyster Bar']);
      const created = await apiCall<{ data: { restaurant: { settings: { autoAcceptOrders: boolean } } } }>(
        harness,
        'GET',
        `/tenants/${tenantId}/restaurants/${mine.body.data[0]!.restaurantId}`,
        { token },
      );
      expect(created.body.data.restaurant.settings.autoAcceptOrders).toBe(true);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('sends a starter owner’s request and a help message to the inbox, where an administrator adds the restaurant', async () => {
    const { tenantId, guid, owner } = await tenantWithOwner(
      harness,
      'Dock Cafe',
      'starter',
      'nia.dock@example.com',
    );
    const context = await harness.newContext();
    const page = await context.newPage();
    try {
      await openSignedIn(page, harness, owner, guid);
      await page.getByRole('heading', { name: 'Ask for your restaurant' }).waitFor({ timeout: 30_000 });
      await page
        .getByRole('textbox', { name: 'Your restaurant' })
        .fill('Dock Cafe, 9 Wharf St, Portland ME, +1 207 555 0199');
      await page.getByRole('button', { name: 'Send request' }).click();
      await page.getByText('The site administrators have your request').waitFor();
      await page.getByRole('button', { name: 'Contact your administrator' }).click();
      const help = page.getByRole('dialog', { name: 'Contact your administrator' });
      await help.getByRole('textbox', { name: 'Your message' }).fill('Can we also get a second menu?');
      await help.getByRole('button', { name: 'Send message' }).click();
      await help.getByText('The site administrators have your message').waitFor();
      await expectAccessible(page, 'help message sent');
      await shot(page, 'onboarding-help-sent-1280');
    } finally {
      await context.close();
    }

    const { context: adminContext, page: admin } = await adminPage(harness);
    try {
      await nav(admin, 'Inbox');
      await admin.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
      const inbox = admin.getByRole('table', { name: 'Inbox' });
      await inbox.getByText('Restaurant requested by nia.dock@example.com', { exact: true }).waitFor();
      await inbox.getByText('Help: Can we also get a second menu?', { exact: true }).waitFor();
      await expectAccessible(admin, 'inbox');
      await shot(admin, 'onboarding-inbox-1280');
      await admin.setViewportSize({ width: 390, height: 844 });
      await shot(admin, 'onboarding-inbox-390');
      // the sidebar folds away when the app hears the width change (a render later): the settled page fits
      await expect
        .poll(() => admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth))
        .toBe(false);
      await expectAccessible(admin, 'inbox at 390 px');
      await admin.setViewportSize({ width: 1280, height: 800 });
      await admin.getByRole('button', { name: 'Mark read (Help: Can we also get a second menu?)' }).click();
      await inbox
        .getByText('Help: Can we also get a second menu?', { exact: true })
        .waitFor({ state: 'detached' });
      // development's mail viewer: the mail that told the administrators, with its text
      await nav(admin, 'Outbox');
      const outbox = admin.getByRole('table', { name: 'Outbox' });
      await outbox.getByText('[Brigade] Help: Can we also get a second menu?').first().click();
      await outbox.getByText('Answer it from the Inbox of the site administration app.').first().waitFor();
      await expectAccessible(admin, 'outbox');
      await shot(admin, 'onboarding-outbox-1280');
      await admin.setViewportSize({ width: 390, height: 844 });
      await shot(admin, 'onboarding-outbox-390');
      expect(await admin.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(
        false,
      );
      await admin.setViewportSize({ width: 1280, height: 800 });
      await nav(admin, 'Inbox');
      await admin.getByRole('link', { name: 'Open the tenant' }).first().click();
      await admin.getByRole('heading', { level: 1, name: 'Dock Cafe' }).waitFor();
      await admin.getByRole('button', { name: 'Add restaurant' }).click();
      const dialog = admin.getByRole('dialog', { name: 'Add a restaurant to Dock Cafe' });
      await fillRestaurant(dialog, 'Dock Cafe');
      await expectAccessible(admin, 'add restaurant');
      await shot(admin, 'onboarding-add-restaurant-1280');
      await dialog.getByRole('button', { name: 'Add restaurant' }).click();
      await admin
        .getByRole('table', { name: 'Restaurants of Dock Cafe' })
        .getByText('Dock Cafe', { exact: true })
        .waitFor();
      // the starter plan's one restaurant: no more may be added
      expect(await admin.getByRole('button', { name: 'Add restaurant' }).count()).toBe(0);
      const token = await signInByApi(harness, owner);
      const mine = await apiCall<{ data: { name: string }[] }>(
        harness,
        'GET',
        `/me/tenants/${tenantId}/restaurants`,
        {
          token,
        },
      );
      expect(mine.body.data.map((r) => r.name)).toEqual(['Dock Cafe']);
    } finally {
      await adminContext.close();
    }
  }, 150_000);
});
