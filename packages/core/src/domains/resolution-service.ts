import type { Executor } from '@brigade/db/database';
import { sideBySide } from '@brigade/db/side-by-side';
import type { Actor } from '@brigade/domain/access';
import {
  DOMAIN_MESSAGES,
  type DomainMapping,
  isUsable,
  noRestaurantForDomainMessage,
  noRestaurantForSlugMessage,
  normalizeDomain,
  type PublicDomainMapping,
  publicDomainMappingView,
  redirectFor,
  type SeoConfig,
} from '@brigade/domain/domain-mapping';
import { notFound } from '@brigade/domain/errors';
import { lookupHostsFor, type PlatformDomains } from '@brigade/domain/platform-domains';
import { isSlug } from '@brigade/domain/slug';
import { makeRoom } from '../recency';
import {
  findRestaurantByGuid,
  findRestaurantBySlug,
  findTenantByGuid,
  findTenantById,
} from '../tenancy/index';
import type { ResolutionDeps } from './domain-deps';
import { findMappingsForHosts } from './domain-mapping-repository';

/** Public resolution is cached for 5 minutes. */
export const RESOLUTION_CACHE_TTL_MS = 5 * 60 * 1000;

/** What a host name maps to: the mapping (exact host first, then its www/apex counterpart), or nothing. */
export interface HostEntry {
  mapping: DomainMapping;
  restaurantActive: boolean;
  /** The mapped restaurant's ids: what a change announcement names (forget). */
  tenantId: number;
  restaurantId: number;
}

/** Hosts that map to nothing are remembered for a minute (issue 20 item 3): a creation clears them anyway. */
export const UNKNOWN_HOST_TTL_MS = 60 * 1000;
/** At most this many hosts are remembered, the least recently asked for going first. */
export const HOST_CACHE_MAX_ENTRIES = 10_000;

export interface HostCacheOptions {
  ttlMs?: number;
  now?: () => number;
  maxEntries?: number;
  missTtlMs?: number;
  /** The names the platform keeps (decision 040): never resolved, never a www counterpart. */
  platform?: PlatformDomains | undefined;
}

/**
 * The in-process host cache of resolution and tls-ask. Hits are kept for the TTL and misses (hosts that map to
 * nothing) for a minute, so a host nobody mapped costs one query a minute rather than one per request; any
 * change to a mapping, restaurant or tenant clears it (locally at once, on every instance through the change
 * feed, docs/decisions/011-change-feed.md) — only what the change can concern (forget). Anyone can send any
 * Host header, so the cache is bounded: beyond
 * its size the least recently used host is forgotten (by second chance: recency.ts). It also knows the names
 * the platform keeps for itself, which no mapping answers for.
 */
export class HostCache {
  private readonly entries = new Map<string, { value: HostEntry | null; expires: number; used: boolean }>();
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly maxEntries: number;
  private readonly missTtlMs: number;
  readonly platform: PlatformDomains | undefined;
  constructor(options: HostCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? RESOLUTION_CACHE_TTL_MS;
    this.now = options.now ?? Date.now;
    this.maxEntries = options.maxEntries ?? HOST_CACHE_MAX_ENTRIES;
    this.missTtlMs = options.missTtlMs ?? Math.min(this.ttlMs, UNKNOWN_HOST_TTL_MS);
    this.platform = options.platform;
  }
  get size() {
    return this.entries.size;
  }
  get(host: string): HostEntry | null | undefined {
    const entry = this.entries.get(host);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(host);
      return undefined;
    }
    entry.used = true;
    return entry.value;
  }
  set(host: string, value: HostEntry | null) {
    this.entries.delete(host);
    makeRoom(this.entries, this.maxEntries);
    const expires = this.now() + (value ? this.ttlMs : this.missTtlMs);
    this.entries.set(host, { value, expires, used: false });
  }
  clear() {
    this.entries.clear();
  }

  /**
   * Forgets what a change can concern (issue 48): the hosts mapped to the tenant's restaurants (one
   * restaurant's, when named) — whether each is active, and its mapping — and, when mappings changed, every
   * host remembered as unknown, which a new mapping may now answer. A change that names no tenant clears all.
   * Another tenant's hosts stay: a mapping moved between tenants is announced for both.
   */
  forget(change: { tenantId?: number | undefined; restaurantId?: number | undefined; mappings: boolean }) {
    if (change.tenantId === undefined) return this.clear();
    for (const [host, entry] of this.entries) {
      const value = entry.value;
      const concerned =
        value === null
          ? change.mappings
          : value.tenantId === change.tenantId &&
            (change.restaurantId === undefined || value.restaurantId === change.restaurantId);
      if (concerned) this.entries.delete(host);
    }
  }
}

/**
 * Whether a host entry may be served (site, resolution, certificate): one usable (active and
 * verified) of an active restaurant. A custom domain is verified by its DNS check; a generated subdomain is
 * verified from the start, so the one rule covers both.
 */
export const isServable = (entry: HostEntry | null | undefined): entry is HostEntry =>
  !!entry && entry.restaurantActive && isUsable(entry.mapping);

/**
 * A host's mapping through the cache; one indexed query on a miss. The first servable candidate wins (the host
 * itself, then its www/apex counterpart), so an unproved claim on one name cannot shadow a served one;
 * otherwise the host's own mapping (or its counterpart's), which is a mapped host that is not served. A name
 * the platform keeps maps to nothing, whatever is stored, and is never reached through its counterpart
 * (decision 040).
 */
export async function lookupHost(ex: Executor, cache: HostCache, rawHost: string): Promise<HostEntry | null> {
  const host = normalizeDomain(rawHost.replace(/:\d+$/, ''));
  const cached = cache.get(host);
  if (cached !== undefined) return cached;
  const candidates = lookupHostsFor(host, cache.platform);
  const found = candidates.length > 0 ? await findMappingsForHosts(ex, candidates) : [];
  const byName = candidates.map((name) => found.find((f) => f.mapping.domain === name));
  const entry = byName.find(isServable) ?? byName.find((f) => f !== undefined) ?? null;
  cache.set(host, entry);
  return entry;
}

/** Localhost and IP addresses are not looked up as domains. */
export function isLocalHost(host: string): boolean {
  const name = host
    .replace(/:\d+$/, '')
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return (
    name === '' ||
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(name) ||
    name.includes(':')
  );
}

export interface ResolutionResult {
  found: boolean;
  /** The public part of the mapping only (anonymous callers read this). */
  mapping: PublicDomainMapping | null;
  tenantGuid: string | null;
  restaurantGuid: string | null;
  shouldRedirect: boolean;
  redirectTo: string | null;
  seoConfig: SeoConfig | null;
  /** How it was resolved: params, domain or slug; none when nothing applied. */
  method: 'params' | 'domain' | 'slug' | 'none';
  /** The reason when not found. */
  error: string | null;
}

const notFoundResult = (method: ResolutionResult['method'], error: string): ResolutionResult => ({
  found: false,
  mapping: null,
  tenantGuid: null,
  restaurantGuid: null,
  shouldRedirect: false,
  redirectTo: null,
  seoConfig: null,
  method,
  error,
});

export interface ResolveInput {
  tenant?: string | undefined;
  tenantGuid?: string | undefined;
  restaurant?: string | undefined;
  restaurantGuid?: string | undefined;
  host?: string | undefined;
  path?: string | undefined;
}

/**
 * Query parameters first, then the host (not localhost) through the domain mappings, then the
 * first path segment as a slug. Inactive, unverified or missing mappings and inactive restaurants are not
 * found (a domain is usable when active and verified).
 */
export async function resolvePublicRestaurant(
  deps: ResolutionDeps,
  _actor: Actor,
  input: ResolveInput,
): Promise<ResolutionResult> {
  const { db: ex, hostCache: cache } = deps;
  const tenantGuid = input.tenantGuid ?? input.tenant;
  const restaurantGuid = input.restaurantGuid ?? input.restaurant;
  if (tenantGuid !== undefined || restaurantGuid !== undefined) {
    if (!tenantGuid || !restaurantGuid) return notFoundResult('params', DOMAIN_MESSAGES.missingGuids);
    const [tenant, restaurant] = await sideBySide(ex, [
      () => findTenantByGuid(ex, tenantGuid).catch(() => null),
      () => findRestaurantByGuid(ex, restaurantGuid).catch(() => null),
    ]);
    if (!tenant) return notFoundResult('params', `Tenant not found: ${tenantGuid}`);
    if (!restaurant || restaurant.tenantId !== tenant.tenantId || restaurant.status !== 'active') {
      return notFoundResult('params', `Restaurant not found: ${restaurantGuid}`);
    }
    return {
      ...notFoundResult('params', ''),
      found: true,
      error: null,
      tenantGuid: tenant.guid,
      restaurantGuid: restaurant.guid,
    };
  }
  const host = input.host?.trim() ?? '';
  if (host && !isLocalHost(host)) {
    const entry = await lookupHost(ex, cache, host);
    if (!isServable(entry)) {
      return notFoundResult(
        'domain',
        noRestaurantForDomainMessage(normalizeDomain(host.replace(/:\d+$/, ''))),
      );
    }
    const { mapping } = entry;
    return {
      found: true,
      mapping: publicDomainMappingView(mapping),
      tenantGuid: mapping.tenantGuid,
      restaurantGuid: mapping.restaurantGuid,
      ...redirectFor(host.replace(/:\d+$/, ''), mapping),
      seoConfig: mapping.seoConfig,
      method: 'domain',
      error: null,
    };
  }
  const slug = input.path?.split('/').find((segment) => segment.length > 0);
  if (slug) {
    // A segment that cannot be a slug (malformed escapes, a NUL, any character slugify never writes) names
    // no restaurant: it is not found without asking the database.
    const candidate = decodedSegment(slug)?.toLowerCase();
    const restaurant = candidate && isSlug(candidate) ? await findRestaurantBySlug(ex, candidate) : null;
    const tenant = restaurant ? await findTenantById(ex, restaurant.tenantId) : null;
    if (!restaurant || !tenant || restaurant.status !== 'active') {
      return notFoundResult('slug', noRestaurantForSlugMessage(slug));
    }
    return {
      ...notFoundResult('slug', ''),
      found: true,
      error: null,
      tenantGuid: tenant.guid,
      restaurantGuid: restaurant.guid,
    };
  }
  return notFoundResult('none', DOMAIN_MESSAGES.noResolution);
}

function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/**
 * On-demand TLS: a certificate only for a host whose mapping is usable (active and verified) and live; any
 * other host is not found.
 */
export async function authorizeCertificate(
  deps: ResolutionDeps,
  _actor: Actor,
  input: { domain: string },
): Promise<{ domain: string; allowed: true }> {
  const domain = input.domain.trim().toLowerCase();
  const allowed =
    !!domain && !isLocalHost(domain) && isServable(await lookupHost(deps.db, deps.hostCache, domain));
  if (!allowed) throw notFound(`No restaurant configured for domain: ${domain}`, 'DOMAIN_NOT_SERVED');
  return { domain, allowed: true };
}
