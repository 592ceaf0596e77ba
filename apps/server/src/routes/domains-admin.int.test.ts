import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

// issue 17: the site administration's list of every tenant's domain mappings (GET /admin/domain-mappings).
const t = useTestApp({ env: { BRIGADE_BASE_DOMAIN: 'sites.brigade.test' } });

type Method = 'GET' | 'POST' | 'PATCH';
const call = (session: Session | null, method: Method, url: string, payload?: object) => {
  const options = { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) };
  return session ? asBearer(t.app, session, options) : t.app.inject(options);
};

let admin: Session;
let owner: Session;
const list = async (query = '') => {
  const response = await call(admin, 'GET', `/admin/domain-mappings${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.mappings as {
    mapping: { domain: string; guid: string; isActive: boolean };
    tenantDisplayName: string;
    restaurantName: string;
    restaurantSlug: string;
  }[];
};
const domainsOf = (rows: { mapping: { domain: string } }[]) => rows.map((r) => r.mapping.domain);

beforeAll(async () => {
  const db = t.database.db;
  const lakeside = await makeTenant(db, { displayName: 'Lakeside Group' });
  const harbour = await makeTenant(db, { displayName: 'Harbour Holdings' });
  const pier = await makeRestaurant(db, lakeside.tenantId, 'Pier Seven');
  const dock = await makeRestaurant(db, harbour.tenantId, 'Dockside Diner');
  const session = async (user: { email: string }) => signInAs(t.app, user.email, TEST_PASSWORD);
  admin = await session(await makeUser(db, { isSiteAdmin: true }));
  owner = await session(await makeUser(db, { tenantId: lakeside.tenantId, role: 'owner' }));
  const create = async (
    domain: string,
    tenantGuid: string,
    restaurantGuid: string,
    domainType = 'custom',
  ) => {
    const response = await call(admin, 'POST', '/domain-mappings', {
      domain,
      domainType,
      tenantGuid,
      restaurantGuid,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.mapping.guid as string;
  };
  await create('pierseven.example.com', lakeside.guid, pier.guid);
  await create('pier.sites.brigade.test', lakeside.guid, pier.guid, 'subdomain');
  const dockGuid = await create('dockside.example.org', harbour.guid, dock.guid);
  await call(admin, 'PATCH', `/domain-mappings/${dockGuid}`, { isActive: false });
});

describe('GET /admin/domain-mappings', () => {
  it('lists every tenant’s mappings by domain, with the tenant and restaurant names', async () => {
    const rows = await list();
    expect(domainsOf(rows)).toEqual([
      'dockside.example.org',
      'pier.sites.brigade.test',
      'pierseven.example.com',
    ]);
    expect(rows[0]).toMatchObject({
      tenantDisplayName: 'Harbour Holdings',
      restaurantName: 'Dockside Diner',
      restaurantSlug: expect.any(String),
      mapping: { isActive: false, verificationStatus: 'pending' },
    });
  });

  it('searches the domain, restaurant and tenant names anywhere, case-insensitively', async () => {
    expect(domainsOf(await list('?search=EXAMPLE'))).toEqual([
      'dockside.example.org',
      'pierseven.example.com',
    ]);
    expect(domainsOf(await list('?search=harbour'))).toEqual(['dockside.example.org']);
    expect(domainsOf(await list('?search=pier%20seven'))).toEqual([
      'pier.sites.brigade.test',
      'pierseven.example.com',
    ]);
    // LIKE's wildcards are plain characters
    expect(await list('?search=%25')).toEqual([]);
  });

  it('filters by verification, SSL, type and active, and pages', async () => {
    expect(domainsOf(await list('?verificationStatus=verified'))).toEqual(['pier.sites.brigade.test']);
    expect(domainsOf(await list('?sslStatus=pending&domainType=custom'))).toEqual([
      'dockside.example.org',
      'pierseven.example.com',
    ]);
    expect(domainsOf(await list('?isActive=false'))).toEqual(['dockside.example.org']);
    expect(domainsOf(await list('?limit=1&offset=1'))).toEqual(['pier.sites.brigade.test']);
  });

  it('answers bad filters with 400 and the reason', async () => {
    for (const [query, message] of [
      ['?verificationStatus=done', 'Verification status must be one of: pending, verified, failed'],
      ['?sslStatus=x', 'SSL status must be one of: pending, issued, failed, expired'],
      ['?isActive=yes', 'isActive must be true or false'],
      ['?limit=500', 'Limit cannot exceed 100'],
      ['?offset=-1', 'Offset cannot be negative'],
    ] as const) {
      const response = await call(admin, 'GET', `/admin/domain-mappings${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.body, query).toContain(message);
    }
  });

  it('is for site administrators only: 403 for a tenant owner, 401 signed out', async () => {
    expect((await call(owner, 'GET', '/admin/domain-mappings')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/admin/domain-mappings')).statusCode).toBe(401);
  });
});
