import { listSlugSites } from '@brigade/core/tenancy/restaurant-repository';
import type { Executor } from '@brigade/db/database';
import type { Rendered } from './outcome';
import { RESOLUTION_PARAMS, type SiteRequest } from './request';

/**
 * The root of a host that serves sites by slug (localhost and IP addresses, the site port): crawlers look
 * for robots.txt and sitemap.xml there and only there, so both cover every slug site the host serves
 * (docs/decisions/024-crawlers-and-canonical-hosts.md). Sites with a usable primary domain are left out of
 * the sitemap: their slug pages name that domain as canonical, and its own sitemap lists them.
 */
export function isSlugHostRoot(request: SiteRequest): boolean {
  if (request.path !== '/robots.txt' && request.path !== '/sitemap.xml') return false;
  const params = new URLSearchParams(request.search);
  return !RESOLUTION_PARAMS.some((name) => params.has(name));
}

/** A sitemap index holds at most 50,000 sitemaps. */
const SITEMAP_INDEX_MAX = 50_000;

export async function slugHostRoot(ex: Executor, request: SiteRequest): Promise<Rendered> {
  const origin = `${request.protocol}://${request.host}`;
  if (request.path === '/robots.txt') {
    return {
      status: 200,
      contentType: 'text/plain; charset=utf-8',
      body: slugHostRobots(origin),
      cacheable: false,
    };
  }
  const sites = await listSlugSites(ex, SITEMAP_INDEX_MAX);
  const sitemaps = sites.map((s) => ({ loc: `${origin}/${s.slug}/sitemap.xml`, lastmod: s.updatedAt }));
  // not stored: it spans every restaurant, and is asked for rarely
  return {
    status: 200,
    contentType: 'application/xml; charset=utf-8',
    body: sitemapIndexXml(sitemaps),
    cacheable: false,
  };
}

/** Every slug site may be crawled; the API may not; the sitemap index names each site's sitemap. */
export const slugHostRobots = (origin: string) =>
  `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`;

const xml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function sitemapIndexXml(sitemaps: readonly { loc: string; lastmod?: Date }[]): string {
  const entries = sitemaps.map(
    (s) =>
      `  <sitemap><loc>${xml(s.loc)}</loc>${s.lastmod ? `<lastmod>${s.lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</sitemap>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
}
