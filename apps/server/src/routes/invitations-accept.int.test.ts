import { tenantAssignments, users } from '@brigade/db/schema/identity';
import { tenantInvitations } from '@brigade/db/schema/invitations';
import { COMMON_PASSWORD_MESSAGE } from '@brigade/domain/user';
import { makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBrowser, type Session, signInAs } from '../test-client';
import { invitationLinkFor, invite, onLink, tokenOf } from '../test-invitations';

// issue 23: reading and accepting an invitation by its link (docs/behaviour/team-invitations.md).
const t = useTestApp();
let tenant: { tenantId: number };
let owner: Session;

const fresh = () => `joiner-${Math.random().toString(36).slice(2, 10)}@example.com`;
const account = { firstName: 'Rosa', lastName: 'Diaz', password: 'rosa-secret' };

/** Invites a fresh (or given) email and answers the link's token. */
async function invited(role = 'manager', email = fresh()) {
  const response = await invite(t.app, owner, tenant.tenantId, { email, role });
  expect(response.statusCode, response.body).toBe(201);
  return { email, token: tokenOf(await invitationLinkFor(t.database, email)) };
}

const assignmentOf = async (email: string) => {
  const [row] = await t.database.db
    .select({ role: tenantAssignments.role, isActive: tenantAssignments.isActive })
    .from(tenantAssignments)
    .innerJoin(users, eq(users.uid, tenantAssignments.userUid))
    .where(and(eq(users.email, email), eq(tenantAssignments.tenantId, tenant.tenantId)));
  return row ?? null;
};

beforeAll(async () => {
  tenant = await makeTenant(t.database.db, { displayName: 'Harbor Group' });
  const ownerUser = await makeUser(t.database.db, { tenantId: tenant.tenantId, role: 'owner' });
  owner = await signInAs(t.app, ownerUser.email, TEST_PASSWORD);
});

describe('reading a link', () => {
  it('shows the organization, role, inviter and email, and whether the account exists', async () => {
    const { email, token } = await invited('employee');
    const response = await onLink(t.app, null, 'lookup', { token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.invitation).toMatchObject({
      email,
      role: 'employee',
      tenant: { tenantId: tenant.tenantId, displayName: 'Harbor Group' },
      invitedBy: expect.stringMatching(/^Test User/),
      accountExists: false,
    });
  });

  it('says 404 for an unknown link and 400 without a token', async () => {
    const unknown = await onLink(t.app, null, 'lookup', { token: 'not-a-real-token' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('This invitation link is not valid');
    const missing = await onLink(t.app, null, 'lookup', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([{ path: 'token', message: 'Invitation token is required' }]);
  });

  it('says 410 "expired" after seven days (the database clock decides)', async () => {
    const { token, email } = await invited();
    await t.database.db
      .update(tenantInvitations)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(tenantInvitations.email, email));
    for (const action of ['lookup', 'accept'] as const) {
      const response = await onLink(t.app, null, action, { token, account });
      expect(response.statusCode, action).toBe(410);
      expect(response.json()).toMatchObject({
        code: 'INVITATION_EXPIRED',
        detail: 'This invitation has expired. Ask for a new one.',
      });
    }
    expect(await assignmentOf(email)).toBeNull();
  });
});

describe('accepting', () => {
  it('creates the account (active, verified), signs it in and assigns the role; the link then is used', async () => {
    const { email, token } = await invited('manager');
    const response = await onLink(t.app, null, 'accept', { token, account });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.data).toMatchObject({ tenantId: tenant.tenantId, role: 'manager' });
    expect(body.data.user).toMatchObject({
      email,
      displayName: 'Rosa Diaz',
      isActive: true,
      emailVerified: true,
    });
    expect(response.headers['set-cookie']).toContain('brigade_session=');
    // the new session reaches the tenant as a manager
    const me = await asBrowser(
      t.app,
      { token: body.sessionToken, cookie: `brigade_session=${body.sessionToken}` },
      {
        method: 'GET',
        url: '/api/v1/me/tenants',
      },
    );
    expect(me.json().data).toEqual([expect.objectContaining({ tenantId: tenant.tenantId, role: 'manager' })]);
    expect(await assignmentOf(email)).toEqual({ role: 'manager', isActive: true });
    // a replay fails, for reading and for accepting
    const replay = await onLink(t.app, null, 'accept', { token, account });
    expect(replay.statusCode).toBe(410);
    expect(replay.json()).toMatchObject({
      code: 'INVITATION_USED',
      detail: 'This invitation has already been used',
    });
    expect((await onLink(t.app, null, 'lookup', { token })).statusCode).toBe(410);
  });

  it('keeps the password rules and asks for an account when none is sent, changing nothing', async () => {
    const { email, token } = await invited();
    const short = await onLink(t.app, null, 'accept', { token, account: { ...account, password: 'abc' } });
    expect(short.statusCode).toBe(400);
    expect(short.json().errors).toEqual([
      { path: 'account.password', message: 'Password must be at least 6 characters' },
    ]);
    const common = await onLink(t.app, null, 'accept', {
      token,
      account: { ...account, password: 'Football' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual([{ path: 'account.password', message: COMMON_PASSWORD_MESSAGE }]);
    const none = await onLink(t.app, null, 'accept', { token });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toBe('Enter your name and a password to create your account');
    expect(await assignmentOf(email)).toBeNull();
    expect((await onLink(t.app, null, 'lookup', { token })).statusCode).toBe(200);
  });

  it('asks an existing account to sign in first (409), then links it when signed in as that email', async () => {
    const existing = await makeUser(t.database.db);
    const { token } = await invited('employee', existing.email);
    expect((await onLink(t.app, null, 'lookup', { token })).json().data.invitation.accountExists).toBe(true);
    const anonymous = await onLink(t.app, null, 'accept', { token, account });
    expect(anonymous.statusCode).toBe(409);
    expect(anonymous.json()).toMatchObject({
      code: 'INVITATION_SIGN_IN_REQUIRED',
      detail: 'An account with this email already exists. Sign in to accept the invitation.',
    });
    // someone else signed in may not take it
    const stranger = await signInAs(t.app, (await makeUser(t.database.db)).email, TEST_PASSWORD);
    const wrong = await onLink(t.app, stranger, 'accept', { token });
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().detail).toBe(
      `This invitation is for ${existing.email}. Sign out and open the link again.`,
    );
    expect(await assignmentOf(existing.email)).toBeNull();

    const session = await signInAs(t.app, existing.email, TEST_PASSWORD);
    const accepted = await onLink(t.app, session, 'accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().sessionToken).toBeUndefined();
    expect(await assignmentOf(existing.email)).toEqual({ role: 'employee', isActive: true });
  });

  it('is all or nothing: a failure after the account is made leaves no account, assignment or used link', async () => {
    const { email, token } = await invited('employee');
    // the assignment step fails (after the account was made): a trigger refuses it for this tenant
    await t.database.db.execute(sql`
      create or replace function refuse_assignment() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$`);
    await t.database.db.execute(sql`
      create trigger refuse_assignment_once before insert on tenant_assignments
      for each row when (new.tenant_id = ${sql.raw(String(tenant.tenantId))}) execute function refuse_assignment()`);
    try {
      const failed = await onLink(t.app, null, 'accept', { token, account });
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`drop trigger refuse_assignment_once on tenant_assignments`);
    }
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toBeUndefined();
    const [row] = await t.database.db
      .select()
      .from(tenantInvitations)
      .where(eq(tenantInvitations.email, email));
    expect(row!.acceptedAt).toBeNull();
    // and the link still works afterwards
    const accepted = await onLink(t.app, null, 'accept', { token, account });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('lets only one of two simultaneous accepts of one link through', async () => {
    const { email, token } = await invited('employee');
    const answers = await Promise.all([
      onLink(t.app, null, 'accept', { token, account }),
      onLink(t.app, null, 'accept', { token, account }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
    const rows = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
  });
});
