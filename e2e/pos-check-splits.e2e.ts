import { TENANT_CREATION_TIMEZONE } from '@brigade/domain/tenant';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, useHarness } from './harness';
import {
  axeViolations,
  type Credentials,
  fillSignIn,
  HARBOR_GRILL_PATH,
  screenshot,
  serious,
} from './helpers';

/**
 * A split check on the register (issue 46 item 5, decision 056) in Chromium against the real server: a
 * 4-top orders for two seats, the check is sent, split by seat from the Split dialog, one check is
 * transferred to another server, and each check is paid in cash on its own. The kitchen's tickets are the ones the send queued — nothing is sent again — and the
 * two sales add up to the check. Touch at 1280×800, the split dialog and the floor also at 1024×768.
 */
const harness = useHarness();
const OWNER: Credentials = { email: 'owner@brigade.local', password: 'brigade-owner' };

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = await apiCall<{ data: T }>(harness, method, `${HARBOR_GRILL_PATH}${path}`, {
    token: harness.ownerToken,
    body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body.data;
}

async function openPairedRegister(page: Page) {
  await page.goto(`${harness.managementOrigin}/pos/`);
  await fillSignIn(page, OWNER);
  await page.getByRole('heading', { name: 'Select POS Terminal' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /Harbor Grill/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Pair this device' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('Device name').fill('Split register');
  await page.getByRole('button', { name: 'Pair this device' }).click();
  await page.getByRole('region', { name: 'Menu' }).waitFor({ timeout: 20_000 });
}

async function ringOn(
  page: Page,
  tap: (t: Locator) => Promise<void>,
  seat: string,
  item: RegExp,
  search: string,
) {
  await tap(page.getByRole('complementary').getByRole('button', { name: seat, exact: true }));
  await page.getByRole('searchbox', { name: 'Search items' }).fill(search);
  const answer = page.waitForResponse((r) => r.url().includes('/lines') && r.request().method() === 'POST');
  await tap(page.getByRole('button', { name: item }));
  expect((await answer).status()).toBe(200);
}

/** Pays the check on screen in cash (a quick amount), answers the sale. */
async function payCash(page: Page, tap: (t: Locator) => Promise<void>) {
  await tap(page.getByRole('button', { name: /^Pay \$/ }));
  const dialog = page.getByRole('dialog', { name: /^Pay \$/ });
  await tap(dialog.getByRole('group', { name: 'Quick amounts' }).getByRole('button').nth(1));
  const answer = page.waitForResponse((r) => r.url().endsWith('/pay') && r.request().method() === 'POST');
  await tap(dialog.getByRole('button', { name: 'Take cash' }));
  const response = await answer;
  expect(response.status()).toBe(201);
  const sale = ((await response.json()) as { data: { orderId: number; totals: { total: number } } }).data;
  const done = page.getByRole('dialog', { name: 'Sale complete' });
  await done.waitFor();
  await tap(done.getByRole('button', { name: 'New sale' }));
  return sale;
}

const ticketsOf = (orderId: number) =>
  api<{ ticketId: number }[]>('GET', `/kitchen-tickets?orderId=${orderId}`).then((t) => t.length);

describe('POS split checks', () => {
  it('splits a sent 4-top check by seat and pays each check in cash; the kitchen is not sent again', async () => {
    const room = await api<{ roomId: number }>('POST', '/dining-rooms', { name: 'Split room' });
    await api('POST', '/dining-tables', { roomId: room.roomId, name: 'S4', seats: 4, x: 60, y: 60 });
    await api('POST', '/employees', { firstName: 'Tess', lastName: 'Transfer', role: 'server' });
    const context = await harness.browser.newContext({
      viewport: { width: 1280, height: 800 },
      hasTouch: true,
      timezoneId: TENANT_CREATION_TIMEZONE,
    });
    const page = await context.newPage();
    const tap = (target: Locator) => target.tap();
    await openPairedRegister(page);
    await tap(page.getByRole('link', { name: 'Tables' }));
    const table = page.getByRole('button', { name: /^S4/ });
    await table.getByText('Free · 4 seats').waitFor({ timeout: 20_000 });
    await tap(table);
    const heading = page.getByRole('heading', { level: 2, name: /^S4 · #\d+/ });
    await heading.waitFor({ timeout: 20_000 });
    await ringOn(page, tap, 'Seat 1', /^Crispy Calamari/, 'calamari');
    await ringOn(page, tap, 'Seat 2', /^Halibut & Chips/, 'halibut');
    const sending = page.waitForResponse((r) => r.url().endsWith('/send') && r.request().method() === 'POST');
    await tap(page.getByRole('button', { name: /^Send all/ }));
    const sent = await sending;
    expect(sent.status()).toBe(200);
    const { ticketsQueued } = ((await sent.json()) as { data: { ticketsQueued: number } }).data;
    const whole = centsOf(await page.getByTestId('check-total').textContent());
    const first = Number((await heading.textContent())!.split('#')[1]);
    const orderId = Number(page.url().split('/').pop());
    // the send's tickets (one per station that has a printer)
    const ticketsBefore = await ticketsOf(orderId);
    expect(ticketsBefore).toBe(ticketsQueued);

    await tap(page.getByRole('button', { name: 'Split', exact: true }));
    const dialog = page.getByRole('dialog', { name: `Split check #${first}` });
    await dialog
      .getByText("Each seat's lines become a check of their own on this table (2 checks).")
      .waitFor();
    await screenshot(page, 'pos-split-dialog-1280', { fullPage: false });
    expect(serious(await axeViolations(page))).toEqual([]);
    await tap(dialog.getByRole('button', { name: 'Evenly' }));
    await dialog.getByText(/^2 parts of about/).waitFor();
    await tap(dialog.getByRole('button', { name: 'By seat' }));
    const split = page.waitForResponse((r) => r.url().endsWith('/split') && r.request().method() === 'POST');
    await tap(dialog.getByRole('button', { name: 'Split check' }));
    const answer = (await (await split).json()) as {
      data: { checks: { orderId: number; totals: { total: number }; lines: { sent: boolean }[] }[] };
    };
    const [kept, child] = answer.data.checks;
    expect(kept!.lines.every((l) => l.sent) && child!.lines.every((l) => l.sent)).toBe(true);
    await dialog.waitFor({ state: 'detached' });

    // Transfer: the check shown goes to another server, who is named on it
    await tap(page.getByRole('button', { name: 'Transfer', exact: true }));
    const transfer = page.getByRole('dialog', { name: `Transfer check #${first}` });
    await transfer.getByRole('button', { name: 'Tess Transfer' }).waitFor();
    await screenshot(page, 'pos-transfer-dialog-1280', { fullPage: false });
    const moved = page.waitForResponse(
      (r) => r.url().endsWith('/transfer') && r.request().method() === 'POST',
    );
    await tap(transfer.getByRole('button', { name: 'Tess Transfer' }));
    expect((await moved).status()).toBe(200);
    await transfer.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 2, name: /· Tess Transfer$/ }).waitFor();

    // the floor: the table holds both checks; tapping it asks which one
    await tap(page.getByRole('link', { name: 'Tables' }));
    await table.getByText(/^2 checks · /).waitFor({ timeout: 20_000 });
    await screenshot(page, 'pos-split-tables-1280', { fullPage: false });
    await page.setViewportSize({ width: 1024, height: 768 });
    await screenshot(page, 'pos-split-tables-1024', { fullPage: false });
    await page.setViewportSize({ width: 1280, height: 800 });
    await tap(table);
    const choose = page.getByRole('dialog', { name: 'S4: open checks' });
    await tap(choose.getByRole('button', { name: new RegExp(`^#${first} · `) }));
    await heading.waitFor();
    const one = await payCash(page, tap);
    await table.getByText(/^\$/).waitFor({ timeout: 20_000 });
    await tap(table);
    await page.getByRole('heading', { level: 2, name: /^S4 · #\d+/ }).waitFor({ timeout: 20_000 });
    const two = await payCash(page, tap);
    await table.getByText('Free · 4 seats').waitFor({ timeout: 20_000 });

    // the ledger's two sales are the check's total; the kitchen got only what the send queued
    expect([one.orderId, two.orderId].sort()).toEqual([kept!.orderId, child!.orderId].sort());
    // each check is taxed on its own lines: the two may round a cent away from the single check
    expect(Math.abs(one.totals.total + two.totals.total - whole)).toBeLessThanOrEqual(1);
    expect([one.totals.total, two.totals.total].sort()).toEqual(
      [kept!.totals.total, child!.totals.total].sort(),
    );
    for (const sale of [one, two]) {
      const order = await api<{ status: string; total: number }>('GET', `/orders/${sale.orderId}`);
      expect(order.status).toBe('accepted');
    }
    expect(await ticketsOf(kept!.orderId)).toBe(ticketsBefore);
    expect(await ticketsOf(child!.orderId)).toBe(0);
    await context.close();
  });
});

const centsOf = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);
