import { planChangeRefusal } from '@brigade/domain/tenant';
import { describe, expect, it } from 'vitest';
import { adminPage, expectAccessible, expectNoViolations, nav, shot } from './admin-helpers';
import { apiCall, DEMO_ADMIN, DEMO_OWNER, DEMO_TENANT_ID, signInByApi, useHarness } from './harness';
import { type Credentials, fillSignIn, watchCspViolations } from './helpers';

// The site administration app (issue 17): the admin-protected route in front of the users,
// tenants and restaurants screens. A non-admin gets "Access Denied" and the server refuses the admin API;
// the site admin finds a user and makes them a manager of a tenant, creates a tenant with its plan's cap,
// and every screen passes axe-core at 1280 and 390 px (screenshots in /tmp/admin).

const harness = useHarness();
const signInAttempt = (who: Credentials) => apiCall(harness, 'POST', '/auth/signin', { body: who });

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
      // the strength meter counts the person's own name as easy to guess
      await dialog.getByLabel('Password', { exact: true }).fill('quinnokafor');
      await dialog
        .locator('.ui-strength')
        .getByText(/^Strength: (Too easy to guess|Weak)/)
        .waitFor();
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

      // the list's filters are the server's: Quinn is among the demo tenant's active users, not the inactive
      await page.getByRole('link', { name: '← Users' }).click();
      await page.getByLabel('Tenant', { exact: true }).selectOption({ label: 'Demo Restaurant Group' });
      await page.getByRole('row', { name: /Quinn Okafor/ }).waitFor();
      await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Inactive' });
      await page.getByText('No users match the filters').waitFor();
      expect(await csp()).toEqual([]);
    } finally {
      await context.close();
    }
    // in the auth app's selection, the user now finds the tenant: its restaurants to choose from
    const auth = await harness.newContext();
    try {
      const page = await auth.newPage();
      const target = `${harness.managementOrigin}/manage/`;
      await page.goto(
        `${harness.authOrigin}/auth/?returnUrl=${encodeURIComponent(target)}&context=management`,
      );
      await fillSignIn(page, person);
      await page.getByRole('heading', { name: 'Select Restaurant' }).waitFor({ timeout: 20_000 });
      await page.getByText('Demo Restaurant Group', { exact: true }).waitFor();
      await page.getByRole('button', { name: /Harbor Grill/ }).waitFor();
      await page.getByRole('button', { name: /Lantern Noodle Bar/ }).waitFor();
      await shot(page, 'manager-selection-1280');
    } finally {
      await auth.close();
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
      // an inactive account may sign in, but enters no tenant (access needs an active user)
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

  it('deletes only a profile behind a confirmation naming what is lost; the person still signs in', async () => {
    const adminToken = await signInByApi(harness, DEMO_ADMIN);
    const body = {
      email: 'pia.profile-e2e@example.com',
      password: 'profile-secret',
      firstName: 'Pia',
      lastName: 'Profile',
    };
    const created = await apiCall<{ data: { user: { uid: string } } }>(harness, 'POST', '/admin-users', {
      token: adminToken,
      body: { ...body, tenantId: DEMO_TENANT_ID, tenantRole: 'manager' },
    });
    expect(created.status).toBe(201);
    const { uid } = created.body.data.user;
    const { context, page } = await adminPage(harness);
    try {
      await page.goto(`${harness.adminOrigin}/admin/users/${uid}`);
      await page.getByRole('heading', { level: 1, name: 'Pia Profile' }).waitFor({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Delete profile only' }).click();
      const confirm = page.getByRole('alertdialog', { name: "Delete Pia Profile's profile?" });
      const message = await confirm.textContent();
      expect(message).toContain('names, phone and photo');
      expect(message).toContain('1 tenant assignment');
      expect(message).toContain(`they can still sign in as ${body.email}`);
      await expectNoViolations(page, 'delete profile confirmation');
      await shot(page, 'delete-profile-1280');
      await confirm.getByRole('button', { name: 'Delete profile' }).click();
      // the page stays, now with the email as the name and no tenant
      await page.getByRole('heading', { level: 1, name: body.email }).waitFor();
      await page.getByText("Pia Profile's profile deleted").waitFor();
    } finally {
      await context.close();
    }
    const again = (await signInAttempt(body)) as { status: number; body: { sessionToken: string } };
    expect(again.status).toBe(200);
    const tenants = await apiCall<{ data: unknown[] }>(harness, 'GET', '/me/tenants', {
      token: again.body.sessionToken,
    });
    expect(tenants.body.data).toEqual([]);
  });

  it('creates a tenant (the spec’s messages first), shows its plan’s cap, and lists restaurants', async () => {
    const { context, page } = await adminPage(harness);
    try {
      // keyboard: Ctrl+B collapses and expands the sidebar
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

  it('seeds a tenant with restaurants (all or nothing, the plan’s cap) and edits its settings', async () => {
    const { context, page } = await adminPage(harness);
    try {
      await nav(page, 'Tenants');
      await page.getByRole('button', { name: 'Seed tenant with restaurants' }).click();
      const dialog = page.getByRole('dialog', { name: 'Seed tenant with restaurants' });
      const submit = dialog.getByRole('button', { name: 'Create tenant and restaurants' });
      await submit.click();
      await dialog.getByText('Business name is required').waitFor();
      await dialog.getByText('Street is required').waitFor();
      await expectNoViolations(page, 'seed dialog');
      await shot(page, 'seed-tenant-1280');
      await dialog.getByLabel('Business name').fill('Riverside Kitchens LLC');
      await dialog.getByLabel('Display name').fill('Riverside Kitchens');
      await dialog.getByLabel('Plan').selectOption({ label: 'Starter — up to 1 restaurant' });
      const restaurant = (n: number) => dialog.getByRole('group', { name: `Restaurant ${n}` });
      const fill = async (n: number, name: string) => {
        const r = restaurant(n);
        await r.getByLabel('Name').fill(name);
        await r.getByLabel('Concept').fill('Bistro');
        await r.getByLabel('Street').fill('1 River Road');
        await r.getByLabel('City').fill('Portland');
        await r.getByLabel('State').fill('ME');
        await r.getByLabel('ZIP code').fill('04101');
        await r.getByLabel('Phone').fill('207-555-0100');
        await r.getByLabel('Email').fill('hello@riverside.example.com');
      };
      await fill(1, 'Riverside North');
      await dialog.getByRole('button', { name: 'Add restaurant' }).click();
      await fill(2, 'Riverside South');
      await dialog.getByText('2 of up to 1 restaurant on this plan.').waitFor();
      // the server refuses two restaurants on the starter plan, and creates nothing
      await submit.click();
      await dialog.getByText(planChangeRefusal('starter', 2)!).waitFor();
      await dialog.getByLabel('Plan').selectOption({ label: 'Professional — up to 5 restaurants' });
      await submit.click();
      await page.getByRole('heading', { level: 1, name: 'Riverside Kitchens' }).waitFor();
      const restaurants = page.getByRole('table', { name: 'Restaurants of Riverside Kitchens' });
      await restaurants.getByRole('row', { name: /Riverside North/ }).waitFor();
      await restaurants.getByRole('row', { name: /Riverside South/ }).waitFor();
      await page.getByText('2 of 5').waitFor();

      // settings: the server's messages, then saved
      const settings = page.getByRole('form', { name: 'Tenant settings' });
      await settings.getByLabel('Time zone').fill('Mars/Base');
      await settings.getByLabel('Currency').fill('EURO');
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await settings.getByText('Timezone must be a valid IANA time zone').waitFor();
      await settings.getByText('Currency must be a 3-letter code').waitFor();
      // the zone is picked from the browser's list of IANA zones, which the field offers as suggestions
      const zone = settings.getByLabel('Time zone');
      const listId = await zone.getAttribute('list');
      expect(await settings.locator(`datalist[id="${listId}"] option[value="Europe/Lisbon"]`).count()).toBe(
        1,
      );
      expect(await settings.locator(`datalist[id="${listId}"] option`).count()).toBeGreaterThan(300);
      await zone.fill('Europe/Lisbon');
      await settings.getByLabel('Currency').fill('eur');
      await settings.getByLabel('Date format').fill('DD/MM/YYYY');
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Europe/Lisbon · EUR · DD/MM/YYYY').waitFor();
      await expectNoViolations(page, 'tenant with settings');
      await shot(page, 'tenant-seeded-1280');
    } finally {
      await context.close();
    }
    const adminToken = await signInByApi(harness, DEMO_ADMIN);
    const tenants = await apiCall<{
      data: { tenants: { displayName: string; settings: { timezone: string } }[] };
    }>(harness, 'GET', '/tenants', { token: adminToken });
    const riverside = tenants.body.data.tenants.filter((t) => t.displayName === 'Riverside Kitchens');
    expect(riverside).toHaveLength(1);
    expect(riverside[0]!.settings.timezone).toBe('Europe/Lisbon');
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
