import { ChangeFeed } from '@brigade/core/changes/change-feed';
import { type HostingEmulator, startHostingEmulator } from '@brigade/hosting/hosting-emulator';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createDomainDeps } from '../runtime';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

// The hosting client talks to the emulator over HTTP, configured as a real provider would be.
let emulator: HostingEmulator;
beforeAll(async () => {
  emulator = await startHostingEmulator();
});
const t = useTestApp({
  env: {
    HOSTING_TOKEN: 'test-token',
    get HOSTING_API_URL() {
      return emulator.url;
    },
  } as Record<string, string>,
});
afterAll(async () => emulator?.close());

let admin: Session;
let owner: Session;
beforeAll(async () => {
  admin = await signInAs(t.app, (await makeUser(t.database.db, { isSiteAdmin: true })).email, TEST_PASSWORD);
  const tenant = await makeTenant(t.database.db);
  owner = await signInAs(
    t.app,
    (await makeUser(t.database.db, { tenantId: tenant.tenantId, role: 'owner' })).email,
    TEST_PASSWORD,
  );
});

const call = (session: Session, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  asBearer(t.app, session, { method, url: `/api/v1/hosting${url}`, ...(payload ? { payload } : {}) });
const mappingsOf = async (domain: string): Promise<{ guid: string; restaurantGuid: string }[]> =>
  (await asBearer(t.app, admin, { method: 'GET', url: `/api/v1/domain-mappings?domain=${domain}` })).json()
    .data.mappings;

describe('hosting provider', () => {
  it('checks domain requests by the spec rules', async () => {
    const cases: [object, string][] = [
      [{ name: 'a.example.com', method: 'buy' }, 'Method must be add, transfer-in or move-in'],
      [{ name: '', method: 'add' }, 'Domain is required'],
      [{ name: 'bad', method: 'add' }, 'Invalid domain name format'],
      [{ name: 'a.example.com', method: 'move-in' }, 'Token is required for move-in'],
      [{ name: 'a.example.com', method: 'transfer-in', expectedPrice: 0 }, 'Expected price must be positive'],
    ];
    for (const [body, message] of cases) {
      const response = await call(admin, 'POST', '/domains', body);
      expect(response.statusCode, message).toBe(400);
      expect(response.body).toContain(message);
    }
    expect((await call(owner, 'POST', '/domains', { name: 'a.example.com', method: 'add' })).statusCode).toBe(
      403,
    );
  });

  it('registers, transfers in, lists with expiry flags, reads and deletes', async () => {
    const added = await call(admin, 'POST', '/domains', { name: 'harbor-grill.com', method: 'add' });
    expect(added.statusCode).toBe(201);
    expect(added.json().data.domain).toMatchObject({
      name: 'harbor-grill.com',
      external: true,
      managed: false,
    });
    const moved = await call(admin, 'POST', '/domains', {
      name: 'lantern.com',
      method: 'transfer-in',
      authCode: 'x',
      expectedPrice: 20,
    });
    expect(moved.json().data.domain).toMatchObject({ managed: true, expired: false, expiringSoon: false });
    const list = (await call(admin, 'GET', '/domains')).json().data;
    expect(list.pagination).toEqual({ count: 2, next: null, prev: null });
    expect((await call(admin, 'GET', '/domains/expiring-soon')).json().data.domains).toEqual([]);
    expect((await call(admin, 'GET', '/domains/lantern.com')).json().data.domain.name).toBe('lantern.com');
    const renew = await asBearer(t.app, admin, {
      method: 'PATCH',
      url: '/api/v1/hosting/domains/lantern.com',
      payload: { operation: 'update', renew: false, customNameservers: ['ns1.lantern.com'] },
    });
    expect(renew.json().data).toEqual({ renew: false, customNameservers: ['ns1.lantern.com'], zone: false });
    expect((await call(admin, 'DELETE', '/domains/lantern.com')).statusCode).toBe(204);
    const moveOut = await asBearer(t.app, admin, {
      method: 'PATCH',
      url: '/api/v1/hosting/domains/harbor-grill.com',
      payload: { operation: 'move-out', destination: 'team_other' },
    });
    expect(moveOut.json().data).toMatchObject({ moved: true, token: expect.stringMatching(/^move_/) });
    expect((await call(admin, 'GET', '/domains/harbor-grill.com')).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/domains/lantern.com')).statusCode).toBe(404);
  });

  it('adds a project domain, reports status, verifies it by its TXT challenge, and removes it', async () => {
    const add = await call(admin, 'POST', '/domains/add', {
      domain: 'www.harbor-grill.com',
      redirectConfig: { to: 'https://harbor-grill.com', statusCode: 308 },
    });
    expect(add.statusCode).toBe(200);
    const domain = add.json().data.domain;
    expect(domain).toMatchObject({ name: 'www.harbor-grill.com', verified: false, redirectStatusCode: 308 });
    const badRedirect = await call(admin, 'POST', '/domains/add', {
      domain: 'x.harbor-grill.com',
      redirectConfig: { to: 'https://harbor-grill.com', statusCode: 200 },
    });
    expect(badRedirect.body).toContain('Redirect status code must be between 300 and 399');
    expect((await call(admin, 'POST', '/domains/add', { domain: 'www.harbor-grill.com' })).statusCode).toBe(
      400,
    );

    const status = (await call(admin, 'GET', '/domains/status?domain=www.harbor-grill.com')).json().data;
    expect(status).toMatchObject({
      domain: 'www.harbor-grill.com',
      verified: false,
      sslEnabled: false,
      configuredBy: null,
      verificationRecord: { type: 'TXT', name: '_vercel.harbor-grill.com' },
    });
    const notYet = (await call(admin, 'POST', '/domains/verify', { domain: 'www.harbor-grill.com' })).json()
      .data;
    expect(notYet).toMatchObject({ verified: false, error: 'Missing TXT record _vercel.harbor-grill.com' });
    expect(
      (await call(admin, 'GET', '/domains/validate-ownership?domain=www.harbor-grill.com')).json().data.owned,
    ).toBe(false);

    emulator.txt.set('_vercel.harbor-grill.com', [status.verificationRecord.value]);
    const verified = (await call(admin, 'POST', '/domains/verify', { domain: 'www.harbor-grill.com' })).json()
      .data;
    expect(verified.verified).toBe(true);
    expect(
      (await call(admin, 'GET', '/domains/validate-ownership?domain=www.harbor-grill.com')).json().data.owned,
    ).toBe(true);
    const after = (await call(admin, 'GET', '/domains/status?domain=www.harbor-grill.com')).json().data;
    expect(after).toMatchObject({
      verified: true,
      sslEnabled: true,
      configuredBy: 'CNAME',
      verificationRecord: null,
    });
    const config = (await call(admin, 'GET', '/domains/www.harbor-grill.com/config')).json().data.config;
    expect(config).toMatchObject({ misconfigured: false });
    const dns = (await call(admin, 'GET', '/domains/harbor-grill.com/dns')).json().data.records;
    expect(dns).toEqual([
      expect.objectContaining({
        type: 'TXT',
        name: '_vercel.harbor-grill.com',
        value: status.verificationRecord.value,
      }),
    ]);

    expect(
      (await call(admin, 'DELETE', '/domains/remove', { domain: 'www.harbor-grill.com' })).statusCode,
    ).toBe(204);
    expect((await call(admin, 'GET', '/domains/status?domain=www.harbor-grill.com')).statusCode).toBe(404);
    expect(
      (await call(admin, 'GET', '/domains/validate-ownership?domain=www.harbor-grill.com')).json().data.owned,
    ).toBe(false);
  });

  it('sets up a domain with a redirect: both on the project, both mapped', async () => {
    const tenant = await makeTenant(t.database.db);
    const restaurant = await makeRestaurant(t.database.db, tenant.tenantId);
    const response = await call(admin, 'POST', '/setup-domain-with-redirect', {
      mainDomain: 'lantern-noodles.com',
      subDomain: 'www.lantern-noodles.com',
      tenantGuid: tenant.guid,
      restaurantGuid: restaurant.guid,
    });
    const data = response.json().data;
    expect(data).toMatchObject({ mappingsCreated: 2, errors: [] });
    expect(data.subDomainStatus).toMatchObject({
      redirect: 'https://lantern-noodles.com',
      redirectStatusCode: 308,
    });
    const resolveWww = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/v1/public/resolve?host=www.lantern-noodles.com' })
      ).json();
    // custom domains: served once their ownership is verified (issue 14)
    expect((await resolveWww()).found).toBe(false);
    for (const domain of ['lantern-noodles.com', 'www.lantern-noodles.com']) {
      const { guid } = (await mappingsOf(domain))[0]!;
      await asBearer(t.app, admin, {
        method: 'PATCH',
        url: `/api/v1/domain-mappings/${guid}`,
        payload: { verificationStatus: 'verified' },
      });
    }
    expect(await resolveWww()).toMatchObject({
      found: true,
      shouldRedirect: true,
      redirectTo: 'https://lantern-noodles.com',
      restaurantGuid: restaurant.guid,
    });
  });

  describe('setup with a redirect is all or nothing', () => {
    const projectHas = async (domain: string) =>
      (await call(admin, 'GET', `/domains/status?domain=${domain}`)).statusCode === 200;
    const setup = async (mainDomain: string, subDomain: string) => {
      const tenant = await makeTenant(t.database.db);
      const restaurant = await makeRestaurant(t.database.db, tenant.tenantId);
      return call(admin, 'POST', '/setup-domain-with-redirect', {
        mainDomain,
        subDomain,
        tenantGuid: tenant.guid,
        restaurantGuid: restaurant.guid,
      });
    };

    it('removes the main domain from the project again when adding the second one fails', async () => {
      emulator.injectFailure({
        method: 'POST',
        path: /\/projects\/[^/]+\/domains$/,
        skip: 1,
        status: 500,
        code: 'internal_server_error',
        message: 'The provider failed',
      });
      const response = await setup('half-way.com', 'www.half-way.com');
      expect(response.statusCode).toBe(503);
      // the provider's code is kept; 5xx details stay in the log
      expect(response.json().code).toBe('INTERNAL_SERVER_ERROR');
      expect(await projectHas('half-way.com')).toBe(false);
      expect(await projectHas('www.half-way.com')).toBe(false);
      expect(await mappingsOf('half-way.com')).toEqual([]);
      expect(await mappingsOf('www.half-way.com')).toEqual([]);
    });

    it('removes both provider domains and writes no mapping when the second mapping is refused', async () => {
      // the second domain is already mapped (to another restaurant): the mapping write fails last
      const other = await makeTenant(t.database.db);
      const otherRestaurant = await makeRestaurant(t.database.db, other.tenantId);
      const taken = await asBearer(t.app, admin, {
        method: 'POST',
        url: '/api/v1/domain-mappings',
        payload: {
          domain: 'www.taken-later.com',
          domainType: 'custom',
          tenantGuid: other.guid,
          restaurantGuid: otherRestaurant.guid,
        },
      });
      expect(taken.statusCode).toBe(201);
      const response = await setup('taken-later.com', 'www.taken-later.com');
      expect(response.statusCode).toBe(409);
      expect(response.json().detail).toBe('Domain www.taken-later.com is already mapped');
      expect(await projectHas('taken-later.com')).toBe(false);
      expect(await projectHas('www.taken-later.com')).toBe(false);
      expect(await mappingsOf('taken-later.com')).toEqual([]);
      expect((await mappingsOf('www.taken-later.com')).map((m) => m.restaurantGuid)).toEqual([
        otherRestaurant.guid,
      ]);
    });

    it('says what it left behind when an undo fails too, and answers with the first problem', async () => {
      emulator.injectFailure({
        method: 'POST',
        path: /\/projects\/[^/]+\/domains$/,
        skip: 1,
        status: 500,
        code: 'internal_server_error',
      });
      emulator.injectFailure({
        method: 'DELETE',
        path: /\/domains\/stuck\.com$/,
        status: 500,
        code: 'internal_server_error',
      });
      const response = await setup('stuck.com', 'www.stuck.com');
      expect(response.statusCode).toBe(503);
      const line = t.logs.lines.find(
        (l) => l.event === 'domain_setup.undo_failed' && l.mainDomain === 'stuck.com',
      );
      expect(line).toMatchObject({ step: 'add main domain', subDomain: 'www.stuck.com' });
      expect(await projectHas('stuck.com')).toBe(true); // left behind, and logged
      expect(await mappingsOf('stuck.com')).toEqual([]);
    });

    it('calls the provider for nothing when the restaurant is not the tenant’s', async () => {
      const tenant = await makeTenant(t.database.db);
      const foreign = await makeRestaurant(t.database.db, (await makeTenant(t.database.db)).tenantId);
      const response = await call(admin, 'POST', '/setup-domain-with-redirect', {
        mainDomain: 'mismatch.com',
        subDomain: 'www.mismatch.com',
        tenantGuid: tenant.guid,
        restaurantGuid: foreign.guid,
      });
      expect(response.statusCode).toBe(404);
      expect(await projectHas('mismatch.com')).toBe(false);
    });
  });

  it('uses the built-in emulator when no token is configured', async () => {
    const deps = createDomainDeps(loadConfig({ NODE_ENV: 'test' }), new ChangeFeed());
    try {
      const client = await deps.hosting();
      expect((await client.listDomains()).domains).toEqual([]);
    } finally {
      await deps.close();
    }
  });
});
