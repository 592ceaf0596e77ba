import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, useHarness } from './harness';
import {
  axeViolations,
  type Credentials,
  fillSignIn,
  HARBOR_GRILL_PATH,
  screenSettled,
  screenshot,
  serious,
} from './helpers';

/**
 * Staff on the clock (issue 47 items 1 and 2) in Chromium against the real server, in one page: a register
 * of a restaurant that locks with passcodes opens on its lock screen; a server types their passcode, clocks
 * in for one of two jobs, takes an unpaid break, clocks out declaring $12.50 of cash tips; a wrong passcode
 * is refused; the right one unlocks the register, and "Switch staff" locks it again. Management's Timesheets
 * shows the shift and its tips, and its CSV carries them; Employees gives Sam a new passcode,
 * and so does Sam on their own passcode screen.
 */
const harness = useHarness();
const OWNER: Credentials = { email: 'owner@brigade.local', password: 'brigade-owner' };
const PASSCODE = '4826';

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const answer = await apiCall<{ data: T }>(harness, method, `${HARBOR_GRILL_PATH}${path}`, {
    token: harness.ownerToken,
    body,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
  return answer.body.data;
}

/** Taps digits on a keypad. */
async function keyIn(scope: Locator, digits: string) {
  for (const digit of digits) await scope.getByRole('button', { name: digit, exact: true }).click();
}

async function openLockedRegister(page: Page) {
  await page.goto(`${harness.managementOrigin}/pos/`);
  await fillSignIn(page, OWNER);
  await page.getByRole('heading', { name: 'Select POS Terminal' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: /Harbor Grill/ }).click();
  await page.getByRole('heading', { level: 1, name: 'Pair this device' }).waitFor({ timeout: 20_000 });
  await page.getByLabel('Device name').fill('Clock register');
  await page.getByRole('button', { name: 'Pair this device' }).click();
  await page.getByRole('heading', { level: 1, name: 'Register locked' }).waitFor({ timeout: 20_000 });
}

async function clockInOutWithBreak(page: Page) {
  const lock = page.locator('.pos-lock__card');
  await keyIn(lock, PASSCODE);
  expect(await page.getByTestId('passcode-dots').textContent()).toContain('••••');
  await screenSettled(page);
  await screenshot(page, 'pos-lock-1280', { fullPage: false });
  expect(serious(await axeViolations(page))).toEqual([]);
  await page.getByRole('button', { name: 'Time clock' }).click();
  await page.getByRole('heading', { level: 1, name: 'Sam Clock' }).waitFor();
  expect(await page.getByTestId('clock-state').textContent()).toBe('Off the clock');
  await page.getByRole('radio', { name: 'E2E Bar' }).check();
  await page.getByRole('button', { name: 'Clock in' }).click();
  await expect
    .poll(() => page.getByTestId('clock-state').textContent())
    .toMatch(/^On the clock since .+ · E2E Bar$/);
  await page.getByRole('button', { name: 'Start unpaid break' }).click();
  await expect.poll(() => page.getByTestId('clock-state').textContent()).toMatch(/^On an unpaid break since/);
  await page.getByRole('button', { name: 'End break' }).click();
  await page.getByRole('button', { name: 'Clock out' }).waitFor();
  await keyIn(page.locator('.pos-clock'), '1250');
  expect(await page.locator('.pos-clock output').textContent()).toBe('$12.50');
  await screenSettled(page);
  await screenshot(page, 'pos-clock-out-1280', { fullPage: false });
  expect(serious(await axeViolations(page))).toEqual([]);
  await page.getByRole('button', { name: 'Clock out' }).click();
  await page.getByText('Clocked out', { exact: true }).waitFor();
  expect(await page.getByTestId('clock-state').textContent()).toBe('Off the clock');
  await page.getByRole('button', { name: 'Done' }).click();
}

async function unlockAndSwitch(page: Page) {
  const lock = page.locator('.pos-lock__card');
  await page.keyboard.type('0000'); // the pad has the keyboard as the lock screen opens
  expect(await page.getByTestId('passcode-dots').textContent()).toContain('••••');
  await page.getByRole('button', { name: 'Unlock' }).click();
  await page.getByText('That passcode is not right').waitFor();
  await keyIn(lock, PASSCODE);
  await page.keyboard.press('Enter'); // the pad has focus: Enter unlocks
  await page.getByRole('region', { name: 'Menu' }).waitFor({ timeout: 20_000 });
  expect(await page.getByTestId('register-staff').textContent()).toBe('Sam Clock');
  await page.getByRole('button', { name: 'Switch staff' }).click();
  await page.getByRole('heading', { level: 1, name: 'Register locked' }).waitFor();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await screenshot(page, 'pos-lock-390', { fullPage: false });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A manager's correction by the API: the shift moves to a fixed Wednesday, two hours long, no break. */
async function correctShift(employeeId: number) {
  const today = await api<{ entries: { entryId: number; employeeId: number }[] }>('GET', '/timesheets');
  const shift = today.entries.find((e) => e.employeeId === employeeId)!;
  await api('PATCH', `/time-entries/${shift.entryId}`, {
    reason: 'Worked Wednesday lunch',
    clockInAt: '2026-11-04T12:00:00Z',
    clockOutAt: '2026-11-04T14:00:00Z',
    breaks: [],
  });
}

async function checkTimesheet(page: Page, samId: number) {
  await page.goto(`${harness.managementOrigin}/manage/reports/timesheets`);
  const pick = page.getByRole('button', { name: /Harbor Grill/ });
  const heading = page.getByRole('heading', { level: 1, name: 'Timesheets' });
  await pick.or(heading).first().waitFor({ timeout: 20_000 });
  if (await pick.isVisible()) await pick.click();
  await heading.waitFor({ timeout: 20_000 });
  await page.getByLabel('A day of the pay period').fill('2026-11-04');
  await expect.poll(() => page.getByTestId('pay-period').textContent()).toBe('Nov 2, 2026 – Nov 8, 2026');
  const row = page
    .getByRole('table', { name: 'Hours by employee' })
    .getByRole('row')
    .filter({ hasText: 'Sam Clock' });
  await row.waitFor({ timeout: 20_000 });
  // 2 hours at the employee's $15.00 (the Bar job has no override), and the tips declared at clock-out
  expect(await row.getByRole('cell').allTextContents()).toEqual(
    expect.arrayContaining(['2.00', '0.00', '$30.00', '$12.50']),
  );
  const shift = page.getByRole('table', { name: 'Shifts' }).getByRole('row').filter({ hasText: 'Sam Clock' });
  expect(await shift.getByRole('cell').allTextContents()).toEqual(
    expect.arrayContaining(['E2E Bar', '$12.50', 'Worked Wednesday lunch']),
  );
  const hours = page.getByRole('table', { name: /^Labour cost and sales by hour/ });
  await hours.waitFor();
  expect(await hours.getByRole('row').count()).toBeGreaterThanOrEqual(3); // the heading and 2–3 hours
  await screenSettled(page);
  await screenshot(page, 'management-timesheets-1280');
  expect(serious(await axeViolations(page))).toEqual([]);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('timesheet-2026-11-02-2026-11-08.csv');
  const csv = (await readFile((await download.path())!, 'utf8')).split('\r\n');
  expect(csv[1]).toBe(
    'Employee ID,Employee,Shifts,Regular hours,Overtime hours,Regular pay,Overtime pay,Wages,Declared tips,Net tips',
  );
  // no tip-out rules: the net tips are the declared ones
  expect(csv.find((line) => line.includes('Sam Clock'))).toBe(
    `${samId},Sam Clock,1,2.00,0.00,30.00,0.00,30.00,12.50,12.50`,
  );
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
  await screenshot(page, 'management-timesheets-390');
}

/** A manager gives a new passcode from Employees: the form refuses 2 digits, then saves 6. */
async function setPasscodeInManagement(page: Page) {
  await page.goto(`${harness.managementOrigin}/manage/employees`);
  await page.getByRole('heading', { level: 1, name: 'Employees' }).waitFor({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Passcode of Sam Clock' }).click();
  const dialog = page.getByRole('dialog', { name: 'Passcode of Sam Clock' });
  await dialog.getByText(/^A passcode is set/).waitFor();
  await dialog.getByLabel('New passcode').fill('12');
  await dialog.getByRole('button', { name: 'Save passcode' }).click();
  await dialog.getByText('Passcode must be 4 to 8 digits').waitFor();
  await screenSettled(page);
  await screenshot(page, 'management-employee-passcode-390', { fullPage: false });
  expect(serious(await axeViolations(page))).toEqual([]);
  await dialog.getByLabel('New passcode').fill('739104');
  await dialog.getByRole('button', { name: 'Save passcode' }).click();
  await page.getByText('Sam Clock can now unlock the register with the new passcode').waitFor();
}

/** Sam's own screen (Sam is the owner's account here): the passcode of their own record. */
async function setOwnPasscode(page: Page) {
  await page.goto(`${harness.managementOrigin}/manage/my-passcode`);
  await page.getByRole('heading', { level: 1, name: 'My register passcode' }).waitFor({ timeout: 20_000 });
  await page.getByRole('heading', { name: 'Sam Clock' }).waitFor();
  await page.getByLabel('New passcode').fill('55501234');
  await page.getByRole('button', { name: 'Save passcode' }).click();
  await page.getByText('Your new passcode is saved').waitFor();
  await screenSettled(page);
  await screenshot(page, 'management-my-passcode-390', { fullPage: false });
  expect(serious(await axeViolations(page))).toEqual([]);
}

/** The approval limits in the time clock's settings, on the Timesheets screen: dollars and percent saved. */
async function saveApprovalLimits(page: Page) {
  await page.getByLabel('Manager approval for voids and discounts over ($)').fill('25.50');
  await page.getByLabel('…or for discounts over (% of the line or check)').fill('15');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Time clock settings saved').waitFor({ timeout: 20_000 });
  const settings = await api<{ approvalLimit: number; approvalLimitPercent: number }>(
    'GET',
    '/time-clock/settings',
  );
  expect([settings.approvalLimit, settings.approvalLimitPercent]).toEqual([2550, 15]);
}

describe('POS passcodes and the time clock', () => {
  it('clocks in and out with a break and tips from the lock screen, unlocks, switches staff; Timesheets and its CSV agree; a new passcode from Employees', async () => {
    await api('PUT', '/time-clock/settings', { lockWithPasscodes: true, autoLockSeconds: 300 });
    const bar = await api<{ jobId: number }>('POST', '/job-titles', { title: 'E2E Bar', defaultWage: 14 });
    const floor = await api<{ jobId: number }>('POST', '/job-titles', {
      title: 'E2E Floor',
      defaultWage: 12,
    });
    const me = await apiCall<{ data: { user: { uid: string } } }>(harness, 'GET', '/me', {
      token: harness.ownerToken,
    });
    const sam = await api<{ employeeId: number }>('POST', '/employees', {
      userId: me.body.data.user.uid,
      firstName: 'Sam',
      lastName: 'Clock',
      role: 'server',
      hourlyRate: 15,
      posAccessConfig: { allowCodeLogin: true },
      jobAssignments: [{ jobId: floor.jobId }, { jobId: bar.jobId }],
    });
    await api('PUT', `/employees/${sam.employeeId}/passcode`, { passcode: PASSCODE });

    const context = await harness.newContext({ width: 1280, height: 800 });
    const page = await context.newPage();
    try {
      await openLockedRegister(page);
      await clockInOutWithBreak(page);
      await unlockAndSwitch(page);
      await correctShift(sam.employeeId);
      await checkTimesheet(page, sam.employeeId);
      await saveApprovalLimits(page);
      await setPasscodeInManagement(page);
      await setOwnPasscode(page);
    } finally {
      await context.close();
    }
  });
});
