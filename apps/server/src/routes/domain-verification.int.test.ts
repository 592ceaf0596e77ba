import { type LocalDnsServer, startLocalDnsServer } from '@brigade/test-utils/dns-server';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

// A local DNS server answers the TXT lookups; the app is pointed at it through DNS_SERVERS. This hook is
// registered before useTestApp's, so the server is up when the app reads its configuration.
let dns: LocalDnsServer;
beforeAll(async () => {
  dns = await startLocalDnsServer();
});
const t = useTestApp({
  env: {
    get DNS_SERVERS() {
      return dns.address;
    },
  } as Record<string, string>,
});

let owner: Session;
let outsider: Session;
let tenant: { guid: string; tenantId: number };
let restaurant: { guid: string };

beforeAll(async () => {
  const db = t.database.db;
  tenant = await makeTenant(db);
  restaurant = await makeRestaurant(db, tenant.tenantId);
  owner = await signInAs(
    t.app,
    (await makeUser(db, { tenantId: tenant.tenantId, role: 'owner' })).email,
    TEST_PASSWORD,
  );
  const other = await makeTenant(db);
  outsider = await signInAs(
    t.app,
    (await makeUser(db, { tenantId: other.tenantId, role: 'owner' })).email,
    TEST_PASSWORD,
  );
});
afterAll(async () => dns?.close());

const call = (session: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
  asBearer(t.app, session, { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) });

describe('DNS TXT ownership verification', () => {
  it('records failed attempts, then verifies once the TXT record holds the token', async () => {
    const created = await call(owner, 'POST', '/domain-mappings', {
      domain: 'verify-me.example.com',
      domainType: 'custom',
      tenantGuid: tenant.guid,
      restaurantGuid: restaurant.guid,
    });
    const mapping = created.json().data.mapping;
    const status = (await call(owner, 'GET', `/domain-mappings/${mapping.guid}/status`)).json().data;
    expect(status).toEqual({
      domain: 'verify-me.example.com',
      needsVerification: true,
      needsSslRenewal: false,
      isUsable: false,
      protocol: 'http',
      verificationRecord: {
        type: 'TXT',
        name: '_brigade-verification.verify-me.example.com',
        value: mapping.verificationToken,
      },
    });

    const missing = (await call(owner, 'POST', `/domain-mappings/${mapping.guid}/verify`)).json().data;
    expect(missing.mapping.verificationStatus).toBe('failed');
    expect(missing.verification).toMatchObject({
      verified: false,
      verificationAttempts: 1,
      verificationError: 'TXT record _brigade-verification.verify-me.example.com not found',
      // the record to create, not the (no) records found
      dnsRecords: [
        {
          type: 'TXT',
          name: '_brigade-verification.verify-me.example.com',
          value: mapping.verificationToken,
        },
      ],
    });
    expect(missing.verification.lastVerificationAttempt).not.toBeNull();

    dns.txt.set('_brigade-verification.verify-me.example.com', ['someone-else']);
    const wrong = (await call(owner, 'POST', `/domain-mappings/${mapping.guid}/verify`)).json().data;
    expect(wrong.verification).toMatchObject({
      verified: false,
      verificationAttempts: 2,
      verificationError:
        'TXT record _brigade-verification.verify-me.example.com does not contain the verification token',
    });

    expect((await call(outsider, 'POST', `/domain-mappings/${mapping.guid}/verify`)).statusCode).toBe(404);

    dns.txt.set('_brigade-verification.verify-me.example.com', ['other', mapping.verificationToken]);
    const ok = (await call(owner, 'POST', `/domain-mappings/${mapping.guid}/verify`)).json().data;
    expect(ok.mapping).toMatchObject({
      verificationStatus: 'verified',
      hostingConfig: { verificationAttempts: 3, verificationError: null },
    });
    expect(ok.verification.verified).toBe(true);
    const after = (await call(owner, 'GET', `/domain-mappings/${mapping.guid}/status`)).json().data;
    expect(after).toMatchObject({ needsVerification: false, isUsable: true });
    // Verified and active: the on-demand TLS check now allows a certificate.
    const ask = await t.app.inject({
      method: 'GET',
      url: '/api/v1/domains/tls-ask?domain=verify-me.example.com',
    });
    expect(ask.statusCode).toBe(200);
  });
});
