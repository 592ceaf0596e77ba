/**
 * Where a site's pages live. A site is reached three ways and links must keep to the same
 * one: on its own host (pages at /, /menu...), under its slug on the development port (/harbor-grill/menu),
 * or by query parameters (/menu?tenant=...&restaurant=...).
 */
export interface SiteLinks {
  /** scheme://host of the request (or of the canonical URL). */
  origin: string;
  /** A page path ('/', '/menu', '/menu/12') as a link on this site. */
  to(page: string): string;
  /** The same, absolute. */
  abs(page: string): string;
}

export function siteLinks(origin: string, prefix: string, query: string): SiteLinks {
  const to = (page: string) => {
    const path = prefix ? (page === '/' ? prefix : `${prefix}${page}`) : page;
    return query ? `${path}?${query}` : path;
  };
  return { origin, to, abs: (page) => `${origin}${to(page)}` };
}
