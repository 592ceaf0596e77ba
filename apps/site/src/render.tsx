import type { ResolvedMenuGroup } from '@brigade/domain/catalogue/resolved-menu';
import type { SeoConfig } from '@brigade/domain/domain-mapping';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Document, type PageSeo } from './components/document';
import { HomePage, type PreviewItem } from './components/home';
import { CHOOSER_TEXTS, MenuChooserPage, MenuPage } from './components/menu';
import { ORDERING_TEXTS, OrderingPage } from './components/ordering';
import { DevelopmentMode, NotAvailable, NotFound, STATE_TEXTS, TRY_AGAIN_SCRIPT } from './components/states';
import { itemPrice, shortPrice } from './format';
import type { SiteLinks } from './links';
import type { SiteData } from './load';
import { htmlMarkup } from './markup';
import { canonicalUrl, menuJsonLd, pageSeo, priceRangeOf, restaurantJsonLd } from './seo';
import { blockColoursCss, siteTheme, themeCss } from './theme';

/** Every page is a whole HTML document, rendered once to static markup (no hydration), written as HTML (markup.ts). */
const html = (node: ReactNode) => `<!DOCTYPE html>${htmlMarkup(renderToStaticMarkup(node))}`;

// A restaurant's stylesheet is the same for every page drawn from the same data (kept by the site's data
// cache until a change): worked out once per data, not per render (issue 20: ~10% of a home page's render,
// its contrast search alone).
const themes = new WeakMap<SiteData, string>();
const themeOf = (data: SiteData) => {
  let css = themes.get(data);
  if (css === undefined) {
    css = themeCss(
      siteTheme(
        data.effective.colorScheme,
        data.restaurant.websiteConfig,
        data.siteConfig.allowRestaurantOverrides,
      ),
    );
    themes.set(data, css);
  }
  return css;
};

/** The first items of a menu, depth first, as the home page previews them (6, with prices). */
export function previewItems(
  menu: ResolvedMenuGroup | null,
  count: number,
  currency: string,
  soldOut: ReadonlySet<number> = new Set(),
): PreviewItem[] {
  const found: PreviewItem[] = [];
  const seen = new Set<number>();
  const visit = (group: ResolvedMenuGroup) => {
    for (const { item } of group.items) {
      if (found.length >= count) return;
      if (seen.has(item.itemId)) continue;
      seen.add(item.itemId);
      found.push({
        itemId: item.itemId,
        name: item.name,
        description: item.customerDescription,
        price: shortPrice(itemPrice(item, currency), currency),
        // hidden items are out of the menu already (loadMenu): one left on the 86 list is marked
        ...(soldOut.has(item.itemId) ? { soldOut: true } : {}),
      });
    }
    for (const sub of group.subgroups) if (found.length < count) visit(sub);
  };
  if (menu) visit(menu);
  return found;
}

export interface PageContext {
  data: SiteData;
  links: SiteLinks;
  seoConfig: SeoConfig | null;
}

/** The canonical address of one of the site's pages. */
const canonicalOf = (ctx: PageContext, page: string) => canonicalUrl(ctx.links, page, ctx.seoConfig);

export function renderHome(ctx: PageContext, previewMenu: ResolvedMenuGroup | null): string {
  const { data, links } = ctx;
  const seo = pageSeo(data, links, '/', ctx.seoConfig);
  const preview = previewItems(
    previewMenu,
    data.effective.components.menuPreview.defaultItemCount,
    data.currency,
    data.soldOut,
  );
  const menus = {
    links: data.listedMenus.map((menu) => ({
      name: menu.name,
      url: canonicalOf(ctx, `/menu/${menu.menuGroupId}`),
    })),
    priceRange: priceRangeOf(previewMenu, data.currency),
  };
  return html(
    <Document
      seo={{ ...seo, jsonLd: [restaurantJsonLd(data, links, seo.canonical ?? links.abs('/'), menus)] }}
      themeCss={themeOf(data) + blockColoursCss(data.restaurant.websiteConfig.contentBlocks)}
    >
      <HomePage data={data} links={links} preview={preview} />
    </Document>,
  );
}

export function renderChooser(ctx: PageContext): string {
  const { data, links } = ctx;
  const seo = pageSeo(data, links, '/menu', ctx.seoConfig, {
    title: `Menu - ${data.restaurant.name}`,
    ...(data.menus.length === 0 ? { noIndex: true } : {}),
  });
  return html(
    <Document seo={seo} themeCss={themeOf(data)}>
      <MenuChooserPage data={data} links={links} />
    </Document>,
  );
}

/** One menu at `page` ('/menu' when chosen automatically, '/menu/12'), or all of them ('/menu/all'). */
export function renderMenu(
  ctx: PageContext,
  page: string,
  menus: readonly ResolvedMenuGroup[],
  current: number | null,
): string {
  const { data, links } = ctx;
  const title =
    current === null
      ? `${CHOOSER_TEXTS.viewAll.replace('View ', '')} - ${data.restaurant.name}`
      : `${menus[0]?.name ?? 'Menu'} - ${data.restaurant.name}`;
  // An automatically chosen menu shown at /menu names its own address as canonical.
  const canonicalPage = current === null ? '/menu/all' : `/menu/${current}`;
  const seo = pageSeo(data, links, canonicalPage, ctx.seoConfig, { title });
  const home = canonicalOf(ctx, '/');
  const restaurant = { id: `${home}#restaurant`, url: home };
  const description = menus[0]?.description?.trim();
  return html(
    <Document
      seo={{
        ...seo,
        ...(current !== null && description ? { description } : {}),
        jsonLd: menus.map((menu) => menuJsonLd(menu, data, seo.canonical ?? links.abs(page), restaurant)),
      }}
      themeCss={themeOf(data)}
    >
      <MenuPage data={data} links={links} menus={menus} current={current} />
    </Document>,
  );
}

/** The neutral look of pages drawn before any restaurant is known. */
const NEUTRAL_THEME = themeCss({
  primary: '#c2410c',
  secondary: '#1c1917',
  accent: '#f59e0b',
  background: '#f6f5f3',
  text: '#1c1917',
  order: '#c2410c',
});

/** `/order` and `/order/{token}`: the ordering pages, which the ordering script brings to life. */
export function renderOrdering(
  ctx: PageContext,
  page: string,
  mode: 'order' | 'confirmation',
  assets: { script: string; style: string } | null,
): string {
  const { data, links } = ctx;
  const name = data.restaurant.name;
  const seo = pageSeo(data, links, page, ctx.seoConfig, {
    title: mode === 'order' ? ORDERING_TEXTS.title(name) : ORDERING_TEXTS.orderTitle(name),
    // an order's page is the guest's own: never in a search engine
    ...(mode === 'confirmation' ? { noIndex: true } : {}),
  });
  return html(
    <Document seo={seo} themeCss={themeOf(data)} assets={assets}>
      <OrderingPage data={data} links={links} mode={mode} />
    </Document>,
  );
}

export function renderNotAvailable(error: string): string {
  return html(
    <Document
      seo={{ title: STATE_TEXTS.notAvailable, noIndex: true }}
      themeCss={NEUTRAL_THEME}
      script={TRY_AGAIN_SCRIPT}
    >
      <NotAvailable error={error} />
    </Document>,
  );
}

export function renderNotFound(): string {
  return html(
    <Document seo={{ title: STATE_TEXTS.notFound, noIndex: true }} themeCss={NEUTRAL_THEME}>
      <NotFound />
    </Document>,
  );
}

export function renderDevelopmentMode(
  host: string,
  sites: readonly { slug: string; name: string }[],
): string {
  return html(
    <Document seo={{ title: STATE_TEXTS.devMode, noIndex: true }} themeCss={NEUTRAL_THEME}>
      <DevelopmentMode host={host} sites={sites} />
    </Document>,
  );
}

export type { PageSeo };
