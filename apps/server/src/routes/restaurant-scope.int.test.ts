import { INVITATION_MESSAGES, OWNERS_WORK_EVERYWHERE } from '@brigade/domain/invitation';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';
import { invitationLinkFor, invite, onLink, tokenOf } from '../test-invitations';

// issue 45 item 15: a manager or employee can be limited to some of the organization's restaurants
// (docs/behaviour/team-invitations.md#restaurants); the isolation matrix checks every restaurant route too.
const t = useTestApp();
let tenantId: number;
let harbor: number;
let lantern: number;
let guids: { tenant: string; harbor: string; lantern: string };
let owner: Session;

const get = (session: Session, url: string) =>
  asBearer(t.app, session, { method: 'GET', url: `/api/v1${url}` });

beforeAll(async () => {
  const tenant = await makeTenant(t.database.db, { displayName: 'Two Kitchens Group' });
  tenantId = tenant.tenantId;
  const harborRow = await makeRestaurant(t.database.db, tenantId, 'Harbor Scope');
  const lanternRow = await makeRestaurant(t.database.db, tenantId, 'Lantern Scope');
  harbor = harborRow.restaurantId;
  lantern = lanternRow.restaurantId;
  guids = { tenant: tenant.guid, harbor: harborRow.guid, lantern: lanternRow.guid };
  const ownerUser = await makeUser(t.database.db, { tenantId, role: 'owner' });
  owner = await signInAs(t.app, ownerUser.email, TEST_PASSWORD);
});

/** Invites a new manager to `restaurantIds`, accepts with a new account and signs in. */
async function scopedManager(restaurantIds: number[] | null) {
  const email = `scoped-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const invited = await invite(t.app, owner, tenantId, { email, role: 'manager', restaurantIds });
  expect(invited.statusCode, invited.body).toBe(201);
  const token = tokenOf(await invitationLinkFor(t.database, email));
  const accepted = await onLink(t.app, null, 'accept', {
    token,
    account: { firstName: 'Mia', lastName: 'Lane', password: 'harbor-shift-lead' },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return {
    invited: invited.json().data.invitation,
    session: await signInAs(t.app, email, 'harbor-shift-lead'),
  };
}

describe('restaurant-scoped managers', () => {
  it("works at the invited restaurant only: its routes answer, the other's are refused, lists show one", async () => {
    const { invited, session } = await scopedManager([harbor]);
    expect(invited).toMatchObject({ role: 'manager', restaurantIds: [harbor] });
    const me = await get(session, '/me');
    expect(me.json().data.user.tenantAssignments).toMatchObject([
      { tenantId, role: 'manager', restaurantIds: [harbor] },
    ]);

    expect((await get(session, `/tenants/${tenantId}/restaurants/${harbor}/items`)).statusCode).toBe(200);
    const elsewhere = await get(session, `/tenants/${tenantId}/restaurants/${lantern}/items`);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.body).not.toContain('Lantern Scope');
    const restaurant = await get(session, `/tenants/${tenantId}/restaurants/${lantern}`);
    expect(restaurant.statusCode).toBe(403);
    // the Business Profile routes name restaurants by guid and check for themselves: the other one is unknown
    const listing = (restaurantGuid: string) =>
      get(session, `/business-listing/connections?tenantId=${guids.tenant}&restaurantId=${restaurantGuid}`);
    expect((await listing(guids.harbor)).statusCode).toBe(200);
    expect((await listing(guids.lantern)).statusCode).toBe(404);

    const mine = await get(session, `/me/tenants/${tenantId}/restaurants`);
    expect(mine.json().data.map((r: { restaurantId: number }) => r.restaurantId)).toEqual([harbor]);
    const listed = await get(session, `/tenants/${tenantId}/restaurants`);
    expect(listed.json().data.restaurants.map((r: { restaurantId: number }) => r.restaurantId)).toEqual([
      harbor,
    ]);
    const report = await get(session, `/tenants/${tenantId}/reports/sales?from=2026-12-01&to=2026-12-01`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.restaurants.map((r: { restaurantId: number }) => r.restaurantId)).toEqual([
      harbor,
    ]);

    // the owner still sees both, and so does a manager invited to every restaurant
    const all = await get(owner, `/tenants/${tenantId}/restaurants`);
    expect(
      all
        .json()
        .data.restaurants.map((r: { restaurantId: number }) => r.restaurantId)
        .sort(),
    ).toEqual([harbor, lantern].sort());
    const everywhere = (await scopedManager(null)).session;
    expect((await get(everywhere, `/tenants/${tenantId}/restaurants/${lantern}/items`)).statusCode).toBe(200);
  });

  it('refuses restaurants for owners and admins, and restaurants of another organization, storing nothing', async () => {
    const email = 'scope-refused@example.com';
    const admin = await invite(t.app, owner, tenantId, { email, role: 'admin', restaurantIds: [harbor] });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().errors).toEqual([
      {
        path: 'restaurantIds',
        message: 'Owners and admins work at every restaurant: leave the restaurants out',
      },
    ]);
    const stranger = (await makeRestaurant(t.database.db, (await makeTenant(t.database.db)).tenantId))
      .restaurantId;
    const foreign = await invite(t.app, owner, tenantId, {
      email,
      role: 'employee',
      restaurantIds: [harbor, stranger],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      { path: 'restaurantIds', message: INVITATION_MESSAGES.unknownRestaurant(stranger) },
    ]);
    const none = await invite(t.app, owner, tenantId, { email, role: 'employee', restaurantIds: [] });
    expect(none.statusCode).toBe(400);
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from tenant_invitations where email = ${email}`,
    );
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('lets an owner change where a member works, at once, and refuses it for owners and strangers', async () => {
    const { session } = await scopedManager([harbor]);
    const uid = ((await get(session, '/me')).json().data.user as { uid: string }).uid;
    const put = (who: Session, target: string, restaurantIds: unknown) =>
      asBearer(t.app, who, {
        method: 'PUT',
        url: `/api/v1/tenants/${tenantId}/users/${target}/restaurants`,
        payload: { restaurantIds },
      });
    const lanternItems = `/tenants/${tenantId}/restaurants/${lantern}/items`;
    expect((await get(session, lanternItems)).statusCode).toBe(403);
    const moved = await put(owner, uid, [lantern, harbor]);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.user).toMatchObject({
      uid,
      role: 'manager',
      restaurantIds: [harbor, lantern].sort((a, b) => a - b),
    });
    expect((await get(session, lanternItems)).statusCode).toBe(200);
    expect((await put(owner, uid, [lantern])).statusCode).toBe(200);
    expect((await get(session, `/tenants/${tenantId}/restaurants/${harbor}/items`)).statusCode).toBe(403);
    expect((await put(owner, uid, null)).statusCode).toBe(200);
    expect((await get(session, `/tenants/${tenantId}/restaurants/${harbor}/items`)).statusCode).toBe(200);
    // the manager cannot widen their own reach: the route is for owners and admins
    expect((await put(session, uid, null)).statusCode).toBe(403);

    const ownerUid = ((await get(owner, '/me')).json().data.user as { uid: string }).uid;
    const onOwner = await put(owner, ownerUid, [harbor]);
    expect(onOwner.statusCode).toBe(400);
    expect(onOwner.json().errors).toEqual([{ path: 'restaurantIds', message: OWNERS_WORK_EVERYWHERE }]);
    const stranger = (await makeRestaurant(t.database.db, (await makeTenant(t.database.db)).tenantId))
      .restaurantId;
    expect((await put(owner, uid, [stranger])).json().errors).toEqual([
      { path: 'restaurantIds', message: INVITATION_MESSAGES.unknownRestaurant(stranger) },
    ]);
    const nobody = await put(owner, 'no-such-user', [harbor]);
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().detail).toBe(INVITATION_MESSAGES.notMember('no-such-user'));
    // what was refused changed nothing: still every restaurant
    expect((await get(session, `/tenants/${tenantId}/restaurants/${harbor}/items`)).statusCode).toBe(200);
  });

  it('drops the limit when a site administrator makes the manager an admin (an admin runs every restaurant)', async () => {
    const { session } = await scopedManager([harbor]);
    const me = (await get(session, '/me')).json().data.user as { uid: string };
    const siteAdmin = await signInAs(
      t.app,
      (await makeUser(t.database.db, { isSiteAdmin: true })).email,
      TEST_PASSWORD,
    );
    const promoted = await asBearer(t.app, siteAdmin, {
      method: 'PATCH',
      url: `/api/v1/admin-users/${me.uid}/tenant-assignments/${tenantId}`,
      payload: { role: 'admin' },
    });
    expect(promoted.statusCode, promoted.body).toBeLessThan(300);
    expect((await get(session, `/tenants/${tenantId}/restaurants/${lantern}/items`)).statusCode).toBe(200);
  });
});
