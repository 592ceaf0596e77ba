import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO_ADMIN, type Harness } from './harness';
import { axeViolations, type Credentials, fillSignIn, serious } from './helpers';

// What the site administration app's browser tests share: screenshots in /tmp/admin, axe, signing in.

export const SHOTS = '/tmp/admin';
mkdirSync(SHOTS, { recursive: true });

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

/** axe-core finds nothing serious; the rest is printed (and expected to be nothing either). */
export async function expectAccessible(page: Page, where: string) {
  const violations = await axeViolations(page);
  if (violations.length > 0) console.log(where, JSON.stringify(violations, null, 2));
  expect(serious(violations), where).toEqual([]);
}

/** Opens the admin app signed out, follows "Sign In as Admin" to the auth app, signs in, comes back. */
export async function signInToAdmin(page: Page, h: Harness, who: Credentials = DEMO_ADMIN) {
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

export async function adminPage(h: Harness, viewport = { width: 1280, height: 800 }) {
  const context = await h.newContext(viewport);
  const page = await context.newPage();
  await signInToAdmin(page, h);
  return { context, page };
}

/** Follows a link of the sidebar. */
export const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true }).click();

/** axe-core finds no violation at all (of any impact). */
export async function expectNoViolations(page: Page, where: string) {
  const violations = await axeViolations(page);
  expect(violations, `${where}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}
