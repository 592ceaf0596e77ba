import type { ResolutionResult } from '@brigade/core/domains/resolution-service';
import { type SiteLinks, siteLinks } from './links';
import type { Redirect } from './outcome';
import { RESOLUTION_PARAMS, type SiteRequest } from './request';

/** A request's page within its site, and how links on that page reach the site's other pages. */
export interface SiteAddress {
  /** The site's own path ('/', '/menu', '/menu/12'), without a slug prefix or a trailing slash. */
  page: string;
  links: SiteLinks;
}

/**
 * Where the site's pages live: its own host, its slug, or its query parameters
 * (docs/behaviour/domains-and-public-sites.md#resolution-order). A slug site's pages are under /<slug>; a
 * site reached by parameters keeps them on every link.
 */
export function siteAddressOf(request: SiteRequest, resolution: ResolutionResult): SiteAddress {
  let prefix = '';
  let query = '';
  let page = request.path;
  if (resolution.method === 'slug') {
    const segment = request.path.split('/').find((s) => s.length > 0) ?? '';
    prefix = `/${segment}`;
    page = request.path.slice(prefix.length + request.path.indexOf(segment) - 1) || '/';
  } else if (resolution.method === 'params') {
    const params = new URLSearchParams(request.search);
    const kept = new URLSearchParams();
    for (const name of RESOLUTION_PARAMS) {
      const value = params.get(name);
      if (value !== null) kept.set(name, value);
    }
    query = kept.toString();
  }
  if (page.length > 1 && page.endsWith('/')) page = page.slice(0, -1);
  return { page, links: siteLinks(`${request.protocol}://${request.host}`, prefix, query) };
}

/**
 * Redirects as HTTP redirects: www/apex (301, the same path on the other host) or the mapping's
 * redirectTo (308; the request's path is kept when the target is a bare origin).
 */
export function redirectOf(target: string, request: SiteRequest, explicit: boolean): Redirect {
  const url = new URL(target);
  // www ↔ apex stays on the port the visitor used (a development or non-standard port)
  const port = /:(\d+)$/.exec(request.host)?.[1];
  if (!explicit && port) url.port = port;
  const bareOrigin = url.pathname === '/' && !url.search;
  const location = bareOrigin
    ? `${url.origin}${request.path}${request.search ? `?${request.search}` : ''}`
    : url.href;
  return { status: explicit ? 308 : 301, redirect: location };
}
