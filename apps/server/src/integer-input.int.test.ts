import { randomUUID } from 'node:crypto';
import { INT32_MAX } from '@brigade/domain/integers';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app';
import { asBearer, type Session, signInAs } from './test-client';

/**
 * Issue 14, found by the contract fuzzer: integers beyond a PostgreSQL `integer` reached the database as
 * 500s ("integer out of range"), in path ids, in body fields and in ids issued after a record was created
 * with the highest id supplied. Each is now a 4xx (decision 016) or, for local ids, a free id.
 */

const t = useTestApp();
let owner: Session;
let base: string;

beforeAll(async () => {
  const tenant = await makeTenant(t.database.db, { plan: 'professional' });
  const restaurant = await makeRestaurant(t.database.db, tenant.tenantId);
  const user = await makeUser(t.database.db, { tenantId: tenant.tenantId, role: 'owner' });
  owner = await signInAs(t.app, user.email, TEST_PASSWORD);
  base = `/api/v1/tenants/${tenant.tenantId}/restaurants/${restaurant.restaurantId}`;
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  asBearer(t.app, owner, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });

describe('integers beyond a PostgreSQL integer', () => {
  it('refuses a path id above 2147483647 with a 400 naming the parameter', async () => {
    const tenantId = base.split('/')[4];
    const response = await call('GET', `/api/v1/tenants/${tenantId}/restaurants/2147483648/courses`);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'params.restaurantId', message: 'Restaurant ID must be at most 2147483647' },
    ]);
    const item = await call('DELETE', `${base}/items/${INT32_MAX + 1}`);
    expect(item.statusCode).toBe(400);
  });

  it('refuses a body count above 2147483647 with a 400 naming the field', async () => {
    const response = await call('POST', `${base}/modifier-groups`, {
      name: 'Sauces',
      maxSelection: Number.MAX_SAFE_INTEGER,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('maxSelection');
  });
});

describe('ids after the highest one was supplied', () => {
  it('answers 409 when a counter has no ids left, and stores nothing', async () => {
    const top = await call('POST', `${base}/items`, {
      name: 'Last',
      basePrice: 1,
      itemId: INT32_MAX,
      guid: randomUUID(),
    });
    expect(top.statusCode, top.body).toBe(201);
    const next = await call('POST', `${base}/items`, { name: 'One more', basePrice: 1 });
    expect(next.statusCode).toBe(409);
    expect(next.json().code).toBe('ID_SPACE_EXHAUSTED');
    const batch = await call('POST', `${base}/items/batch`, [{ name: 'A', basePrice: 1 }]);
    expect(batch.statusCode).toBe(409);
    const listed = await call('GET', `${base}/items`);
    expect(listed.json().data.map((item: { name: string }) => item.name)).toEqual(['Last']);
  });

  it('answers 409 for cash drawers numbered after one with the highest id', async () => {
    const top = await call('POST', `${base}/cash-drawers`, { id: INT32_MAX, guid: randomUUID() });
    expect(top.statusCode, top.body).toBe(201);
    const next = await call('POST', `${base}/cash-drawers`, {});
    expect(next.statusCode).toBe(409);
    expect(next.json().code).toBe('ID_SPACE_EXHAUSTED');
  });

  it('gives a modifier without an id the lowest free id when the next one would overflow', async () => {
    const response = await call('POST', `${base}/modifier-groups`, {
      name: 'Sides',
      modifiers: [{ id: INT32_MAX, name: 'Fries' }, { id: 1, name: 'Salad' }, { name: 'Rice' }],
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.modifiers.map((m: { id: number }) => m.id)).toEqual([INT32_MAX, 1, 2]);
  });
});
