import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, DEMO_OWNER, useHarness } from './harness';
import {
  axeViolations,
  createDemoUser,
  HARBOR_GRILL_PATH,
  managementPage,
  screenSettled,
  screenshot,
  serious,
  signInThroughAuthApp,
  type Violation,
} from './helpers';

// The management app (issue 8): sign-in handoff into /manage/, the sidebar shortcut and its
// cookie, theme persistence, role-aware screens, and catalogue records created through the UI.

const harness = useHarness();

/** A link of the sidebar's main navigation (the dashboard has links with the same names). */
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

async function sidebarCookie(context: BrowserContext): Promise<string | undefined> {
  const cookies = await context.cookies(harness.managementOrigin);
  return cookies.find((cookie) => cookie.name === 'sidebar_state')?.value;
}

describe('management app', () => {
  let owner: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    owner = await harness.newContext({ width: 1280, height: 800 });
    page = await owner.newPage();
    await signInThroughAuthApp(page, harness, DEMO_OWNER);
  }, 90_000);
  afterAll(async () => {
    await owner?.close();
  });

  it('lands on the dashboard with the selection from the handoff and the demo counts', async () => {
    const url = new URL(page.url());
    expect(url.pathname).toBe('/manage/');
    expect(url.searchParams.has('token')).toBe(false);
    expect(url.searchParams.has('tenantId')).toBe(false);
    await expect(
      page
        .getByRole('button', { name: /Harbor Grill/ })
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    const items = await page.getByTestId('count-items').textContent();
    expect(Number(items?.replace(/\D+/g, ''))).toBeGreaterThan(0);
    await screenshot(page, 'management-dashboard-1280');
  });

  it('toggles the sidebar with Ctrl+B, keeps the state in the sidebar_state cookie across a reload', async () => {
    const sidebar = page.getByTestId('sidebar');
    expect(await sidebar.getAttribute('data-state')).toBe('expanded');
    await page.keyboard.press('Control+b');
    expect(await sidebar.getAttribute('data-state')).toBe('collapsed');
    expect(await sidebarCookie(owner)).toBe('false');
    // 3rem icon-only (after the width transition)
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 48,
    );
    const cookie = (await owner.cookies(harness.managementOrigin)).find((c) => c.name === 'sidebar_state');
    // 7 days (max-age 604800 s)
    expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 604_800 - 120);
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.getByTestId('sidebar').getAttribute('data-state')).toBe('collapsed');
    await screenshot(page, 'management-sidebar-collapsed-1280');
    await page.keyboard.press('Control+b');
    expect(await page.getByTestId('sidebar').getAttribute('data-state')).toBe('expanded');
    expect(await sidebarCookie(owner)).toBe('true');
    // 16rem expanded
    await page.waitForFunction(
      () => document.querySelector('[data-testid="sidebar"]')?.getBoundingClientRect().width === 256,
    );
  });

  it('keeps the chosen theme across a reload', async () => {
    await page.getByRole('button', { name: /Theme:/ }).click();
    const menu = page.getByRole('menu', { name: 'Theme Preferences' });
    await menu.waitFor();
    expect(await menu.getByRole('menuitemradio', { name: 'System' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    await menu.getByRole('menuitemradio', { name: 'Dark' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await screenshot(page, 'management-dashboard-dark-1280');
    await nav(page, 'Printers').click();
    await page.getByRole('button', { name: 'New printer' }).first().click();
    await page.getByRole('dialog', { name: 'New printer' }).waitFor();
    await screenshot(page, 'management-printer-dialog-dark-1280');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'New printer' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /Theme:/ }).click();
    await page.getByRole('menuitemradio', { name: 'Light' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  });

  it('creates a tax rate through the UI, with the schema messages first, and the API returns it', async () => {
    await nav(page, 'Tax rates').click();
    await page.getByRole('heading', { name: 'Tax rates', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New tax rate' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New tax rate' });
    await dialog.waitFor();
    await dialog.getByLabel('Rate', { exact: true }).fill('-1');
    await dialog.getByRole('button', { name: 'Create tax rate' }).click();
    await dialog.getByText('Tax rate name cannot be empty').waitFor();
    await dialog.getByText('Rate cannot be negative').waitFor();
    await dialog.getByLabel('Name').fill('E2E county tax');
    await dialog.getByLabel('Rate', { exact: true }).fill('2.5');
    // fixed values clear their errors as you type
    await dialog.getByText('Rate cannot be negative').waitFor({ state: 'detached' });
    expect(await dialog.getByLabel('Name').getAttribute('aria-invalid')).toBeNull();
    await screenshot(page, 'management-tax-rate-dialog-1280');
    await dialog.getByRole('button', { name: 'Create tax rate' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: 'E2E county tax' }).waitFor();
    await screenshot(page, 'management-tax-rates-1280');

    const list = await apiCall<{
      data: { name: string; rate: number; type: string; roundingOptions: string }[];
    }>(harness, 'GET', `${HARBOR_GRILL_PATH}/tax-rates`, { token: harness.ownerToken });
    const created = list.body.data.find((rate) => rate.name === 'E2E county tax');
    expect(created).toMatchObject({ rate: 2.5, type: 'Percent', roundingOptions: 'Half Even Rounding' });

    // edit (a merge patch), then delete after confirming
    await page.getByRole('button', { name: 'Edit E2E county tax' }).click();
    const editor = page.getByRole('dialog', { name: 'Edit tax rate' });
    await editor.getByLabel('Rate', { exact: true }).fill('3');
    await editor.getByRole('button', { name: 'Save changes' }).click();
    await editor.waitFor({ state: 'detached' });
    const afterEdit = await apiCall<{ data: { name: string; rate: number }[] }>(
      harness,
      'GET',
      `${HARBOR_GRILL_PATH}/tax-rates`,
      { token: harness.ownerToken },
    );
    expect(afterEdit.body.data.find((rate) => rate.name === 'E2E county tax')?.rate).toBe(3);
    await page.getByRole('button', { name: 'Delete E2E county tax' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete E2E county tax?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: 'E2E county tax' }).waitFor({ state: 'detached' });
    const afterDelete = await apiCall<{ data: { name: string }[] }>(
      harness,
      'GET',
      `${HARBOR_GRILL_PATH}/tax-rates`,
      {
        token: harness.ownerToken,
      },
    );
    expect(afterDelete.body.data.some((rate) => rate.name === 'E2E county tax')).toBe(false);
  });

  it('creates a prep station through the UI and the API returns it', async () => {
    await nav(page, 'Prep stations').click();
    await page.getByRole('heading', { name: 'Prep stations', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New prep station' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New prep station' });
    await dialog.getByLabel('Name').fill('E2E grill');
    await dialog.getByRole('switch', { name: 'Send to expediter' }).check();
    await dialog.getByRole('button', { name: 'Create prep station' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: 'E2E grill' }).waitFor();
    await screenshot(page, 'management-prep-stations-1280');

    const list = await apiCall<{ data: { name: string; sendToExpediter: boolean }[] }>(
      harness,
      'GET',
      `${HARBOR_GRILL_PATH}/prep-stations`,
      { token: harness.ownerToken },
    );
    expect(list.body.data.find((station) => station.name === 'E2E grill')).toMatchObject({
      sendToExpediter: true,
    });
  });

  it('puts the server’s field error on its field (a ticket printer deleted while the form was open)', async () => {
    const printer = await apiCall<{ data: { printerId: number } }>(
      harness,
      'POST',
      `${HARBOR_GRILL_PATH}/printers`,
      {
        token: harness.ownerToken,
        body: { name: 'E2E ghost printer', model: 'TM-T20' },
      },
    );
    expect(printer.status).toBe(201);
    await page.goto(`${harness.managementOrigin}/manage/prep-stations`);
    await page.getByRole('heading', { name: 'Prep stations', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New prep station' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New prep station' });
    await dialog.getByLabel('Name').fill('E2E fryer');
    await dialog.getByLabel('Ticket printer').selectOption({ label: 'E2E ghost printer' });
    const gone = await apiCall(
      harness,
      'DELETE',
      `${HARBOR_GRILL_PATH}/printers/${printer.body.data.printerId}`,
      {
        token: harness.ownerToken,
      },
    );
    expect(gone.status).toBe(204);
    await dialog.getByRole('button', { name: 'Create prep station' }).click();
    const message = `Printer with ID ${printer.body.data.printerId} not found`;
    await dialog.getByText(message).waitFor();
    // the message sits on the field: its select is marked invalid and described by it
    const select = dialog.getByLabel('Ticket printer');
    expect(await select.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await select.getAttribute('aria-describedby')) ?? '';
    const description = await page.evaluate(
      (ids) =>
        ids
          .split(' ')
          .map((id) => document.getElementById(id)?.textContent ?? '')
          .join(' '),
      describedBy,
    );
    expect(description).toContain(message);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  it('shows the shared schema’s cross-field and format messages on the printer form (static IP, IPv4)', async () => {
    await page.goto(`${harness.managementOrigin}/manage/printers`);
    await page.getByRole('heading', { name: 'Printers', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New printer' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New printer' });
    await dialog.getByLabel('Name').fill('Kitchen 1');
    await dialog.getByLabel('Model').fill('TM-T88');
    await dialog.getByLabel('IP setup').selectOption({ label: 'Static' });
    await dialog.getByRole('button', { name: 'Create printer' }).click();
    await dialog.getByText('Static IP setup requires an IP address.').waitFor();
    await dialog.getByLabel('IP address').fill('10.0.0.300');
    await dialog.getByRole('button', { name: 'Create printer' }).click();
    await dialog.getByText('Invalid IP address').waitFor();
    await dialog.getByLabel('IP address').fill('10.0.0.30');
    await dialog.getByLabel('Cash drawers').selectOption({ label: 'Two Cash Drawers' });
    await dialog.getByLabel('Drawer name').fill('Front counter drawer');
    await screenshot(page, 'management-printer-dialog-1280');
    await dialog.getByRole('button', { name: 'Create printer' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: 'Kitchen 1' }).waitFor();
  });

  it('activates and deactivates job titles and hires an employee with a job, showing the derived access', async () => {
    await nav(page, 'Job titles').click();
    await page.getByRole('heading', { name: 'Job titles', level: 1 }).waitFor();
    for (const [title, wage] of [
      ['E2E Server', '15'],
      ['E2E Host', '14'],
    ] as const) {
      await page.getByRole('button', { name: 'New job title' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New job title' });
      await dialog.getByLabel('Title').fill(title);
      await dialog.getByLabel('Default hourly wage').fill(wage);
      await dialog.getByRole('button', { name: 'Create job title' }).click();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('rowheader', { name: title }).waitFor();
    }
    await page.getByRole('button', { name: 'Deactivate E2E Host' }).click();
    await page.getByRole('button', { name: 'Activate E2E Host' }).waitFor();
    await screenshot(page, 'management-job-titles-1280');

    await nav(page, 'Employees').click();
    await page.getByRole('heading', { name: 'Employees', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New employee' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New employee' });
    await dialog.getByRole('button', { name: 'Create employee' }).click();
    await dialog.getByText('First name is required').waitFor();
    await dialog.getByText('Last name is required').waitFor();
    await dialog.getByLabel('First name').fill('Ana');
    await dialog.getByLabel('Last name').fill('Lopez');
    await dialog.getByLabel('Role').selectOption({ label: 'Server' });
    await dialog.getByLabel('Hourly rate').fill('14');
    await dialog.getByRole('button', { name: 'Assign a job' }).click();
    const job = dialog.getByTestId('job-assignment');
    const offered = await job.getByLabel('Job title').locator('option').allTextContents();
    expect(offered).toContain('E2E Server');
    expect(offered).not.toContain('E2E Host'); // inactive: not assignable
    await job.getByLabel('Job title').selectOption({ label: 'E2E Server' });
    await job.getByLabel('Wage override').fill('16.5');
    const derived = dialog.getByTestId('derived-access');
    await expect(derived.innerText()).resolves.toMatch(/POS access\s+Yes/i);
    await expect(derived.innerText()).resolves.toMatch(/Kitchen access\s+No/i);
    await expect(derived.innerText()).resolves.toMatch(/Effective wage\s+\$16\.50/i);
    await expect(derived.innerText()).resolves.toMatch(/Can clock in\s+Yes/i);
    await screenshot(page, 'management-employee-dialog-1280');
    await dialog.getByRole('button', { name: 'Create employee' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('rowheader', { name: 'Ana Lopez' }).waitFor();
    await screenshot(page, 'management-employees-1280');

    const titles = await apiCall<{ data: { jobId: number; title: string; isActive: boolean }[] }>(
      harness,
      'GET',
      `${HARBOR_GRILL_PATH}/job-titles`,
      { token: harness.ownerToken },
    );
    const server = titles.body.data.find((title) => title.title === 'E2E Server');
    expect(titles.body.data.find((title) => title.title === 'E2E Host')?.isActive).toBe(false);
    const employees = await apiCall<{
      data: {
        firstName: string;
        role: string;
        jobAssignments: { jobId: number; wageOverride?: number }[];
        derived: { hasPosAccess: boolean; effectiveWage?: number; canClockIn: boolean };
      }[];
    }>(harness, 'GET', `${HARBOR_GRILL_PATH}/employees`, { token: harness.ownerToken });
    const ana = employees.body.data.find((employee) => employee.firstName === 'Ana');
    expect(ana).toMatchObject({
      role: 'server',
      jobAssignments: [{ jobId: server?.jobId, wageOverride: 16.5 }],
      derived: { hasPosAccess: true, effectiveWage: 16.5, canClockIn: true },
    });
  });

  it('has no serious accessibility violations on the dashboard, a list and two editor dialogs (axe-core)', async () => {
    const results: Violation[] = [];
    const pages: { path: string; dialog?: string }[] = [
      { path: '/manage/' },
      { path: '/manage/tax-rates' },
      { path: '/manage/printers', dialog: 'New printer' },
      { path: '/manage/employees', dialog: 'New employee' },
    ];
    for (const { path, dialog } of pages) {
      await page.goto(`${harness.managementOrigin}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await screenSettled(page);
      if (dialog) {
        await page.getByRole('button', { name: dialog }).first().click();
        await page.getByRole('dialog', { name: dialog }).waitFor();
      }
      results.push(...(await axeViolations(page)));
    }
    expect(serious(results), JSON.stringify(results)).toEqual([]);
  });

  it('switches to another restaurant of the organization from the sidebar', async () => {
    const created = await apiCall(harness, 'POST', `${HARBOR_GRILL_PATH}/tax-rates`, {
      token: harness.ownerToken,
      body: { name: 'E2E Harbor Grill only', rate: 1 },
    });
    expect(created.status).toBe(201);
    await page.goto(`${harness.managementOrigin}/manage/tax-rates`);
    await page.getByRole('heading', { name: 'Tax rates', level: 1 }).waitFor();
    await page
      .getByRole('button', { name: /Harbor Grill/ })
      .first()
      .click();
    const menu = page.getByRole('menu', { name: 'Switch restaurant' });
    await menu.getByRole('menuitemradio', { name: 'Lantern Noodle Bar' }).click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    await page.getByText('What Lantern Noodle Bar has set up, at a glance.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('selected_restaurant_id'))).not.toBe('20000001');
    await nav(page, 'Tax rates').click();
    await page.getByRole('heading', { name: 'Tax rates', level: 1 }).waitFor();
    await page
      .getByRole('table', { name: 'Tax rates' })
      .or(page.getByRole('heading', { name: 'No tax rates yet' }))
      .waitFor();
    // Harbor Grill's rates are not this restaurant's
    expect(await page.getByText('E2E Harbor Grill only').count()).toBe(0);
  });
});

describe('management app on a phone (390x844)', () => {
  it('opens the sidebar as a sheet, keeps focus in it, closes it with Esc; screenshots', async () => {
    const { context, page } = await managementPage(harness, DEMO_OWNER, { width: 390, height: 844 });
    await screenshot(page, 'management-dashboard-390');
    const sheet = page.getByTestId('sidebar-sheet');
    expect(await sheet.evaluate((dialog: HTMLDialogElement) => dialog.open)).toBe(false);
    await page.keyboard.press('Control+b');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid="sidebar-sheet"]') as HTMLDialogElement).open,
    );
    const width = await sheet.evaluate((dialog) => dialog.getBoundingClientRect().width);
    expect(width).toBe(288); // 18rem
    for (let step = 0; step < 30; step++) await page.keyboard.press('Tab');
    expect(
      await page.evaluate(() => document.activeElement?.closest('[data-testid="sidebar-sheet"]') !== null),
    ).toBe(true);
    await screenshot(page, 'management-sidebar-sheet-390');
    await page.keyboard.press('Escape');
    await page.waitForFunction(
      () => !(document.querySelector('[data-testid="sidebar-sheet"]') as HTMLDialogElement).open,
    );

    await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
    await nav(page, 'Tax rates').click();
    await page.getByRole('heading', { name: 'Tax rates', level: 1 }).waitFor();
    await page.getByRole('rowheader').first().waitFor();
    await screenshot(page, 'management-tax-rates-390');
    await page.goto(`${harness.managementOrigin}/manage/employees`);
    await page.getByRole('heading', { name: 'Employees', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'New employee' }).first().click();
    await page.getByRole('dialog', { name: 'New employee' }).waitFor();
    await screenshot(page, 'management-employee-dialog-390');
    await context.close();
  }, 90_000);
});

describe('management app for an employee', () => {
  it('shows catalogue records read-only: no create, edit or delete, and no employee records', async () => {
    const email = `staff-${Date.now()}@example.com`;
    const password = 'staff-pass-1';
    await createDemoUser(harness, {
      email,
      password,
      firstName: 'Sam',
      lastName: 'Server',
      tenantRole: 'employee',
    });
    await apiCall(harness, 'POST', `${HARBOR_GRILL_PATH}/courses`, {
      token: harness.ownerToken,
      body: { name: 'E2E starters' },
    });

    const { context, page } = await managementPage(harness, { email, password });
    await nav(page, 'Courses').click();
    await page.getByRole('heading', { name: 'Courses', level: 1 }).waitFor();
    await page.getByRole('rowheader', { name: 'E2E starters' }).waitFor();
    expect(await page.getByRole('button', { name: 'New course' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await page.getByRole('button', { name: 'View E2E starters' }).click();
    const dialog = page.getByRole('dialog', { name: 'Course' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Name').isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: /Save|Create/ }).count()).toBe(0);
    await screenshot(page, 'management-employee-readonly-1280');
    await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();

    await nav(page, 'Employees').click();
    await page.getByRole('heading', { name: 'Managers only' }).waitFor();
    // the server agrees (decision 008)
    const write = await page.evaluate(
      async (path) =>
        (
          await fetch(`/api/v1${path}/courses`, {
            method: 'POST',
            credentials: 'include',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ name: 'Nope' }),
          })
        ).status,
      HARBOR_GRILL_PATH,
    );
    expect(write).toBe(403);

    // sign-out ends the session and goes to the auth service with the from-logout flag
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.waitForURL(
      (url) => url.pathname.startsWith('/auth') && url.searchParams.get('fromLogout') === 'true',
    );
    await page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    const session = await page.evaluate(
      async () => (await fetch('/api/v1/auth/session', { credentials: 'include' })).status,
    );
    expect(session).toBe(401);
    await context.close();
  }, 90_000);
});

// The app's start-up failure states, made the way they happen in use: code that cannot be fetched (a deploy
// replaced the files, the network dropped). Production build, so no error details.
describe('management app when its code cannot load', () => {
  const scripts = /\/manage\/assets\/[^/]+\.js$/;

  it('shows "Something went wrong" with "Refresh Page" in the content area, keeps the shell, recovers', async () => {
    const { context, page } = await managementPage(harness);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    // from now on no new chunk arrives; the tax rates screen has not been loaded yet
    let blocked = 0;
    await page.route(scripts, (route) => {
      blocked += 1;
      return route.abort('connectionfailed');
    });
    await nav(page, 'Tax rates').click();
    const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
    await alert.waitFor();
    expect(blocked).toBeGreaterThan(0);
    await alert
      .getByText('An unexpected error occurred. Please refresh the page or try again later.')
      .waitFor();
    expect(await alert.getByText('Error details').count()).toBe(0);
    // the shell stays usable: the sidebar leads back to a screen that is already loaded
    await nav(page, 'Dashboard').click();
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    // the code is back; Refresh Page loads the screen
    await nav(page, 'Tax rates').click();
    await alert.waitFor();
    await screenshot(page, 'management-error-fallback-1280');
    await page.unroute(scripts);
    await alert.getByRole('button', { name: 'Refresh Page' }).click();
    await page.getByRole('heading', { name: 'Tax rates', level: 1 }).waitFor();
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    await context.close();
  }, 90_000);

  it('shows "Failed to initialize app" with "Refresh Page" when the app itself cannot load', async () => {
    const context = await harness.newContext({ width: 390, height: 844 });
    const page = await context.newPage();
    const html = await (await fetch(`${harness.managementOrigin}/manage/`)).text();
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toMatch(scripts);
    // the page and its entry script arrive, the app chunk behind them does not
    await page.route(scripts, (route) =>
      new URL(route.request().url()).pathname === entry ? route.continue() : route.abort('connectionfailed'),
    );
    await page.goto(`${harness.managementOrigin}/manage/`);
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to initialize app' });
    await alert.waitFor();
    await screenshot(page, 'management-boot-failure-390');
    await page.unroute(scripts);
    await alert.getByRole('button', { name: 'Refresh Page' }).click();
    // the app starts: nobody is signed in in this browser, so it hands over to sign-in
    await page.waitForURL((url) => url.pathname.startsWith('/auth'));
    await context.close();
  }, 90_000);
});
