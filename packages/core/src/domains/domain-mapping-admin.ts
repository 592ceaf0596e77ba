import { domainMappings } from '@brigade/db/schema/domains';
import { restaurants, tenants } from '@brigade/db/schema/tenancy';
import type { Actor } from '@brigade/domain/access';
import type {
  DomainMapping,
  DomainType,
  SslStatus,
  VerificationStatus,
} from '@brigade/domain/domain-mapping';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { UseCaseDeps } from '../use-case';
import { toDomainMapping } from './domain-mapping-repository';

/** issue 17: the site administration's list of every tenant's domain mappings. */
export interface AdminDomainQuery {
  search?: string | undefined;
  verificationStatus?: VerificationStatus | undefined;
  sslStatus?: SslStatus | undefined;
  domainType?: DomainType | undefined;
  isActive?: boolean | undefined;
  limit: number;
  offset: number;
}

export interface AdminDomainRow {
  mapping: DomainMapping;
  tenantId: number;
  tenantDisplayName: string;
  restaurantName: string;
  restaurantSlug: string;
}

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditionsOf(query: AdminDomainQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const term = query.search?.trim();
  if (term) {
    const pattern = `%${escapeLike(term.toLowerCase())}%`;
    conditions.push(
      or(
        ilike(domainMappings.domain, pattern),
        ilike(restaurants.name, pattern),
        ilike(restaurants.slug, pattern),
        ilike(tenants.displayName, pattern),
        ilike(tenants.name, pattern),
      ),
    );
  }
  if (query.verificationStatus)
    conditions.push(eq(domainMappings.verificationStatus, query.verificationStatus));
  if (query.sslStatus) conditions.push(eq(domainMappings.sslStatus, query.sslStatus));
  if (query.domainType) conditions.push(eq(domainMappings.domainType, query.domainType));
  if (query.isActive !== undefined) conditions.push(eq(domainMappings.isActive, query.isActive));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/**
 * Every tenant's mappings with the tenant's and restaurant's names, by domain: a search matches the domain,
 * the restaurant's name and slug and the tenant's names (case-insensitively, anywhere); filters by
 * verification status, SSL status, type and active. The route is for site administrators only.
 */
export async function listDomainMappingsAcrossTenants(
  deps: UseCaseDeps,
  _actor: Actor,
  query: AdminDomainQuery,
): Promise<AdminDomainRow[]> {
  const rows = await deps.db
    .select({
      row: domainMappings,
      tenantDisplayName: tenants.displayName,
      restaurantName: restaurants.name,
      restaurantSlug: restaurants.slug,
    })
    .from(domainMappings)
    .innerJoin(tenants, eq(tenants.guid, domainMappings.tenantGuid))
    .innerJoin(restaurants, eq(restaurants.guid, domainMappings.restaurantGuid))
    .where(conditionsOf(query))
    .orderBy(asc(domainMappings.domain))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(({ row, ...names }) => ({
    mapping: toDomainMapping(row),
    tenantId: row.tenantId,
    ...names,
  }));
}
