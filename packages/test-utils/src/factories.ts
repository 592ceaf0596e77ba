import { randomBytes } from 'node:crypto';
import { createCatalogueRecord } from '@brigade/core/catalogue/catalogue-service';
import { createUserAsAdmin } from '@brigade/core/identity/admin-users-service';
import { createRestaurant } from '@brigade/core/tenancy/restaurant-service';
import { createTenant } from '@brigade/core/tenancy/tenant-service';
import { SYSTEM } from '@brigade/core/use-case';
import type { Executor } from '@brigade/db/database';
import type { TenantRole } from '@brigade/domain/access';
import type { CatalogueKindDefinition } from '@brigade/domain/catalogue/kinds';
import type { TenantPlan } from '@brigade/domain/tenant';
import { sampleOf } from './catalogue-samples';

// Factories create real rows through the services the app uses, with random identities so tests never collide.
const unique = () => randomBytes(4).toString('hex');

export async function makeTenant(db: Executor, overrides: { plan?: TenantPlan; displayName?: string } = {}) {
  const id = unique();
  return createTenant({ db }, SYSTEM, {
    name: `Tenant ${id} LLC`,
    displayName: overrides.displayName ?? `Tenant ${id}`,
    ...(overrides.plan ? { plan: overrides.plan } : {}),
  });
}

export async function makeRestaurant(db: Executor, tenantId: number, name = `Restaurant ${unique()}`) {
  return createRestaurant({ db }, SYSTEM, {
    tenantId,
    name,
    concept: 'Bistro',
    address: {
      street: `${Math.floor(Math.random() * 900) + 100} Market St`,
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
      country: 'US',
    },
    contact: { phone: '+1 217 555 0100', email: `hello-${unique()}@example.com` },
  });
}

export const TEST_PASSWORD = 'correct horse battery';

export async function makeUser(
  db: Executor,
  options: {
    tenantId?: number;
    role?: TenantRole;
    isSiteAdmin?: boolean;
    isActive?: boolean;
    email?: string;
  } = {},
) {
  return createUserAsAdmin({ db }, SYSTEM, {
    email: options.email ?? `user-${unique()}@example.com`,
    password: TEST_PASSWORD,
    firstName: 'Test',
    lastName: `User ${unique()}`,
    isSiteAdmin: options.isSiteAdmin ?? false,
    isActive: options.isActive ?? true,
    ...(options.tenantId !== undefined
      ? { tenantId: options.tenantId, tenantRole: options.role ?? 'employee' }
      : {}),
  });
}

/**
 * A catalogue record of any kind, created through the catalogue use-case from the kind's sample
 * (catalogue-samples.ts) with `overrides` on top.
 */
export async function makeCatalogueRecord(
  db: Executor,
  kind: CatalogueKindDefinition,
  scope: { tenantId: number; restaurantId: number },
  overrides: Record<string, unknown> = {},
) {
  return createCatalogueRecord({ db }, SYSTEM, {
    kind,
    ...scope,
    record: { ...sampleOf(kind).valid, ...overrides },
  });
}
