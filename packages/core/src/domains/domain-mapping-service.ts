import { randomBytes } from 'node:crypto';
import type { Executor } from '@brigade/db/database';
import { type Actor, activeRoleIn, roleAtLeast } from '@brigade/domain/access';
import {
  DOMAIN_MESSAGES,
  DOMAIN_SEARCH_DEFAULT_LIMIT,
  type DomainMapping,
  domainGuidSchema,
  generateUniqueSubdomain,
  initialStatuses,
  mappingNotFoundMessage,
  normalizeDomain,
  provedStatusChanges,
} from '@brigade/domain/domain-mapping';
import {
  type CreateDomainMappingInput,
  createDomainMappingInputSchema,
  type DomainMappingQuery,
  type UpdateDomainMappingInput,
  updateDomainMappingInputSchema,
} from '@brigade/domain/domain-mapping-input';
import { BrigadeError, fieldErrorsOf, notFound, validationErrorOf } from '@brigade/domain/errors';
import { isPlatformHost, platformMappingErrors } from '@brigade/domain/platform-domains';
import { issueNextId } from '../counters/index';
import { isUniqueViolation } from '../db-errors';
import { findRestaurantByGuid, findTenantByGuid } from '../tenancy/index';
import { userIdOf } from '../use-case';
import { validateInput } from '../validate';
import type { DomainUseCaseDeps } from './domain-deps';
import {
  clearOtherPrimaries,
  deleteDomainMappingRow,
  domainExists,
  findDomainMappingByGuid,
  insertDomainMapping,
  insertDomainStatusChange,
  queryDomainMappings,
  type StoredMapping,
  searchDomainMappings,
  updateDomainMappingRow,
} from './domain-mapping-repository';

const isSiteAdmin = (actor: Actor) => actor.kind === 'user' && actor.isSiteAdmin && actor.isActive;

/**
 * Owner or admin can manage a tenant; site administrators manage every tenant. Returns the
 * tenant ids the actor manages, or null for "all".
 */
export function managedTenantIds(actor: Actor): number[] | null {
  if (actor.kind !== 'user' || !actor.isActive) return [];
  if (actor.isSiteAdmin) return null;
  return actor.assignments.filter((a) => a.isActive && roleAtLeast(a.role, 'admin')).map((a) => a.tenantId);
}

/** Whether the actor manages the tenant. */
export const canManage = (actor: Actor, tenantId: number): boolean => {
  if (actor.kind !== 'user' || !actor.isActive) return false;
  if (actor.isSiteAdmin) return true;
  const role = activeRoleIn(actor, tenantId);
  return role !== null && roleAtLeast(role, 'admin');
};

/** The tenant and restaurant a mapping is for, by guid. */
export interface MappingTarget {
  tenantGuid: string;
  restaurantGuid: string;
}

/**
 * A custom domain proves ownership with this token in a DNS TXT record (docs/decisions/010-domains.md): 128
 * random bits, made here only (never taken from a caller, decision 040). A subdomain needs none.
 */
const verificationTokenFor = (domainType: DomainMapping['domainType']): string | null =>
  domainType === 'custom' ? `brigade-verify=${randomBytes(16).toString('hex')}` : null;

const domainTaken = (domain: string) =>
  new BrigadeError('conflict', 'DOMAIN_TAKEN', `Domain ${domain} is already mapped`);

/** A mapping the actor may manage, or 404 (another tenant's mapping is not revealed). */
async function managedMapping(ex: Executor, actor: Actor, guid: string): Promise<StoredMapping> {
  const found = domainGuidSchema.safeParse(guid).success ? await findDomainMappingByGuid(ex, guid) : null;
  if (!found || !canManage(actor, found.tenantId)) {
    throw notFound(mappingNotFoundMessage(guid), 'DOMAIN_MAPPING_NOT_FOUND');
  }
  return found;
}

/** The tenant and restaurant named by guid, checked to belong together and to be managed by the actor. */
async function managedTarget(ex: Executor, actor: Actor, tenantGuid: string, restaurantGuid: string) {
  const tenant = await findTenantByGuid(ex, tenantGuid);
  if (!tenant || !canManage(actor, tenant.tenantId)) {
    throw notFound(`Tenant not found: ${tenantGuid}`, 'TENANT_NOT_FOUND');
  }
  const restaurant = await findRestaurantByGuid(ex, restaurantGuid);
  if (!restaurant || restaurant.tenantId !== tenant.tenantId) {
    throw notFound(`Restaurant not found: ${restaurantGuid}`, 'RESTAURANT_NOT_FOUND');
  }
  return { tenant, restaurant };
}

/**
 * The names a mapping may take (decision 040): never one the platform keeps (its base domain, `www` and the
 * reserved labels under it, its own hosts), whoever asks. A mapping of type subdomain starts verified,
 * so it must be a name the platform answers for: one label under the base domain (issue 14); a
 * custom domain proves ownership by DNS and is never a name under the base domain.
 */
function checkMappingName(deps: DomainUseCaseDeps, input: CreateDomainMappingInput): void {
  const errors = platformMappingErrors(input.domain, input.domainType, deps.platform);
  if (errors.length > 0) {
    throw validationErrorOf(fieldErrorsOf(errors.map((message) => ({ path: ['domain'], message }))));
  }
}

/** Fails (404) unless the actor manages the tenant and the restaurant belongs to it; before outside calls. */
export async function checkMappingTarget(
  deps: DomainUseCaseDeps,
  actor: Actor,
  target: MappingTarget,
): Promise<void> {
  await managedTarget(deps.db, actor, target.tenantGuid, target.restaurantGuid);
}

/** Inserts one mapping in the caller's transaction (access checked, id issued, primary kept unique). */
async function insertMappingIn(tx: Executor, actor: Actor, input: CreateDomainMappingInput) {
  const { tenant } = await managedTarget(tx, actor, input.tenantGuid, input.restaurantGuid);
  if (await domainExists(tx, input.domain)) throw domainTaken(input.domain);
  const domainId = await issueNextId(tx, { entityType: 'domainMappings' });
  const by = userIdOf(actor);
  if (input.isPrimary) await clearOtherPrimaries(tx, input.restaurantGuid);
  try {
    const created = await insertDomainMapping(tx, {
      domainId,
      domain: input.domain,
      domainType: input.domainType,
      tenantId: tenant.tenantId,
      tenantGuid: input.tenantGuid,
      restaurantGuid: input.restaurantGuid,
      isActive: true,
      isPrimary: input.isPrimary ?? false,
      ...initialStatuses(input.domainType),
      verificationToken: verificationTokenFor(input.domainType),
      redirectConfig: { wwwRedirect: 'none', ...input.redirectConfig },
      seoConfig: input.seoConfig ?? {},
      createdBy: by,
      updatedBy: by,
    });
    return created.mapping;
  } catch (error) {
    // A racing create of the same domain: the unique index decides (the transaction is aborted either way).
    if (isUniqueViolation(error, 'domain_mappings_domain_key')) throw domainTaken(input.domain);
    throw error;
  }
}

/**
 * Creates the mappings all or none, in one transaction (the setup with a redirect writes two). Inputs are
 * already validated.
 */
export async function insertMappings(
  deps: DomainUseCaseDeps,
  actor: Actor,
  input: { mappings: readonly CreateDomainMappingInput[] },
): Promise<DomainMapping[]> {
  const inputs = input.mappings;
  for (const one of inputs) checkMappingName(deps, one);
  try {
    return await deps.db.transaction(async (tx) => {
      const created: DomainMapping[] = [];
      for (const one of inputs) created.push(await insertMappingIn(tx, actor, one));
      return created;
    });
  } finally {
    await deps.onChange();
  }
}

async function insertMapping(
  deps: DomainUseCaseDeps,
  actor: Actor,
  input: CreateDomainMappingInput,
): Promise<DomainMapping> {
  const [created] = await insertMappings(deps, actor, { mappings: [input] });
  return created!;
}

/** Creates a mapping; subdomains start issued and verified, custom domains pending and pending. */
export async function createDomainMapping(
  deps: DomainUseCaseDeps,
  actor: Actor,
  input: unknown,
): Promise<DomainMapping> {
  return insertMapping(deps, actor, validateInput(createDomainMappingInputSchema, input));
}

/**
 * The restaurant's subdomain under the base domain: the chosen label (`subdomain`, validated by the contract
 * with subdomainSchema; a taken one is 409) or, without one, "restaurant-" + the last 8
 * characters of the restaurant guid.
 */
export async function createGeneratedSubdomain(
  deps: DomainUseCaseDeps,
  actor: Actor,
  input: MappingTarget & { subdomain?: string | undefined },
): Promise<DomainMapping> {
  const { tenantGuid, restaurantGuid, subdomain } = input;
  await managedTarget(deps.db, actor, tenantGuid, restaurantGuid);
  const domain = subdomain
    ? normalizeDomain(`${subdomain}.${deps.platform.baseDomain}`)
    : await generateUniqueSubdomain(
        restaurantGuid,
        deps.platform.baseDomain,
        async (d) => isPlatformHost(d, deps.platform) || (await domainExists(deps.db, d)),
      );
  return insertMapping(deps, actor, { tenantGuid, restaurantGuid, domain, domainType: 'subdomain' });
}

export async function getDomainMapping(
  deps: DomainUseCaseDeps,
  actor: Actor,
  input: { guid: string },
): Promise<DomainMapping> {
  return (await managedMapping(deps.db, actor, input.guid)).mapping;
}

export async function queryMappings(
  deps: DomainUseCaseDeps,
  actor: Actor,
  query: DomainMappingQuery,
): Promise<DomainMapping[]> {
  return (await queryDomainMappings(deps.db, query, managedTenantIds(actor))).map((s) => s.mapping);
}

export async function searchMappings(
  deps: DomainUseCaseDeps,
  actor: Actor,
  input: { prefix: string; limit?: number | undefined },
): Promise<DomainMapping[]> {
  const { prefix, limit = DOMAIN_SEARCH_DEFAULT_LIMIT } = input;
  return (await searchDomainMappings(deps.db, normalizeDomain(prefix), limit, managedTenantIds(actor))).map(
    (s) => s.mapping,
  );
}

/**
 * Update cannot change the identity fields; statuses change directly, in any order — but
 * verification and SSL status are proved, not declared (issue 14): only the DNS check or a site administrator
 * changes them, and a site administrator's change is recorded. A tenant user who sends a different value gets
 * 403; sending the stored value back is not a change (the tenant plan/status rule, docs/decisions/006).
 */
export async function updateDomainMapping(
  deps: DomainUseCaseDeps,
  actor: Actor,
  input: { guid: string; changes: unknown },
): Promise<DomainMapping> {
  const { guid } = input;
  const changes: UpdateDomainMappingInput = validateInput(updateDomainMappingInputSchema, input.changes);
  const { isActive, isPrimary, sslStatus, verificationStatus, redirectConfig, seoConfig } = changes;
  const by = userIdOf(actor);
  // A restaurant's primary domain is one; making one primary demotes the others atomically.
  const { updated, recorded } = await deps.db.transaction(async (tx) => {
    const current = await managedMapping(tx, actor, guid);
    const statusChanges = provedStatusChanges(current.mapping, { sslStatus, verificationStatus });
    const changesStatus = Object.keys(statusChanges).length > 0;
    if (changesStatus && !isSiteAdmin(actor)) {
      throw new BrigadeError(
        'forbidden',
        'DOMAIN_STATUS_CHANGE_FORBIDDEN',
        DOMAIN_MESSAGES.statusChangeForbidden,
      );
    }
    if (isPrimary === true) await clearOtherPrimaries(tx, current.mapping.restaurantGuid, guid);
    const row = await updateDomainMappingRow(
      tx,
      guid,
      Object.fromEntries(
        Object.entries({
          isActive,
          isPrimary,
          sslStatus: statusChanges.sslStatus?.to,
          verificationStatus: statusChanges.verificationStatus?.to,
          redirectConfig,
          seoConfig,
        }).filter(([, v]) => v !== undefined),
      ),
      by,
    );
    const record = changesStatus
      ? await insertDomainStatusChange(tx, {
          tenantId: current.tenantId,
          mappingGuid: guid,
          domain: current.mapping.domain,
          changedBy: by,
          changes: statusChanges,
        })
      : null;
    return { updated: row, recorded: record };
  });
  await deps.onChange();
  if (recorded) {
    deps.log?.info(
      {
        event: 'domain_mapping.status_changed',
        actor: recorded.changedBy,
        mappingGuid: recorded.mappingGuid,
        domain: recorded.domain,
        tenantId: recorded.tenantId,
        changes: recorded.changes,
        at: recorded.changedAt.toISOString(),
      },
      'domain mapping status changed by a site administrator',
    );
  }
  if (!updated) throw notFound(mappingNotFoundMessage(guid), 'DOMAIN_MAPPING_NOT_FOUND');
  return updated.mapping;
}

export async function deleteDomainMapping(
  deps: DomainUseCaseDeps,
  actor: Actor,
  { guid }: { guid: string },
): Promise<void> {
  await managedMapping(deps.db, actor, guid);
  await deleteDomainMappingRow(deps.db, guid);
  await deps.onChange();
}

/**
 * Transfer moves a mapping to another tenant and restaurant and resets isPrimary to false. A
 * custom domain gets a new verification token (decision 040): whoever knew the old one learns nothing of
 * the next proof. The proof already made stands (the caller manages both tenants).
 */
export async function transferDomainMapping(
  deps: DomainUseCaseDeps,
  actor: Actor,
  input: MappingTarget & { guid: string },
): Promise<DomainMapping> {
  const { guid, ...target } = input;
  const current = await managedMapping(deps.db, actor, guid);
  const { tenant } = await managedTarget(deps.db, actor, target.tenantGuid, target.restaurantGuid);
  const moved = current.mapping.restaurantGuid !== target.restaurantGuid;
  const updated = await updateDomainMappingRow(
    deps.db,
    guid,
    {
      tenantId: tenant.tenantId,
      tenantGuid: target.tenantGuid,
      restaurantGuid: target.restaurantGuid,
      isPrimary: false,
      ...(moved ? { verificationToken: verificationTokenFor(current.mapping.domainType) } : {}),
    },
    userIdOf(actor),
  );
  await deps.onChange();
  if (!updated) throw notFound(mappingNotFoundMessage(guid), 'DOMAIN_MAPPING_NOT_FOUND');
  return updated.mapping;
}
