import type { Executor } from '@brigade/db/database';
import { tenants } from '@brigade/db/schema/tenancy';
import { type Tenant, tenantSchema } from '@brigade/domain/tenant';
import { asc, eq, sql } from 'drizzle-orm';
import { tenantIs } from '../tenant-scope';

export type NewTenantRow = typeof tenants.$inferInsert;

// Rows are checked against the domain schema on the way out: JSONB written by an older version (or by hand)
// is completed with defaults or rejected here, not deep inside a use-case.
const toTenant = (row: typeof tenants.$inferSelect): Tenant => tenantSchema.parse(row);

export async function insertTenant(ex: Executor, row: NewTenantRow): Promise<Tenant> {
  const [inserted] = await ex.insert(tenants).values(row).returning();
  return toTenant(inserted!);
}

export async function findTenantById(ex: Executor, tenantId: number): Promise<Tenant | null> {
  const [row] = await ex.select().from(tenants).where(tenantIs(tenants.tenantId, tenantId)).limit(1);
  return row ? toTenant(row) : null;
}

export async function findTenantByGuid(ex: Executor, guid: string): Promise<Tenant | null> {
  const [row] = await ex.select().from(tenants).where(eq(tenants.guid, guid)).limit(1);
  return row ? toTenant(row) : null;
}

export async function listTenants(ex: Executor, options: { limit?: number } = {}): Promise<Tenant[]> {
  const query = ex.select().from(tenants).orderBy(asc(tenants.tenantId));
  const rows = options.limit === undefined ? await query : await query.limit(options.limit);
  return rows.map(toTenant);
}

export type TenantChanges = Partial<
  Pick<NewTenantRow, 'name' | 'displayName' | 'status' | 'plan' | 'settings'>
>;

/** Reads a tenant and locks its row until the transaction ends (serialises plan-capped restaurant creates). */
export async function lockTenant(ex: Executor, tenantId: number): Promise<Tenant | null> {
  const [row] = await ex
    .select()
    .from(tenants)
    .where(tenantIs(tenants.tenantId, tenantId))
    .limit(1)
    .for('update');
  return row ? toTenant(row) : null;
}

export async function updateTenantRow(
  ex: Executor,
  tenantId: number,
  changes: TenantChanges,
): Promise<Tenant | null> {
  const [row] = await ex
    .update(tenants)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(tenantIs(tenants.tenantId, tenantId))
    .returning();
  return row ? toTenant(row) : null;
}
