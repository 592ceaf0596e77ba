import { imageRefUrl } from '@brigade/domain/catalogue/image-ref';
import type { ResolvedMenuGroup } from '@brigade/domain/catalogue/resolved-menu';
import { ordersInternally } from '@brigade/domain/ordering/internal';
import { absoluteUrl } from './images';
import { chooseMenu } from './load';
import { orderingAssetPaths } from './ordering-assets';
import { notCached, type Redirect, type Rendered } from './outcome';
import {
  type PageContext,
  renderChooser,
  renderHome,
  renderMenu,
  renderNotFound,
  renderOrdering,
} from './render';
import { robotsTxt, sitemapXml } from './seo';

/** A restaurant's site, loaded and visible: what every page of it is rendered from. */
export interface LoadedSite {
  ctx: PageContext;
  /** The restaurant whose change drops the page, and whether its mapping keeps it from search engines. */
  ids: { tenantId: number; restaurantId: number; noIndex: boolean };
  /** How long a page stays right: until the restaurant's data or a menu's availability changes. */
  ttlMs(): number;
  /** A resolved menu of the restaurant, read once per loaded restaurant. */
  menuOf(menuGroupId: number): Promise<ResolvedMenuGroup | null>;
}

type Renderer = (site: LoadedSite, page: string, match: RegExpExecArray) => Promise<Rendered | Redirect>;

/** A stored page of the site (dropped when the restaurant changes or its time is up). */
function sitePage(site: LoadedSite, status: number, body: string, contentType?: string): Rendered {
  return {
    status,
    ...(contentType ? { contentType } : {}),
    body,
    ...site.ids,
    ttlMs: site.ttlMs(),
    cacheable: true,
  };
}

/** `/`: the home page, previewing the menu the site opens on (else the first). */
const homePage: Renderer = async (site) => {
  const { data } = site.ctx;
  const chosen =
    chooseMenu(data.menus, data.restaurant.websiteConfig.parentMenuGroupId).menu ?? data.menus[0] ?? null;
  const menu = chosen ? await site.menuOf(chosen.menuGroupId) : null;
  return sitePage(site, 200, renderHome(site.ctx, menu));
};

/** `/menu`: the menu chosen automatically, else the chooser (docs/behaviour/catalogue.md#menu-chooser). */
const chosenMenuPage: Renderer = async (site, page) => {
  const { data } = site.ctx;
  const { menu } = chooseMenu(data.menus, data.restaurant.websiteConfig.parentMenuGroupId);
  const resolved = menu ? await site.menuOf(menu.menuGroupId) : null;
  const body = resolved
    ? renderMenu(site.ctx, page, [resolved], resolved.menuGroupId)
    : renderChooser(site.ctx);
  return sitePage(site, 200, body);
};

/** `/menu/all`: every menu shown online now ("View All Menus"). */
const allMenusPage: Renderer = async (site, page) => {
  const menus = (await Promise.all(site.ctx.data.menus.map((m) => site.menuOf(m.menuGroupId)))).filter(
    (m): m is ResolvedMenuGroup => m !== null,
  );
  const body = menus.length > 0 ? renderMenu(site.ctx, page, menus, null) : renderChooser(site.ctx);
  return sitePage(site, 200, body);
};

/**
 * `/menu/{menuGroupId}`: one menu, also when it is shown online at other times only (it says so); one not
 * shown online at all is 404 with the chooser.
 */
const oneMenuPage: Renderer = async (site, page, match) => {
  const menu = await site.menuOf(Number(match[1]));
  if (!menu) return sitePage(site, 404, renderChooser(site.ctx));
  return sitePage(site, 200, renderMenu(site.ctx, page, [menu], menu.menuGroupId));
};

/** `/order`: ordering for a restaurant that orders through Brigade; "not found" for others. */
const orderPage: Renderer = async (site, page) => {
  if (!ordersInternally(site.ctx.data.restaurant)) return notCached(404, renderNotFound());
  return {
    ...sitePage(site, 200, renderOrdering(site.ctx, page, 'order', orderingAssetPaths())),
    ordering: true,
  };
};

/** `/order/{token}`: one guest's order, live; never stored (the token is the guest's own). */
const confirmationPage: Renderer = async (site, page) => {
  if (!ordersInternally(site.ctx.data.restaurant)) return notCached(404, renderNotFound());
  const body = renderOrdering(site.ctx, page, 'confirmation', orderingAssetPaths());
  return { ...notCached(200, body), ...site.ids, noIndex: true, ordering: true };
};

/** `/sitemap.xml`: the home, the chooser, all menus and every menu shown online at some time. */
const sitemapPage: Renderer = async (site) =>
  sitePage(site, 200, sitemapOf(site.ctx), 'application/xml; charset=utf-8');

/** `/robots.txt`: everything allowed with the sitemap named, or everything disallowed for a noIndex mapping. */
const robotsPage: Renderer = async (site) => {
  const { links, seoConfig } = site.ctx;
  const sitemap = site.ids.noIndex ? null : `${canonicalBase(links.abs('/'), seoConfig)}sitemap.xml`;
  // kept for the page cache's longest time: it changes only with the mapping
  return {
    status: 200,
    contentType: 'text/plain; charset=utf-8',
    body: robotsTxt({ noIndex: site.ids.noIndex, sitemapUrl: sitemap }),
    ...site.ids,
    cacheable: true,
  };
};

/** Brigade's own icon, served by every site: the icon of a site whose restaurant has none. */
export const DEFAULT_ICON_PATH = '/brigade-favicon.ico';

/** `/favicon.ico`: the restaurant's branding icon, else Brigade's (a redirect: the icon may live anywhere). */
const faviconPage: Renderer = async (site) => {
  const icon = site.ctx.data.restaurant.websiteConfig.branding.icon;
  const url = icon ? imageRefUrl(icon) : null;
  return { status: 302, redirect: url ? absoluteUrl(url, site.ctx.links.origin) : DEFAULT_ICON_PATH };
};

/** The pages of a site (docs/behaviour/domains-and-public-sites.md#public-site-pages), first match wins. */
const SITE_ROUTES: readonly { pattern: RegExp; render: Renderer }[] = [
  { pattern: /^\/$/, render: homePage },
  { pattern: /^\/menu$/, render: chosenMenuPage },
  { pattern: /^\/menu\/all$/, render: allMenusPage },
  { pattern: /^\/menu\/(\d{1,9})$/, render: oneMenuPage },
  { pattern: /^\/order$/, render: orderPage },
  { pattern: /^\/order\/([A-Za-z0-9_-]{22})$/, render: confirmationPage },
  { pattern: /^\/sitemap\.xml$/, render: sitemapPage },
  { pattern: /^\/robots\.txt$/, render: robotsPage },
  { pattern: /^\/favicon\.ico$/, render: faviconPage },
];

/** The page at a site path, or "Restaurant Not Found" for a path that is none of the site's. */
export function renderRoute(site: LoadedSite, page: string): Promise<Rendered | Redirect> {
  for (const route of SITE_ROUTES) {
    const match = route.pattern.exec(page);
    if (match) return route.render(site, page, match);
  }
  return Promise.resolve(notCached(404, renderNotFound()));
}

function canonicalBase(home: string, seoConfig: { canonicalUrl?: string | undefined } | null): string {
  return (seoConfig?.canonicalUrl ?? home).replace(/\/?$/, '/');
}

function sitemapOf({ data, links, seoConfig }: PageContext): string {
  const url = (page: string) =>
    seoConfig?.canonicalUrl ? `${canonicalBase('', seoConfig)}${page.replace(/^\//, '')}` : links.abs(page);
  const lastmod = data.restaurant.updatedAt;
  // every menu shown online at some time, not only those shown at the moment of the request (decision 024)
  return sitemapXml([
    { loc: url('/'), lastmod },
    { loc: url('/menu'), lastmod },
    { loc: url('/menu/all'), lastmod },
    ...data.listedMenus.map((m) => ({ loc: url(`/menu/${m.menuGroupId}`), lastmod })),
  ]);
}
