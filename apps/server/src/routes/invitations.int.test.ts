import { createInvitation } from '@brigade/core/invitations/invitation-service';
import { auditLog } from '@brigade/db/schema/audit';
import { tenantInvitations } from '@brigade/db/schema/invitations';
import { makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBrowser, type Session, signInAs } from '../test-client';
import { invitationLinkFor, invite, onLink, tokenOf } from '../test-invitations';

// issue 23: owners and admins invite, list, resend and revoke (docs/behaviour/team-invitations.md).
const t = useTestApp();
let tenant: { tenantId: number };
let other: { tenantId: number };
const sessions: Record<string, Session> = {};
let memberEmail: string;

const fresh = () => `invitee-${Math.random().toString(36).slice(2, 10)}@example.com`;
const list = (who: Session, tenantId = tenant.tenantId) =>
  asBrowser(t.app, who, { method: 'GET', url: `/api/v1/tenants/${tenantId}/invitations` });
const act = (who: Session, method: 'POST' | 'DELETE', id: string, tenantId = tenant.tenantId) =>
  asBrowser(t.app, who, {
    method,
    url: `/api/v1/tenants/${tenantId}/invitations/${id}${method === 'POST' ? '/resend' : ''}`,
  });

beforeAll(async () => {
  const db = t.database.db;
  tenant = await makeTenant(db, { displayName: 'Harbor Group' });
  other = await makeTenant(db);
  const session = async (user: { email: string }) => signInAs(t.app, user.email, TEST_PASSWORD);
  sessions.siteAdmin = await session(await makeUser(db, { isSiteAdmin: true }));
  for (const role of ['owner', 'admin', 'manager', 'employee'] as const) {
    sessions[role] = await session(await makeUser(db, { tenantId: tenant.tenantId, role }));
  }
  sessions.otherOwner = await session(await makeUser(db, { tenantId: other.tenantId, role: 'owner' }));
  memberEmail = (await makeUser(db, { tenantId: tenant.tenantId, role: 'employee' })).email;
});

describe('inviting', () => {
  it('lets an owner invite by email (normalised), mails a single link, and answers it only where no mail is delivered', async () => {
    const email = fresh();
    const response = await invite(t.app, sessions.owner!, tenant.tenantId, {
      email: `  ${email.toUpperCase()} `,
      role: 'manager',
    });
    expect(response.statusCode, response.body).toBe(201);
    const { invitation } = response.json().data;
    expect(invitation).toMatchObject({ email, role: 'manager', status: 'pending' });
    expect(invitation.invitedBy.displayName).toMatch(/^Test User/);
    const days = (new Date(invitation.expiresAt).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    const link = await invitationLinkFor(t.database, email);
    expect(link.pathname).toBe('/auth/invite');
    // no SMTP here: the mail goes nowhere, so the inviter is answered its link to send it another way
    expect(response.json().data.link).toBe(link.toString());
    // with SMTP the token never leaves the mailbox (decision 029)
    const mailed = await createInvitation(
      {
        db: t.database.db,
        mailer: t.deps.identity.mailer,
        inviteUrl: 'http://127.0.0.1:3000/auth/invite',
        answerLink: false,
      },
      { kind: 'user', userId: 'system', isSiteAdmin: true, isActive: true, assignments: [] },
      { tenantId: tenant.tenantId, invitation: { email: fresh(), role: 'employee' } },
    );
    expect(mailed.link).toBeUndefined();
    expect(JSON.stringify(mailed)).not.toMatch(/token/);
    // only the hash is stored, and the audit log records the invitation without it
    const [row] = await t.database.db
      .select()
      .from(tenantInvitations)
      .where(eq(tenantInvitations.invitationId, invitation.invitationId));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.tokenHash).not.toBe(tokenOf(link));
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenant.tenantId), eq(auditLog.tableName, 'tenant_invitations')));
    expect(audit.length).toBeGreaterThan(0);
    expect(JSON.stringify(audit)).not.toContain(row!.tokenHash);
  });

  it('lets an admin grant admin and below, and refuses owner with 403', async () => {
    const ok = await invite(t.app, sessions.admin!, tenant.tenantId, { email: fresh(), role: 'admin' });
    expect(ok.statusCode, ok.body).toBe(201);
    const tooHigh = await invite(t.app, sessions.admin!, tenant.tenantId, { email: fresh(), role: 'owner' });
    expect(tooHigh.statusCode).toBe(403);
    expect(tooHigh.json().detail).toBe('You can only invite people to a role no higher than your own');
    const roles = (await list(sessions.admin!)).json().data.grantableRoles;
    expect(roles).toEqual(['admin', 'manager', 'employee']);
    expect((await list(sessions.owner!)).json().data.grantableRoles).toEqual([
      'owner',
      'admin',
      'manager',
      'employee',
    ]);
  });

  it('refuses managers and employees (403), other tenants (403) and the signed-out (401)', async () => {
    for (const who of ['manager', 'employee', 'otherOwner'] as const) {
      const response = await invite(t.app, sessions[who]!, tenant.tenantId, {
        email: fresh(),
        role: 'employee',
      });
      expect(response.statusCode, who).toBe(403);
      expect((await list(sessions[who]!)).statusCode, who).toBe(403);
    }
    expect(
      (await invite(t.app, null, tenant.tenantId, { email: fresh(), role: 'employee' })).statusCode,
    ).toBe(401);
  });

  it('answers 400 with the field messages for bad input and for someone already a member', async () => {
    const bad = await invite(t.app, sessions.owner!, tenant.tenantId, { email: 'nope', role: 'chef' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'A valid email is required' },
        { path: 'role', message: 'Role must be owner, admin, manager or employee' },
      ]),
    );
    const member = await invite(t.app, sessions.owner!, tenant.tenantId, {
      email: memberEmail.toUpperCase(),
      role: 'manager',
    });
    expect(member.statusCode).toBe(400);
    expect(member.json().errors).toEqual([
      { path: 'email', message: `${memberEmail} is already a member of this organization` },
    ]);
  });

  it('replaces an open invitation of the same email: one is listed and the first link is dead', async () => {
    const email = fresh();
    await invite(t.app, sessions.owner!, tenant.tenantId, { email, role: 'employee' });
    const first = tokenOf(await invitationLinkFor(t.database, email));
    const again = await invite(t.app, sessions.owner!, tenant.tenantId, { email, role: 'manager' });
    expect(again.statusCode).toBe(201);
    const listed = (await list(sessions.owner!))
      .json()
      .data.invitations.filter((i: { email: string }) => i.email === email);
    expect(listed).toEqual([expect.objectContaining({ role: 'manager', status: 'pending' })]);
    expect((await onLink(t.app, null, 'lookup', { token: first })).statusCode).toBe(410);
    const second = tokenOf(await invitationLinkFor(t.database, email));
    const lookup = await onLink(t.app, null, 'lookup', { token: second });
    expect(lookup.json().data.invitation).toMatchObject({ email, role: 'manager' });
  });
});

describe('inviting at the same moment', () => {
  it('answers each of two simultaneous invitations of one email 201 or 409, never 5xx, and keeps one open', async () => {
    const email = fresh();
    const answers = await Promise.all(
      (['employee', 'manager'] as const).map((role) =>
        invite(t.app, sessions.owner!, tenant.tenantId, { email, role }),
      ),
    );
    for (const answer of answers) expect([201, 409], answer.body).toContain(answer.statusCode);
    expect(answers.some((answer) => answer.statusCode === 201)).toBe(true);
    const open = (await list(sessions.owner!))
      .json()
      .data.invitations.filter((i: { email: string }) => i.email === email);
    expect(open).toHaveLength(1);
  });
});

describe('resending and revoking', () => {
  it('resends with a new link (the old one dies) and revokes (the link is withdrawn)', async () => {
    const email = fresh();
    const created = await invite(t.app, sessions.owner!, tenant.tenantId, { email, role: 'employee' });
    const id = created.json().data.invitation.invitationId as string;
    const oldToken = tokenOf(await invitationLinkFor(t.database, email));
    const resent = await act(sessions.admin!, 'POST', id);
    expect(resent.statusCode, resent.body).toBe(200);
    const newToken = tokenOf(await invitationLinkFor(t.database, email));
    expect(newToken).not.toBe(oldToken);
    expect((await onLink(t.app, null, 'lookup', { token: oldToken })).statusCode).toBe(404);
    expect((await onLink(t.app, null, 'lookup', { token: newToken })).statusCode).toBe(200);

    expect((await act(sessions.owner!, 'DELETE', id)).statusCode).toBe(204);
    const withdrawn = await onLink(t.app, null, 'lookup', { token: newToken });
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.json()).toMatchObject({
      code: 'INVITATION_REVOKED',
      detail: 'This invitation was withdrawn',
    });
    expect(
      (await list(sessions.owner!)).json().data.invitations.map((i: { email: string }) => i.email),
    ).not.toContain(email);
    // revoked is no longer open: resending or revoking it again finds nothing
    expect((await act(sessions.owner!, 'DELETE', id)).statusCode).toBe(404);
    expect((await act(sessions.owner!, 'POST', id)).statusCode).toBe(404);
  });

  it("finds no invitation of another tenant under this tenant's path (404), and nothing in its list", async () => {
    const email = fresh();
    const theirs = await invite(t.app, sessions.otherOwner!, other.tenantId, { email, role: 'employee' });
    const id = theirs.json().data.invitation.invitationId as string;
    expect((await act(sessions.owner!, 'POST', id)).statusCode).toBe(404);
    expect((await act(sessions.owner!, 'DELETE', id)).statusCode).toBe(404);
    expect((await list(sessions.owner!)).body).not.toContain(email);
    // and its own tenant's path refuses this tenant's owner
    expect((await act(sessions.owner!, 'DELETE', id, other.tenantId)).statusCode).toBe(403);
    expect((await list(sessions.otherOwner!, other.tenantId)).body).toContain(email);
  });

  it('refuses an admin resending an owner invitation made by an owner', async () => {
    const created = await invite(t.app, sessions.owner!, tenant.tenantId, { email: fresh(), role: 'owner' });
    const id = created.json().data.invitation.invitationId as string;
    expect((await act(sessions.admin!, 'POST', id)).statusCode).toBe(403);
    expect((await act(sessions.siteAdmin!, 'POST', id)).statusCode).toBe(200);
  });
});
