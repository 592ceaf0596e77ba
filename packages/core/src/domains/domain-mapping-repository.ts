import type { Executor } from '@brigade/db/database';
import { domainMappingStatusChanges, domainMappings } from '@brigade/db/schema/domains';
import { restaurants } from '@brigade/db/schema/tenancy';
import {
  type DomainMapping,
  domainMappingSchema,
  type StatusChanges,
  type VerificationStatus,
} from '@brigade/domain/domain-mapping';
import type { DomainMappingQuery } from '@brigade/domain/domain-mapping-input';
import { and, asc, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';

export type DomainMappingRow = typeof domainMappings.$inferSelect;
export type NewDomainMappingRow = typeof domainMappings.$inferInsert;

/** A stored row as the domain's DomainMapping, with the hosting columns gathered in hostingConfig. */
export const toDomainMapping = (row: DomainMappingRow): DomainMapping =>
  domainMappingSchema.parse({
    ...row,
    hostingConfig: {
      ...(row.hostingDomainId ? { domainId: row.hostingDomainId } : {}),
      verificationAttempts: row.verificationAttempts,
      lastVerificationAttempt: row.lastVerificationAttempt,
      verificationError: row.verificationError,
    },
  });

/** The stored tenant id of a mapping (isolation checks), beside the spec's view. */
export interface StoredMapping {
  tenantId: number;
  mapping: DomainMapping;
}
const stored = (row: DomainMappingRow): StoredMapping => ({
  tenantId: row.tenantId,
  mapping: toDomainMapping(row),
});

export async function insertDomainMapping(ex: Executor, row: NewDomainMappingRow): Promise<StoredMapping> {
  const [inserted] = await ex.insert(domainMappings).values(row).returning();
  return stored(inserted!);
}

export async function findDomainMappingByGuid(ex: Executor, guid: string): Promise<StoredMapping | null> {
  const [row] = await ex.select().from(domainMappings).where(eq(domainMappings.guid, guid)).limit(1);
  return row ? stored(row) : null;
}

export async function findDomainMappingByDomain(ex: Executor, domain: string): Promise<StoredMapping | null> {
  const [row] = await ex.select().from(domainMappings).where(eq(domainMappings.domain, domain)).limit(1);
  return row ? stored(row) : null;
}

/** Whether a domain is stored (subdomain generation). */
export async function domainExists(ex: Executor, domain: string): Promise<boolean> {
  const rows = await ex
    .select({ id: domainMappings.domainId })
    .from(domainMappings)
    .where(eq(domainMappings.domain, domain))
    .limit(1);
  return rows.length > 0;
}

const SORT_COLUMNS = {
  domain: domainMappings.domain,
  createdAt: domainMappings.createdAt,
  updatedAt: domainMappings.updatedAt,
} as const;

/**
 * Query by guid, domainId, domain, tenantGuid, restaurantGuid, isActive, paged and sorted.
 * `tenantIds` limits the result to those tenants (null: every tenant, for site administrators).
 */
export async function queryDomainMappings(
  ex: Executor,
  query: DomainMappingQuery,
  tenantIds: readonly number[] | null,
): Promise<StoredMapping[]> {
  const conditions: SQL[] = [];
  if (tenantIds !== null) {
    if (tenantIds.length === 0) return [];
    conditions.push(inArray(domainMappings.tenantId, [...tenantIds]));
  }
  if (query.guid !== undefined) conditions.push(eq(domainMappings.guid, query.guid));
  if (query.domainId !== undefined) conditions.push(eq(domainMappings.domainId, query.domainId));
  if (query.domain !== undefined) conditions.push(eq(domainMappings.domain, query.domain));
  if (query.tenantGuid !== undefined) conditions.push(eq(domainMappings.tenantGuid, query.tenantGuid));
  if (query.restaurantGuid !== undefined)
    conditions.push(eq(domainMappings.restaurantGuid, query.restaurantGuid));
  if (query.isActive !== undefined) conditions.push(eq(domainMappings.isActive, query.isActive));
  const order = query.sortOrder === 'asc' ? asc : desc;
  const rows = await ex
    .select()
    .from(domainMappings)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(order(SORT_COLUMNS[query.sortBy]), order(domainMappings.domainId))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(stored);
}

/** Prefix search by domain (default limit 20), by domain. */
export async function searchDomainMappings(
  ex: Executor,
  prefix: string,
  limit: number,
  tenantIds: readonly number[] | null,
): Promise<StoredMapping[]> {
  if (tenantIds !== null && tenantIds.length === 0) return [];
  const escaped = prefix.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await ex
    .select()
    .from(domainMappings)
    .where(
      and(
        like(domainMappings.domain, `${escaped}%`),
        tenantIds === null ? undefined : inArray(domainMappings.tenantId, [...tenantIds]),
      ),
    )
    .orderBy(asc(domainMappings.domain))
    .limit(limit);
  return rows.map(stored);
}

export type DomainMappingChanges = Partial<
  Pick<
    NewDomainMappingRow,
    | 'isActive'
    | 'isPrimary'
    | 'sslStatus'
    | 'verificationStatus'
    | 'verificationToken'
    | 'redirectConfig'
    | 'seoConfig'
    | 'tenantId'
    | 'tenantGuid'
    | 'restaurantGuid'
    | 'hostingDomainId'
  >
>;

export async function updateDomainMappingRow(
  ex: Executor,
  guid: string,
  changes: DomainMappingChanges,
  updatedBy: string,
): Promise<StoredMapping | null> {
  const [row] = await ex
    .update(domainMappings)
    .set({ ...changes, updatedBy, updatedAt: sql`now()` })
    .where(eq(domainMappings.guid, guid))
    .returning();
  return row ? stored(row) : null;
}

/**
 * One ownership check's outcome (docs/decisions/010-domains.md): the status, the error, one more attempt and
 * its time, all by the database (the count is incremented in place, so racing checks both count).
 */
export async function recordVerificationAttempt(
  ex: Executor,
  guid: string,
  outcome: { verificationStatus: VerificationStatus; verificationError: string | null },
  updatedBy: string,
): Promise<StoredMapping | null> {
  const [row] = await ex
    .update(domainMappings)
    .set({
      verificationStatus: outcome.verificationStatus,
      verificationError: outcome.verificationError,
      verificationAttempts: sql`${domainMappings.verificationAttempts} + 1`,
      lastVerificationAttempt: sql`now()`,
      updatedBy,
      updatedAt: sql`now()`,
    })
    .where(eq(domainMappings.guid, guid))
    .returning();
  return row ? stored(row) : null;
}

/** A recorded hand change of a mapping's verification or SSL status (issue 14). */
export interface DomainStatusChange {
  changeId: number;
  tenantId: number;
  mappingGuid: string;
  domain: string;
  changedBy: string;
  changes: StatusChanges;
  changedAt: Date;
}

export async function insertDomainStatusChange(
  ex: Executor,
  change: Omit<DomainStatusChange, 'changeId' | 'changedAt'>,
): Promise<DomainStatusChange> {
  const [row] = await ex.insert(domainMappingStatusChanges).values(change).returning();
  return { ...row! };
}

/** The recorded status changes of a mapping, oldest first. */
export async function listDomainStatusChanges(
  ex: Executor,
  mappingGuid: string,
): Promise<DomainStatusChange[]> {
  const rows = await ex
    .select()
    .from(domainMappingStatusChanges)
    .where(eq(domainMappingStatusChanges.mappingGuid, mappingGuid))
    .orderBy(asc(domainMappingStatusChanges.changedAt), asc(domainMappingStatusChanges.changeId));
  return rows.map((row) => ({ ...row }));
}

/** A restaurant has one primary domain: the others stop being primary (in the caller's transaction). */
export async function clearOtherPrimaries(
  ex: Executor,
  restaurantGuid: string,
  keepGuid?: string,
): Promise<void> {
  await ex
    .update(domainMappings)
    .set({ isPrimary: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(domainMappings.restaurantGuid, restaurantGuid),
        eq(domainMappings.isPrimary, true),
        ...(keepGuid ? [sql`${domainMappings.guid} <> ${keepGuid}`] : []),
      ),
    );
}

export async function deleteDomainMappingRow(ex: Executor, guid: string): Promise<boolean> {
  const rows = await ex
    .delete(domainMappings)
    .where(eq(domainMappings.guid, guid))
    .returning({ id: domainMappings.domainId });
  return rows.length > 0;
}

/**
 * The host lookup of resolution and tls-ask: one indexed query for the candidate host names, with the
 * restaurant's status (an inactive restaurant resolves as not found).
 */
export async function findMappingsForHosts(
  ex: Executor,
  hosts: readonly string[],
): Promise<{ mapping: DomainMapping; restaurantActive: boolean; tenantId: number; restaurantId: number }[]> {
  const rows = await ex
    .select({
      row: domainMappings,
      status: restaurants.status,
      tenantId: restaurants.tenantId,
      restaurantId: restaurants.restaurantId,
    })
    .from(domainMappings)
    .innerJoin(restaurants, eq(restaurants.guid, domainMappings.restaurantGuid))
    .where(inArray(domainMappings.domain, [...hosts]));
  return rows.map(({ row, status, tenantId, restaurantId }) => ({
    mapping: toDomainMapping(row),
    restaurantActive: status === 'active',
    tenantId,
    restaurantId,
  }));
}

/** What a mapping's public address is drawn from: its name and type, whether it is primary, its statuses. */
export type MappingAddress = Pick<
  DomainMapping,
  'domain' | 'domainType' | 'isPrimary' | 'isActive' | 'verificationStatus' | 'sslStatus'
>;

/** A restaurant's mappings as addresses, oldest first (the public menu link and its QR code). */
export async function findMappingAddresses(ex: Executor, restaurantGuid: string): Promise<MappingAddress[]> {
  return ex
    .select({
      domain: domainMappings.domain,
      domainType: domainMappings.domainType,
      isPrimary: domainMappings.isPrimary,
      isActive: domainMappings.isActive,
      verificationStatus: domainMappings.verificationStatus,
      sslStatus: domainMappings.sslStatus,
    })
    .from(domainMappings)
    .where(eq(domainMappings.restaurantGuid, restaurantGuid))
    .orderBy(asc(domainMappings.domainId));
}
