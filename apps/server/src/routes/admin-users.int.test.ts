import { COMMON_PASSWORD_MESSAGE } from '@brigade/domain/user';
import { makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, asBrowser, emailOfSignIn, type Session, signInAs } from '../test-client';

const t = useTestApp();
let admin: Session;
let adminUid: string;

beforeAll(async () => {
  const user = await makeUser(t.database.db, { isSiteAdmin: true });
  adminUid = user.uid;
  admin = await signInAs(t.app, user.email, TEST_PASSWORD);
});

describe('admin users API', () => {
  it('is for site administrators only', async () => {
    const tenant = await makeTenant(t.database.db);
    const owner = await makeUser(t.database.db, { tenantId: tenant.tenantId, role: 'owner' });
    const ownerSession = await signInAs(t.app, owner.email, TEST_PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin-users' })).statusCode).toBe(401);
    expect(
      (await asBearer(t.app, ownerSession, { method: 'GET', url: '/api/v1/admin-users' })).statusCode,
    ).toBe(403);
    expect((await asBearer(t.app, admin, { method: 'GET', url: '/api/v1/admin-users' })).statusCode).toBe(
      200,
    );
  });

  it('creates a user with a password and a tenant assignment, and refuses a taken email', async () => {
    const tenant = await makeTenant(t.database.db);
    const created = await asBrowser(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin-users',
      payload: {
        email: 'Chef.Lee@Example.com',
        password: 'kitchen-pw',
        firstName: 'Lee',
        lastName: 'Park',
        tenantId: tenant.tenantId,
        tenantRole: 'manager',
      },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.user).toMatchObject({
      email: 'chef.lee@example.com',
      displayName: 'Lee Park',
      isActive: true,
      tenantAssignments: [{ tenantId: tenant.tenantId, role: 'manager', isActive: true }],
    });
    expect(await emailOfSignIn(t.app, 'chef.lee@example.com', 'kitchen-pw')).toBe('chef.lee@example.com');
    const again = await asBrowser(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin-users',
      payload: { email: 'chef.lee@example.com', password: 'kitchen-pw', firstName: 'Lee', lastName: 'Park' },
    });
    expect(again.statusCode).toBe(409);
    const common = await asBrowser(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin-users',
      payload: { email: 'chef.kim@example.com', password: 'Welcome1', firstName: 'Kim', lastName: 'Lo' },
    });
    expect(common.statusCode).toBe(400);
    expect(common.json().errors).toEqual([{ path: 'password', message: COMMON_PASSWORD_MESSAGE }]);
    const uid = created.json().data.user.uid as string;
    const commonChange = await asBrowser(t.app, admin, {
      method: 'PATCH',
      url: `/api/v1/admin-users/${uid}`,
      payload: { password: 'changeme' },
    });
    expect(commonChange.statusCode).toBe(400);
    expect(await emailOfSignIn(t.app, 'chef.lee@example.com', 'kitchen-pw')).toBe('chef.lee@example.com');
    const invalid = await asBrowser(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin-users',
      payload: { email: 'x@example.com', password: 'pw', firstName: 'X', lastName: 'Y', displayName: 'Z' },
    });
    expect(invalid.json().errors).toEqual([
      { path: 'password', message: 'Password must be at least 6 characters' },
      { path: 'displayName', message: 'Display name must be at least 2 characters' },
    ]);
    const ghostTenant = await asBrowser(t.app, admin, {
      method: 'POST',
      url: '/api/v1/admin-users',
      payload: {
        email: 'g@example.com',
        password: 'ghost-tenant-pw',
        firstName: 'G',
        lastName: 'H',
        tenantId: 10999999,
        tenantRole: 'owner',
      },
    });
    expect(ghostTenant.statusCode).toBe(404);
    expect(ghostTenant.json().detail).toBe('Tenant with ID 10999999 not found');
  });

  it('pages through users with limit and pageToken, and caps the limit at 100', async () => {
    for (let i = 0; i < 3; i++) await makeUser(t.database.db);
    const seen = new Set<string>();
    let pageToken: string | null = null;
    let pages = 0;
    do {
      const query: string = `limit=2${pageToken ? `&pageToken=${pageToken}` : ''}`;
      const page = await asBearer(t.app, admin, { method: 'GET', url: `/api/v1/admin-users?${query}` });
      const data: { users: { uid: string }[]; nextPageToken: string | null } = page.json().data;
      expect(data.users.length).toBeLessThanOrEqual(2);
      for (const user of data.users) seen.add(user.uid);
      pageToken = data.nextPageToken;
      pages++;
    } while (pageToken && pages < 50);
    const all = await asBearer(t.app, admin, { method: 'GET', url: '/api/v1/admin-users?limit=100' });
    expect(seen.size).toBe(all.json().data.users.length);
    expect(seen.size).toBeGreaterThanOrEqual(4);
    const tooMany = await asBearer(t.app, admin, { method: 'GET', url: '/api/v1/admin-users?limit=101' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual([{ path: 'query.limit', message: 'Limit cannot exceed 100' }]);
  });

  it('searches display names and emails from 2 characters on; shorter or empty terms find nothing', async () => {
    await makeUser(t.database.db, { email: 'zanzibar.ops@example.com' });
    const search = async (term: string) =>
      (
        await asBearer(t.app, admin, {
          method: 'GET',
          url: `/api/v1/admin-users?search=${encodeURIComponent(term)}`,
        })
      ).json().data.users as { email: string }[];
    expect((await search('ZANZI')).map((u) => u.email)).toEqual(['zanzibar.ops@example.com']);
    expect(await search('z')).toEqual([]);
    expect(await search('')).toEqual([]);
    expect(await search('%')).toEqual([]);
  });

  it('filters the list and the search by active, site admin and tenant on the server', async () => {
    const tenant = await makeTenant(t.database.db);
    const member = await makeUser(t.database.db, {
      email: 'filter.member@example.com',
      tenantId: tenant.tenantId,
      role: 'employee',
    });
    const idle = await makeUser(t.database.db, {
      email: 'filter.idle@example.com',
      tenantId: tenant.tenantId,
      role: 'manager',
      isActive: false,
    });
    const boss = await makeUser(t.database.db, { email: 'filter.boss@example.com', isSiteAdmin: true });
    const uids = async (query: string) => {
      const response = await asBearer(t.app, admin, {
        method: 'GET',
        url: `/api/v1/admin-users?limit=100&${query}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data.users as { uid: string }[]).map((u) => u.uid);
    };
    expect((await uids(`tenantId=${tenant.tenantId}`)).sort()).toEqual([member.uid, idle.uid].sort());
    expect(await uids(`tenantId=${tenant.tenantId}&isActive=false`)).toEqual([idle.uid]);
    const admins = await uids('isSiteAdmin=true');
    expect(admins).toContain(boss.uid);
    expect(admins).not.toContain(member.uid);
    expect(await uids('isActive=false')).not.toContain(member.uid);
    // the search takes the same filters
    expect(await uids('search=filter.&isActive=true')).toEqual(
      expect.arrayContaining([member.uid, boss.uid]),
    );
    expect(await uids('search=filter.&isActive=true')).not.toContain(idle.uid);
    expect(await uids(`search=filter.&tenantId=${tenant.tenantId}&isSiteAdmin=false&isActive=true`)).toEqual([
      member.uid,
    ]);
    for (const [query, message] of [
      ['isActive=maybe', 'isActive must be true or false'],
      ['isSiteAdmin=1', 'isSiteAdmin must be true or false'],
      ['tenantId=abc', 'Tenant ID must be a positive integer'],
      ['tenantId=0', 'Tenant ID must be a positive integer'],
    ] as const) {
      const response = await asBearer(t.app, admin, { method: 'GET', url: `/api/v1/admin-users?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toContain(message);
    }
  });

  it('promotes, demotes, verifies, deactivates (ending sessions) and reactivates', async () => {
    const user = await makeUser(t.database.db);
    const session = await signInAs(t.app, user.email, TEST_PASSWORD);
    const patch = (payload: object) =>
      asBrowser(t.app, admin, { method: 'PATCH', url: `/api/v1/admin-users/${user.uid}`, payload });
    expect(
      (await patch({ isSiteAdmin: true, siteRole: 'support', emailVerified: true })).json().data.user,
    ).toMatchObject({
      isSiteAdmin: true,
      siteRole: 'support',
      emailVerified: true,
    });
    expect((await patch({ isSiteAdmin: false })).json().data.user.isSiteAdmin).toBe(false);
    expect((await patch({ isActive: false })).json().data.user.isActive).toBe(false);
    expect((await asBearer(t.app, session, { method: 'GET', url: '/api/v1/auth/session' })).statusCode).toBe(
      401,
    );
    expect((await patch({ isActive: true })).json().data.user.isActive).toBe(true);
    const missing = await asBrowser(t.app, admin, {
      method: 'PATCH',
      url: '/api/v1/admin-users/nope',
      payload: {},
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('User with UID nope not found');
  });

  it('never leaves the platform without an active site administrator', async () => {
    const others = await asBearer(t.app, admin, { method: 'GET', url: '/api/v1/admin-users?limit=100' });
    const otherAdmins = (
      others.json().data.users as { uid: string; isSiteAdmin: boolean; isActive: boolean }[]
    ).filter((u) => u.isSiteAdmin && u.isActive && u.uid !== adminUid);
    for (const other of otherAdmins) {
      await asBrowser(t.app, admin, {
        method: 'PATCH',
        url: `/api/v1/admin-users/${other.uid}`,
        payload: { isSiteAdmin: false },
      });
    }
    const demoteSelf = await asBrowser(t.app, admin, {
      method: 'PATCH',
      url: `/api/v1/admin-users/${adminUid}`,
      payload: { isSiteAdmin: false },
    });
    expect(demoteSelf.statusCode).toBe(409);
    expect(demoteSelf.json().code).toBe('LAST_SITE_ADMIN');
    const deleteSelf = await asBrowser(t.app, admin, {
      method: 'DELETE',
      url: `/api/v1/admin-users/${adminUid}`,
    });
    expect(deleteSelf.statusCode).toBe(409);
  });

  it('keeps one of two administrators who demote each other at the same moment', async () => {
    // The admin is the only active one now (the test above); a second one joins.
    const second = await makeUser(t.database.db, { isSiteAdmin: true });
    const secondSession = await signInAs(t.app, second.email, TEST_PASSWORD);
    const demote = (session: Session, uid: string) =>
      asBrowser(t.app, session, {
        method: 'PATCH',
        url: `/api/v1/admin-users/${uid}`,
        payload: { isSiteAdmin: false },
      });
    for (let round = 0; round < 5; round++) {
      const [first, other] = await Promise.all([demote(admin, second.uid), demote(secondSession, adminUid)]);
      // One goes through; the other is refused: 409 when it counted under the lock, or 403 when its maker was
      // already no administrator by the time the request was let in.
      const statuses = [first.statusCode, other.statusCode].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      const list = await asBearer(t.app, first.statusCode === 200 ? admin : secondSession, {
        method: 'GET',
        url: '/api/v1/admin-users?limit=100',
      });
      const active = (list.json().data.users as { isSiteAdmin: boolean; isActive: boolean }[]).filter(
        (u) => u.isSiteAdmin && u.isActive,
      );
      expect(active).toHaveLength(1);
      // promote the demoted one again for the next round
      const back = await asBrowser(t.app, first.statusCode === 200 ? admin : secondSession, {
        method: 'PATCH',
        url: `/api/v1/admin-users/${first.statusCode === 200 ? second.uid : adminUid}`,
        payload: { isSiteAdmin: true },
      });
      expect(back.statusCode).toBe(200);
    }
  });

  it('adds, changes, toggles and removes tenant assignments (removing an absent one is a no-op)', async () => {
    const tenant = await makeTenant(t.database.db);
    const user = await makeUser(t.database.db);
    const base = `/api/v1/admin-users/${user.uid}/tenant-assignments`;
    const added = await asBrowser(t.app, admin, {
      method: 'POST',
      url: base,
      payload: { tenantId: tenant.tenantId, role: 'employee' },
    });
    expect(added.json().data.user.tenantAssignments).toEqual([
      expect.objectContaining({ tenantId: tenant.tenantId, role: 'employee', isActive: true }),
    ]);
    const changed = await asBrowser(t.app, admin, {
      method: 'PATCH',
      url: `${base}/${tenant.tenantId}`,
      payload: { role: 'admin' },
    });
    expect(changed.json().data.user.tenantAssignments[0].role).toBe('admin');
    const toggled = await asBrowser(t.app, admin, {
      method: 'PATCH',
      url: `${base}/${tenant.tenantId}`,
      payload: { isActive: false },
    });
    expect(toggled.json().data.user.tenantAssignments[0]).toMatchObject({ role: 'admin', isActive: false });
    const badRole = await asBrowser(t.app, admin, {
      method: 'POST',
      url: base,
      payload: { tenantId: tenant.tenantId, role: 'chef' },
    });
    expect(badRole.json().errors).toEqual([
      { path: 'role', message: 'Role must be owner, admin, manager or employee' },
    ]);
    const removed = await asBrowser(t.app, admin, { method: 'DELETE', url: `${base}/${tenant.tenantId}` });
    expect(removed.json().data.user.tenantAssignments).toEqual([]);
    const again = await asBrowser(t.app, admin, { method: 'DELETE', url: `${base}/${tenant.tenantId}` });
    expect(again.statusCode).toBe(200);
  });

  it('deletes a user completely: profile, assignments and sign-in', async () => {
    const tenant = await makeTenant(t.database.db);
    const user = await makeUser(t.database.db, { tenantId: tenant.tenantId, role: 'manager' });
    const session = await signInAs(t.app, user.email, TEST_PASSWORD);
    expect(
      (await asBrowser(t.app, admin, { method: 'DELETE', url: `/api/v1/admin-users/${user.uid}` }))
        .statusCode,
    ).toBe(204);
    expect(
      (await asBearer(t.app, admin, { method: 'GET', url: `/api/v1/admin-users/${user.uid}` })).statusCode,
    ).toBe(404);
    expect((await asBearer(t.app, session, { method: 'GET', url: '/api/v1/auth/session' })).statusCode).toBe(
      401,
    );
    await expect(signInAs(t.app, user.email, TEST_PASSWORD)).rejects.toThrow('401');
  });

  it('deletes only the profile: names, photo, site admin and assignments go, the sign-in stays', async () => {
    const tenant = await makeTenant(t.database.db);
    const other = await makeTenant(t.database.db);
    const user = await makeUser(t.database.db, {
      tenantId: tenant.tenantId,
      role: 'manager',
      isSiteAdmin: true,
    });
    const add = await asBrowser(t.app, admin, {
      method: 'POST',
      url: `/api/v1/admin-users/${user.uid}/tenant-assignments`,
      payload: { tenantId: other.tenantId, role: 'employee' },
    });
    expect(add.statusCode, add.body).toBe(200);
    const session = await signInAs(t.app, user.email, TEST_PASSWORD);
    const url = `/api/v1/admin-users/${user.uid}/profile`;
    const owner = await makeUser(t.database.db, { tenantId: tenant.tenantId, role: 'owner' });
    const ownerSession = await signInAs(t.app, owner.email, TEST_PASSWORD);
    expect((await asBrowser(t.app, ownerSession, { method: 'DELETE', url })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);

    const deleted = await asBrowser(t.app, admin, { method: 'DELETE', url });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().data.user).toMatchObject({
      uid: user.uid,
      email: user.email,
      displayName: user.email,
      firstName: null,
      lastName: null,
      photoURL: null,
      isSiteAdmin: false,
      siteRole: null,
      isActive: true,
      tenantAssignments: [],
    });
    // the account stays: the open session still answers, and the person signs in again with no tenant
    expect((await asBearer(t.app, session, { method: 'GET', url: '/api/v1/auth/session' })).statusCode).toBe(
      200,
    );
    const again = await signInAs(t.app, user.email, TEST_PASSWORD);
    const mine = await asBearer(t.app, again, { method: 'GET', url: '/api/v1/me/tenants' });
    expect(mine.json().data).toEqual([]);
  });

  it('refuses the profile delete for yourself, the last site administrator and an unknown user', async () => {
    const self = await asBrowser(t.app, admin, {
      method: 'DELETE',
      url: `/api/v1/admin-users/${adminUid}/profile`,
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().detail).toBe('You cannot delete your own profile');
    const missing = await asBrowser(t.app, admin, {
      method: 'DELETE',
      url: '/api/v1/admin-users/nobody/profile',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('User with UID nobody not found');
  });
});
