import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, useHarness } from './harness';
import {
  axeViolations,
  HARBOR_GRILL_PATH,
  screenSettled,
  screenshot,
  serious,
  signInToManagement,
} from './helpers';

/**
 * Tips (issue 47 item 3) in Chromium against the real server. By the API: a server, Ann, unlocks a register
 * and rings up a cash sale (so it is hers), clocks two hours as a server declaring $20.00 of cash tips, and a
 * busser, Cal, clocks one hour. On Management → Staff → Tips a manager adds a rule from the dialog (its
 * messages first), "servers give 3% of their net sales to the bussers", and the report moves the money: Ann
 * pays it, Cal receives it, the pool says shared; the CSV agrees. Screenshots at 1280×800 and 1024×768.
 */
const harness = useHarness();
const MINUTE = 60_000;

async function api<T>(
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<T> {
  const answer = await apiCall<{ data: T }>(harness, method, `${HARBOR_GRILL_PATH}${path}`, {
    token: harness.ownerToken,
    body,
    ...(headers ? { headers } : {}),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body.data;
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Ann's sale and the two shifts; answers the sale's subtotal (her net sales: Harbor Grill's tax is added on top). */
async function setUp() {
  const server = await api<{ jobId: number }>('POST', '/job-titles', {
    title: 'E2E Server',
    defaultWage: 12,
  });
  const busser = await api<{ jobId: number }>('POST', '/job-titles', {
    title: 'E2E Busser',
    defaultWage: 11,
  });
  const person = (firstName: string, role: string, jobId: number) =>
    api<{ employeeId: number }>('POST', '/employees', {
      firstName,
      lastName: 'Tips',
      role,
      posAccessConfig: { allowCodeLogin: true },
      jobAssignments: [{ jobId }],
    });
  const ann = await person('Ann', 'server', server.jobId);
  const cal = await person('Cal', 'host', busser.jobId);
  await api('PUT', `/employees/${ann.employeeId}/passcode`, { passcode: '61616' });
  await api('PUT', `/employees/${cal.employeeId}/passcode`, { passcode: '72727' });
  const { token } = await api<{ token: string }>('POST', '/pos/devices', { name: 'Tips register' });
  const device = { 'x-pos-device': token };
  await api('POST', '/pos/unlock', { passcode: '61616' }, device);
  const items = await api<{ itemId: number; name: string }[]>('GET', '/items?limit=100');
  const halibut = items.find((i) => i.name === 'Halibut & Chips')!;
  const sale = await api<{ businessDate: string; totals: { subtotal: number } }>(
    'POST',
    '/pos/orders',
    {
      service: 'dine_in',
      lines: [{ itemId: halibut.itemId, quantity: 2 }],
      tender: { method: 'cash', tendered: 100_000 },
      receipt: 'none',
    },
    { ...device, 'idempotency-key': randomUUID() },
  );
  await api('POST', '/pos/lock', undefined, device);
  // a two-week pay period with today in its middle: the shifts below never fall into another one
  const anchor = new Date(Date.parse(`${sale.businessDate}T12:00:00Z`) - 7 * 24 * 60 * MINUTE);
  await api('PUT', '/time-clock/settings', {
    payPeriod: 'biweekly',
    payPeriodAnchor: anchor.toISOString().slice(0, 10),
  });
  const end = Date.now() - MINUTE;
  for (const [passcode, hours, tips] of [
    ['61616', 2, 2000],
    ['72727', 1, 0],
  ] as const) {
    const clock = await api<{ staff: { clock: { entry: { entryId: number } } } }>(
      'POST',
      '/pos/time-clock',
      { passcode, action: 'clock_in' },
      device,
    );
    await api('POST', '/pos/time-clock', { passcode, action: 'clock_out', declaredTips: tips }, device);
    await api('PATCH', `/time-entries/${clock.staff.clock.entry.entryId}`, {
      reason: 'E2E shift',
      clockInAt: new Date(end - hours * 60 * MINUTE).toISOString(),
      clockOutAt: new Date(end).toISOString(),
    });
  }
  return { subtotal: sale.totals.subtotal, from: anchor.toISOString().slice(0, 10), annId: ann.employeeId };
}

async function openTips(page: Page) {
  await signInToManagement(page, harness);
  // by the sidebar, as a manager finds it: Staff → Tips
  await page.getByRole('link', { name: 'Tips', exact: true }).click();
  await page.getByRole('heading', { level: 1, name: 'Tips' }).waitFor({ timeout: 20_000 });
}

const rowOf = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

async function addRule(page: Page) {
  await page.getByText('No tip-out rules', { exact: true }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Add rule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a tip-out rule' });
  await dialog.getByRole('button', { name: 'Save rule' }).click();
  await dialog.getByText('Name is required').waitFor();
  await dialog.getByText('Percent must be between 0.01 and 100').waitFor();
  await dialog.getByLabel('Name', { exact: true }).fill('Bussers');
  // a field's message goes as soon as it is changed
  await dialog.getByText('Name is required', { exact: true }).waitFor({ state: 'detached' });
  await dialog.getByLabel('Percent', { exact: true }).fill('3');
  await dialog.getByRole('checkbox', { name: 'E2E Server' }).check();
  await dialog.getByLabel(/^Shared by/).selectOption({ label: 'E2E Busser' });
  await screenSettled(page);
  await screenshot(page, 'management-tip-rule-1280', { fullPage: false });
  expect(serious(await axeViolations(page))).toEqual([]);
  await page.keyboard.press('Enter'); // the form submits from the keyboard too
  await dialog.waitFor({ state: 'detached' });
  await rowOf(page, 'Tip-out rules', 'Bussers').waitFor();
}

describe('Tips', () => {
  it('adds a tip-out rule and shows each employee’s tips, tip-out and net tips for the pay period; the CSV agrees', async () => {
    const { subtotal, from, annId } = await setUp();
    const tipOut = Math.floor((subtotal * 300 + 5000) / 10000);
    const context = await harness.newContext({ width: 1280, height: 800 });
    const page = await context.newPage();
    try {
      await openTips(page);
      const ann = rowOf(page, 'Tips by employee', 'Ann Tips');
      await ann.waitFor({ timeout: 20_000 });
      expect(await ann.getByRole('cell').allTextContents()).toEqual(
        expect.arrayContaining(['2.00', dollars(subtotal), '$20.00', '—']),
      );
      await addRule(page);
      // the report is read again: Ann gives 3% of her net sales, Cal (the only busser on the clock) gets it
      await expect
        .poll(() => ann.getByRole('cell').allTextContents())
        .toEqual(expect.arrayContaining([`−${dollars(tipOut)}`, dollars(2000 - tipOut)]));
      const cal = rowOf(page, 'Tips by employee', 'Cal Tips');
      expect(await cal.getByRole('cell').allTextContents()).toEqual(
        expect.arrayContaining(['1.00', `+${dollars(tipOut)}`, dollars(tipOut)]),
      );
      expect(await rowOf(page, 'Tip-out pools', 'Bussers').getByRole('cell').allTextContents()).toEqual(
        expect.arrayContaining(['3% of net sales', 'E2E Busser (1)', dollars(tipOut), 'Shared']),
      );
      await screenSettled(page);
      await screenshot(page, 'management-tips-1280');
      expect(serious(await axeViolations(page))).toEqual([]);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^tips-${from}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      const csv = (await readFile((await download.path())!, 'utf8')).split('\r\n');
      const amount = (cents: number) => (cents / 100).toFixed(2);
      expect(csv.find((line) => line.includes('Ann Tips'))).toBe(
        `${annId},Ann Tips,2.00,${amount(subtotal)},0.00,20.00,${amount(tipOut)},0.00,${amount(2000 - tipOut)}`,
      );
      await page.setViewportSize({ width: 1024, height: 768 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth))
        .toBe(true);
      await screenshot(page, 'management-tips-1024', { fullPage: false });
      // on a phone the page does not scroll sideways (its tables scroll inside their own frame)
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth))
        .toBe(true);
      await screenshot(page, 'management-tips-390');
    } finally {
      await context.close();
    }
  });
});
