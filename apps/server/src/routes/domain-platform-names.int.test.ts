import { request as httpRequest } from 'node:http';
import { type LocalDnsServer, startLocalDnsServer } from '@brigade/test-utils/dns-server';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

/**
 * Issue 42 items 1 and 2 (decision 040): a tenant cannot take the platform's own names — the base domain,
 * `www` and the reserved labels under it — through any route, and host resolution never reaches the base
 * domain through its www counterpart; the DNS proof of a custom domain is a token only the server makes.
 */

let dns: LocalDnsServer;
beforeAll(async () => {
  dns = await startLocalDnsServer();
});
const t = useTestApp({
  env: {
    BRIGADE_BASE_DOMAIN: 'brigade.test',
    get DNS_SERVERS() {
      return dns.address;
    },
  } as Record<string, string>,
});
afterAll(async () => dns?.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (session: Session, method: Method, url: string, payload?: object) =>
  asBearer(t.app, session, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });
const tlsAsk = async (domain: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/domains/tls-ask?domain=${domain}` })).statusCode;
const resolve = async (host: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/public/resolve?host=${host}` })).json();
const problemsOf = (body: string) =>
  (JSON.parse(body).errors as { message: string }[]).map((error) => error.message);

/** A GET over real HTTP with a Host header, as a visitor's browser sends it. */
function visit(host: string): Promise<{ status: number; text: string }> {
  return new Promise((done, fail) => {
    const req = httpRequest(`${t.baseUrl}/`, { headers: { host } }, (res) => {
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
let owner: Session;
let tenant: { guid: string; tenantId: number };
let restaurant: { guid: string };
let secondRestaurant: { guid: string };
const NAME = 'Squatting Bistro';

beforeAll(async () => {
  const db = t.database.db;
  tenant = await makeTenant(db, { plan: 'enterprise' });
  restaurant = await makeRestaurant(db, tenant.tenantId, NAME);
  secondRestaurant = await makeRestaurant(db, tenant.tenantId, 'Second Bistro');
  owner = await signInAs(
    t.app,
    (await makeUser(db, { tenantId: tenant.tenantId, role: 'owner' })).email,
    TEST_PASSWORD,
  );
  admin = await signInAs(t.app, (await makeUser(db, { isSiteAdmin: true })).email, TEST_PASSWORD);
});

const mappingBody = (domain: string, domainType: 'custom' | 'subdomain') => ({
  domain,
  domainType,
  tenantGuid: tenant.guid,
  restaurantGuid: restaurant.guid,
});
const storedDomains = async () =>
  (
    (await t.database.db.execute(sql`select domain from domain_mappings`)) as unknown as {
      rows: { domain: string }[];
    }
  ).rows.map((row) => row.domain);

describe('the platform names (issue 42 item 1)', () => {
  it('refuses www.<base> as a subdomain; the base domain is then neither certified nor served', async () => {
    const created = await call(
      owner,
      'POST',
      '/domain-mappings',
      mappingBody('www.brigade.test', 'subdomain'),
    );
    expect(created.statusCode, created.body).toBe(400);
    expect(problemsOf(created.body)).toEqual(['Cannot use reserved domain']);
    expect(await storedDomains()).not.toContain('www.brigade.test');
    expect(await tlsAsk('brigade.test')).toBe(404);
    expect(await tlsAsk('www.brigade.test')).toBe(404);
    expect((await resolve('brigade.test')).found).toBe(false);
    expect((await visit('brigade.test')).text).not.toContain(NAME);
  });

  it('refuses the base domain and the names under it as custom domains', async () => {
    for (const domain of ['brigade.test', 'www.brigade.test', 'admin.brigade.test']) {
      const refused = await call(owner, 'POST', '/domain-mappings', mappingBody(domain, 'custom'));
      expect(refused.statusCode, domain).toBe(400);
      expect(problemsOf(refused.body), domain).toEqual(['Cannot use reserved domain']);
    }
    const under = await call(
      owner,
      'POST',
      '/domain-mappings',
      mappingBody('kitchen.brigade.test', 'custom'),
    );
    expect(under.statusCode).toBe(400);
    expect(problemsOf(under.body)).toEqual(['A name under brigade.test can only be mapped as a subdomain']);
    const nested = await call(owner, 'POST', '/domain-mappings', mappingBody('a.api.brigade.test', 'custom'));
    expect(problemsOf(nested.body)).toEqual(['Cannot use reserved domain']);
  });

  it('refuses reserved labels through the subdomain route, and takes an ordinary one', async () => {
    for (const subdomain of ['admin', 'api', 'mail', 'auth', 'www', 'status', 'manage', 'menu', 'WWW']) {
      const refused = await call(owner, 'POST', '/domain-mappings/subdomain', {
        tenantGuid: tenant.guid,
        restaurantGuid: restaurant.guid,
        subdomain,
      });
      expect(refused.statusCode, subdomain).toBe(400);
      expect(problemsOf(refused.body), subdomain).toEqual(['Cannot use reserved domain']);
    }
    const taken = await call(owner, 'POST', '/domain-mappings/subdomain', {
      tenantGuid: tenant.guid,
      restaurantGuid: restaurant.guid,
      subdomain: 'squatting-bistro',
    });
    expect(taken.statusCode, taken.body).toBe(201);
    expect(await tlsAsk('squatting-bistro.brigade.test')).toBe(200);
    // a host under the base domain has its own www counterpart, which never crosses to the base
    expect((await resolve('www.squatting-bistro.brigade.test')).found).toBe(true);
  });

  it('refuses them to site administrators too, and in bulk', async () => {
    const byAdmin = await call(
      admin,
      'POST',
      '/domain-mappings',
      mappingBody('api.brigade.test', 'subdomain'),
    );
    expect(byAdmin.statusCode).toBe(400);
    const generated = await call(admin, 'POST', '/domain-mappings/subdomain', {
      tenantGuid: tenant.guid,
      restaurantGuid: restaurant.guid,
      subdomain: 'admin',
    });
    expect(generated.statusCode).toBe(400);
    const bulk = await call(owner, 'POST', '/domain-mappings/bulk', {
      mappings: [mappingBody('www.brigade.test', 'subdomain'), mappingBody('brigade.test', 'custom')],
    });
    expect(bulk.json().data.summary).toEqual({ total: 2, successful: 0, failed: 2 });
    expect(await storedDomains()).not.toContain('brigade.test');
  });

  it('calls the platform names invalid in the validation result and the availability check', async () => {
    const validated = await call(owner, 'GET', '/domain-mappings/validate?domain=api.brigade.test');
    expect(validated.json().data).toMatchObject({ isValid: false, errors: ['Cannot use reserved domain'] });
    const available = await call(owner, 'GET', '/domain-mappings/availability?domain=brigade.test');
    expect(available.statusCode).toBe(400);
    expect(problemsOf(available.body)).toEqual(['Cannot use reserved domain']);
  });

  it('never serves a platform name, nor the base domain through a www mapping stored before the rule', async () => {
    const made = await call(owner, 'POST', '/domain-mappings/subdomain', {
      tenantGuid: tenant.guid,
      restaurantGuid: restaurant.guid,
      subdomain: 'soon-www',
    });
    expect(made.statusCode).toBe(201);
    const other = await call(owner, 'POST', '/domain-mappings/subdomain', {
      tenantGuid: tenant.guid,
      restaurantGuid: restaurant.guid,
      subdomain: 'soon-api',
    });
    // as if written before the rule: verified subdomains on www.<base> and api.<base>
    await t.database.db.execute(
      sql`update domain_mappings set domain = 'www.brigade.test' where guid = ${made.json().data.mapping.guid}`,
    );
    await t.database.db.execute(
      sql`update domain_mappings set domain = 'api.brigade.test' where guid = ${other.json().data.mapping.guid}`,
    );
    for (const host of ['brigade.test', 'www.brigade.test', 'api.brigade.test']) {
      expect(await tlsAsk(host), host).toBe(404);
      expect((await resolve(host)).found, host).toBe(false);
      expect((await visit(host)).text, host).not.toContain(NAME);
    }
  });
});

describe('the verification token is the server’s (issue 42 item 2)', () => {
  const custom = async (domain: string) => {
    const created = await call(owner, 'POST', '/domain-mappings', mappingBody(domain, 'custom'));
    expect(created.statusCode, created.body).toBe(201);
    return created.json().data.mapping as { guid: string; verificationToken: string };
  };
  const TOKEN_MESSAGE = 'verificationToken is issued by the server and cannot be set';

  it('refuses a token sent on update, so a value already in DNS proves nothing', async () => {
    const mapping = await custom('chosen-token.example.com');
    expect(mapping.verificationToken).toMatch(/^brigade-verify=[0-9a-f]{32}$/);
    // a value the attacker knows is already published for someone else's domain
    dns.txt.set('_brigade-verification.chosen-token.example.com', ['known-value']);
    const patched = await call(owner, 'PATCH', `/domain-mappings/${mapping.guid}`, {
      verificationToken: 'known-value',
    });
    expect(patched.statusCode).toBe(400);
    expect(problemsOf(patched.body)).toEqual([TOKEN_MESSAGE]);
    const bulk = await call(owner, 'PATCH', '/domain-mappings/bulk', {
      mappings: [{ guid: mapping.guid, updates: { verificationToken: 'known-value' } }],
    });
    expect(bulk.json().data.summary).toEqual({ total: 1, successful: 0, failed: 1 });
    const stored = (await call(owner, 'GET', `/domain-mappings/${mapping.guid}`)).json().data.mapping;
    expect(stored.verificationToken).toBe(mapping.verificationToken);
    const verified = await call(owner, 'POST', `/domain-mappings/${mapping.guid}/verify`);
    expect(verified.json().data.verification.verified).toBe(false);
    expect(await tlsAsk('chosen-token.example.com')).toBe(404);
  });

  it('refuses a token sent on create, site administrators included', async () => {
    for (const session of [owner, admin]) {
      const refused = await call(session, 'POST', '/domain-mappings', {
        ...mappingBody('token-on-create.example.com', 'custom'),
        verificationToken: 'known-value',
      });
      expect(refused.statusCode).toBe(400);
      expect(problemsOf(refused.body)).toEqual([TOKEN_MESSAGE]);
    }
    expect(await storedDomains()).not.toContain('token-on-create.example.com');
  });

  it('issues a new token when the mapping moves to another restaurant', async () => {
    const mapping = await custom('moving.example.com');
    const moved = await call(owner, 'POST', `/domain-mappings/${mapping.guid}/transfer`, {
      tenantGuid: tenant.guid,
      restaurantGuid: secondRestaurant.guid,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const token = moved.json().data.mapping.verificationToken;
    expect(token).toMatch(/^brigade-verify=[0-9a-f]{32}$/);
    expect(token).not.toBe(mapping.verificationToken);
  });
});
