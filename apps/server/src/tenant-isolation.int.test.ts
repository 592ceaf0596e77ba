import { CATALOGUE_ENDPOINTS_BY_KIND } from '@brigade/contracts/catalogue';
import type { Endpoint } from '@brigade/contracts/endpoint';
import { ENDPOINTS } from '@brigade/contracts/endpoints';
import { connectGooglePlace } from '@brigade/core/tenancy/places-link-service';
import { switchOffTenantFiltersForTest } from '@brigade/core/tenant-scope';
import { SYSTEM } from '@brigade/core/use-case';
import { type AccessRequirement, TENANT_ROLES, type TenantRole } from '@brigade/domain/access';
import { CATALOGUE_KINDS } from '@brigade/domain/catalogue/kinds';
import { sampleOf } from '@brigade/test-utils/catalogue-samples';
import {
  makeCatalogueRecord,
  makeRestaurant,
  makeTenant,
  makeUser,
  TEST_PASSWORD,
} from '@brigade/test-utils/factories';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './test-app';
import { asBearer, type Session, signInAs } from './test-client';

/**
 * The tenant-isolation matrix (docs/architecture.md#identity-and-access), generated from every endpoint in packages/contracts, so it
 * grows with each endpoint added: callers who may not use an endpoint get 401/403/404 and none of the
 * target tenant's data. It fails for an endpoint without a known access declaration.
 */
const t = useTestApp();

const KNOWN_ACCESS: AccessRequirement['kind'][] = ['public', 'signed-in', 'member', 'site-admin', 'tenant'];
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
  callers.otherTenantEmployee = await sessionOf(
    await makeUser(db, { tenantId: other.tenantId, role: 'employee' }),
  );
  callers.inactiveOwner = await sessionOf(
    await makeUser(db, { tenantId: tenant.tenantId, role: 'owner', isActive: false }),
  );
  callers.inactiveAdmin = await sessionOf(await makeUser(db, { isSiteAdmin: true, isActive: false }));
  // as a self-sign-up is until activated: no tenant (and, in life, inactive too)
  callers.unassigned = await sessionOf(await makeUser(db));
  callers.selfSignup = await sessionOf(await makeUser(db, { isActive: false }));
  for (const role of TENANT_ROLES) {
    callers[role] = await sessionOf(await makeUser(db, { tenantId: tenant.tenantId, role }));
  }
  // a manager of the same tenant who works at its other restaurant only (issue 45 item 15)
  const sibling = await makeRestaurant(db, tenant.tenantId, 'Sibling Kitchen');
  const limited = await makeUser(db, { tenantId: tenant.tenantId, role: 'manager' });
  await db.execute(sql`update tenant_assignments set restaurant_ids = ${`{${sibling.restaurantId}}`}::int[]
    where user_uid = ${limited.uid}`);
  callers.otherRestaurantManager = await sessionOf(limited);
});

/** Path parameters: the target tenant and restaurant; `otherIds` for the rest (ids of real records, or 'x'). */
const urlOf = (endpoint: Endpoint, otherIds = 'x') =>
  `/api/v1${endpoint.path === '/' ? '' : endpoint.path}`.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'tenantId'
      ? String(target.tenantId)
      : name === 'restaurantId'
        ? String(target.restaurantId)
        : /Id$/.test(name)
          ? otherIds
          : 'x',
  );

async function call(
  endpoint: Endpoint,
  session: Session | null,
  options: { otherIds?: string; body?: unknown } = {},
) {
  const request = {
    method: endpoint.method,
    url: urlOf(endpoint, options.otherIds),
    ...(endpoint.method === 'GET' || endpoint.method === 'DELETE'
      ? {}
      : { payload: (options.body ?? {}) as object }),
  };
  return session ? asBearer(t.app, session, request) : t.app.inject(request);
}

/**
 * The callers that must be refused, by the endpoint's declared access: on a route of the target restaurant,
 * also a manager of the same tenant who works at another of its restaurants only.
 */
function refusedCallers(endpoint: Endpoint): string[] {
  const access = endpoint.access;
  switch (access.kind) {
    case 'public':
      return [];
    case 'signed-in':
      return ['anonymous'];
    case 'member':
      return ['anonymous', 'selfSignup', 'unassigned', 'inactiveOwner', 'inactiveAdmin'];
    case 'site-admin':
      return ['anonymous', 'inactiveAdmin', 'owner', 'otherTenantOwner'];
    case 'tenant': {
      const weaker = TENANT_ROLES.slice(TENANT_ROLES.indexOf(access.role) + 1);
      const elsewhere = endpoint.path.includes('{restaurantId}') ? ['otherRestaurantManager'] : [];
      return ['anonymous', 'otherTenantOwner', 'inactiveOwner', ...weaker, ...elsewhere];
    }
  }
}

describe('tenant-isolation matrix', () => {
  afterAll(() => {
    const guarded = ENDPOINTS.filter((e) => e.access.kind !== 'public');
    const calls = guarded.reduce(
      (sum, e) => sum + refusedCallers(e).length + (e.access.kind === 'tenant' ? 1 : 0),
      0,
    );
    process.stdout.write(
      `tenant-isolation (application checks): ${guarded.length} guarded routes, ${calls} route × caller calls checked\n`,
    );
  });

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
      for (const caller of refusedCallers(endpoint)) {
        it(`refuses ${caller} and shows no data`, async () => {
          const response = await call(endpoint, caller === 'anonymous' ? null : callers[caller]!);
          expect([401, 403, 404]).toContain(response.statusCode);
          if (caller === 'anonymous') expect(response.statusCode).toBe(401);
          expect(response.body).not.toContain(MARKER);
          expect(response.headers['content-type']).toContain('application/problem+json');
        });
      }
      if (endpoint.access.kind === 'member') {
        it('lets an employee of a tenant through the access check', async () => {
          const response = await call(endpoint, callers.employee!);
          expect([401, 403]).not.toContain(response.statusCode);
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

/**
 * The second wall alone (decision 018): with the application's own tenant checks switched off — no
 * membership check in decideAccess, no tenant condition in any query — every tenant route is called by
 * staff of another tenant with the ids of real records of the target restaurant and valid bodies. Row-level
 * security must still answer "not found" or nothing, and the target tenant's rows (and its audit log) must
 * be exactly as they were.
 */
describe('tenant-isolation matrix with the application filters switched off (row-level security alone)', () => {
  const tenantEndpoints = ENDPOINTS.filter((endpoint) => endpoint.access.kind === 'tenant');
  const rlsCallers = ['otherTenantOwner', 'otherTenantEmployee'] as const;
  const bodies = new Map<string, unknown>();
  for (const kind of CATALOGUE_KINDS) {
    const endpoints = CATALOGUE_ENDPOINTS_BY_KIND.get(kind)!;
    const valid = sampleOf(kind).valid;
    bodies.set(endpoints.create.id, valid);
    bodies.set(endpoints.update.id, valid);
    bodies.set(endpoints.batch.id, [valid]);
  }
  // The place link (issue 18): a real place of the emulator, and an import of every field.
  bodies.set('connectGooglePlace', { placeId: 'ChIJBrigadeEmuPdx0002' });
  bodies.set('importGooglePlace', {
    fields: ['hours', 'phone', 'website', 'address', 'coordinates', 'photos'],
  });
  let before = '';
  let checked = 0;

  /** Every tenantId an answer mentions as data. */
  const tenantIdsIn = (body: string): number[] => {
    const found: number[] = [];
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        for (const [key, inner] of Object.entries(value)) {
          if (key === 'tenantId' && typeof inner === 'number') found.push(inner);
          walk(inner);
        }
      }
    };
    try {
      walk(JSON.parse(body));
    } catch {
      // not JSON (e.g. an image): nothing to walk
    }
    return found;
  };

  /** Every row of the target tenant in every table that has tenant_id, read past the walls. */
  async function targetRows(): Promise<string> {
    const db = t.database.db;
    const tables = (
      (await db.execute(sql`select table_name from information_schema.columns
        where table_schema = 'public' and column_name = 'tenant_id' order by table_name`)) as unknown as {
        rows: { table_name: string }[];
      }
    ).rows.map((row) => row.table_name);
    const dump: Record<string, unknown> = {};
    for (const table of tables) {
      const result = (await db.execute(
        sql`select coalesce(jsonb_agg(to_jsonb(r) order by to_jsonb(r)::text), '[]') as rows
            from ${sql.identifier(table)} r where tenant_id = ${target.tenantId}`,
      )) as unknown as { rows: { rows: unknown[] }[] };
      dump[table] = result.rows[0]!.rows;
    }
    return JSON.stringify(dump);
  }

  beforeAll(async () => {
    // One record of every kind in the target restaurant: each gets id 1 from its counter.
    for (const kind of CATALOGUE_KINDS) {
      await makeCatalogueRecord(t.database.db, kind, target, {
        [sampleOf(kind).nameField]: `${MARKER} ${kind.path}`.slice(0, 30),
      });
    }
    // The target restaurant is linked to a place, so the place-link routes would have something to change.
    await connectGooglePlace({ db: t.database.db }, SYSTEM, {
      ...target,
      place: { placeId: 'ChIJBrigadeEmuPdx0001', placeName: `${MARKER} place`, placeAddress: '1 Place St' },
    });
    before = await targetRows();
    expect(before).toContain(MARKER);
    switchOffTenantFiltersForTest(true);
  });

  afterAll(async () => {
    switchOffTenantFiltersForTest(false);
    process.stdout.write(
      `tenant-isolation (row-level security alone): ${tenantEndpoints.length} tenant routes × ${rlsCallers.length} callers = ${checked} calls checked\n`,
    );
  });

  it('lets the callers through the switched-off access check, so the database is what refuses them', async () => {
    const response = await call(
      ENDPOINTS.find((endpoint) => endpoint.id === 'getTenant')!,
      callers.otherTenantOwner!,
    );
    expect([401, 403]).not.toContain(response.statusCode);
    expect(response.body).not.toContain(MARKER);
  });

  for (const endpoint of tenantEndpoints) {
    for (const caller of rlsCallers) {
      it(`${endpoint.method} ${endpoint.path}: ${caller} sees and changes nothing of the tenant`, async () => {
        const response = await call(endpoint, callers[caller]!, {
          otherIds: '1',
          body: bodies.get(endpoint.id),
        });
        checked++;
        expect(response.statusCode, response.body).toBeLessThan(500);
        expect(response.body).not.toContain(MARKER);
        // Without its own filters the server may answer with the caller's own tenant's rows; never the target's.
        expect(tenantIdsIn(response.body), response.body).not.toContain(target.tenantId);
      });
    }
  }

  it('leaves every row of the target tenant, and its audit log, as it was', async () => {
    expect(await targetRows()).toBe(before);
  });
});
