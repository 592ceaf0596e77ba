import type { SiteChange } from './cache';

/**
 * Surrogate keys of the public pages (docs/operations/cdn.md, issue 48): a page carries its organization's
 * key and its restaurant's, in `Surrogate-Key` (Fastly, space-separated) and `Cache-Tag` (Cloudflare,
 * comma-separated); a change purges the keys of what it touched, as it drops the pages of the process's own
 * page cache (cache.ts `invalidate`).
 */
export const tenantKey = (tenantId: number) => `brigade-t-${tenantId}`;
export const restaurantKey = (tenantId: number, restaurantId: number) =>
  `brigade-r-${tenantId}-${restaurantId}`;

/** The headers that name a page's keys; none for a page of no restaurant. */
export function surrogateHeaders(tenantId: number, restaurantId: number): Record<string, string> {
  if (!tenantId || !restaurantId) return {};
  const keys = [tenantKey(tenantId), restaurantKey(tenantId, restaurantId)];
  return { 'surrogate-key': keys.join(' '), 'cache-tag': keys.join(',') };
}

/**
 * What a change purges: everything for platform-wide data (the site configuration, or a change naming no
 * organization), the organization's pages for a domain change or one naming no restaurant, else the
 * restaurant's pages.
 */
export function purgeOf(change: SiteChange): 'everything' | string[] {
  if (change.area === 'site-config' || change.tenantId === undefined) return 'everything';
  if (change.area === 'domains' || change.restaurantId === undefined) return [tenantKey(change.tenantId)];
  return [restaurantKey(change.tenantId, change.restaurantId)];
}
