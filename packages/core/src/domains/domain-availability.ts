import type { Actor } from '@brigade/domain/access';
import {
  domainErrors,
  domainSuggestions,
  isDomainAvailable,
  normalizeDomain,
} from '@brigade/domain/domain-mapping';
import { fieldErrorsOf, validationErrorOf } from '@brigade/domain/errors';
import { findDomainMappingByDomain } from './domain-mapping-repository';
import { canManage, type DomainContext } from './domain-mapping-service';

/**
 * Whether a domain can be mapped, and the validation result with suggestions
 * (docs/behaviour/domains-and-public-sites.md#availability-and-validation-result).
 */

/** spec 01 §4: available if no mapping exists, or the found mapping has the excluded guid or id. */
export async function checkDomainAvailability(
  ctx: DomainContext,
  domain: string,
  exclude: { guid?: string | undefined; domainId?: number | undefined },
): Promise<{ domain: string; available: boolean }> {
  const errors = domainErrors(domain);
  if (errors.length > 0)
    throw validationErrorOf(fieldErrorsOf(errors.map((message) => ({ path: ['domain'], message }))));
  const normalized = normalizeDomain(domain);
  const existing = await findDomainMappingByDomain(ctx.db, normalized);
  return { domain: normalized, available: isDomainAvailable(existing?.mapping ?? null, exclude) };
}

/**
 * spec 01 §3 domain validation result. existingMapping is shown only to someone who manages it; for anyone
 * else a taken domain is just unavailable.
 */
export async function validateDomain(
  ctx: DomainContext,
  actor: Actor,
  domain: string,
  exclude: { guid?: string | undefined; domainId?: number | undefined },
) {
  const errors = domainErrors(domain);
  const normalized = typeof domain === 'string' ? normalizeDomain(domain) : '';
  const existing = errors.length === 0 ? await findDomainMappingByDomain(ctx.db, normalized) : null;
  const isAvailable = errors.length === 0 && isDomainAvailable(existing?.mapping ?? null, exclude);
  return {
    domain: normalized,
    isValid: errors.length === 0,
    isAvailable,
    existingMapping: existing && canManage(actor, existing.tenantId) ? existing.mapping : null,
    errors,
    suggestions: domainSuggestions(domain ?? '', isAvailable || errors.length > 0),
  };
}
