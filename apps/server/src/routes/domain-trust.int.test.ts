import { request as httpRequest } from 'node:http';
import { listDomainStatusChanges } from '@brigade/core/domains/domain-mapping-repository';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

/**
 * Who may say a domain is verified (issue 14): only the DNS check or a site administrator, whose change is
 * recorded; and what the public learns about a host: nothing of an unverified custom domain, and of a served
 * one only what a public site needs.
 */
const t = useTestApp({ env: { BRIGADE_BASE_DOMAIN: 'sites.brigade.test' } });

type Method = 'GET' | 'POST' | 'PATCH';
const call = (session: Session, method: Method, url: string, payload?: object) =>
  asBearer(t.app, session, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });
const tlsAsk = async (domain: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/domains/tls-ask?domain=${domain}` })).statusCode;
const resolve = async (host: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/public/resolve?host=${host}` })).json();

/** A GET over real HTTP with a Host header (as a visitor's browser sends it). */
function visit(host: string, path = '/'): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest(`${t.baseUrl}${path}`, { headers: { host } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', fail);
    req.end();
  });
}

let admin: Session;
let adminId: string;
let owner: Session;
let tenantAdmin: Session;
let outsider: Session;
let tenant: { tenantId: number; guid: string };
let restaurant: { guid: string; name: string };
let otherTenant: { tenantId: number; guid: string };
let otherRestaurant: { guid: string };

beforeAll(async () => {
  const db = t.database.db;
  tenant = await makeTenant(db);
  const made = await makeRestaurant(db, tenant.tenantId, 'Trusted Kitchen');
  restaurant = { guid: made.guid, name: 'Trusted Kitchen' };
  otherTenant = await makeTenant(db);
  otherRestaurant = await makeRestaurant(db, otherTenant.tenantId, 'Squatter Diner');
  const session = (user: { email: string }) => signInAs(t.app, user.email, TEST_PASSWORD);
  const adminUser = await makeUser(db, { isSiteAdmin: true });
  adminId = adminUser.uid;
  admin = await session(adminUser);
  owner = await session(await makeUser(db, { tenantId: tenant.tenantId, role: 'owner' }));
  tenantAdmin = await session(await makeUser(db, { tenantId: tenant.tenantId, role: 'admin' }));
  outsider = await session(await makeUser(db, { tenantId: otherTenant.tenantId, role: 'owner' }));
});

const createCustom = async (session: Session, domain: string, extra: object = {}) => {
  const response = await call(session, 'POST', '/domain-mappings', {
    domain,
    domainType: 'custom',
    tenantGuid: tenant.guid,
    restaurantGuid: restaurant.guid,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.mapping as { guid: string; domain: string; verificationToken: string };
};

describe('verification and SSL status: the DNS check or a site administrator', () => {
  it('refuses an owner or tenant admin who marks a custom domain verified; tls-ask still refuses it', async () => {
    const mapping = await createCustom(owner, 'claimed.example.com');
    for (const session of [owner, tenantAdmin]) {
      for (const body of [
        { verificationStatus: 'verified', sslStatus: 'issued' },
        { verificationStatus: 'verified' },
        { sslStatus: 'issued' },
      ]) {
        const refused = await call(session, 'PATCH', `/domain-mappings/${mapping.guid}`, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(403);
        expect(refused.json().detail).toBe(
          "Only a site administrator can change a domain's verification or SSL status",
        );
      }
    }
    const stored = (await call(owner, 'GET', `/domain-mappings/${mapping.guid}`)).json().data.mapping;
    expect(stored).toMatchObject({ verificationStatus: 'pending', sslStatus: 'pending' });
    expect(await tlsAsk('claimed.example.com')).toBe(404);
    // bulk update is the same rule, item by item
    const bulk = await call(owner, 'PATCH', '/domain-mappings/bulk', {
      mappings: [{ guid: mapping.guid, updates: { verificationStatus: 'verified' } }],
    });
    expect(bulk.json().data.summary).toEqual({ total: 1, successful: 0, failed: 1 });
    expect(await tlsAsk('claimed.example.com')).toBe(404);
    expect(await listDomainStatusChanges(t.database.db, mapping.guid)).toEqual([]);
  });

  it('lets an owner send the stored statuses back with other changes (not a change)', async () => {
    const mapping = await createCustom(owner, 'echo.example.com');
    const echoed = await call(owner, 'PATCH', `/domain-mappings/${mapping.guid}`, {
      verificationStatus: 'pending',
      sslStatus: 'pending',
      seoConfig: { noIndex: true },
    });
    expect(echoed.statusCode, echoed.body).toBe(200);
    expect(echoed.json().data.mapping).toMatchObject({
      verificationStatus: 'pending',
      sslStatus: 'pending',
      seoConfig: { noIndex: true },
    });
    expect(await listDomainStatusChanges(t.database.db, mapping.guid)).toEqual([]);
  });

  it('lets a site administrator set them, and records who changed what and when', async () => {
    const mapping = await createCustom(owner, 'vouched.example.com');
    const before = Date.now();
    const set = await call(admin, 'PATCH', `/domain-mappings/${mapping.guid}`, {
      verificationStatus: 'verified',
      sslStatus: 'issued',
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.mapping).toMatchObject({ verificationStatus: 'verified', sslStatus: 'issued' });
    expect(await tlsAsk('vouched.example.com')).toBe(200);

    const changes = await listDomainStatusChanges(t.database.db, mapping.guid);
    expect(changes).toHaveLength(1);
    expect(changes[0]).toMatchObject({
      mappingGuid: mapping.guid,
      domain: 'vouched.example.com',
      tenantId: tenant.tenantId,
      changedBy: adminId,
      changes: {
        verificationStatus: { from: 'pending', to: 'verified' },
        sslStatus: { from: 'pending', to: 'issued' },
      },
    });
    expect(changes[0]!.changedAt.getTime()).toBeGreaterThanOrEqual(before - 5000);

    const line = t.logs.lines.find(
      (l) => l.event === 'domain_mapping.status_changed' && l.mappingGuid === mapping.guid,
    );
    expect(line).toMatchObject({
      actor: adminId,
      domain: 'vouched.example.com',
      changes: { verificationStatus: { from: 'pending', to: 'verified' } },
    });

    // sending the same values again records nothing new
    await call(admin, 'PATCH', `/domain-mappings/${mapping.guid}`, { verificationStatus: 'verified' });
    expect(await listDomainStatusChanges(t.database.db, mapping.guid)).toHaveLength(1);
  });

  it('keeps the verified-by-construction type for names under the base domain', async () => {
    const outside = await call(owner, 'POST', '/domain-mappings', {
      domain: 'www.not-ours.example.com',
      domainType: 'subdomain',
      tenantGuid: tenant.guid,
      restaurantGuid: restaurant.guid,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.body).toContain('Subdomain must be a name under sites.brigade.test');
    expect(await tlsAsk('www.not-ours.example.com')).toBe(404);
    const nested = await call(owner, 'POST', '/domain-mappings', {
      domain: 'a.b.sites.brigade.test',
      domainType: 'subdomain',
      tenantGuid: tenant.guid,
      restaurantGuid: restaurant.guid,
    });
    expect(nested.statusCode).toBe(400);
    const inside = await call(owner, 'POST', '/domain-mappings', {
      domain: 'trusted.sites.brigade.test',
      domainType: 'subdomain',
      tenantGuid: tenant.guid,
      restaurantGuid: restaurant.guid,
    });
    expect(inside.statusCode).toBe(201);
    expect(await tlsAsk('trusted.sites.brigade.test')).toBe(200);
  });
});

describe('public resolution: only served domains, only public fields', () => {
  it('answers a served host with the public fields of its mapping and nothing else', async () => {
    const created = await call(owner, 'POST', '/domain-mappings', {
      domain: 'public-view.sites.brigade.test',
      domainType: 'subdomain',
      tenantGuid: tenant.guid,
      restaurantGuid: restaurant.guid,
    });
    expect(created.statusCode).toBe(201);
    const resolved = await resolve('public-view.sites.brigade.test');
    expect(resolved).toMatchObject({ found: true, method: 'domain', restaurantGuid: restaurant.guid });
    expect(Object.keys(resolved.mapping).sort()).toEqual([
      'domain',
      'domainType',
      'isPrimary',
      'redirectConfig',
      'seoConfig',
    ]);
    for (const secret of ['verificationToken', 'createdBy', 'updatedBy', 'hostingConfig', 'tenantGuid']) {
      expect(resolved.mapping, secret).not.toHaveProperty(secret);
    }
  });

  it('does not find an unverified custom domain until it is verified', async () => {
    const mapping = await createCustom(owner, 'unproven.example.com');
    expect(await resolve('unproven.example.com')).toMatchObject({
      found: false,
      mapping: null,
      restaurantGuid: null,
      error: 'No restaurant configured for domain: unproven.example.com',
    });
    await call(admin, 'PATCH', `/domain-mappings/${mapping.guid}`, { verificationStatus: 'failed' });
    expect((await resolve('unproven.example.com')).found).toBe(false);
    await call(admin, 'PATCH', `/domain-mappings/${mapping.guid}`, { verificationStatus: 'verified' });
    expect(await resolve('unproven.example.com')).toMatchObject({
      found: true,
      restaurantGuid: restaurant.guid,
    });
  });

  it('does not let a pending claim on the www name take over a verified apex', async () => {
    const apex = await createCustom(owner, 'apex-owned.example.com', {
      redirectConfig: { wwwRedirect: 'www_to_apex' },
    });
    await call(admin, 'PATCH', `/domain-mappings/${apex.guid}`, { verificationStatus: 'verified' });
    const squat = await call(outsider, 'POST', '/domain-mappings', {
      domain: 'www.apex-owned.example.com',
      domainType: 'custom',
      tenantGuid: otherTenant.guid,
      restaurantGuid: otherRestaurant.guid,
    });
    expect(squat.statusCode).toBe(201);
    expect(await resolve('www.apex-owned.example.com')).toMatchObject({
      found: true,
      restaurantGuid: restaurant.guid,
      shouldRedirect: true,
      redirectTo: 'http://apex-owned.example.com',
    });
  });

  it('does not serve the public site on an unverified custom domain', async () => {
    const mapping = await createCustom(owner, 'site-pending.example.com');
    const pending = await visit('site-pending.example.com');
    expect(pending.status).toBe(404);
    expect(pending.text).toContain('Restaurant Not Found');
    expect(pending.text).not.toContain(restaurant.name);
    await call(admin, 'PATCH', `/domain-mappings/${mapping.guid}`, { verificationStatus: 'verified' });
    const served = await visit('site-pending.example.com');
    expect(served.status).toBe(200);
    expect(served.text).toContain(restaurant.name);
  });
});
