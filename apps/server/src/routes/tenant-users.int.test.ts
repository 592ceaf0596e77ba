import { makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, asBrowser, type Session, signInAs } from '../test-client';

// issue 17: GET /tenants/{tenantId}/users — a tenant's users with their role there, for its owners and admins
// and for site administrators.
const t = useTestApp();
let tenant: { tenantId: number };
let other: { tenantId: number };
const sessions: Record<string, Session> = {};
let both: { uid: string; email: string };

beforeAll(async () => {
  const db = t.database.db;
  tenant = await makeTenant(db);
  other = await makeTenant(db);
  const session = async (user: { email: string }) => signInAs(t.app, user.email, TEST_PASSWORD);
  sessions.admin = await session(await makeUser(db, { isSiteAdmin: true }));
  sessions.owner = await session(await makeUser(db, { tenantId: tenant.tenantId, role: 'owner' }));
  sessions.tenantAdmin = await session(await makeUser(db, { tenantId: tenant.tenantId, role: 'admin' }));
  sessions.manager = await session(await makeUser(db, { tenantId: tenant.tenantId, role: 'manager' }));
  sessions.otherOwner = await session(await makeUser(db, { tenantId: other.tenantId, role: 'owner' }));
  // one user in both tenants: an employee here, the owner of the other
  both = await makeUser(db, { tenantId: tenant.tenantId, role: 'employee' });
  const added = await asBrowser(t.app, sessions.admin, {
    method: 'POST',
    url: `/api/v1/admin-users/${both.uid}/tenant-assignments`,
    payload: { tenantId: other.tenantId, role: 'owner' },
  });
  expect(added.statusCode, added.body).toBe(200);
});

const list = (who: Session | null, tenantId: number | string) => {
  const request = { method: 'GET' as const, url: `/api/v1/tenants/${tenantId}/users` };
  return who ? asBearer(t.app, who, request) : t.app.inject(request);
};

describe('GET /tenants/{tenantId}/users', () => {
  it("lists the tenant's users with their role there, only this tenant's assignment", async () => {
    for (const who of ['owner', 'tenantAdmin', 'admin'] as const) {
      const response = await list(sessions[who]!, tenant.tenantId);
      expect(response.statusCode, `${who}: ${response.body}`).toBe(200);
      const users = response.json().data.users as { uid: string; role: string; assignmentActive: boolean }[];
      expect(users).toHaveLength(4);
      expect(users.find((u) => u.uid === both.uid)).toMatchObject({
        role: 'employee',
        assignmentActive: true,
      });
      // nothing of the other tenant
      expect(response.body).not.toContain(String(other.tenantId));
      expect(users.filter((u) => u.uid === both.uid)).toHaveLength(1);
    }
  });

  it("refuses a manager, another tenant's owner and the signed-out", async () => {
    expect((await list(sessions.manager!, tenant.tenantId)).statusCode).toBe(403);
    expect((await list(sessions.otherOwner!, tenant.tenantId)).statusCode).toBe(403);
    expect((await list(null, tenant.tenantId)).statusCode).toBe(401);
  });

  it('says 404 for an unknown tenant and 400 for a bad id', async () => {
    const missing = await list(sessions.admin!, 99999999);
    expect(missing.statusCode).toBe(404);
    const bad = await list(sessions.admin!, 'abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Tenant ID');
  });
});
