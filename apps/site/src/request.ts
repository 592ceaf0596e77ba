import type { ResolveInput } from '@brigade/core/domains/resolution-service';

export interface SiteRequest {
  method: string;
  /** The Host header (with port). */
  host: string;
  /** The path, percent-encoded as received, without the query. */
  path: string;
  /** The query string without '?'. */
  search: string;
  protocol: 'http' | 'https';
  acceptEncoding?: string | undefined;
  ifNoneMatch?: string | undefined;
}

export interface SiteResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer | string;
}

/** The query parameters that choose a restaurant (docs/behaviour/domains-and-public-sites.md#resolution-order). */
export const RESOLUTION_PARAMS = ['tenant', 'tenantGuid', 'restaurant', 'restaurantGuid'] as const;

/** What resolution reads from a request: its resolution parameters, host and path. */
export function resolveInputOf(request: SiteRequest): ResolveInput {
  const params = new URLSearchParams(request.search);
  const param = (name: string) => params.get(name) ?? undefined;
  return {
    tenant: param('tenant'),
    tenantGuid: param('tenantGuid'),
    restaurant: param('restaurant'),
    restaurantGuid: param('restaurantGuid'),
    host: request.host,
    path: request.path,
  };
}

/**
 * A page's cache key: host, path and the resolution parameters. Other query parameters do not change a page,
 * so they do not make new entries either (no filling the cache with ?x=1, ?x=2...).
 */
export function cacheKey(request: SiteRequest): string {
  let search = '';
  if (request.search) {
    const params = new URLSearchParams(request.search);
    search = RESOLUTION_PARAMS.map((name) => params.getAll(name).join(',')).join('|');
  }
  return `${request.host.toLowerCase()}\n${request.path}\n${search}`;
}
