import { randomUUID } from 'node:crypto';
import { CATALOGUE_KINDS, ITEM_KIND } from '@brigade/domain/catalogue/kinds';
import { sampleOf } from '@brigade/test-utils/catalogue-samples';
import {
  makeCatalogueRecord,
  makeRestaurant,
  makeTenant,
  makeUser,
  TEST_PASSWORD,
} from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, asBrowser, type Session, signInAs } from '../test-client';

/**
 * Every catalogue kind through the API: list, get, create, batch create, update (merge) and
 * delete; ids from the restaurant's counters or as supplied; the spec's not-found texts; all-or-nothing
 * batches; restaurants resolved under their tenant.
 */
const t = useTestApp();

let manager: Session;
let employee: Session;
let admin: Session;
let tenantId: number;
let otherTenantRestaurant: number;

beforeAll(async () => {
  const db = t.database.db;
  const tenant = await makeTenant(db);
  tenantId = tenant.tenantId;
  const other = await makeTenant(db);
  otherTenantRestaurant = (await makeRestaurant(db, other.tenantId)).restaurantId;
  manager = await signInAs(t.app, (await makeUser(db, { tenantId, role: 'manager' })).email, TEST_PASSWORD);
  employee = await signInAs(t.app, (await makeUser(db, { tenantId, role: 'employee' })).email, TEST_PASSWORD);
  admin = await signInAs(t.app, (await makeUser(db, { isSiteAdmin: true })).email, TEST_PASSWORD);
});

const newRestaurant = async () => (await makeRestaurant(t.database.db, tenantId)).restaurantId;

for (const kind of CATALOGUE_KINDS) {
  const sample = sampleOf(kind);
  const { idField } = kind;
  const url = (restaurantId: number, rest = '') =>
    `/api/v1/tenants/${tenantId}/restaurants/${restaurantId}/${kind.path}${rest}`;
  const call = (
    session: Session,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
  ) =>
    asBearer(t.app, session, {
      method,
      url: path,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  describe(`${kind.path}`, () => {
    it('creates with ids from the counter, reads back, lists, merges an update and deletes', async () => {
      const restaurantId = await newRestaurant();
      const first = await call(manager, 'POST', url(restaurantId), sample.valid);
      expect(first.statusCode, first.body).toBe(201);
      const created = first.json().data;
      expect(created).toMatchObject({ ...sample.valid, [idField]: 1 });
      expect(created.guid).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(created.createdAt)).not.toBeNaN();
      const second = (await call(manager, 'POST', url(restaurantId), sample.valid)).json().data;
      expect(second[idField]).toBe(2);

      // Every employee of the tenant reads the catalogue; employee records take a manager.
      const reader = kind.path === 'employees' ? manager : employee;
      const got = await call(reader, 'GET', url(restaurantId, '/1'));
      expect(got.statusCode).toBe(200);
      expect(got.json().data).toEqual(created);
      const list = await call(reader, 'GET', url(restaurantId));
      expect(list.json().data.map((r: Record<string, unknown>) => r[idField])).toEqual([1, 2]);

      const renamed = await call(manager, 'PATCH', url(restaurantId, '/1'), {
        [sample.nameField]: 'Renamed',
      });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().data).toEqual({
        ...created,
        [sample.nameField]: 'Renamed',
        updatedAt: expect.any(String),
        // Job titles record who changed them last.
        ...(kind.path === 'job-titles' ? { updatedBy: expect.stringContaining('@example.com') } : {}),
      });
      expect(Date.parse(renamed.json().data.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
      expect((await call(manager, 'GET', url(restaurantId, '/1'))).json().data[sample.nameField]).toBe(
        'Renamed',
      );

      expect((await call(manager, 'DELETE', url(restaurantId, '/1'))).statusCode).toBe(204);
      const gone = await call(manager, 'GET', url(restaurantId, '/1'));
      expect(gone.statusCode).toBe(404);
      expect(gone.json().detail).toBe(kind.notFound(1));
    });

    it('answers the spec text for a missing record on get, update and delete', async () => {
      const restaurantId = await newRestaurant();
      for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
        const response = await call(
          manager,
          method,
          url(restaurantId, '/99'),
          method === 'PATCH' ? {} : undefined,
        );
        expect(response.statusCode).toBe(404);
        expect(response.json().detail).toBe(kind.notFound(99));
      }
    });

    it('keeps a supplied id and guid and moves the counter past it', async () => {
      const restaurantId = await newRestaurant();
      const guid = randomUUID();
      const supplied = await call(manager, 'POST', url(restaurantId), {
        ...sample.valid,
        [idField]: 41,
        guid,
      });
      expect(supplied.statusCode, supplied.body).toBe(201);
      expect(supplied.json().data).toMatchObject({ [idField]: 41, guid });
      expect((await call(manager, 'POST', url(restaurantId), sample.valid)).json().data[idField]).toBe(42);
      const again = await call(manager, 'POST', url(restaurantId), {
        ...sample.valid,
        [idField]: 41,
        guid: randomUUID(),
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().detail).toBe(`${kind.label} with ID 41 already exists`);
    });

    it('refuses an invalid body with the spec message', async () => {
      const restaurantId = await newRestaurant();
      const response = await call(manager, 'POST', url(restaurantId), sample.invalid.body);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toContainEqual({
        path: sample.invalid.path,
        message: sample.invalid.message,
      });
    });

    it('creates a batch in order, and stores nothing when one row is invalid', async () => {
      const restaurantId = await newRestaurant();
      const rows = [sample.valid, sample.valid, sample.invalid.body, sample.valid];
      const refused = await call(manager, 'POST', url(restaurantId, '/batch'), rows);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toContainEqual({
        path: `2.${sample.invalid.path}`,
        message: sample.invalid.message,
      });
      expect((await call(manager, 'GET', url(restaurantId))).json().data).toEqual([]);

      const batch = await call(manager, 'POST', url(restaurantId, '/batch'), [
        sample.valid,
        sample.valid,
        sample.valid,
      ]);
      expect(batch.statusCode, batch.body).toBe(201);
      // Nothing was issued for the refused batch: ids start at 1.
      expect(batch.json().data.map((r: Record<string, unknown>) => r[idField])).toEqual([1, 2, 3]);
      expect((await call(manager, 'GET', url(restaurantId))).json().data).toHaveLength(3);
    });

    it('rolls back the whole batch when a row fails while storing', async () => {
      const restaurantId = await newRestaurant();
      await call(manager, 'POST', url(restaurantId), { ...sample.valid, [idField]: 5, guid: randomUUID() });
      const rows = [sample.valid, { ...sample.valid, [idField]: 5, guid: randomUUID() }];
      const refused = await call(manager, 'POST', url(restaurantId, '/batch'), rows);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().errors).toEqual([
        { path: `1.${idField}`, message: `${kind.label} with ID 5 already exists` },
      ]);
      expect((await call(manager, 'GET', url(restaurantId))).json().data).toHaveLength(1);
    });

    it('finds a restaurant only under its own tenant, and names a missing tenant', async () => {
      const foreign = await call(manager, 'GET', url(otherTenantRestaurant));
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().detail).toBe(`Restaurant with ID ${otherTenantRestaurant} not found`);
      const write = await call(manager, 'POST', url(otherTenantRestaurant), sample.valid);
      expect(write.statusCode).toBe(404);
      const missingTenant = await asBrowser(t.app, admin, {
        method: 'GET',
        url: `/api/v1/tenants/10999999/restaurants/20000001/${kind.path}`,
      });
      expect(missingTenant.statusCode).toBe(404);
      expect(missingTenant.json().detail).toBe('Tenant with ID 10999999 not found');
    });
  });
}

describe('another tenant', () => {
  it('must not see the catalogue, through its own tenant path or this one', async () => {
    const db = t.database.db;
    const restaurantId = await newRestaurant();
    await makeCatalogueRecord(db, ITEM_KIND, { tenantId, restaurantId }, { name: 'Secret Sauce Burger' });
    const outsider = await makeTenant(db);
    const owner = await makeUser(db, { tenantId: outsider.tenantId, role: 'owner' });
    const session = await signInAs(t.app, owner.email, TEST_PASSWORD);
    for (const url of [
      `/api/v1/tenants/${outsider.tenantId}/restaurants/${restaurantId}/items`,
      `/api/v1/tenants/${outsider.tenantId}/restaurants/${restaurantId}/items/1`,
      `/api/v1/tenants/${outsider.tenantId}/restaurants/${restaurantId}/menus`,
      `/api/v1/tenants/${tenantId}/restaurants/${restaurantId}/items`,
    ]) {
      const response = await asBearer(t.app, session, { method: 'GET', url });
      expect([403, 404]).toContain(response.statusCode);
      expect(response.body).not.toContain('Secret Sauce');
    }
  });
});
