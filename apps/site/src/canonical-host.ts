import { findMappingAddresses } from '@brigade/core/domains/domain-mapping-repository';
import type { ResolutionResult } from '@brigade/core/domains/resolution-service';
import type { Executor } from '@brigade/db/database';
import { isUsable, protocolFor } from '@brigade/domain/domain-mapping';

/**
 * The primary domain is where a site is canonical (decision 024): reached any other way (its slug, query
 * parameters, another mapped host), its pages name the primary domain's page as canonical, unless the
 * mapping it was reached by names a canonical URL of its own. Without a usable primary domain nothing changes.
 */
export async function withCanonicalHost(
  ex: Executor,
  resolution: ResolutionResult,
): Promise<ResolutionResult> {
  if (!resolution.found || !resolution.restaurantGuid || resolution.seoConfig?.canonicalUrl)
    return resolution;
  const mappings = await findMappingAddresses(ex, resolution.restaurantGuid);
  const primary = mappings.find((m) => m.isPrimary && isUsable(m));
  if (!primary || primary.domain === resolution.mapping?.domain) return resolution;
  return {
    ...resolution,
    seoConfig: { ...resolution.seoConfig, canonicalUrl: `${protocolFor(primary)}://${primary.domain}/` },
  };
}
