/** What rendering a request comes to: a page (stored or not) or a redirect. */
export interface Rendered {
  status: number;
  body: string;
  contentType?: string;
  cacheable: boolean;
  noIndex?: boolean;
  ttlMs?: number;
  tenantId?: number;
  restaurantId?: number;
  /** A page that runs the ordering script: its policy also allows that script, its API calls and the card frame. */
  ordering?: boolean;
}

export interface Redirect {
  status: 301 | 302 | 308;
  redirect: string;
}

export const HTML = 'text/html; charset=utf-8';

/** A page that is never stored (not found, not available): for one visitor, and not for search engines. */
export const notCached = (status: number, body: string): Rendered => ({
  status,
  body,
  cacheable: false,
  noIndex: true,
});
