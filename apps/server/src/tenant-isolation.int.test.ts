import type { Endpoint } from '@brigade/contracts/endpoint';
import { ENDPOINTS } from '@brigade/contracts/endpoints';
import { type AccessRequirement, TENANT_ROLES, type TenantRole } from '@brigade/domain/access';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app';
import { asBearer, type Session, signInAs } from './test-client';

/**
 * The tenant-isolation matrix (ARCHITECTURE §5), generated from every endpoint in packages/contracts, so it
 * grows with each endpoint added: callers who may not use an endpoint get 401/403/404 and none of the
 * target tenant's data. It fails for an endpoint without a known access declaration.
 */
const t = useTestApp();

const KNOWN_ACCESS: AccessRequirement['kind'][] = ['public', 'signed-in', 'site-admin', 'tenant'];
const MARKER = 'Isolation Target Kitchen';

let target: { tenantId: number; restaurantId: number };
const callers: Record<string, Session> = {};

beforeAll(async () => {
  const db = t.database.db;
  const tenant = await makeTenant(db, { displayName: `${MARKER} Group` });
  const restaurant = await makeRestaurant(db, tenant.tenantId, MARKER);
  target = { tenantId: tenant.tenantId, restaurantId: restaurant.restaurantId };
  const other = await makeTenant(db);
  const sessionOf = async (user: { email: string }) => signInAs(t.app, user.email, TEST_PASSWORD);
  callers.otherTenantOwner = await sessionOf(await makeUser(db, { tenantId: other.tenantId, role: 'owner' }));
  callers.inactiveOwner = await sessionOf(
    await makeUser(db, { tenantId: tenant.tenantId, role: 'owner', isActive: false }),
  );
  callers.inactiveAdmin = await sessionOf(await makeUser(db, { isSiteAdmin: true, isActive: false }));
  for (const role of TENANT_ROLES) {
    callers[role] = await sessionOf(await makeUser(db, { tenantId: tenant.tenantId, role }));
  }
});

const urlOf = (endpoint: Endpoint) =>
  `/api/v1${endpoint.path === '/' ? '' : endpoint.path}`.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'tenantId'
      ? String(target.tenantId)
      : name === 'restaurantId'
        ? String(target.restaurantId)
        : 'x',
  );

async function call(endpoint: Endpoint, session: Session | null) {
  const options = {
    method: endpoint.method,
    url: urlOf(endpoint),
    ...(endpoint.method === 'GET' || endpoint.method === 'DELETE' ? {} : { payload: {} }),
  };
  return session ? asBearer(t.app, session, options) : t.app.inject(options);
}

/** The callers that must be refused, by the endpoint's declared access. */
function refusedCallers(access: AccessRequirement): string[] {
  switch (access.kind) {
    case 'public':
      return [];
    case 'signed-in':
      return ['anonymous'];
    case 'site-admin':
      return ['anonymous', 'inactiveAdmin', 'owner', 'otherTenantOwner'];
    case 'tenant': {
      const weaker = TENANT_ROLES.slice(TENANT_ROLES.indexOf(access.role) + 1);
      return ['anonymous', 'otherTenantOwner', 'inactiveOwner', ...weaker];
    }
  }
}

describe('tenant-isolation matrix', () => {
  it('covers every endpoint with a known access declaration', () => {
    expect(ENDPOINTS.length).toBeGreaterThan(10);
    for (const endpoint of ENDPOINTS) {
      expect(KNOWN_ACCESS, `${endpoint.id} declares no known access`).toContain(endpoint.access?.kind);
      // A path that names a tenant must check membership of that tenant (or be for site administrators).
      if (endpoint.path.includes('{tenantId}') && !endpoint.path.startsWith('/admin-users/')) {
        expect(
          ['tenant', 'site-admin'],
          `${endpoint.id} names a tenant but does not check access to it`,
        ).toContain(endpoint.access.kind);
      }
      if (endpoint.access.kind === 'tenant') {
        expect(endpoint.path, `${endpoint.id} is tenant-scoped but has no {tenantId}`).toContain(
          '{tenantId}',
        );
        expect(TENANT_ROLES).toContain(endpoint.access.role);
      }
    }
  });

  for (const endpoint of ENDPOINTS.filter((e) => e.access.kind !== 'public')) {
    describe(`${endpoint.method} ${endpoint.path} (${endpoint.access.kind}${'role' in endpoint.access ? ` ≥ ${endpoint.access.role}` : ''})`, () => {
      for (const caller of refusedCallers(endpoint.access)) {
        it(`refuses ${caller} and shows no data`, async () => {
          const response = await call(endpoint, caller === 'anonymous' ? null : callers[caller]!);
          expect([401, 403, 404]).toContain(response.statusCode);
          if (caller === 'anonymous') expect(response.statusCode).toBe(401);
          expect(response.body).not.toContain(MARKER);
          expect(response.headers['content-type']).toContain('application/problem+json');
        });
      }
      if (endpoint.access.kind === 'tenant') {
        const required: TenantRole = endpoint.access.role;
        it(`lets a ${required} of the tenant through the access check`, async () => {
          const response = await call(endpoint, callers[required]!);
          expect([401, 403]).not.toContain(response.statusCode);
        });
      }
    });
  }
});
