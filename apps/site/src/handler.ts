import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MenuTreeCache } from '@brigade/core/catalogue/menu-resolver';
import {
  type HostCache,
  isLocalHost,
  resolvePublicRestaurant,
} from '@brigade/core/domains/resolution-service';
import { listRestaurantsWithTenant } from '@brigade/core/tenancy/restaurant-repository';
import type { Executor } from '@brigade/db/database';
import type { ResolvedMenuGroup } from '@brigade/domain/catalogue/resolved-menu';
import type { SiteConfiguration } from '@brigade/domain/site-config';
import { type CachedPage, compressed, etagOf, PageCache, type SiteChange, SiteDataCache } from './cache';
import { sitePagePolicy } from './csp';
import { siteLinks } from './links';
import {
  availabilityTtlMs,
  chooseMenu,
  loadMenu,
  loadSiteData,
  type SiteData,
  siteConfigurationOf,
} from './load';
import {
  type PageContext,
  renderChooser,
  renderDevelopmentMode,
  renderHome,
  renderMenu,
  renderNotAvailable,
  renderNotFound,
} from './render';
import { robotsTxt, sitemapXml } from './seo';

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

export interface SiteHandlerOptions {
  db: Executor;
  hostCache: HostCache;
  /** Resolved menu trees by restaurant version (decision 011), shared with the menus API. */
  menuCache?: MenuTreeCache;
  /** false turns the page cache off (the bench's uncached figure). */
  cache?: boolean;
  /** false also turns off the cache of resolutions and restaurant data (every page reads the database). */
  dataCache?: boolean;
  /** How long at most a page is kept without a change (the change feed drops it sooner). */
  maxAgeMs?: number;
  /** The longest a CDN may keep a page (s-maxage). */
  sharedMaxAgeSeconds?: number;
  now?: () => Date;
  /** Origins images may come from besides this host and https addresses (the media storage's). */
  imageOrigins?: readonly string[];
  /** The Development Mode screen lists restaurants to open (development only). */
  listSitesInDevelopmentMode?: boolean;
  onError?: (error: unknown) => void;
}

const PUBLIC_DIR = new URL('../public/', import.meta.url);

/** spec 01 §9 fallback hero paths; served by every site. */
const STATIC_FILES: Record<string, { file: string; type: string }> = {
  '/images/fallback/generic-restaurant-hero.jpg': {
    file: 'images/fallback/generic-restaurant-hero.jpg',
    type: 'image/jpeg',
  },
  '/hero-food-default.jpg': { file: 'hero-food-default.jpg', type: 'image/jpeg' },
};

const HTML = 'text/html; charset=utf-8';

const MENU_PATH = /^\/menu\/(\d{1,9})$/;

/**
 * The public restaurant sites (issue 9): resolves the restaurant of a request (spec 01 §2.6), renders the
 * page, and keeps rendered pages (with their gzip and brotli bytes) until the data or the clock changes them.
 * Framework-free: the server's plugin adapts it to Fastify, and the bench calls it directly.
 */
export class SiteHandler {
  readonly cache: PageCache | null;
  private readonly data: SiteDataCache;
  private siteConfig: SiteConfiguration | null = null;
  private readonly statics = new Map<string, Buffer>();
  private readonly rendering = new Map<string, Promise<CachedPage | Redirect>>();
  private readonly now: () => Date;
  private readonly maxAgeMs: number;
  private readonly sharedMaxAge: number;

  constructor(private readonly options: SiteHandlerOptions) {
    this.cache = options.cache === false ? null : new PageCache();
    this.data = new SiteDataCache(options.dataCache !== false);
    this.now = options.now ?? (() => new Date());
    this.maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
    this.sharedMaxAge = options.sharedMaxAgeSeconds ?? 60;
  }

  /** Drops what a change may have made wrong (wire to the change feed). */
  invalidate(change: SiteChange): void {
    if (change.area === 'site-config' || change.tenantId === undefined) this.siteConfig = null;
    this.data.invalidate(change);
    this.cache?.invalidate(change);
  }

  /** The answer when it needs no work (a stored page, a static file): synchronous, for the hot path. */
  cached(request: SiteRequest): SiteResponse | null {
    const asset = STATIC_FILES[request.path];
    if (asset) return this.staticFile(asset);
    const hit = this.cache?.get(cacheKey(request));
    return hit ? this.respond(hit, request) : null;
  }

  async handle(request: SiteRequest): Promise<SiteResponse> {
    const ready = this.cached(request);
    if (ready) return ready;
    // Requests for a page that is not stored share one render (issue 14): after a change drops a busy
    // page, hundreds of visitors would otherwise each read the database and render it at once. Keyed by
    // everything the render reads from a request; the encoding and ETag are each visitor's own.
    const flightKey = `${request.protocol}\n${request.host}\n${request.path}\n${request.search}`;
    let flight = this.rendering.get(flightKey);
    if (!flight) {
      flight = this.produce(request).finally(() => this.rendering.delete(flightKey));
      this.rendering.set(flightKey, flight);
    }
    try {
      const produced = await flight;
      if ('redirect' in produced) {
        return {
          status: produced.status,
          headers: { location: produced.redirect, 'cache-control': 'public, max-age=300' },
          body: '',
        };
      }
      return this.respond(produced, request);
    } catch {
      const body = Buffer.from(
        renderNotAvailable('Unable to load this restaurant right now. Please try again.'),
      );
      return {
        status: 503,
        headers: {
          'content-type': HTML,
          'cache-control': 'no-store',
          'content-security-policy': sitePagePolicy(body.toString('utf8'), this.options.imageOrigins),
        },
        body,
      };
    }
  }

  /** Renders a page (and stores it when it may be stored), or the redirect the request gets. */
  private async produce(request: SiteRequest): Promise<CachedPage | Redirect> {
    const key = cacheKey(request);
    const generation = this.cache?.generation ?? 0;
    try {
      const outcome = await this.render(request);
      if ('redirect' in outcome) return outcome;
      let page = this.page(outcome);
      if (outcome.cacheable && this.cache) {
        page = { ...page, ...compressed(page.body) };
        this.cache.set(key, page, generation);
      }
      return page;
    } catch (error) {
      this.options.onError?.(error);
      throw error;
    }
  }

  private staticFile(asset: { file: string; type: string }): SiteResponse {
    let body = this.statics.get(asset.file);
    if (!body) {
      body = readFileSync(new URL(asset.file, PUBLIC_DIR));
      this.statics.set(asset.file, body);
    }
    return {
      status: 200,
      headers: { 'content-type': asset.type, 'cache-control': 'public, max-age=86400', etag: etagOf(body) },
      body,
    };
  }

  private page(outcome: Rendered): CachedPage {
    const body = Buffer.from(outcome.body);
    const ttl = outcome.ttlMs ?? this.maxAgeMs;
    const contentType = outcome.contentType ?? HTML;
    return {
      status: outcome.status,
      contentType,
      headers: {
        ...(outcome.noIndex ? { 'x-robots-tag': 'noindex' } : {}),
        // computed once per stored page: its stylesheet's hash (decision 017)
        ...(contentType === HTML
          ? { 'content-security-policy': sitePagePolicy(outcome.body, this.options.imageOrigins) }
          : {}),
      },
      body,
      etag: etagOf(body),
      sMaxAge: Math.max(0, Math.min(this.sharedMaxAge, Math.floor(ttl / 1000))),
      expires: Date.now() + ttl,
      tenantId: outcome.tenantId ?? 0,
      restaurantId: outcome.restaurantId ?? 0,
    };
  }

  /** The stored bytes in the encoding the client takes, or 304 when its copy is current. */
  private respond(page: CachedPage, request: SiteRequest): SiteResponse {
    const accept = request.acceptEncoding ?? '';
    const encoding: Encoding =
      accept.includes('br') && /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : 'identity';
    const { etag, headers, encodedHeaders } = preparedHeaders(page, encoding);
    if (page.status === 200 && request.ifNoneMatch && matches(request.ifNoneMatch, etag)) {
      return { status: 304, headers, body: '' };
    }
    const body =
      encoding === 'br'
        ? (page.br ?? brotliCompressSync(page.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }))
        : encoding === 'gzip'
          ? (page.gzip ?? gzipSync(page.body, { level: 6 }))
          : page.body;
    return { status: page.status, headers: encodedHeaders, body };
  }

  /** Outside production, the Development Mode screen links to the active restaurants (a few). */
  private async localSites(): Promise<{ slug: string; name: string }[]> {
    if (!this.options.listSitesInDevelopmentMode) return [];
    const listed = await listRestaurantsWithTenant(this.options.db, { limit: 20 });
    return listed
      .filter((r) => r.status === 'active' && r.websiteConfig.enabled)
      .slice(0, 8)
      .map((r) => ({ slug: r.slug, name: r.name }));
  }

  private async siteConfiguration(): Promise<SiteConfiguration> {
    if (!this.siteConfig) this.siteConfig = await siteConfigurationOf(this.options.db);
    return this.siteConfig;
  }

  private async render(request: SiteRequest): Promise<Rendered | Redirect> {
    const { db, hostCache } = this.options;
    // Local addresses are development: nothing there is for search engines.
    if (request.path === '/robots.txt' && isLocalHost(request.host)) {
      return {
        status: 200,
        contentType: 'text/plain; charset=utf-8',
        body: robotsTxt({ noIndex: true, sitemapUrl: null }),
        cacheable: false,
      };
    }
    const params = new URLSearchParams(request.search);
    const param = (name: string) => params.get(name) ?? undefined;
    const input = {
      tenant: param('tenant'),
      tenantGuid: param('tenantGuid'),
      restaurant: param('restaurant'),
      restaurantGuid: param('restaurantGuid'),
      host: request.host,
      path: request.path,
    };
    const resolution = await this.data.resolution(input, () => resolvePublicRestaurant(db, hostCache, input));
    if (!resolution.found) {
      switch (resolution.method) {
        case 'none':
          return isLocalHost(request.host)
            ? notCached(
                404,
                renderDevelopmentMode(request.host.replace(/:\d+$/, ''), await this.localSites()),
              )
            : notCached(404, renderNotFound());
        case 'params':
          return notCached(
            resolution.error?.startsWith('Missing') ? 400 : 404,
            renderNotAvailable(resolution.error ?? ''),
          );
        default:
          return notCached(404, renderNotFound());
      }
    }
    if (resolution.shouldRedirect && resolution.redirectTo) {
      return redirectOf(resolution.redirectTo, request, !!resolution.mapping?.redirectConfig.redirectTo);
    }

    // Where the site's pages live: its own host, its slug, or its query parameters (spec 01 §2.6).
    let prefix = '';
    let query = '';
    let page = request.path;
    if (resolution.method === 'slug') {
      const segment = request.path.split('/').find((s) => s.length > 0) ?? '';
      prefix = `/${segment}`;
      page = request.path.slice(prefix.length + request.path.indexOf(segment) - 1) || '/';
    } else if (resolution.method === 'params') {
      const kept = new URLSearchParams();
      for (const name of ['tenant', 'tenantGuid', 'restaurant', 'restaurantGuid']) {
        const value = params.get(name);
        if (value !== null) kept.set(name, value);
      }
      query = kept.toString();
    }
    if (page.length > 1 && page.endsWith('/')) page = page.slice(0, -1);
    const origin = `${request.protocol}://${request.host}`;
    const links = siteLinks(origin, prefix, query);

    const entry = await this.data.restaurant(resolution.restaurantGuid!, async () => {
      const now = this.now();
      const data = await loadSiteData(
        db,
        { tenantGuid: resolution.tenantGuid!, restaurantGuid: resolution.restaurantGuid! },
        now,
        await this.siteConfiguration(),
      );
      const ttlMs = data
        ? await availabilityTtlMs(db, data.restaurant, data.timezone, now, this.maxAgeMs)
        : 5_000;
      return { data, ttlMs };
    });
    const data = entry.data;
    // spec 01: a disabled website or an inactive restaurant (or tenant) is not found.
    if (
      !data?.restaurant.websiteConfig.enabled ||
      data.restaurant.status !== 'active' ||
      data.tenant.status !== 'active'
    ) {
      return notCached(404, renderNotFound());
    }
    const ctx: PageContext = { data, links, seoConfig: resolution.seoConfig };
    const noIndex = resolution.seoConfig?.noIndex === true;
    const ids = { tenantId: data.restaurant.tenantId, restaurantId: data.restaurant.restaurantId, noIndex };
    // A page is right until the restaurant's data changes (change feed) or a menu's availability does.
    const ttl = async () => Math.max(1000, entry.expires - Date.now());
    const menuOf = (menuGroupId: number) =>
      this.data.menu(entry, menuGroupId, () => loadMenu(data, db, this.options.menuCache, menuGroupId));

    if (page === '/') {
      const chosen =
        chooseMenu(data.menus, data.restaurant.websiteConfig.parentMenuGroupId).menu ?? data.menus[0] ?? null;
      const menu = chosen ? await menuOf(chosen.menuGroupId) : null;
      return { status: 200, body: renderHome(ctx, menu), ...ids, ttlMs: await ttl(), cacheable: true };
    }
    if (page === '/menu') {
      const { menu } = chooseMenu(data.menus, data.restaurant.websiteConfig.parentMenuGroupId);
      const resolved = menu ? await menuOf(menu.menuGroupId) : null;
      const body = resolved ? renderMenu(ctx, page, [resolved], resolved.menuGroupId) : renderChooser(ctx);
      return { status: 200, body, ...ids, ttlMs: await ttl(), cacheable: true };
    }
    if (page === '/menu/all') {
      const menus = (await Promise.all(data.menus.map((m) => menuOf(m.menuGroupId)))).filter(
        (m): m is ResolvedMenuGroup => m !== null,
      );
      const body = menus.length > 0 ? renderMenu(ctx, page, menus, null) : renderChooser(ctx);
      return { status: 200, body, ...ids, ttlMs: await ttl(), cacheable: true };
    }
    const menuMatch = MENU_PATH.exec(page);
    if (menuMatch) {
      const menu = await menuOf(Number(menuMatch[1]));
      if (!menu)
        return { status: 404, body: renderChooser(ctx), ...ids, ttlMs: await ttl(), cacheable: true };
      return {
        status: 200,
        body: renderMenu(ctx, page, [menu], menu.menuGroupId),
        ...ids,
        ttlMs: await ttl(),
        cacheable: true,
      };
    }
    if (page === '/sitemap.xml') {
      return {
        status: 200,
        contentType: 'application/xml; charset=utf-8',
        body: sitemapOf(data, links, resolution.seoConfig),
        ...ids,
        ttlMs: await ttl(),
        cacheable: true,
      };
    }
    if (page === '/robots.txt') {
      const sitemap = noIndex ? null : `${canonicalBase(links.abs('/'), resolution.seoConfig)}sitemap.xml`;
      return {
        status: 200,
        contentType: 'text/plain; charset=utf-8',
        body: robotsTxt({ noIndex, sitemapUrl: sitemap }),
        ...ids,
        cacheable: true,
      };
    }
    return notCached(404, renderNotFound());
  }
}

interface Rendered {
  status: number;
  body: string;
  contentType?: string;
  cacheable: boolean;
  noIndex?: boolean;
  ttlMs?: number;
  tenantId?: number;
  restaurantId?: number;
}
interface Redirect {
  status: 301 | 308;
  redirect: string;
}

type Encoding = 'identity' | 'gzip' | 'br';
interface Prepared {
  etag: string;
  /** For 304: no Content-Encoding. */
  headers: Record<string, string>;
  encodedHeaders: Record<string, string>;
}
const prepared = new WeakMap<CachedPage, Partial<Record<Encoding, Prepared>>>();

/** A stored page's response headers, per encoding, built once (the hot path only looks them up). */
function preparedHeaders(page: CachedPage, encoding: Encoding): Prepared {
  let byEncoding = prepared.get(page);
  if (!byEncoding) {
    byEncoding = {};
    prepared.set(page, byEncoding);
  }
  const ready = byEncoding[encoding];
  if (ready) return ready;
  const ok = page.status === 200;
  const etag =
    encoding === 'identity' ? page.etag : `${page.etag.slice(0, -1)}-${encoding === 'br' ? 'br' : 'gz'}"`;
  const headers: Record<string, string> = {
    'content-type': page.contentType,
    vary: 'Accept-Encoding',
    'cache-control': ok
      ? `public, max-age=0, s-maxage=${page.sMaxAge}, stale-while-revalidate=60`
      : 'no-cache',
    ...(ok ? { etag } : {}),
    ...page.headers,
  };
  const result = {
    etag,
    headers,
    encodedHeaders: encoding === 'identity' ? headers : { ...headers, 'content-encoding': encoding },
  };
  byEncoding[encoding] = result;
  return result;
}

const RESOLUTION_PARAMS = ['tenant', 'tenantGuid', 'restaurant', 'restaurantGuid'];

/**
 * A page's cache key: host, path and the resolution parameters. Other query parameters do not change a page,
 * so they do not make new entries either (no filling the cache with ?x=1, ?x=2...).
 */
function cacheKey(request: SiteRequest): string {
  let search = '';
  if (request.search) {
    const params = new URLSearchParams(request.search);
    search = RESOLUTION_PARAMS.map((name) => params.getAll(name).join(',')).join('|');
  }
  return `${request.host.toLowerCase()}\n${request.path}\n${search}`;
}

const notCached = (status: number, body: string): Rendered => ({
  status,
  body,
  cacheable: false,
  noIndex: true,
});

function matches(ifNoneMatch: string, etag: string): boolean {
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * spec 01 §4 redirects as HTTP redirects: www/apex (301, the same path on the other host) or the mapping's
 * redirectTo (308; the request's path is kept when the target is a bare origin).
 */
function redirectOf(target: string, request: SiteRequest, explicit: boolean): Redirect {
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

function canonicalBase(home: string, seoConfig: { canonicalUrl?: string | undefined } | null): string {
  return (seoConfig?.canonicalUrl ?? home).replace(/\/?$/, '/');
}

function sitemapOf(
  data: SiteData,
  links: ReturnType<typeof siteLinks>,
  seoConfig: { canonicalUrl?: string | undefined } | null,
): string {
  const url = (page: string) =>
    seoConfig?.canonicalUrl ? `${canonicalBase('', seoConfig)}${page.replace(/^\//, '')}` : links.abs(page);
  const lastmod = data.restaurant.updatedAt;
  return sitemapXml([
    { loc: url('/'), lastmod },
    { loc: url('/menu'), lastmod },
    ...data.menus.map((m) => ({ loc: url(`/menu/${m.menuGroupId}`), lastmod })),
  ]);
}
