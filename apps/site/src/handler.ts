import { readFileSync } from 'node:fs';
import type { MenuTreeCache } from '@brigade/core/catalogue/menu-resolver';
import {
  type HostCache,
  isLocalHost,
  type ResolutionResult,
  resolvePublicRestaurant,
} from '@brigade/core/domains/resolution-service';
import { listRestaurantsWithTenant } from '@brigade/core/tenancy/restaurant-repository';
import type { Executor } from '@brigade/db/database';
import { ANONYMOUS } from '@brigade/domain/access';
import type { SiteConfiguration } from '@brigade/domain/site-config';
import { redirectOf, siteAddressOf } from './address';
import {
  type CachedPage,
  compressedForMiss,
  encodingOf,
  etagOf,
  PageCache,
  recompressed,
  type SiteChange,
  SiteDataCache,
  utf8Bytes,
  withCompressed,
} from './cache';
import { withCanonicalHost } from './canonical-host';
import { sitePagePolicy } from './csp';
import type { SiteLinks } from './links';
import { availabilityTtlMs, loadMenu, loadSiteData, type SiteData, siteConfigurationOf } from './load';
import { LoopTurns } from './loop-turns';
import { ORDERING_ASSET_PREFIX, orderingAsset } from './ordering-assets';
import { HTML, notCached, type Redirect, type Rendered } from './outcome';
import { renderDevelopmentMode, renderNotAvailable, renderNotFound } from './render';
import { cacheKey, resolveInputOf, type SiteRequest, type SiteResponse } from './request';
import { DEFAULT_ICON_PATH, type LoadedSite, renderRoute } from './routes';
import { isSlugHostRoot, slugHostRoot } from './slug-host';
import { storedResponse } from './stored-response';
import { surrogateHeaders } from './surrogate-keys';

export type { SiteRequest, SiteResponse } from './request';

export interface SiteHandlerOptions {
  db: Executor;
  hostCache: HostCache;
  /** Resolved menu trees by restaurant version (decision 011), shared with the menus API. */
  menuCache?: MenuTreeCache;
  /** false turns the page cache off (the bench's uncached figure). */
  cache?: boolean;
  /** How many pages the page cache holds at most (5,000 by default). */
  pageCacheEntries?: number;
  /** false also turns off the cache of resolutions and restaurant data (every page reads the database). */
  dataCache?: boolean;
  /** How long at most a page is kept without a change (the change feed drops it sooner). */
  maxAgeMs?: number;
  /** The longest a CDN may keep a page (s-maxage). */
  sharedMaxAgeSeconds?: number;
  /**
   * A CDN is purged on every change (docs/operations/cdn.md): pages may be kept there for the whole
   * `sharedMaxAgeSeconds`, not only as long as this process keeps them.
   */
  cdnPurges?: boolean;
  now?: () => Date;
  /** Origins images may come from besides this host and https addresses (the media storage's). */
  imageOrigins?: readonly string[];
  /** Where the payment gateway's hosted card-entry frame may load from (the ordering pages frame it). */
  cardFrameOrigins?: readonly string[];
  /** The Development Mode screen lists restaurants to open (development only). */
  listSitesInDevelopmentMode?: boolean;
  onError?: (error: unknown) => void;
  /**
   * Whether the change feed's announcements are heard now (issue 48): while they are not (a lost LISTEN
   * connection being re-made), pages are rendered and sent but not stored, since a write meanwhile would not
   * drop them. Always by default (the bench, tests without a database).
   */
  heard?: () => boolean;
}

const PUBLIC_DIR = new URL('../public/', import.meta.url);

/** The default hero images' paths; served by every site. */
const STATIC_FILES: Record<string, { file: string; type: string }> = {
  '/images/fallback/generic-restaurant-hero.jpg': {
    file: 'images/fallback/generic-restaurant-hero.jpg',
    type: 'image/jpeg',
  },
  '/hero-food-default.jpg': { file: 'hero-food-default.jpg', type: 'image/jpeg' },
  [DEFAULT_ICON_PATH]: { file: 'favicon.ico', type: 'image/x-icon' },
};

/**
 * The public restaurant sites (issue 9): resolves the restaurant of a request, renders the
 * page, and keeps rendered pages (with their gzip and brotli bytes) until the data or the clock changes them.
 * Framework-free: the server's plugin adapts it to Fastify, and the bench calls it directly.
 */
export class SiteHandler {
  readonly cache: PageCache | null;
  private readonly data: SiteDataCache;
  private siteConfig: SiteConfiguration | null = null;
  private readonly statics = new Map<string, Buffer>();
  private readonly rendering = new Map<string, Promise<CachedPage | Redirect>>();
  private readonly recompressing = new WeakSet<CachedPage>();
  private readonly turns = new LoopTurns();
  private readonly now: () => Date;
  private readonly maxAgeMs: number;
  private readonly sharedMaxAge: number;

  constructor(private readonly options: SiteHandlerOptions) {
    this.cache = options.cache === false ? null : new PageCache(options.pageCacheEntries);
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
    if (request.path.startsWith(ORDERING_ASSET_PREFIX)) {
      const script = orderingAsset(request);
      if (script) return script;
    }
    // A host that serves slugs has no restaurant at its root: the default icon (a mapped host's is its own).
    if (request.path === '/favicon.ico' && isLocalHost(request.host))
      return this.staticFile(STATIC_FILES[DEFAULT_ICON_PATH]!);
    if (!this.cache) return null;
    const key = cacheKey(request);
    const hit = this.cache.get(key);
    if (!hit) return null;
    if (hit.quick) this.recompress(this.cache, key, hit);
    return storedResponse(hit, request);
  }

  /**
   * A page asked for again, stored with bytes compressed at the quick level (a miss's): they are made again at
   * the full level off the loop, and the page stored with them, unless a change or a newer render came since.
   */
  private recompress(cache: PageCache, key: string, page: CachedPage): void {
    if (this.recompressing.has(page)) return;
    this.recompressing.add(page);
    const generation = cache.generation;
    recompressed(page.body, page.br ? 'br' : 'gzip').then(
      (bytes) => {
        if (!bytes) {
          // Turned away (too much such work waiting): the next visitor tries again.
          this.recompressing.delete(page);
          return;
        }
        if (cache.peek(key) !== page) return;
        // Not stored when any change came in between: the next visitor tries again.
        if (!cache.set(key, withCompressed(page, bytes, false), generation)) this.recompressing.delete(page);
      },
      (error) => this.options.onError?.(error),
    );
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
      return storedResponse(produced, request);
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
    // One render per turn of the loop (loop-turns.ts), read before the generation so nothing is missed.
    await this.turns.next();
    const generation = this.cache?.generation ?? 0;
    try {
      // The rendered text is let go of here, before the compression (issue 20): kept across a wait for the
      // compression thread (a large page's, compressedForMiss) by a miss among many queued, each page's
      // flattened HTML (20-40 KB) outlived the young generation, and the full collections it led to held the
      // loop for 5-9 ms.
      const made = await this.render(request).then((outcome) => this.made(outcome));
      if ('redirect' in made) return made;
      const { page } = made;
      if (!made.cacheable || !this.cache || !(this.options.heard?.() ?? true)) return page;
      const bytes = await compressedForMiss(page.body, encodingOf(request.acceptEncoding));
      const compressedSize = bytes.br?.length ?? bytes.gzip?.length;
      // A full cache stores a page asked for the second time lately (PageCache.admits, decision 039).
      if (!this.cache.admits(key, page.body.length + (compressedSize ?? 0))) {
        return compressedSize === undefined ? page : { ...page, ...bytes, quick: true };
      }
      const stored = compressedSize === undefined ? page : withCompressed(page, bytes, true);
      this.cache.set(key, stored, generation);
      return stored;
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
      headers: {
        'content-type': asset.type,
        'cache-control': 'public, max-age=86400',
        etag: etagOf(body),
        // public pictures, shown by other origins too: the website editor's preview (decision 032)
        'cross-origin-resource-policy': 'cross-origin',
      },
      body,
    };
  }

  /** A rendered outcome as the page to send and store (a redirect as it is). */
  private made(outcome: Rendered | Redirect): { page: CachedPage; cacheable: boolean } | Redirect {
    return 'redirect' in outcome ? outcome : { page: this.page(outcome), cacheable: outcome.cacheable };
  }

  private page(outcome: Rendered): CachedPage {
    const body = utf8Bytes(outcome.body);
    const ttl = outcome.ttlMs ?? this.maxAgeMs;
    const contentType = outcome.contentType ?? HTML;
    return {
      status: outcome.status,
      contentType,
      headers: {
        ...(outcome.noIndex ? { 'x-robots-tag': 'noindex' } : {}),
        // a page made for one visitor (an order's confirmation) is kept by no cache at all
        ...(!outcome.cacheable && outcome.status === 200 ? { 'cache-control': 'no-store' } : {}),
        // what a CDN purges it by (surrogate-keys.ts)
        ...(outcome.cacheable && outcome.status === 200
          ? surrogateHeaders(outcome.tenantId ?? 0, outcome.restaurantId ?? 0)
          : {}),
        // computed once per stored page: its stylesheet's hash (decision 017)
        ...(contentType === HTML
          ? {
              'content-security-policy': sitePagePolicy(
                outcome.body,
                this.options.imageOrigins,
                outcome.ordering ? { frameOrigins: this.options.cardFrameOrigins ?? [] } : null,
              ),
            }
          : {}),
      },
      body,
      etag: etagOf(body),
      // purged on every change, a CDN may keep it longer than this process does
      sMaxAge: this.options.cdnPurges
        ? this.sharedMaxAge
        : Math.max(0, Math.min(this.sharedMaxAge, Math.floor(ttl / 1000))),
      expires: Date.now() + ttl,
      tenantId: outcome.tenantId ?? 0,
      restaurantId: outcome.restaurantId ?? 0,
    };
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

  /**
   * A request's page: resolve the restaurant, load its site, and render the route the path names
   * (docs/behaviour/domains-and-public-sites.md#public-site-pages).
   */
  private async render(request: SiteRequest): Promise<Rendered | Redirect> {
    // Hosts that serve sites by slug answer robots.txt and sitemap.xml for all of them at their root.
    if (isLocalHost(request.host) && isSlugHostRoot(request)) return slugHostRoot(this.options.db, request);
    const resolution = await this.resolve(request);
    if (!resolution.found) return this.unresolved(request, resolution);
    if (resolution.shouldRedirect && resolution.redirectTo) {
      return redirectOf(resolution.redirectTo, request, !!resolution.mapping?.redirectConfig.redirectTo);
    }
    const { page, links } = siteAddressOf(request, resolution);
    const site = await this.load(resolution, links);
    // A disabled website or an inactive restaurant (or tenant) is not found.
    if (!site) return notCached(404, renderNotFound());
    return renderRoute(site, page);
  }

  /** The restaurant a request is for (docs/behaviour/domains-and-public-sites.md#resolution-order). */
  private resolve(request: SiteRequest): Promise<ResolutionResult> {
    const { db, hostCache } = this.options;
    const input = resolveInputOf(request);
    return this.data.resolution(input, async () =>
      withCanonicalHost(db, await resolvePublicRestaurant({ db, hostCache }, ANONYMOUS, input)),
    );
  }

  /** The answer when no restaurant resolves: Development Mode on local addresses, else not found. */
  private async unresolved(request: SiteRequest, resolution: ResolutionResult): Promise<Rendered> {
    switch (resolution.method) {
      case 'none':
        return isLocalHost(request.host)
          ? notCached(404, renderDevelopmentMode(request.host.replace(/:\d+$/, ''), await this.localSites()))
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

  /** The resolved restaurant's site through the data cache; null when it is not to be shown. */
  private async load(resolution: ResolutionResult, links: SiteLinks): Promise<LoadedSite | null> {
    const entry = await this.data.restaurant(resolution.restaurantGuid!, () =>
      this.readRestaurant(resolution),
    );
    const data = entry.data;
    if (!isShown(data)) return null;
    const { db, menuCache } = this.options;
    return {
      ctx: { data, links, seoConfig: resolution.seoConfig },
      ids: {
        tenantId: data.restaurant.tenantId,
        restaurantId: data.restaurant.restaurantId,
        noIndex: resolution.seoConfig?.noIndex === true,
      },
      // A page is right until the restaurant's data changes (change feed) or a menu's availability does.
      ttlMs: () => Math.max(1000, entry.expires - Date.now()),
      menuOf: (menuGroupId) =>
        this.data.menu(entry, menuGroupId, () => loadMenu(data, db, menuCache, menuGroupId)),
    };
  }

  /** A restaurant's data from the database, and how long it holds (its next menu availability boundary). */
  private async readRestaurant(
    resolution: ResolutionResult,
  ): Promise<{ data: SiteData | null; ttlMs: number }> {
    const { db } = this.options;
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
  }
}

/** A site is shown when its website is enabled and its restaurant and tenant are active. */
function isShown(data: SiteData | null): data is SiteData {
  return (
    !!data?.restaurant.websiteConfig.enabled &&
    data.restaurant.status === 'active' &&
    data.tenant.status === 'active'
  );
}
