import { randomUUID } from 'node:crypto';
import { tokenizeCard } from '@brigade/cardpointe/card-entry-page';
import { DEVICE_REVOKED_MESSAGE } from '@brigade/domain/pos/api';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from './harness';
import { axeViolations, fillSignIn, screenSettled, screenshot, serious } from './helpers';
import { openForOnlineOrders, ownerCalls } from './ordering-setup';

/**
 * The paired kitchen display (issue 45 item 6, decision 069) in Chromium against the real server, at
 * /kitchen/ on the management app's port: the owner signs in there once and pairs the screen, and is signed
 * out at once; the display lists the stations; on the grill's board a guest's order appears live once it is
 * accepted, is bumped by touch (the order stays on the line for the fryer) and recalled with the bump bar's R;
 * on the expo the pass marks it ready. A reload comes back to the screen shown last; after a manager unpairs
 * it, the display says so and shows the set-up again. Touch at 1280×800, axe-core on each screen.
 */
const harness = useHarness();
const ids: Record<string, number> = {};
let gatewayOrigin = '';

const { owner, created } = ownerCalls(harness);

beforeAll(async () => {
  ({ gatewayOrigin } = await openForOnlineOrders(harness));
  ids.grill = await created('/prep-stations', { name: 'KDS Grill' }, 'prepStationId');
  ids.fryer = await created('/prep-stations', { name: 'KDS Fryer' }, 'prepStationId');
  ids.steak = await created(
    '/items',
    { name: 'KDS Steak', basePrice: 24, prepStationIds: [ids.grill] },
    'itemId',
  );
  ids.fries = await created(
    '/items',
    { name: 'KDS Fries', basePrice: 4.5, prepStationIds: [ids.fryer] },
    'itemId',
  );
  await created(
    '/menu-groups',
    {
      name: 'KDS Dinner',
      isMenu: true,
      items: [ids.steak, ids.fries].map((itemId, position) => ({ itemId, position })),
    },
    'menuGroupId',
  );
}, 60_000);

/** A guest's order (steak and fries, card through the gateway emulator), accepted by the restaurant. */
async function acceptedOrder(): Promise<{ orderId: number; number: number }> {
  const token = await tokenizeCard(gatewayOrigin, '4111111111111111');
  const restaurant = await owner<{ data: { restaurant: { slug: string } } }>('GET', '');
  const response = await fetch(
    `${harness.api}/api/v1/ordering/${restaurant.body.data.restaurant.slug}/orders`,
    {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': randomUUID(),
        origin: harness.authOrigin,
      },
      body: JSON.stringify({
        lines: [
          { itemId: ids.steak, quantity: 1, notes: 'Medium rare' },
          { itemId: ids.fries, quantity: 2 },
        ],
        pickup: { asap: true },
        customer: { name: 'Kay Guest', email: 'kay@example.com', phone: '+1 555 010 0400' },
        payment: { token, expiry: '1230' },
      }),
    },
  );
  const body = (await response.json()) as { data: { number: number } };
  expect(response.status, JSON.stringify(body)).toBe(201);
  const listed = await owner<{ data: { orderId: number; number: number }[] }>('GET', '/orders');
  const placed = listed.body.data.find((o) => o.number === body.data.number);
  if (!placed) throw new Error(`Order #${body.data.number} is not on the orders list`);
  const accepted = await owner('POST', `/orders/${placed.orderId}/status`, { status: 'accepted' });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  return { orderId: placed.orderId, number: placed.number };
}

const statusOf = async (orderId: number) =>
  (await owner<{ data: { status: string } }>('GET', `/orders/${orderId}`)).body.data.status;

async function pairDisplay(page: Page) {
  await page.goto(`${harness.managementOrigin}/kitchen/`);
  await page
    .getByRole('heading', { level: 1, name: 'This kitchen display is not set up' })
    .waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Set up this display' }).click();
  await fillSignIn(page, { email: 'owner@brigade.local', password: 'brigade-owner' });
  await page.getByRole('heading', { name: 'Select POS Terminal' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /Harbor Grill/ }).click();
  await page
    .getByRole('heading', { level: 1, name: 'Set up this kitchen display' })
    .waitFor({ timeout: 20_000 });
  await page.getByLabel('Display name').fill('Line screen');
  await page.getByRole('button', { name: 'Pair as a kitchen display' }).click();
  // paired, and nobody is signed in any more: the station list
  await page
    .getByRole('heading', { level: 1, name: 'Which station is this screen for?' })
    .waitFor({ timeout: 30_000 });
  const session = await page.evaluate(() =>
    fetch('/api/v1/auth/session', { credentials: 'include' }).then((r) => r.status),
  );
  expect(session).not.toBe(200);
}

const ticketOf = (page: Page, number: number): Locator =>
  page.getByTestId('kds-ticket').filter({ has: page.getByRole('heading', { name: `#${number}` }) });

describe('the paired kitchen display', () => {
  it('pairs, shows an accepted order live on a station, bumps it by touch, recalls it by key and hands it out from the expo', async () => {
    const context = await harness.browser.newContext({
      viewport: { width: 1280, height: 800 },
      hasTouch: true,
    });
    const page = await context.newPage();
    await pairDisplay(page);
    await page.getByText('Line screen · Live').waitFor({ timeout: 20_000 });
    await screenSettled(page);
    await screenshot(page, 'kitchen-display-stations-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    // nothing of the back office around it
    expect(await page.getByRole('navigation').count()).toBe(0);

    await page.getByRole('link', { name: 'KDS Grill' }).tap();
    await page.getByRole('heading', { level: 1, name: 'KDS Grill' }).waitFor();
    await page.getByText('No tickets. New orders appear here once they are accepted.').waitFor();
    // the order arrives without a reload (the live stream)
    const order = await acceptedOrder();
    const ticket = ticketOf(page, order.number);
    await ticket.waitFor({ timeout: 15_000 });
    await ticket.getByText('KDS Steak').waitFor();
    await ticket.getByText('Note: Medium rare').waitFor();
    // the grill sees only its own line
    expect(await ticket.getByText('KDS Fries').count()).toBe(0);
    await screenSettled(page);
    await screenshot(page, 'kitchen-display-board-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);

    await ticket.getByRole('button', { name: `Bump #${order.number}` }).tap();
    await ticket.waitFor({ state: 'detached' });
    // the fryer has not bumped it: the order is still on the line
    expect(await statusOf(order.orderId)).toBe('accepted');
    await page.getByRole('button', { name: `Recall #${order.number}` }).waitFor();
    await page.keyboard.press('r');
    await page.getByText(`Order #${order.number} is back on the screen`).waitFor();
    await ticketOf(page, order.number).waitFor();

    await page.getByLabel('Station').selectOption({ label: 'Expo: all stations' });
    await page.getByRole('heading', { level: 1, name: 'Expo: all stations' }).waitFor();
    const expo = page.getByTestId('expo-ticket').filter({ hasText: `#${order.number}` });
    await expo.getByText('KDS Grill: cooking').waitFor();
    await expo.getByText('KDS Fries').waitFor();
    await screenSettled(page);
    await screenshot(page, 'kitchen-display-expo-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);

    // a restart comes back to the screen it showed
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Expo: all stations' }).waitFor({ timeout: 20_000 });
    await expo.getByRole('button', { name: `Ready #${order.number} (2 cooking)` }).tap();
    await page.getByText(`Order #${order.number} is ready for pickup`).waitFor();
    await expo.waitFor({ state: 'detached' });
    expect(await statusOf(order.orderId)).toBe('ready');
    await context.close();
  }, 120_000);

  it('fits a phone, and shows the set-up again once a manager unpairs it', async () => {
    const context = await harness.browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
    });
    const page = await context.newPage();
    await pairDisplay(page);
    await page.getByRole('link', { name: 'KDS Fryer' }).tap();
    await page.getByRole('heading', { level: 1, name: 'KDS Fryer' }).waitFor();
    await screenSettled(page);
    await screenshot(page, 'kitchen-display-board-390', { fullPage: false });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    const devices = await owner<{
      data: { deviceId: number; name: string; mode: string; revokedAt: string | null }[];
    }>('GET', '/pos/devices');
    const mine = devices.body.data.filter((d) => d.mode === 'kitchen' && d.revokedAt === null);
    expect(mine.length).toBeGreaterThan(0);
    for (const device of mine)
      expect((await owner('DELETE', `/pos/devices/${device.deviceId}`)).status).toBe(200);
    await page.reload();
    await page
      .getByRole('heading', { level: 1, name: 'This kitchen display is not set up' })
      .waitFor({ timeout: 20_000 });
    await page.getByText(DEVICE_REVOKED_MESSAGE).waitFor();
    await screenshot(page, 'kitchen-display-unpaired-390', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    await context.close();
  }, 120_000);
});
