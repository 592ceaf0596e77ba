import type { Actor } from '@brigade/domain/access';
import {
  DOMAIN_MESSAGES,
  domainErrors,
  domainSuggestions,
  isDomainAvailable,
  normalizeDomain,
} from '@brigade/domain/domain-mapping';
import { fieldErrorsOf, validationErrorOf } from '@brigade/domain/errors';
import { isPlatformHost, type PlatformDomains } from '@brigade/domain/platform-domains';
import type { UseCaseDeps } from '../use-case';
import { findDomainMappingByDomain } from './domain-mapping-repository';
import { canManage } from './domain-mapping-service';

/**
 * Whether a domain can be mapped, and the validation result with suggestions
 * (docs/behaviour/domains-and-public-sites.md#availability-and-validation-result).
 */

/** The domain asked about, and a mapping to leave out (the one being edited), by guid or id. */
export interface DomainQuestion {
  domain: string;
  excludeGuid?: string | undefined;
  excludeDomainId?: number | undefined;
}

/** What the availability questions need: the database and the names the platform keeps. */
export interface AvailabilityDeps extends UseCaseDeps {
  platform: PlatformDomains;
}

/** The domain validation rules, and a name the platform keeps is reserved too (decision 040). */
function nameErrors(deps: AvailabilityDeps, domain: unknown): string[] {
  const errors = domainErrors(domain);
  const platformName = typeof domain === 'string' && isPlatformHost(domain, deps.platform);
  return platformName && !errors.includes(DOMAIN_MESSAGES.reserved)
    ? [...errors, DOMAIN_MESSAGES.reserved]
    : errors;
}

const excluded = (input: DomainQuestion) => ({ guid: input.excludeGuid, domainId: input.excludeDomainId });

/** Available if no mapping exists, or the found mapping has the excluded guid or id. */
export async function checkDomainAvailability(
  deps: AvailabilityDeps,
  _actor: Actor,
  input: DomainQuestion,
): Promise<{ domain: string; available: boolean }> {
  const { domain } = input;
  const errors = nameErrors(deps, domain);
  if (errors.length > 0)
    throw validationErrorOf(fieldErrorsOf(errors.map((message) => ({ path: ['domain'], message }))));
  const normalized = normalizeDomain(domain);
  const existing = await findDomainMappingByDomain(deps.db, normalized);
  return { domain: normalized, available: isDomainAvailable(existing?.mapping ?? null, excluded(input)) };
}

/**
 * The domain validation result. existingMapping is shown only to someone who manages it; for anyone
 * else a taken domain is just unavailable.
 */
export async function validateDomain(deps: AvailabilityDeps, actor: Actor, input: DomainQuestion) {
  const { domain } = input;
  const errors = nameErrors(deps, domain);
  const normalized = typeof domain === 'string' ? normalizeDomain(domain) : '';
  const existing = errors.length === 0 ? await findDomainMappingByDomain(deps.db, normalized) : null;
  const isAvailable = errors.length === 0 && isDomainAvailable(existing?.mapping ?? null, excluded(input));
  return {
    domain: normalized,
    isValid: errors.length === 0,
    isAvailable,
    existingMapping: existing && canManage(actor, existing.tenantId) ? existing.mapping : null,
    errors,
    suggestions: domainSuggestions(domain ?? '', isAvailable || errors.length > 0),
  };
}
