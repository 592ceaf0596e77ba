import { makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app';
import { APP_ORIGIN, asBearer, type Session, signInAs } from './test-client';

// HTTP semantics outside clients rely on (issue 22 item 5); every answer stays RFC 9457 problem+json.
const t = useTestApp();

let owner: Session;
let tenantId: number;

beforeAll(async () => {
  const db = t.database.db;
  tenantId = (await makeTenant(db)).tenantId;
  owner = await signInAs(t.app, (await makeUser(db, { tenantId, role: 'owner' })).email, TEST_PASSWORD);
});

describe('HTTP semantics', () => {
  it('answers a method the path does not take with 405 and the methods it does take in Allow', async () => {
    const response = await t.app.inject({ method: 'DELETE', url: '/api/v1/auth/signin' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 405, code: 'METHOD_NOT_ALLOWED' });

    const items = await asBearer(t.app, owner, {
      method: 'PUT',
      url: `/api/v1/tenants/${tenantId}/restaurants/1/items`,
    });
    expect(items.statusCode).toBe(405);
    expect(items.headers.allow).toBe('GET, HEAD, POST');

    // a path nobody serves is still 404
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v1/no-such-thing' })).statusCode).toBe(404);
  });

  it('answers a JSON operation sent another body type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { origin: APP_ORIGIN, 'content-type': 'text/plain' },
      payload: 'email=a@example.com',
    });
    expect(response.statusCode).toBe(415);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.json()).toMatchObject({ status: 415, title: 'Unsupported Media Type' });
  });

  it('says a path id that is not a number must be a positive integer', async () => {
    const response = await asBearer(t.app, owner, {
      method: 'GET',
      url: `/api/v1/tenants/${tenantId}/restaurants/abc`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'params.restaurantId', message: 'Restaurant ID must be a positive integer' },
    ]);
  });
});
