import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBrowser, type Session, signInAs } from '../test-client';

// issue 23: an employee record can be linked to the Brigade user it is, a member of the organization.
const t = useTestApp();
let base: string;
let manager: Session;
let member: { uid: string };
let outsider: { uid: string };

beforeAll(async () => {
  const db = t.database.db;
  const tenant = await makeTenant(db);
  const restaurant = await makeRestaurant(db, tenant.tenantId);
  base = `/api/v1/tenants/${tenant.tenantId}/restaurants/${restaurant.restaurantId}/employees`;
  const managerUser = await makeUser(db, { tenantId: tenant.tenantId, role: 'manager' });
  manager = await signInAs(t.app, managerUser.email, TEST_PASSWORD);
  member = await makeUser(db, { tenantId: tenant.tenantId, role: 'employee' });
  const other = await makeTenant(db);
  outsider = await makeUser(db, { tenantId: other.tenantId, role: 'owner' });
});

const send = (method: 'POST' | 'PATCH', url: string, payload: Record<string, unknown>) =>
  asBrowser(t.app, manager, { method, url, payload });

describe('employee ↔ user link', () => {
  it('links an employee to a member, refuses someone of another organization, and clears with null', async () => {
    const created = await send('POST', base, { firstName: 'Ada', lastName: 'Lovelace', userId: member.uid });
    expect(created.statusCode, created.body).toBe(201);
    const employee = created.json().data;
    expect(employee.userId).toBe(member.uid);
    const url = `${base}/${employee.employeeId}`;

    const foreign = await send('PATCH', url, { userId: outsider.uid });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual([
      { path: 'userId', message: `User ${outsider.uid} is not a member of this organization` },
    ]);
    const unknown = await send('POST', base, { firstName: 'Bo', lastName: 'Ng', userId: 'no-such-user' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].message).toBe('User no-such-user is not a member of this organization');

    // other changes leave the link as it is
    const renamed = await send('PATCH', url, { chosenName: 'Countess' });
    expect(renamed.json().data.userId).toBe(member.uid);
    const cleared = await send('PATCH', url, { userId: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.userId).toBeUndefined();
  });
});
