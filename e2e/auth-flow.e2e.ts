import { COMMON_PASSWORD_MESSAGE } from '@brigade/domain/user';
import { describe, expect, it } from 'vitest';
import { apiCall, DEMO_ADMIN, DEMO_OWNER, DEMO_TENANT_ID, signInByApi, useHarness } from './harness';
import {
  axeViolations,
  fillSignIn,
  screenshot,
  serious,
  signInThroughAuthApp,
  watchCspViolations,
} from './helpers';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const harness = useHarness();

describe('auth app', () => {
  it('signs up, is activated by an admin, signs in with a return URL and lands on the target with a selection', async () => {
    const email = `e2e-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const password = 'kitchen-pass-1';

    // 1. Self-signup: the account exists but awaits activation.
    const signupContext = await harness.newContext();
    const signupPage = await signupContext.newPage();
    await signupPage.goto(`${harness.authOrigin}/auth/signup`);
    await signupPage.getByLabel('First name').fill('Rosa');
    await signupPage.getByLabel('Last name').fill('Lind');
    await signupPage.getByLabel('Email').fill(email);
    // The meter says how guessable the password is as it is typed; the server refuses the most common ones.
    const passwordField = signupPage.getByLabel('Password', { exact: true });
    const meter = signupPage.locator('.ui-strength');
    await passwordField.fill('Password123');
    await meter.getByText('Strength: Weak. This is a commonly used password.').waitFor();
    await signupPage.getByRole('button', { name: 'Create Account' }).click();
    await signupPage.getByText(COMMON_PASSWORD_MESSAGE).waitFor();
    expect(await passwordField.getAttribute('aria-invalid')).toBe('true');
    await passwordField.fill('rosalind');
    await meter.getByText(/^Strength: Weak\. There should not be any personal/).waitFor();
    await passwordField.fill(password);
    await meter.getByText('Strength: Strong', { exact: true }).waitFor();
    expect(await meter.locator('.ui-strength__bars > span').count()).toBe(4);
    expect(serious(await axeViolations(signupPage))).toEqual([]);
    await screenshot(signupPage, 'sign-up-strong-password-1280');
    await signupPage.getByRole('button', { name: 'Create Account' }).click();
    await signupPage.getByRole('heading', { name: 'Your account awaits activation' }).waitFor();
    await screenshot(signupPage, 'awaiting-activation-1280');
    await signupContext.close();

    // 2. The demo admin activates the account and assigns it to the demo tenant.
    const adminToken = await signInByApi(harness, DEMO_ADMIN);
    const found = await apiCall<{ data: { users: { uid: string; email: string }[] } }>(
      harness,
      'GET',
      `/admin-users?search=${encodeURIComponent(email)}`,
      { token: adminToken },
    );
    expect(found.status).toBe(200);
    const uid = found.body.data.users.find((user) => user.email === email)?.uid;
    expect(uid).toBeTruthy();
    const activated = await apiCall(harness, 'PATCH', `/admin-users/${uid}`, {
      token: adminToken,
      body: { isActive: true },
    });
    expect(activated.status).toBe(200);
    const assigned = await apiCall(harness, 'POST', `/admin-users/${uid}/tenant-assignments`, {
      token: adminToken,
      body: { tenantId: DEMO_TENANT_ID, role: 'manager' },
    });
    expect(assigned.status).toBe(200);
    const tenants = await apiCall<{ data: { tenantId: number; guid: string }[] }>(
      harness,
      'GET',
      '/me/tenants',
      {
        token: adminToken,
      },
    );
    const demoTenant = tenants.body.data.find((tenant) => tenant.tenantId === DEMO_TENANT_ID);
    expect(demoTenant?.guid).toMatch(GUID);

    // 3. Sign in on the auth app with a return URL on another allowed origin and the management context.
    const context = await harness.newContext();
    const page = await context.newPage();
    const target = `${harness.targetOrigin}/auth/?from=e2e`;
    const landing = page.waitForRequest(
      (request) => request.isNavigationRequest() && request.url().startsWith(harness.targetOrigin),
      { timeout: 30_000 },
    );
    await page.goto(`${harness.authOrigin}/auth/?returnUrl=${encodeURIComponent(target)}&context=management`);
    await page.getByText('Sign in to continue to').waitFor();
    await fillSignIn(page, { email, password });

    // 4. One organization: the wizard selects it by itself (after 100 ms) and asks for the restaurant; the
    // demo organization has two, so the user picks one and the browser goes back to the target.
    await page.getByRole('heading', { name: 'Select Restaurant' }).waitFor();
    await page.getByRole('button', { name: /Harbor Grill/ }).click();
    const landed = new URL((await landing).url());
    expect(landed.searchParams.get('from')).toBe('e2e');
    expect(landed.searchParams.get('token')).toBeTruthy();
    expect(landed.searchParams.get('tenantId')).toBe(demoTenant?.guid);
    expect(landed.searchParams.get('restaurantId')).toMatch(GUID);

    // 5. The target's token handler exchanges the code for a session and cleans the address bar.
    await page.getByRole('heading', { name: "You're signed in" }).waitFor({ timeout: 20_000 });
    await page.getByText('Demo').first().waitFor();
    await screenshot(page, 'target-home-1280');
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    expect(new URL(page.url()).searchParams.get('tenantId')).toBe(demoTenant?.guid);
    const session = await page.evaluate(async () => {
      const response = await fetch('/api/v1/auth/session', { credentials: 'include' });
      return {
        status: response.status,
        body: (await response.json()) as { data?: { user?: { email?: string } } },
      };
    });
    expect(session.status).toBe(200);
    expect(session.body.data?.user?.email).toBe(email);
    await context.close();
  });

  it('runs the sign-in page and the management dashboard under their Content-Security-Policy without a violation', async () => {
    const context = await harness.newContext();
    const page = await context.newPage();
    const violations = await watchCspViolations(page);
    const policies: Record<string, string> = {};
    page.on('response', async (response) => {
      if (response.request().resourceType() === 'document') {
        policies[new URL(response.url()).origin] =
          (await response.allHeaders())['content-security-policy'] ?? '';
      }
    });
    await signInThroughAuthApp(page, harness);
    // the dashboard drew its counts (its script and stylesheet ran)
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    expect(await page.evaluate('getComputedStyle(document.body).margin')).toBe('0px');
    for (const origin of [harness.authOrigin, harness.managementOrigin]) {
      expect(policies[origin], origin).toContain("frame-ancestors 'none'");
      expect(policies[origin], origin).toContain("script-src 'self'");
    }
    expect(await violations()).toEqual([]);
    await context.close();
  });

  it('leaves the console clean for a signed-out visitor of the sign-in page, and sends its script compressed', async () => {
    const context = await harness.newContext({ width: 390, height: 844 });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const failed: string[] = [];
    const encodings: Record<string, string> = {};
    page.on('response', async (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
      if (response.request().resourceType() === 'script')
        encodings[response.url()] = (await response.allHeaders())['content-encoding'] ?? 'none';
    });
    await page.goto(`${harness.authOrigin}/auth/`);
    await page.getByRole('heading', { name: 'Sign in to Brigade' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(failed).toEqual([]);
    expect(errors).toEqual([]);
    expect(Object.values(encodings).length).toBeGreaterThan(0);
    for (const [url, encoding] of Object.entries(encodings)) expect(encoding, url).toBe('br');
    await context.close();
  });

  it("shows the server's message when the password is wrong", async () => {
    const context = await harness.newContext();
    const page = await context.newPage();
    await page.goto(`${harness.authOrigin}/auth/`);
    await fillSignIn(page, { email: DEMO_ADMIN.email, password: 'not-the-password' });
    const alert = page.getByRole('alert').filter({ hasText: 'Sign-in failed' });
    await alert.waitFor();
    await screenshot(page, 'sign-in-wrong-password-1280');
    expect((await alert.textContent())?.length).toBeGreaterThan('Sign-in failed'.length);
    await expect(page.getByLabel('Email').inputValue()).resolves.toBe(DEMO_ADMIN.email);
    await context.close();
  });

  it('keeps the reset token in the address and shows the server answer for an unknown one', async () => {
    const context = await harness.newContext({ width: 360, height: 740 });
    const page = await context.newPage();
    await page.goto(`${harness.authOrigin}/auth/forgot-password`);
    await page.getByLabel('Email').fill(DEMO_OWNER.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText('Check your inbox').waitFor();

    await page.goto(`${harness.authOrigin}/auth/reset-password?token=not-a-real-token`);
    await page.getByLabel('New password', { exact: true }).fill('new-secret-1');
    await page.getByLabel('Confirm new password').fill('new-secret-2');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Confirm new password').fill('new-secret-1');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'Could not reset the password' }).waitFor();
    expect(new URL(page.url()).searchParams.get('token')).toBe('not-a-real-token');
    await screenshot(page, 'reset-password-error-360');
    await context.close();
  });

  it('refuses a return URL outside the allowed origins after sign-in', async () => {
    const context = await harness.newContext();
    const page = await context.newPage();
    await page.goto(
      `${harness.authOrigin}/auth/?returnUrl=${encodeURIComponent('https://evil.example.com/x')}`,
    );
    await fillSignIn(page, DEMO_OWNER);
    await page.getByText('This return address is not allowed').waitFor();
    expect(page.url().startsWith(harness.authOrigin)).toBe(true);
    await context.close();
  });

  it('offers the apps after a direct sign-in, and opens management with the organization clicked', async () => {
    const context = await harness.newContext({ width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto(`${harness.authOrigin}/auth/`);
    await fillSignIn(page, DEMO_OWNER);
    await page.getByRole('heading', { name: "You're signed in" }).waitFor({ timeout: 20_000 });
    const apps = page.getByRole('list', { name: 'Your apps' });
    expect(await apps.getByRole('link').allTextContents()).toEqual([
      expect.stringContaining('Management'),
      expect.stringContaining('Menu display'),
    ]);
    expect(await apps.getByRole('link', { name: /Management/ }).getAttribute('href')).toBe('/manage/');
    expect(serious(await axeViolations(page))).toEqual([]);
    await screenshot(page, 'auth-home-apps-390');

    // The organization opens management with it chosen: one step left, and the wizard says why.
    await page
      .getByRole('button', { name: /open in Management$/ })
      .first()
      .click();
    await page.waitForURL(/\/manage\//);
    await page.getByRole('heading', { name: 'Select Restaurant' }).waitFor({ timeout: 20_000 });
    await page.getByText('Step 1 of 1').waitFor();
    await page.getByText(/your only one, so it is chosen for you/).waitFor();
    expect(await page.getByRole('button', { name: 'Back' }).count()).toBe(0);
    await screenshot(page, 'management-wizard-one-organization-390');
    await context.close();

    // A site administrator also gets the site administration.
    const adminContext = await harness.newContext();
    const adminPage = await adminContext.newPage();
    await adminPage.goto(`${harness.authOrigin}/auth/`);
    await fillSignIn(adminPage, DEMO_ADMIN);
    await adminPage.getByRole('heading', { name: "You're signed in" }).waitFor({ timeout: 20_000 });
    await adminPage.getByRole('link', { name: /Site administration/ }).waitFor();
    await adminContext.close();
  });

  it('signing out in one tab signs out the other tabs and apps of the browser', async () => {
    const context = await harness.newContext();
    const authTab = await context.newPage();
    await authTab.goto(`${harness.authOrigin}/auth/`);
    await fillSignIn(authTab, DEMO_OWNER);
    await authTab.getByRole('heading', { name: "You're signed in" }).waitFor();

    // Another tab of the same app (storage event) and another app on another port (shared cookie).
    const sameOriginTab = await context.newPage();
    await sameOriginTab.goto(`${harness.authOrigin}/auth/`);
    await sameOriginTab.getByRole('heading', { name: "You're signed in" }).waitFor();
    const otherAppTab = await context.newPage();
    await otherAppTab.goto(`${harness.targetOrigin}/auth/`);
    await otherAppTab.getByRole('heading', { name: "You're signed in" }).waitFor();

    await authTab.bringToFront();
    await authTab.getByRole('button', { name: 'Sign Out' }).click();
    await authTab.waitForURL(/fromLogout=true/);
    await authTab.getByRole('heading', { name: 'Sign in to Brigade' }).waitFor();

    for (const tab of [sameOriginTab, otherAppTab]) {
      await tab.waitForURL(/fromLogout=true/, { timeout: 10_000 });
      await tab.getByRole('heading', { name: 'Sign in to Brigade' }).waitFor();
    }
    await context.close();
  });
});
