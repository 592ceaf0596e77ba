import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_OWNER, SCREENSHOT_DIR, useHarness } from './harness';

// Two organizations and three restaurants, so that the wizard shows both steps instead of auto-selecting.
const tenants = [
  {
    tenantId: 10000001,
    guid: '6f1c2a4e-8b7d-4c3e-9a10-2b3c4d5e6f70',
    name: 'demo-hospitality',
    displayName: 'Demo Hospitality Group',
    status: 'active',
    plan: 'professional',
    role: 'owner',
  },
  {
    tenantId: 10000002,
    guid: '7a2d3b5f-9c8e-4d4f-8b21-3c4d5e6f7081',
    name: 'harbor-kitchens',
    displayName: 'Harbor Kitchens',
    status: 'active',
    plan: 'starter',
    role: 'manager',
  },
];
const restaurants = [
  {
    restaurantId: 20000001,
    guid: '8b3e4c60-ad9f-4e50-9c32-4d5e6f708192',
    tenantId: 10000001,
    name: 'The Copper Pot',
    slug: 'the-copper-pot',
    status: 'active',
    street: '12 Market Street',
    city: 'Portland',
  },
  {
    restaurantId: 20000002,
    guid: '9c4f5d71-bea0-4f61-8d43-5e6f708192a3',
    tenantId: 10000001,
    name: 'Copper Pot Express',
    slug: 'copper-pot-express',
    status: 'active',
    street: '480 Harbor Avenue',
    city: 'Portland',
  },
  {
    restaurantId: 20000003,
    guid: 'ad506e82-cfb1-4072-9e54-6f708192a3b4',
    tenantId: 10000001,
    name: 'Copper Pot Catering Kitchen',
    slug: 'copper-pot-catering',
    status: 'active',
    street: '7 Industrial Way, Unit 4',
    city: 'South Portland',
  },
];

const harness = useHarness();

async function mockSelectionData(context: BrowserContext) {
  await context.route('**/api/v1/me/tenants', (route) =>
    route.fulfill({ json: { success: true, data: tenants } }),
  );
  await context.route('**/api/v1/me/tenants/*/restaurants', (route) =>
    route.fulfill({ json: { success: true, data: restaurants } }),
  );
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(SCREENSHOT_DIR, name), fullPage: true });

describe('screenshots', () => {
  for (const width of [1280, 390]) {
    it(`sign-in page and wizard at ${width} px`, async () => {
      const context = await harness.newContext({ width, height: width > 800 ? 800 : 844 });
      await mockSelectionData(context);
      const page = await context.newPage();
      const returnUrl = `${harness.targetOrigin}/auth/`;
      await page.goto(
        `${harness.authOrigin}/auth/?returnUrl=${encodeURIComponent(returnUrl)}&context=management`,
      );
      await page.getByRole('heading', { name: 'Sign in to Brigade' }).waitFor();
      await shot(page, `sign-in-${width}.png`);

      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByText('A valid email is required').waitFor();
      await shot(page, `sign-in-errors-${width}.png`);

      await page.getByLabel('Email').fill(DEMO_OWNER.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO_OWNER.password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await page.getByRole('heading', { name: 'Select Organization' }).waitFor();
      await page.getByText('Harbor Kitchens').waitFor();
      await page.waitForTimeout(400); // staggered rows settle
      expect(await page.getByText('Choose your organization to manage restaurant operations.').count()).toBe(
        1,
      );
      await shot(page, `wizard-step-1-${width}.png`);

      await page.getByRole('button', { name: /Demo Hospitality Group/ }).click();
      await page.getByRole('heading', { name: 'Select Restaurant' }).waitFor();
      await page.getByText('The Copper Pot', { exact: true }).waitFor();
      await page.mouse.move(0, 0); // no hover highlight in the picture
      await page.waitForTimeout(500);
      await shot(page, `wizard-step-2-${width}.png`);
      await context.close();
    });
  }

  it('sign-in page in dark mode at 390 px', async () => {
    const context = await harness.browser.newContext({
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    const page = await context.newPage();
    await page.goto(`${harness.authOrigin}/auth/?fromLogout=true`);
    await page.getByRole('heading', { name: 'Sign in to Brigade' }).waitFor();
    await shot(page, 'sign-in-dark-390.png');
    await context.close();
  });
});
