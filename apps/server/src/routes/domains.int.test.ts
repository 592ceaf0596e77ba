import { restaurants } from '@brigade/db/schema/tenancy';
import { DOMAIN_MESSAGES } from '@brigade/domain/domain-mapping';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

const t = useTestApp({ env: { BRIGADE_BASE_DOMAIN: 'sites.brigade.test' } });

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (session: Session | null, method: Method, url: string, payload?: object) => {
  const options = { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) };
  return session ? asBearer(t.app, session, options) : t.app.inject(options);
};

let admin: Session;
let owner: Session;
let employee: Session;
let outsider: Session;
let tenant: { tenantId: number; guid: string };
let restaurant: { restaurantId: number; guid: string; slug: string };
let second: { restaurantId: number; guid: string; slug: string };
let otherTenant: { tenantId: number; guid: string };
let otherRestaurant: { restaurantId: number; guid: string };

beforeAll(async () => {
  const db = t.database.db;
  tenant = await makeTenant(db);
  restaurant = await makeRestaurant(db, tenant.tenantId, 'Domain Test Kitchen');
  second = await makeRestaurant(db, tenant.tenantId, 'Domain Test Second');
  otherTenant = await makeTenant(db);
  otherRestaurant = await makeRestaurant(db, otherTenant.tenantId);
  const session = async (user: { email: string }) => signInAs(t.app, user.email, TEST_PASSWORD);
  admin = await session(await makeUser(db, { isSiteAdmin: true }));
  owner = await session(await makeUser(db, { tenantId: tenant.tenantId, role: 'owner' }));
  employee = await session(await makeUser(db, { tenantId: tenant.tenantId, role: 'employee' }));
  outsider = await session(await makeUser(db, { tenantId: otherTenant.tenantId, role: 'owner' }));
});

const create = (session: Session, domain: string, extra: object = {}) =>
  call(session, 'POST', '/domain-mappings', {
    domain,
    domainType: 'custom',
    tenantGuid: tenant.guid,
    restaurantGuid: restaurant.guid,
    ...extra,
  });

/** A custom domain the public may see: created by the owner, verified by a site administrator (issue 14). */
const createServed = async (session: Session, domain: string, extra: object = {}) => {
  const created = await create(session, domain, extra);
  const { guid } = created.json().data.mapping;
  await call(admin, 'PATCH', `/domain-mappings/${guid}`, { verificationStatus: 'verified' });
  return created;
};

describe('domain mappings: create and read', () => {
  it('creates a custom domain pending/pending with a counter id, lowercased', async () => {
    const response = await create(owner, 'Eat.Example.COM');
    expect(response.statusCode).toBe(201);
    const mapping = response.json().data.mapping;
    expect(mapping).toMatchObject({
      domain: 'eat.example.com',
      domainType: 'custom',
      tenantGuid: tenant.guid,
      restaurantGuid: restaurant.guid,
      isActive: true,
      isPrimary: false,
      sslStatus: 'pending',
      verificationStatus: 'pending',
      redirectConfig: { wwwRedirect: 'none' },
    });
    expect(mapping.domainId).toBeGreaterThanOrEqual(30000001);
    expect(mapping.guid).toMatch(/^[0-9a-f-]{36}$/);
    expect(mapping.verificationToken).toMatch(/^brigade-verify=/);
    const read = await call(owner, 'GET', `/domain-mappings/${mapping.guid}`);
    expect(read.json().data.mapping.domain).toBe('eat.example.com');
  });

  it('starts a subdomain issued/verified and generates one from the restaurant guid', async () => {
    const sub = await create(owner, 'kitchen.sites.brigade.test', { domainType: 'subdomain' });
    expect(sub.json().data.mapping).toMatchObject({ sslStatus: 'issued', verificationStatus: 'verified' });
    const expected = `restaurant-${second.guid.replace(/-/g, '').slice(-8)}.sites.brigade.test`;
    const first = await call(owner, 'POST', '/domain-mappings/subdomain', {
      tenantGuid: tenant.guid,
      restaurantGuid: second.guid,
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data.mapping.domain).toBe(expected);
    const again = await call(owner, 'POST', '/domain-mappings/subdomain', {
      tenantGuid: tenant.guid,
      restaurantGuid: second.guid,
    });
    expect(again.json().data.mapping.domain).toBe(expected.replace('.sites', '-1.sites'));
  });

  it('maps a chosen subdomain under the base domain, with the subdomain messages', async () => {
    const third = await makeRestaurant(t.database.db, tenant.tenantId, 'Domain Test Third');
    const target = { tenantGuid: tenant.guid, restaurantGuid: third.guid };
    const chosen = await call(owner, 'POST', '/domain-mappings/subdomain', {
      ...target,
      subdomain: 'Second-Place',
    });
    expect(chosen.statusCode, chosen.body).toBe(201);
    expect(chosen.json().data.mapping).toMatchObject({
      domain: 'second-place.sites.brigade.test',
      domainType: 'subdomain',
      verificationStatus: 'verified',
      sslStatus: 'issued',
    });
    const taken = await call(owner, 'POST', '/domain-mappings/subdomain', {
      ...target,
      subdomain: 'second-place',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().detail).toBe('Domain second-place.sites.brigade.test is already mapped');
    for (const [subdomain, message] of [
      ['', 'Subdomain is required'],
      ['a'.repeat(64), 'Subdomain must be less than 63 characters'],
      ['-bad', DOMAIN_MESSAGES.subdomainFormat],
      ['two.labels', DOMAIN_MESSAGES.subdomainFormat],
      [42, 'Subdomain is required'],
    ] as const) {
      const response = await call(owner, 'POST', '/domain-mappings/subdomain', { ...target, subdomain });
      expect(response.statusCode, String(subdomain)).toBe(400);
      expect(response.body, String(subdomain)).toContain(message);
    }
    // another tenant's restaurant stays hidden, with or without a name
    const hidden = await call(outsider, 'POST', '/domain-mappings/subdomain', {
      ...target,
      subdomain: 'sneaky',
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('refuses every rule with the spec messages', async () => {
    const cases: [object, string][] = [
      [{ domain: '' }, 'Domain is required'],
      [{ domain: 'nodot' }, 'Invalid domain format'],
      [{ domain: 'my.localhost.com' }, 'Cannot use reserved domain'],
      [{ domain: `${'a'.repeat(250)}.com` }, 'Domain must be less than 253 characters'],
      [{ tenantGuid: 'x' }, 'Invalid GUID format'],
      [{ redirectConfig: { redirectTo: 'nope' } }, 'Invalid redirect URL'],
      [{ seoConfig: { canonicalUrl: 'nope' } }, 'Invalid canonical URL'],
    ];
    for (const [extra, message] of cases) {
      const response = await create(owner, 'valid.example.com', extra);
      expect(response.statusCode, message).toBe(400);
      expect(response.body).toContain(message);
    }
    expect((await create(owner, 'eat.example.com')).statusCode).toBe(409);
  });

  it('lets an owner manage only their tenants; site administrators all', async () => {
    const foreign = await call(outsider, 'POST', '/domain-mappings', {
      domain: 'steal.example.com',
      domainType: 'custom',
      tenantGuid: tenant.guid,
      restaurantGuid: restaurant.guid,
    });
    expect(foreign.statusCode).toBe(404);
    expect((await create(employee, 'emp.example.com')).statusCode).toBe(404);
    const mixed = await create(owner, 'mixed.example.com', { restaurantGuid: otherRestaurant.guid });
    expect(mixed.statusCode).toBe(404);
    const mine = (await call(owner, 'GET', '/domain-mappings?domain=eat.example.com')).json().data.mappings;
    expect(mine).toHaveLength(1);
    const theirs = await call(outsider, 'GET', '/domain-mappings?domain=eat.example.com');
    expect(theirs.json().data.mappings).toEqual([]);
    expect((await call(outsider, 'GET', `/domain-mappings/${mine[0].guid}`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', `/domain-mappings/${mine[0].guid}`)).statusCode).toBe(200);
    expect((await call(null, 'GET', '/domain-mappings')).statusCode).toBe(401);
  });

  it('queries, sorts, pages and searches', async () => {
    for (const d of ['b-q.example.com', 'a-q.example.com', 'c-q.example.com']) await create(owner, d);
    const asc = await call(
      owner,
      'GET',
      `/domain-mappings?tenantGuid=${tenant.guid}&sortBy=domain&sortOrder=asc&limit=2&offset=0`,
    );
    expect(asc.json().data.mappings.map((m: { domain: string }) => m.domain)).toEqual([
      'a-q.example.com',
      'b-q.example.com',
    ]);
    const limit = await call(owner, 'GET', '/domain-mappings?limit=101');
    expect(limit.statusCode).toBe(400);
    expect(limit.body).toContain('Limit cannot exceed 100');
    const search = await call(owner, 'GET', '/domain-mappings/search?prefix=b-q');
    expect(search.json().data.mappings.map((m: { domain: string }) => m.domain)).toEqual(['b-q.example.com']);
    const byRestaurant = await call(
      admin,
      'GET',
      `/domain-mappings?restaurantGuid=${second.guid}&isActive=true`,
    );
    expect(byRestaurant.json().data.mappings).toHaveLength(2);
  });
});

describe('domain mappings: update, transfer, delete, bulk', () => {
  it('updates statuses and refuses immutable fields', async () => {
    const { guid } = (await create(owner, 'upd.example.com')).json().data.mapping;
    // statuses are a site administrator's to set by hand (issue 14; domain-trust.int.test.ts)
    const ok = await call(admin, 'PATCH', `/domain-mappings/${guid}`, {
      verificationStatus: 'verified',
      sslStatus: 'issued',
      redirectConfig: { wwwRedirect: 'apex_to_www' },
    });
    expect(ok.json().data.mapping).toMatchObject({ verificationStatus: 'verified', sslStatus: 'issued' });
    const refused = await call(owner, 'PATCH', `/domain-mappings/${guid}`, { domain: 'x.example.com' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('domain cannot be changed');
  });

  it('keeps one primary domain per restaurant: making one primary demotes the others', async () => {
    const onSecond = { restaurantGuid: second.guid, isPrimary: true };
    const a = (await create(owner, 'first-primary.example.com', onSecond)).json().data.mapping;
    const elsewhere = (await create(owner, 'other-primary.example.com', { isPrimary: true })).json().data
      .mapping;
    const b = (await create(owner, 'second-primary.example.com', onSecond)).json().data.mapping;
    const primary = async (guid: string) =>
      (await call(owner, 'GET', `/domain-mappings/${guid}`)).json().data.mapping.isPrimary;
    expect([await primary(a.guid), await primary(b.guid)]).toEqual([false, true]);
    const patched = await call(owner, 'PATCH', `/domain-mappings/${a.guid}`, { isPrimary: true });
    expect(patched.statusCode).toBe(200);
    expect([await primary(a.guid), await primary(b.guid)]).toEqual([true, false]);
    // another restaurant's primary is its own
    expect(await primary(elsewhere.guid)).toBe(true);
  });

  it('transfers to another tenant and restaurant and resets isPrimary', async () => {
    const { guid } = (await create(admin, 'move.example.com', { isPrimary: true })).json().data.mapping;
    expect(
      (
        await call(owner, 'POST', `/domain-mappings/${guid}/transfer`, {
          tenantGuid: otherTenant.guid,
          restaurantGuid: otherRestaurant.guid,
        })
      ).statusCode,
    ).toBe(404);
    const moved = await call(admin, 'POST', `/domain-mappings/${guid}/transfer`, {
      tenantGuid: otherTenant.guid,
      restaurantGuid: otherRestaurant.guid,
    });
    expect(moved.json().data.mapping).toMatchObject({
      tenantGuid: otherTenant.guid,
      restaurantGuid: otherRestaurant.guid,
      isPrimary: false,
    });
    expect((await call(outsider, 'GET', `/domain-mappings/${guid}`)).statusCode).toBe(200);
    const missing = await call(
      admin,
      'POST',
      '/domain-mappings/00000000-0000-4000-8000-000000000000/transfer',
      {
        tenantGuid: otherTenant.guid,
        restaurantGuid: otherRestaurant.guid,
      },
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Domain mapping with GUID 00000000-0000-4000-8000-000000000000 not found');
  });

  it('deletes', async () => {
    const { guid } = (await create(owner, 'del.example.com')).json().data.mapping;
    expect((await call(outsider, 'DELETE', `/domain-mappings/${guid}`)).statusCode).toBe(404);
    expect((await call(owner, 'DELETE', `/domain-mappings/${guid}`)).statusCode).toBe(204);
    expect((await call(owner, 'GET', `/domain-mappings/${guid}`)).statusCode).toBe(404);
  });

  it('bulk creates and updates, reporting partial failures with the successes', async () => {
    const m = (domain: string) => ({
      domain,
      domainType: 'custom',
      tenantGuid: tenant.guid,
      restaurantGuid: restaurant.guid,
    });
    const empty = await call(owner, 'POST', '/domain-mappings/bulk', { mappings: [] });
    expect(empty.body).toContain('At least one mapping is required');
    const bulk = await call(owner, 'POST', '/domain-mappings/bulk', {
      mappings: [m('bulk1.example.com'), m('eat.example.com'), m('nodot')],
    });
    expect(bulk.statusCode).toBe(200);
    const data = bulk.json().data;
    expect(data.summary).toEqual({ total: 3, successful: 1, failed: 2 });
    expect(data.results[0].mapping.domain).toBe('bulk1.example.com');
    expect(data.results[2].error).toContain('Invalid domain format');
    const updates = await call(owner, 'PATCH', '/domain-mappings/bulk', {
      mappings: [
        { guid: data.results[0].mapping.guid, updates: { isActive: false } },
        { guid: '00000000-0000-4000-8000-000000000000', updates: { isActive: false } },
      ],
    });
    expect(updates.json().data.summary).toEqual({ total: 2, successful: 1, failed: 1 });
    expect(updates.json().data.results[0].mapping.isActive).toBe(false);
  });
});

describe('availability and validation', () => {
  it('counts a mapping with the excluded guid or id as available', async () => {
    const mapping = (await call(owner, 'GET', '/domain-mappings?domain=eat.example.com')).json().data
      .mappings[0];
    const check = async (query: string) =>
      (await call(owner, 'GET', `/domain-mappings/availability?${query}`)).json().data.available;
    expect(await check('domain=free.example.com')).toBe(true);
    expect(await check('domain=EAT.example.com')).toBe(false);
    expect(await check(`domain=eat.example.com&excludeGuid=${mapping.guid}`)).toBe(true);
    expect(await check(`domain=eat.example.com&excludeDomainId=${mapping.domainId}`)).toBe(true);
  });

  it('returns the validation result, showing existingMapping only to its managers', async () => {
    const mine = (await call(owner, 'GET', '/domain-mappings/validate?domain=eat.example.com')).json().data;
    expect(mine).toMatchObject({ domain: 'eat.example.com', isValid: true, isAvailable: false, errors: [] });
    expect(mine.existingMapping.domain).toBe('eat.example.com');
    expect(mine.suggestions).toEqual(['www.eat.example.com']);
    const theirs = (await call(outsider, 'GET', '/domain-mappings/validate?domain=eat.example.com')).json()
      .data;
    expect(theirs.existingMapping).toBeNull();
    const bad = (await call(owner, 'GET', '/domain-mappings/validate?domain=localhost')).json().data;
    expect(bad).toMatchObject({ isValid: false, isAvailable: false });
    expect(bad.errors).toEqual(['Invalid domain format', 'Cannot use reserved domain']);
  });
});

describe('public resolution and tls-ask', () => {
  const resolve = (query: string) => t.app.inject({ method: 'GET', url: `/api/v1/public/resolve?${query}` });

  it('resolves by params first, then host, then slug', async () => {
    const byParams = (
      await resolve(`tenantGuid=${tenant.guid}&restaurantGuid=${restaurant.guid}&host=eat.example.com`)
    ).json();
    expect(byParams).toMatchObject({ found: true, method: 'params', restaurantGuid: restaurant.guid });
    const partial = (await resolve(`tenant=${tenant.guid}`)).json();
    expect(partial).toMatchObject({
      found: false,
      error: 'Missing tenant or restaurant GUID in URL parameters',
    });
    // eat.example.com is still pending verification: not found, and the slug is not tried for a mapped host
    const pending = (await resolve(`host=eat.example.com&path=/${second.slug}`)).json();
    expect(pending).toMatchObject({ found: false, method: 'domain' });
    await createServed(owner, 'served.example.com');
    const byHost = (await resolve(`host=served.example.com&path=/${second.slug}`)).json();
    expect(byHost).toMatchObject({
      found: true,
      method: 'domain',
      restaurantGuid: restaurant.guid,
      tenantGuid: tenant.guid,
    });
    expect(byHost.mapping.domain).toBe('served.example.com');
    const bySlug = (await resolve(`host=localhost:5173&path=/${second.slug}/menu`)).json();
    expect(bySlug).toMatchObject({ found: true, method: 'slug', restaurantGuid: second.guid });
    const badSlug = (await resolve('host=127.0.0.1&path=/no-such-place')).json();
    expect(badSlug.error).toBe('Restaurant not found for slug: no-such-place');
    const none = (await resolve('host=localhost')).json();
    expect(none.error).toBe(
      'No valid resolution method found. Please provide either URL parameters (tenant + restaurant), a valid domain mapping, or a restaurant slug.',
    );
    const unknown = (await resolve('host=unknown.example.org')).json();
    expect(unknown).toMatchObject({
      found: false,
      error: 'No restaurant configured for domain: unknown.example.org',
    });
  });

  it('redirects www_to_apex, apex_to_www and to an explicit target', async () => {
    await createServed(owner, 'apex.example.com', { redirectConfig: { wwwRedirect: 'www_to_apex' } });
    const www = (await resolve('host=www.apex.example.com')).json();
    expect(www).toMatchObject({ found: true, shouldRedirect: true, redirectTo: 'http://apex.example.com' });
    const upd = (await call(owner, 'GET', '/domain-mappings?domain=upd.example.com')).json().data.mappings[0];
    expect(upd.redirectConfig.wwwRedirect).toBe('apex_to_www');
    expect((await resolve('host=upd.example.com')).json()).toMatchObject({
      shouldRedirect: true,
      redirectTo: 'https://www.upd.example.com',
    });
    await createServed(owner, 'explicit.example.com', {
      redirectConfig: { wwwRedirect: 'apex_to_www', redirectTo: 'https://eat.example.com/' },
      seoConfig: { noIndex: true },
    });
    expect((await resolve('host=explicit.example.com')).json()).toMatchObject({
      shouldRedirect: true,
      redirectTo: 'https://eat.example.com/',
      seoConfig: { noIndex: true },
    });
  });

  it('treats inactive mappings and inactive restaurants as not found, the cache invalidated on change', async () => {
    const { guid } = (await createServed(owner, 'flip.example.com')).json().data.mapping;
    expect((await resolve('host=flip.example.com')).json().found).toBe(true);
    await call(owner, 'PATCH', `/domain-mappings/${guid}`, { isActive: false });
    expect((await resolve('host=flip.example.com')).json().found).toBe(false);
    await call(owner, 'PATCH', `/domain-mappings/${guid}`, { isActive: true });
    expect((await resolve('host=flip.example.com')).json().found).toBe(true);
    await call(owner, 'DELETE', `/domain-mappings/${guid}`);
    expect((await resolve('host=flip.example.com')).json().found).toBe(false);
    const inactive = await makeRestaurant(t.database.db, tenant.tenantId);
    await createServed(owner, 'closed.example.com', { restaurantGuid: inactive.guid });
    await t.database.db
      .update(restaurants)
      .set({ status: 'inactive' })
      .where(eq(restaurants.guid, inactive.guid));
    expect((await resolve('host=closed.example.com')).json().found).toBe(false);
  });

  it('stops resolving a cached host once its restaurant is made inactive, however it was written', async () => {
    const closing = await makeRestaurant(t.database.db, tenant.tenantId);
    await createServed(owner, 'closing.example.com', { restaurantGuid: closing.guid });
    expect((await resolve('host=closing.example.com')).json().found).toBe(true); // now cached
    // written past the API: the change feed (database triggers) clears the host cache
    await t.database.db
      .update(restaurants)
      .set({ status: 'inactive' })
      .where(eq(restaurants.guid, closing.guid));
    const deadline = Date.now() + 5000;
    let found = true;
    while (found && Date.now() < deadline) {
      found = (await resolve('host=closing.example.com')).json().found;
      if (found) await new Promise((r) => setTimeout(r, 20));
    }
    expect(found).toBe(false);
  });

  it('answers tls-ask 200 only for usable mappings', async () => {
    const ask = async (domain: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/domains/tls-ask?domain=${domain}` })).statusCode;
    expect(await ask('eat.example.com')).toBe(404); // pending verification
    expect(await ask('upd.example.com')).toBe(200); // verified
    expect(await ask('www.upd.example.com')).toBe(200); // the www host its redirect serves
    expect(await ask('kitchen.sites.brigade.test')).toBe(200); // subdomain: verified from the start
    expect(await ask('unknown.example.org')).toBe(404);
    expect(await ask('localhost')).toBe(404);
    expect(await ask('')).toBe(404);
  });
});
