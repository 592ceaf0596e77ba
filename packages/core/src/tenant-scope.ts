import { type Actor, activeRoleIn } from '@brigade/domain/access';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The one module that scopes data to a tenant (STYLE: tenant filters live in one small module; changing it
 * deserves extra review). Two walls stand around every tenant's rows:
 *
 * 1. the application's: every query of a tenant's data carries `tenantIs(table.tenantId, id)`, and every
 *    tenant route checks the caller's assignment first (decideAccess);
 * 2. the database's: row-level security (decision 018). A tenant's own staff run each request in a
 *    transaction that sees only `visibleTenantsOf(actor)`, so a query that forgot the first wall still
 *    finds nothing of another tenant.
 *
 * The isolation matrix switches the first wall off (`switchOffTenantFiltersForTest`) and proves that the
 * second alone leaks nothing.
 */

let applicationFilters = true;

/** A tenant's rows: the condition every query of tenant data carries. */
export const tenantIs = (column: PgColumn, tenantId: number): SQL =>
  applicationFilters ? eq(column, tenantId) : sql`true`;

/**
 * The tenants whose rows a request of `actor` may see when walled in: those of the actor's active
 * assignments (an inactive user has none). Site administrators are not walled in (they may enter any tenant).
 */
export function visibleTenantsOf(actor: Actor): number[] {
  if (actor.kind !== 'user' || !actor.isActive) return [];
  return actor.assignments.filter((a) => activeRoleIn(actor, a.tenantId) !== null).map((a) => a.tenantId);
}

/** Whether the application's own tenant checks run (always, except inside the isolation matrix's test). */
export const applicationTenantFiltersOn = (): boolean => applicationFilters;

/**
 * Test-only: switches off the application's tenant filters (tenantIs and the tenant check of decideAccess)
 * so a test can prove that row-level security alone keeps tenants apart. It refuses to run outside Vitest
 * and in production, so no configuration can turn the first wall off.
 */
export function switchOffTenantFiltersForTest(off: boolean): void {
  if (process.env.VITEST !== 'true' || process.env.NODE_ENV === 'production') {
    throw new Error('The tenant filters can only be switched off inside the test suite');
  }
  applicationFilters = !off;
}
