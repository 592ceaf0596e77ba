import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiCall,
  DEMO_ADMIN,
  DEMO_OWNER,
  DEMO_TENANT_ID,
  type Harness,
  signInByApi,
  useHarness,
} from './harness';
import { axeViolations, type Credentials, fillSignIn, serious, watchCspViolations } from './helpers';

// The site administration app (issue 17): the admin-protected route (spec 01 §2.7) in front of the users,
// tenants and restaurants screens. A non-admin gets "Access Denied" and the server refuses the admin API;
// the site admin finds a user and makes them a manager of a tenant, creates a tenant with its plan's cap,
// and every screen passes axe-core at 1280 and 390 px (screenshots in /tmp/admin).

const harness = useHarness();
const SHOTS = '/tmp/admin';
mkdirSync(SHOTS, { recursive: true });

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** axe-core finds nothing serious; the rest is printed (and expected to be nothing either). */
async function expectAccessible(page: Page, where: string) {
  const violations = await axeViolations(page);
  if (violations.length > 0) console.log(where, JSON.stringify(violations, null, 2));
  expect(serious(violations), where).toEqual([]);
}

/** Opens the admin app signed out, follows "Sign In as Admin" to the auth app, signs in, comes back. */
async function signInToAdmin(page: Page, h: Harness, who: Credentials = DEMO_ADMIN) {
  await page.goto(`${h.adminOrigin}/admin/`);
  await page.getByRole('heading', { name: 'Admin Access Required' }).waitFor({ timeout: 20_000 });
  if (page.viewportSize()?.width === 1280) await shot(page, 'admin-access-required-1280');
  await page.getByRole('button', { name: 'Sign In as Admin' }).click();
  await page.waitForURL(
    (url) => url.pathname.startsWith('/auth') && url.searchParams.get('adminAccess') === 'true',
  );
  await fillSignIn(page, who);
  await page.waitForURL((url) => url.origin === h.adminOrigin, { timeout: 20_000 });
  await page.getByRole('heading', { level: 1, name: 'Site administration' }).waitFor({ timeout: 30_000 });
}

async function adminPage(h: Harness, viewport = { width: 1280, height: 800 }) {
  const context = await h.newContext(viewport);
  const page = await context.newPage();
  await signInToAdmin(page, h);
  return { context, page };
}

const signInAttempt = (who: Credentials) => apiCall(harness, 'POST', '/auth/signin', { body: who });

const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();

describe('site administration app', () => {
  it('shows a non-admin "Access Denied" with its buttons, and the server refuses the admin API', async () => {
    const context = await harness.newContext();
    const page = await context.newPage();
    try {
      const target = `${harness.adminOrigin}/admin/users`;
      // signed in without asking for admin access: the auth app hands the session back to the admin app
      await page.goto(`${harness.authOrigin}/auth/?returnUrl=${encodeURIComponent(target)}`);
      await fillSignIn(page, DEMO_OWNER);
      await page.waitForURL((url) => url.origin === harness.adminOrigin, { timeout: 20_000 });
      await page.getByRole('heading', { name: 'Access Denied' }).waitFor({ timeout: 20_000 });
      expect(await page.getByText("You don't have permission to access this admin area.").count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Try Again' }).count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Sign Out' }).count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Go to Main Site' }).getAttribute('href')).toBe('/manage/');
      // no shell behind it
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);
      await shot(page, 'access-denied-1280');
      await expectAccessible(page, 'access denied');

      // "Try Again" goes to the auth service asking for admin access, with the address to come back to
      await page.getByRole('button', { name: 'Try Again' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/auth'));
      const url = new URL(page.url());
      expect(url.searchParams.get('adminAccess')).toBe('true');
      expect(url.searchParams.get('returnUrl')).toBe(target);

      for (const [method, path] of [
        ['GET', '/admin-users'],
        ['GET', '/tenants'],
        ['GET', '/admin/restaurants'],
        ['POST', '/tenants'],
      ] as const) {
        const refused = await apiCall(harness, method, path, {
          token: harness.ownerToken,
          ...(method === 'POST' ? { body: { name: 'Sneaky', displayName: 'Sneaky' } } : {}),
        });
        expect(refused.status, `${method} ${path}`).toBe(403);
      }
    } finally {
      await context.close();
    }
  });

  it('creates a user, finds them and makes them a manager of a tenant; they then see the tenant', async () => {
    const person = { email: 'quinn.admin-e2e@example.com', password: 'quinn-secret' };
    const { context, page } = await adminPage(harness);
    const csp = await watchCspViolations(page);
    try {
      await nav(page, 'Users');
      await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      await page.getByRole('table', { name: 'Users' }).waitFor();
      await expectAccessible(page, 'users');
      await shot(page, 'users-1280');

      // create: the server's messages first, then the user
      await page.getByRole('button', { name: 'Create user' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create user' });
      await dialog.getByRole('button', { name: 'Create user' }).click();
      await dialog.getByText('First name is required').waitFor();
      await expectAccessible(page, 'create user dialog');
      await shot(page, 'create-user-1280');
      await dialog.getByLabel('First name').fill('Quinn');
      await dialog.getByLabel('Last name').fill('Okafor');
      await dialog.getByLabel('Email', { exact: true }).fill(person.email);
      await dialog.getByLabel('Password', { exact: true }).fill(person.password);
      await dialog.getByRole('button', { name: 'Create user' }).click();
      await page.getByRole('heading', { level: 1, name: 'Quinn Okafor' }).waitFor();
      await page.getByRole('link', { name: '← Users' }).click();

      // one character is not a search yet; two are
      const search = page.getByRole('searchbox', { name: 'Search users' });
      await search.fill('Q');
      await page.getByText('Type at least 2 characters to search.').waitFor();
      await search.fill('Quinn');
      const row = page.getByRole('row', { name: /Quinn Okafor/ });
      await row.waitFor();
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
      await row.getByRole('link', { name: 'Quinn Okafor' }).click();
      await page.getByRole('heading', { level: 1, name: 'Quinn Okafor' }).waitFor();

      // add to the demo tenant as a manager, with the keyboard's controls
      const add = page.getByRole('form', { name: 'Add to a tenant' });
      await add.getByLabel('Tenant').selectOption({ label: `Demo Restaurant Group (${DEMO_TENANT_ID})` });
      await add.getByLabel('Role').selectOption({ label: 'Manager' });
      await add.getByRole('button', { name: 'Add to tenant' }).focus();
      await page.keyboard.press('Enter');
      const assignments = page.getByRole('table', { name: 'Tenant assignments' });
      await assignments.getByRole('row').nth(1).waitFor();
      expect(await assignments.getByRole('combobox').inputValue()).toBe('manager');
      await expectAccessible(page, 'user page');
      await shot(page, 'user-1280');
      expect(await csp()).toEqual([]);
    } finally {
      await context.close();
    }
    // the server has the assignment, and the user now sees the tenant among theirs
    const token = await signInByApi(harness, person);
    const mine = await apiCall<{ data: { tenantId: number; role: string }[] }>(
      harness,
      'GET',
      '/me/tenants',
      {
        token,
      },
    );
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((t) => [t.tenantId, t.role])).toContainEqual([DEMO_TENANT_ID, 'manager']);
  });

  it('deactivates, reactivates and deletes a user behind confirmations that say what is lost', async () => {
    const adminToken = await signInByApi(harness, DEMO_ADMIN);
    const body = {
      email: 'temp.admin-e2e@example.com',
      password: 'temp-secret',
      firstName: 'Tess',
      lastName: 'Temp',
    };
    const created = await apiCall<{ data: { user: { uid: string } } }>(harness, 'POST', '/admin-users', {
      token: adminToken,
      body: { ...body, tenantId: DEMO_TENANT_ID, tenantRole: 'employee' },
    });
    expect(created.status).toBe(201);
    const { uid } = created.body.data.user;
    const { context, page } = await adminPage(harness);
    try {
      await page.goto(`${harness.adminOrigin}/admin/users/${uid}`);
      await page.getByRole('heading', { level: 1, name: 'Tess Temp' }).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Deactivate user' }).click();
      const deactivate = page.getByRole('alertdialog', { name: 'Deactivate Tess Temp?' });
      await deactivate.getByText('loses access to every tenant until reactivated').waitFor();
      await deactivate.getByRole('button', { name: 'Deactivate' }).click();
      await page.getByRole('button', { name: 'Reactivate user' }).waitFor();
      // an inactive account may sign in, but enters no tenant (spec 01 §6: access needs an active user)
      const inactive = (await signInAttempt(body)) as { status: number; body: { sessionToken: string } };
      const tenants = await apiCall<{ data: unknown[] }>(harness, 'GET', '/me/tenants', {
        token: inactive.body.sessionToken,
      });
      expect(tenants.body.data).toEqual([]);
      await page.getByRole('button', { name: 'Reactivate user' }).click();
      await page.getByRole('button', { name: 'Deactivate user' }).waitFor();

      await page.getByRole('button', { name: 'Delete user' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete Tess Temp completely?' });
      const message = await confirm.textContent();
      expect(message).toContain('profile');
      expect(message).toContain('1 tenant assignment');
      expect(message).toContain('sessions');
      expect(message).toContain(body.email);
      await expectAccessible(page, 'delete confirmation');
      await shot(page, 'delete-user-1280');
      await confirm.getByRole('button', { name: 'Delete user' }).click();
      await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    } finally {
      await context.close();
    }
    const gone = await apiCall(harness, 'GET', `/admin-users/${uid}`, { token: adminToken });
    expect(gone.status).toBe(404);
  });

  it('creates a tenant (the spec’s messages first), shows its plan’s cap, and lists restaurants', async () => {
    const { context, page } = await adminPage(harness);
    try {
      // keyboard: Ctrl+B collapses and expands the sidebar (spec 01 §2.8)
      const sidebar = page.getByTestId('sidebar');
      await page.keyboard.press('Control+b');
      expect(await sidebar.getAttribute('data-state')).toBe('collapsed');
      await page.keyboard.press('Control+b');
      expect(await sidebar.getAttribute('data-state')).toBe('expanded');
      await nav(page, 'Tenants');
      await page.getByRole('heading', { level: 1, name: 'Tenants' }).waitFor();
      await page.getByRole('table', { name: 'Tenants' }).waitFor();
      await expectAccessible(page, 'tenants');
      await shot(page, 'tenants-1280');

      await page.getByRole('button', { name: 'Create tenant' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create tenant' });
      await dialog.getByRole('button', { name: 'Create tenant' }).click();
      await dialog.getByText('Business name is required').waitFor();
      await dialog.getByText('Display name is required').waitFor();
      await expectAccessible(page, 'create tenant dialog');
      await dialog.getByLabel('Business name').fill('Lakeside Eats LLC');
      await dialog.getByLabel('Display name').fill('Lakeside Eats');
      await dialog.getByLabel('Plan').selectOption({ label: 'Professional — up to 5 restaurants' });
      await dialog.getByRole('button', { name: 'Create tenant' }).click();
      await page.getByRole('heading', { level: 1, name: 'Lakeside Eats' }).waitFor();
      await page.getByText('0 of 5').waitFor();
      await page.getByText('This tenant has no restaurant yet.').waitFor();
      await expectAccessible(page, 'tenant page');
      await shot(page, 'tenant-new-1280');

      // the demo tenant: its restaurants, each with a way into management, and its users
      await page.getByRole('link', { name: 'Tenants', exact: true }).first().click();
      await page.getByRole('searchbox', { name: 'Search tenants' }).fill(String(DEMO_TENANT_ID));
      await page.getByRole('table', { name: 'Tenants' }).getByRole('link').first().click();
      const restaurants = page.getByRole('table', { name: /^Restaurants of/ });
      await restaurants.getByRole('row', { name: /Harbor Grill/ }).waitFor();
      const link = restaurants.getByRole('link', { name: /Open in management \(Harbor Grill\)/ });
      expect(await link.getAttribute('href')).toMatch(
        /^\/manage\/\?tenantId=[0-9a-f-]{36}&restaurantId=[0-9a-f-]{36}$/,
      );
      await page
        .getByRole('table', { name: /^Users of/ })
        .getByRole('link', { name: 'Olive Owner' })
        .waitFor();
      await shot(page, 'tenant-demo-1280');

      await nav(page, 'Restaurants');
      await page.getByRole('heading', { level: 1, name: 'Restaurants' }).waitFor();
      await page.getByRole('searchbox', { name: 'Search restaurants' }).fill('Harbor');
      await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
      await page.getByRole('row', { name: /Harbor Grill/ }).waitFor();
      await expectAccessible(page, 'restaurants');
      await shot(page, 'restaurants-1280');
      // into management, on that restaurant (a site administrator may enter any tenant)
      await page.getByRole('link', { name: 'Open in management (Harbor Grill)' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/manage'));
      await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor({ timeout: 30_000 });
      expect(await page.locator('.shell-topbar__title').textContent()).toBe('Harbor Grill');
    } finally {
      await context.close();
    }
    const adminToken = await signInByApi(harness, DEMO_ADMIN);
    const tenants = await apiCall<{
      data: { tenants: { displayName: string; plan: string; status: string }[] };
    }>(harness, 'GET', '/tenants', { token: adminToken });
    expect(tenants.body.data.tenants).toContainEqual(
      expect.objectContaining({ displayName: 'Lakeside Eats', plan: 'professional', status: 'active' }),
    );
  });

  it('works at 390 px: the sidebar is a sheet, lists are cards, every screen passes axe', async () => {
    const { context, page } = await adminPage(harness, { width: 390, height: 844 });
    try {
      await expectAccessible(page, 'overview 390');
      await shot(page, 'overview-390');
      for (const [name, heading] of [
        ['Users', 'Users'],
        ['Tenants', 'Tenants'],
        ['Restaurants', 'Restaurants'],
      ] as const) {
        await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
        const sheet = page.getByTestId('sidebar-sheet');
        await sheet.getByRole('link', { name, exact: true }).click();
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.locator('.data-table__table, .ui-state').first().waitFor();
        await expectAccessible(page, `${name} 390`);
        await shot(page, `${name.toLowerCase()}-390`);
      }
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
      await page.getByTestId('sidebar-sheet').getByRole('link', { name: 'Users', exact: true }).click();
      await page
        .getByRole('row', { name: /Olive Owner/ })
        .getByRole('link')
        .click();
      await page.getByRole('heading', { level: 1, name: 'Olive Owner' }).waitFor();
      await expectAccessible(page, 'user 390');
      await shot(page, 'user-390');
      await page.getByRole('link', { name: 'Demo Restaurant Group' }).click();
      await page.getByRole('heading', { level: 1, name: 'Demo Restaurant Group' }).waitFor();
      await page.getByRole('table', { name: /^Restaurants of/ }).waitFor();
      await expectAccessible(page, 'tenant 390');
      await shot(page, 'tenant-390');
      // the dark theme (system preference; the theme default is system)
      await page.emulateMedia({ colorScheme: 'dark' });
      // Colours change with a short transition: check them once every transition has ended.
      await page.evaluate(async () => {
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
        await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null)));
      });
      await expectAccessible(page, 'tenant 390 dark');
      await shot(page, 'tenant-390-dark');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    } finally {
      await context.close();
    }
  });
});
