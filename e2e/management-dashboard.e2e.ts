import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, DEMO_OWNER, useHarness } from './harness';
import {
  axeViolations,
  createDemoUser,
  HARBOR_GRILL_PATH,
  screenshot,
  serious,
  signInToManagement,
} from './helpers';

// The management dashboard counts from the catalogue summary (decision 012): one request instead of seven
// lists, the counts the API gives, the employee count only for roles that may read employee records, and
// the error state with its retry.

const harness = useHarness();

const CARDS = {
  'menu-groups': 'menus',
  items: 'items',
  'modifier-groups': 'modifierGroups',
  employees: 'employees',
  'tax-rates': 'taxRates',
  'prep-stations': 'prepStations',
  printers: 'printers',
} as const;

const LIST = /\/api\/v1\/tenants\/\d+\/restaurants\/\d+\/([a-z-]+)(\?|$)/;

/** The catalogue API calls the page makes, by the path segment after the restaurant. */
function recordCatalogueCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request: Request) => {
    const match = LIST.exec(request.url());
    if (match && request.method() === 'GET') calls.push(match[1]!);
  });
  return calls;
}

const countOf = async (page: Page, path: string) =>
  Number((await page.getByTestId(`count-${path}`).textContent())?.replace(/\D+/g, ''));

describe('management dashboard', () => {
  it('shows the counts of the catalogue summary, read in one request', async () => {
    const context = await harness.newContext({ width: 1280, height: 800 });
    try {
      const page = await context.newPage();
      const calls = recordCatalogueCalls(page);
      await signInToManagement(page, harness, DEMO_OWNER);
      await page.getByTestId('count-items').waitFor();
      const summary = await apiCall<{ data: Record<string, number> }>(
        harness,
        'GET',
        `${HARBOR_GRILL_PATH}/catalogue-summary`,
        { token: harness.ownerToken },
      );
      expect(summary.status).toBe(200);
      expect(summary.body.data.items).toBeGreaterThan(0);
      for (const [path, key] of Object.entries(CARDS)) {
        expect(await countOf(page, path), path).toBe(summary.body.data[key]);
      }
      expect(calls.filter((call) => call === 'catalogue-summary')).toHaveLength(1);
      // No list is read to count it.
      const lists = calls.filter((call) => call in CARDS);
      expect(lists).toEqual([]);

      // The set-up checklist, from the same answer: the demo restaurant has no custom domain yet.
      const setup = (summary.body.data as unknown as { setup: Record<string, boolean | number> }).setup;
      expect(setup.customDomainVerified).toBe(false);
      const checklist = page.getByRole('region', { name: /^Get set up · \d of 5 done$/ });
      await checklist.waitFor();
      const domainStep = checklist.getByRole('listitem').filter({ hasText: 'Connect your domain' });
      expect(await domainStep.textContent()).toContain('(to do)');
      await domainStep.getByRole('link', { name: 'Open domains' }).click();
      await page.waitForURL(/\/manage\/domains$/);
      await page.goBack();
      await checklist.waitFor();
      expect(serious(await axeViolations(page))).toEqual([]);
      await screenshot(page, 'dashboard-setup-1280');
    } finally {
      await context.close();
    }
  });

  it('leaves out the employee count for an employee, and recovers from a failed summary', async () => {
    const who = { email: 'dashboard-employee@example.com', password: 'dashboard-employee-pw' };
    await createDemoUser(harness, { ...who, firstName: 'Dana', lastName: 'Desk', tenantRole: 'employee' });
    const context = await harness.newContext({ width: 390, height: 844 });
    try {
      const page = await context.newPage();
      await signInToManagement(page, harness, who);
      await page.getByTestId('count-items').waitFor();
      expect(await page.getByTestId('count-employees').count()).toBe(0);
      expect(await countOf(page, 'menu-groups')).toBeGreaterThan(0);

      // The summary fails: the error state, then Try Again shows the cards once the API answers again.
      await page.route('**/catalogue-summary', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/problem+json',
          body: JSON.stringify({ status: 500, title: 'Internal Server Error', detail: 'Summary down' }),
        }),
      );
      await page.reload();
      await page.getByRole('heading', { name: 'Could not load the dashboard' }).waitFor({ timeout: 30_000 });
      await screenshot(page, 'management-dashboard-error-390');
      await page.unroute('**/catalogue-summary');
      await page.getByRole('button', { name: 'Try Again' }).click();
      await page.getByTestId('count-items').waitFor();
      expect(await countOf(page, 'items')).toBeGreaterThan(0);
      await screenshot(page, 'management-dashboard-employee-390');
    } finally {
      await context.close();
    }
  });
});
