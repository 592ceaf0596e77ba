import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import {
  apiCall,
  DEMO_ADMIN,
  DEMO_OWNER,
  DEMO_TENANT_ID,
  type Harness,
  SCREENSHOT_DIR,
  signInByApi,
} from './harness';

// Steps the browser tests share: signing in through the auth app, demo data through the API, screenshots and
// axe-core checks, and the payments screens' steps (merchant account, hosted card frame).

export interface Credentials {
  email: string;
  password: string;
}

/** The first demo restaurant (it has the demo catalogue) and its API path. */
export const HARBOR_GRILL = 20000001;
export const HARBOR_GRILL_PATH = `/tenants/${DEMO_TENANT_ID}/restaurants/${HARBOR_GRILL}`;

/** Fills the auth app's sign-in form and submits it. */
export async function fillSignIn(page: Page, who: Credentials) {
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** After sign-in (one organisation is chosen silently): the restaurant step, where `restaurant` is picked. */
export async function pickRestaurant(page: Page, restaurant: RegExp) {
  await page.getByRole('heading', { name: 'Select Restaurant' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: restaurant }).click();
}

/**
 * Signs in by the API and opens the management app on the restaurant, as the auth app's handoff leaves it:
 * the session cookie (a cookie is the host's, whatever the port) and the selection in the address. One page
 * load instead of three (the auth app's sign-in and restaurant steps are tested by signInThroughAuthApp's
 * users: the auth flow and the management shell).
 */
export async function signInToManagement(
  page: Page,
  harness: Harness,
  who: Credentials = DEMO_OWNER,
  restaurant = /Harbor Grill/,
) {
  const token = await signInByApi(harness, who);
  const tenants = await apiCall<{ data: { tenantId: number; guid: string }[] }>(
    harness,
    'GET',
    '/me/tenants',
    {
      token,
    },
  );
  for (const tenant of tenants.body.data) {
    const restaurants = await apiCall<{ data: { guid: string; name: string }[] }>(
      harness,
      'GET',
      `/me/tenants/${tenant.tenantId}/restaurants`,
      { token },
    );
    const found = restaurants.body.data.find((entry) => restaurant.test(entry.name));
    if (!found) continue;
    await page
      .context()
      .addCookies([{ name: 'brigade_session', value: token, url: harness.managementOrigin }]);
    await page.goto(`${harness.managementOrigin}/manage/?tenantId=${tenant.guid}&restaurantId=${found.guid}`);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 30_000 });
    return;
  }
  throw new Error(`${who.email} has no restaurant named like ${restaurant}`);
}

/** Signs in on the auth app with the management app as the return address, picks the restaurant, lands. */
export async function signInThroughAuthApp(
  page: Page,
  harness: Harness,
  who: Credentials = DEMO_OWNER,
  restaurant = /Harbor Grill/,
) {
  const target = `${harness.managementOrigin}/manage/`;
  await page.goto(`${harness.authOrigin}/auth/?returnUrl=${encodeURIComponent(target)}&context=management`);
  await fillSignIn(page, who);
  await pickRestaurant(page, restaurant);
  await page.waitForURL((url) => url.origin === harness.managementOrigin, { timeout: 20_000 });
  await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 30_000 });
}

/**
 * A new browser context (fresh cookies and storage) and its page, signed in to the management app through
 * the auth app (signInToManagement). Close the context when done.
 */
export async function managementPage(
  harness: Harness,
  who: Credentials = DEMO_OWNER,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await harness.newContext(viewport);
  const page = await context.newPage();
  await signInToManagement(page, harness, who);
  return { context, page };
}

/**
 * A full load of a management page (`path` under /manage), waiting for its `heading`. Another build of the
 * app (npm run build:web empties dist first) answers 503 for a moment: that is waited out. On failure the
 * error carries a screenshot and the page's text.
 */
export async function openManagement(page: Page, harness: Harness, path: string, heading: string | RegExp) {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const response = await page.goto(`${harness.managementOrigin}/manage${path}`);
    if (response?.status() !== 503) break;
    await page.waitForTimeout(1_000);
  }
  try {
    await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 20_000 });
  } catch (error) {
    await screenshot(page, `management-failure${path.replaceAll('/', '-')}`);
    throw new Error(
      `${path}: ${String(error)}\n${(await page.evaluate(() => document.body.innerText)).slice(0, 2000)}`,
    );
  }
}

/** Opens `url` signed out: the auth guard sends the browser to the auth service with a return URL; signs in. */
export async function signInFrom(page: Page, url: string, who: Credentials = DEMO_OWNER) {
  await page.goto(url);
  await fillSignIn(page, who);
}

/** Opens a page of the management app signed out, signs in, picks the restaurant and comes back. */
export async function signInFromManagement(
  page: Page,
  harness: Harness,
  path: string,
  who: Credentials = DEMO_OWNER,
  restaurant = /Harbor Grill/,
) {
  await signInFrom(page, `${harness.managementOrigin}${path}`, who);
  await pickRestaurant(page, restaurant);
  await page.waitForURL((url) => url.pathname.startsWith('/manage'), { timeout: 20_000 });
}

/** The API path of a demo restaurant, found by its name in the owner's list. */
export async function demoRestaurantPath(harness: Harness, token: string, name: string) {
  const restaurants = await apiCall<{ data: { restaurantId: number; name: string }[] }>(
    harness,
    'GET',
    `/me/tenants/${DEMO_TENANT_ID}/restaurants`,
    { token },
  );
  const restaurant = restaurants.body.data.find((r) => r.name === name);
  expect(restaurant).toBeTruthy();
  return `/tenants/${DEMO_TENANT_ID}/restaurants/${restaurant!.restaurantId}`;
}

/** A new active account of the demo organisation with the given role, created by the demo admin. */
export async function createDemoUser(
  harness: Harness,
  user: Credentials & { firstName: string; lastName: string; tenantRole: 'employee' | 'manager' },
) {
  const adminToken = await signInByApi(harness, DEMO_ADMIN);
  const created = await apiCall(harness, 'POST', '/admin-users', {
    token: adminToken,
    body: { ...user, tenantId: DEMO_TENANT_ID },
  });
  expect(created.status).toBe(201);
}

/** A screenshot into test-results/screenshots/`name`.png, of the full page unless told otherwise. */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: options.fullPage ?? true });
}

export interface Violation {
  id: string;
  impact: string;
  nodes: number;
  where: string[];
}

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * Loads axe-core into the page through the DevTools protocol: the pages' Content-Security-Policy refuses an
 * inline <script> (addScriptTag), as it should.
 */
export async function loadAxe(page: Page): Promise<void> {
  // once per document: compiling axe-core's half a megabyte again for every check cost more than the check
  if (await page.evaluate(() => 'axe' in window)) return;
  axeSource ??= readFileSync(AXE_SOURCE, 'utf8');
  await page.evaluate(axeSource);
}
let axeSource: string | undefined;

/**
 * Waits until the screen has drawn what it loads: no busy region or skeleton, no loading status, no website
 * preview still being drawn. Playwright's 'networkidle' is no such signal: it fires once per document (a
 * client-side navigation does not wait again) and a loaded machine may never give it 500 quiet milliseconds.
 */
export async function screenSettled(page: Page, timeout = 20_000) {
  await page.waitForFunction(
    () =>
      !document.querySelector(
        '[aria-busy="true"], .ui-skeleton, .ui-loading, .website-preview__placeholder, .website-preview__frame[data-updating]',
      ),
    undefined,
    { timeout, polling: 100 },
  );
}

/** axe-core on the page as it is now: the violations found. */
export async function axeViolations(page: Page): Promise<Violation[]> {
  await loadAxe(page);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (options: { resultTypes: string[] }) => Promise<{
            violations: {
              id: string;
              impact: string;
              nodes: { target: string[]; failureSummary?: string }[];
            }[];
          }>;
        };
      }
    ).axe;
    // only the violations are read: axe then skips the details of what passed (its documented speed-up)
    const report = await axe.run({ resultTypes: ['violations'] });
    return report.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.length,
      where: v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')} ${n.failureSummary ?? ''}`),
    }));
  });
}

/** The serious and critical ones. */
export const serious = <V extends { impact: string }>(violations: V[]): V[] =>
  violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');

/** Fails the test when the page has a serious or critical accessibility violation. */
export async function expectAxeClean(page: Page): Promise<void> {
  expect(serious(await axeViolations(page))).toEqual([]);
}

/**
 * Starts collecting the Content-Security-Policy violations `page` reports, across navigations: Chromium
 * logs each one to the console ("Refused to ... because it violates the following Content Security Policy
 * directive"), and the current document also fires `securitypolicyviolation`. A wrong policy breaks an app
 * silently (a refused script, a missing style), so the browser tests look for these. Returns a reader.
 */
export async function watchCspViolations(page: Page): Promise<() => Promise<string[]>> {
  const logged: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) logged.push(message.text());
  });
  await page.addInitScript(`window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(e.violatedDirective + ' refused ' + (e.blockedURI || 'inline') + ' at ' + e.sourceFile + ':' + e.lineNumber);
});`);
  return async () => [
    ...logged,
    ...((await page.evaluate('window.__cspViolations ?? []').catch(() => [])) as string[]),
  ];
}

/** Connects the emulator's merchant account when the restaurant has none (its default test merchant). */
export async function connectMerchantAccount(page: Page, harness: Harness) {
  await openManagement(page, harness, '/payments/settings', 'Payment settings');
  const connect = page.getByRole('button', { name: 'Connect account' });
  const save = page.getByRole('button', { name: 'Save changes' });
  await connect.or(save).first().waitFor({ timeout: 20_000 });
  if (await save.isVisible()) return;
  await page.getByLabel('Merchant ID').fill('496160873888');
  await page.getByLabel('Site').fill('fts');
  await page.getByLabel('API username').fill('testing');
  await page.getByLabel('API password').fill('testing123');
  await connect.click();
  await page.getByText('Credentials saved').waitFor({ timeout: 20_000 });
}

/**
 * Types a test card (Visa 4111… unless told, expiring 12/2030) into the hosted card frame and waits for its
 * token. The frame has no button, like CardPointe's iFrame Tokenizer: it posts the token once the fields are
 * filled in and typing pauses.
 */
export async function typeTestCard(page: Page, cardNumber = '4111111111111111') {
  const frame = page.frameLocator('iframe[title="Card details"]');
  await frame.getByLabel('Card number').fill(cardNumber);
  await frame.getByLabel('Expiry month').selectOption('12');
  await frame.getByLabel('Expiry year').selectOption('2030');
  await frame.getByLabel('Security code (CVV)').fill('123');
  await page.getByText(/Card details received/).waitFor({ timeout: 20_000 });
}

/** A full-page screenshot of the payments screens into /tmp/payscreens/`name`.png. */
export const PAYMENT_SHOTS = '/tmp/payscreens';
export async function paymentShot(page: Page, name: string) {
  mkdirSync(PAYMENT_SHOTS, { recursive: true });
  await page.screenshot({ path: `${PAYMENT_SHOTS}/${name}.png`, fullPage: true });
}
