import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiCall, DEMO_ADMIN, DEMO_TENANT_ID, signInByApi, useHarness } from './harness';
import {
  axeViolations,
  HARBOR_GRILL_PATH,
  managementPage,
  openManagement,
  pickRestaurant,
  screenshot,
  serious,
  watchCspViolations,
} from './helpers';

/**
 * Team invitations end to end (issue 23 item 1): the owner invites from the Team screen, the development
 * mailer (the server's log without SMTP) carries the link, the invitee opens it, creates the account and
 * lands in management for the organization with the invited role; the used link then says so.
 */
const harness = useHarness({ env: { LOG_LEVEL: 'info' } });

/** The invitation link of the newest mail to `email` the server logged (no SMTP in the harness). */
async function mailedLink(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const lines = harness
      .serverOutput()
      .split('\n')
      .filter((line) => line.includes('mail (no SMTP configured)') && line.includes(email));
    const link = lines.at(-1)?.match(/https?:\/\/[^\s"\\]+\/auth\/invite\?token=[\w-]+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`No invitation mail to ${email} in the server log`);
}

async function checkAxe(page: Page, what: string) {
  const violations = serious(await axeViolations(page));
  expect(violations, `${what}: ${JSON.stringify(violations, null, 2)}`).toEqual([]);
}

describe('team invitations', () => {
  it('owner invites a manager to one restaurant, who creates an account from the mailed link and lands in it', async () => {
    const email = `maria.${Date.now()}@example.com`;
    const { context, page } = await managementPage(harness);
    await openManagement(page, harness, '/team', 'Team');
    await page.getByRole('table', { name: 'Members' }).waitFor();
    await page.getByRole('button', { name: 'Invite member' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Invite a team member' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Role').selectOption({ label: 'Manager' });
    // a manager of Harbor Grill only (issue 45 item 15)
    await dialog.getByRole('switch', { name: 'Works at every restaurant' }).uncheck();
    await dialog.getByRole('group', { name: 'Restaurants' }).getByLabel('Harbor Grill').check();
    await screenshot(page, 'team-invite-dialog-1280', { fullPage: false });
    await checkAxe(page, 'invite dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    // this server delivers no mail: the link is shown to send another way, the same as the outbox's
    const ready = page.getByRole('dialog', { name: 'Invitation ready' });
    const shown = await ready.getByLabel('Invitation link').inputValue();
    expect(shown).toBe(await mailedLink(email));
    await screenshot(page, 'team-invitation-ready-1280');
    await ready.getByRole('button', { name: 'Done' }).click();
    const invitations = page.getByRole('table', { name: 'Pending invitations' });
    await invitations.getByRole('cell', { name: email }).waitFor();
    const invitationRow = await invitations.getByRole('row', { name: new RegExp(email) }).innerText();
    expect(invitationRow).toContain('Manager');
    expect(invitationRow).toContain('Harbor Grill');
    expect(invitationRow).not.toContain('Every restaurant');
    await screenshot(page, 'team-1280');
    await checkAxe(page, 'team screen');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'team-390');
    await context.close();

    const link = await mailedLink(email);
    const invitee = await harness.newContext({ width: 390, height: 844 });
    const phone = await invitee.newPage();
    const cspViolations = await watchCspViolations(phone);
    await phone.goto(link);
    await phone.getByRole('heading', { level: 1, name: /^Join / }).waitFor({ timeout: 20_000 });
    expect(await phone.getByText(`invited ${email} to join`).count()).toBe(1);
    await screenshot(phone, 'invite-accept-390');
    await checkAxe(phone, 'invite page');
    await phone.getByLabel('First name').fill('Maria');
    await phone.getByLabel('Last name').fill('Lopez');
    await phone.getByLabel('Password', { exact: true }).fill('abc');
    await phone.getByRole('button', { name: 'Create account and join' }).click();
    await phone.getByText('Password must be at least 6 characters').waitFor();
    await phone.getByLabel('Password', { exact: true }).fill('maria-secret');
    await phone.getByRole('button', { name: 'Create account and join' }).click();

    // on to management, the organization chosen, and its one restaurant of hers chosen for her
    await phone.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 30_000 });
    const mine = await phone.evaluate(async () => (await fetch('/api/v1/me/tenants')).json());
    expect(mine.data).toEqual([expect.objectContaining({ tenantId: DEMO_TENANT_ID, role: 'manager' })]);
    const hers = await phone.evaluate(
      async (tenantId) => (await fetch(`/api/v1/me/tenants/${tenantId}/restaurants`)).json(),
      DEMO_TENANT_ID,
    );
    expect(hers.data.map((r: { name: string }) => r.name)).toEqual(['Harbor Grill']);
    const all = await apiCall<{ data: { restaurants: { restaurantId: number; name: string }[] } }>(
      harness,
      'GET',
      `/tenants/${DEMO_TENANT_ID}/restaurants`,
      { token: harness.ownerToken },
    );
    const other = all.body.data.restaurants.find((r) => r.name !== 'Harbor Grill')!;
    const refused = await phone.evaluate(
      async (url) => (await fetch(url)).status,
      `/api/v1/tenants/${DEMO_TENANT_ID}/restaurants/${other.restaurantId}/items`,
    );
    expect(refused).toBe(403);
    await screenshot(phone, 'invite-landed-390');
    expect(await cspViolations()).toEqual([]);

    // the link works once
    await phone.goto(link);
    await phone.getByText('This invitation has already been used').waitFor({ timeout: 20_000 });
    await screenshot(phone, 'invite-used-390');
    await checkAxe(phone, 'used link');
    await phone.setViewportSize({ width: 1280, height: 800 });
    await screenshot(phone, 'invite-used-1280');
    await invitee.close();

    // the owner links an employee record to the new member
    const owner = await managementPage(harness);
    await openManagement(owner.page, harness, '/employees', 'Employees');
    await owner.page.getByRole('button', { name: 'New employee' }).first().click();
    const form = owner.page.getByRole('dialog', { name: 'New employee' });
    await form.getByLabel('First name').fill('Maria');
    await form.getByLabel('Last name').fill('Lopez');
    await form.getByLabel('Brigade user').selectOption({ label: `Maria Lopez (${email})` });
    await screenshot(owner.page, 'employee-user-link-1280', { fullPage: false });
    await checkAxe(owner.page, 'employee form');
    await form.getByRole('button', { name: 'Create employee' }).click();
    await form.waitFor({ state: 'detached' });
    const employees = await apiCall<{ data: { firstName: string; userId?: string }[] }>(
      harness,
      'GET',
      `${HARBOR_GRILL_PATH}/employees`,
      { token: harness.ownerToken },
    );
    const maria = employees.body.data.find((employee) => employee.firstName === 'Maria');
    const uid = await memberUid(email);
    expect(uid).toBeTruthy();
    expect(maria?.userId).toBe(uid);

    // the owner lets her work at every restaurant, which counts at once
    await openManagement(owner.page, harness, '/team', 'Team');
    const members = owner.page.getByRole('table', { name: 'Members' });
    await members.getByRole('cell', { name: email }).waitFor();
    expect(await members.getByRole('row', { name: new RegExp(email) }).innerText()).toContain('Harbor Grill');
    await members.getByRole('button', { name: 'Change the restaurants of Maria Lopez' }).click();
    const where = owner.page.getByRole('dialog', { name: 'Where Maria Lopez works' });
    const everywhere = where.getByRole('switch', { name: 'Works at every restaurant' });
    expect(await everywhere.isChecked()).toBe(false);
    expect(await where.getByLabel('Harbor Grill').isChecked()).toBe(true);
    await checkAxe(owner.page, 'member restaurants dialog');
    await screenshot(owner.page, 'team-member-restaurants-1280', { fullPage: false });
    await everywhere.check();
    await where.getByRole('button', { name: 'Save' }).click();
    await where.waitFor({ state: 'detached' });
    await expect
      .poll(async () => members.getByRole('row', { name: new RegExp(email) }).innerText())
      .toContain('Every restaurant');
    const mariaToken = await signInByApi(harness, { email, password: 'maria-secret' });
    const elsewhere = await apiCall(
      harness,
      'GET',
      `/tenants/${DEMO_TENANT_ID}/restaurants/${other.restaurantId}/items`,
      {
        token: mariaToken,
      },
    );
    expect(elsewhere.status).toBe(200);
    await owner.context.close();
  });
});

describe('an invitation to someone who has an account', () => {
  it('asks them to sign in, then joins and lands in management', async () => {
    const person = { email: `sam.${Date.now()}@example.com`, password: 'sam-secret' };
    const admin = await signInByApi(harness, DEMO_ADMIN);
    const created = await apiCall(harness, 'POST', '/admin-users', {
      token: admin,
      body: { ...person, firstName: 'Sam', lastName: 'Reyes' },
    });
    expect(created.status).toBe(201);
    const invited = await apiCall(harness, 'POST', `/tenants/${DEMO_TENANT_ID}/invitations`, {
      token: harness.ownerToken,
      body: { email: person.email, role: 'employee' },
    });
    expect(invited.status).toBe(201);

    const context = await harness.newContext({ width: 1280, height: 800 });
    const page = await context.newPage();
    await page.goto(await mailedLink(person.email));
    await page.getByText('You already have a Brigade account: sign in to join.').waitFor({ timeout: 20_000 });
    await screenshot(page, 'invite-sign-in-1280');
    await checkAxe(page, 'invite sign-in');
    await page.getByLabel('Password', { exact: true }).fill('not-it');
    await page.getByRole('button', { name: 'Sign in and join' }).click();
    await page.getByText('Invalid email or password').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await page.getByRole('button', { name: 'Sign in and join' }).click();
    await pickRestaurant(page, /Harbor Grill/);
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor({ timeout: 30_000 });
    const mine = await page.evaluate(async () => (await fetch('/api/v1/me/tenants')).json());
    expect(mine.data).toEqual([expect.objectContaining({ tenantId: DEMO_TENANT_ID, role: 'employee' })]);
    await context.close();
  });
});

/** The uid of the organization's member with this email (the owner's view of the team). */
async function memberUid(email: string): Promise<string | undefined> {
  const users = await apiCall<{ data: { users: { uid: string; email: string }[] } }>(
    harness,
    'GET',
    `/tenants/${DEMO_TENANT_ID}/users`,
    { token: harness.ownerToken },
  );
  return users.body.data.users.find((user) => user.email === email)?.uid;
}
