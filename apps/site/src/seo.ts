import { imageRefUrl } from '@brigade/domain/catalogue/image-ref';
import type { ResolvedItem, ResolvedMenuGroup } from '@brigade/domain/catalogue/resolved-menu';
import { itemShowing, type SoldOutDisplay, soldOutDisplayOf } from '@brigade/domain/catalogue/sold-out';
import type { SeoConfig } from '@brigade/domain/domain-mapping';
import { ordersInternally } from '@brigade/domain/ordering/internal';
import { cutText } from '@brigade/domain/text';
import { defaultSeoTitle } from '@brigade/domain/website-config';
import type {
  Menu,
  MenuSection,
  Offer,
  OpeningHoursSpecification,
  OrderAction,
  Restaurant,
  WithContext,
} from 'schema-dts';
import type { PageSeo } from './components/document';
import { formatMoney, itemPrice, openingHoursSpecification } from './format';
import { absoluteUrl } from './images';
import type { SiteLinks } from './links';
import type { SiteData } from './load';
import { specialOpeningHoursSpecification } from './special-hours';

/** The restaurant's SEO with its defaults: title "{name} - Restaurant", the about text
 * as description, name, concept and city as keywords, the hero image as og:image. */
export function restaurantSeo(data: SiteData, links: SiteLinks) {
  const { restaurant } = data;
  const seo = restaurant.websiteConfig.seo;
  const description =
    seo.description?.trim() ||
    restaurant.websiteConfig.content.aboutText?.trim() ||
    `${restaurant.name}, ${restaurant.concept.toLowerCase()} in ${restaurant.address.city}, ${restaurant.address.state}.`;
  const keywords =
    seo.keywords.length > 0 ? seo.keywords : [restaurant.name, restaurant.concept, restaurant.address.city];
  const explicitOgImage = seo.ogImage?.trim() && imageRefUrl(seo.ogImage.trim());
  const hero = data.effective.heroImage;
  return {
    title: seo.title?.trim() || defaultSeoTitle(restaurant.name),
    description: description.length > 160 ? `${cutText(description, 157).trimEnd()}...` : description,
    keywords,
    ogImage: absoluteUrl(explicitOgImage || hero.url, links.origin),
    // social cards describe their image: the hero's alt text when the hero is the image, else the name
    ogImageAlt: (!explicitOgImage && hero.alt?.trim()) || restaurant.name,
  };
}

/** The restaurant's own pictures (not the platform's stock fallbacks), absolute: for schema.org `image`. */
function ownImages(data: SiteData, links: SiteLinks): string[] {
  const { branding, seo } = data.restaurant.websiteConfig;
  const refs = [
    seo.ogImage?.trim() ? imageRefUrl(seo.ogImage.trim()) : null,
    data.effective.heroImage.source === 'explicit' ? data.effective.heroImage.url : null,
    branding.logo ? imageRefUrl(branding.logo) : null,
  ];
  const urls = refs.filter((ref): ref is string => !!ref).map((ref) => absoluteUrl(ref, links.origin));
  return [...new Set(urls)];
}

// A resolved menu is kept (the menu cache, the site's data cache) and never changed: its span of prices is
// worked out once per menu and currency, not on every render (issue 20: a walk of every item of a large menu).
const priceRanges = new WeakMap<ResolvedMenuGroup, Map<string, string | undefined>>();

/** "$8.00 - $32.00": the span of a menu's prices (schema.org priceRange); undefined without prices. */
export function priceRangeOf(menu: ResolvedMenuGroup | null, currency: string): string | undefined {
  if (!menu) return undefined;
  let byCurrency = priceRanges.get(menu);
  if (!byCurrency) {
    byCurrency = new Map();
    priceRanges.set(menu, byCurrency);
  }
  if (!byCurrency.has(currency)) byCurrency.set(currency, priceRange(menu, currency));
  return byCurrency.get(currency);
}

function priceRange(menu: ResolvedMenuGroup, currency: string): string | undefined {
  const amounts: number[] = [];
  const visit = (group: ResolvedMenuGroup) => {
    for (const { item } of group.items) {
      const price = itemPrice(item, currency);
      if (price.kind === 'base') amounts.push(price.amount);
      if (price.kind === 'size') amounts.push(...price.sizes.map((size) => size.amount));
    }
    group.subgroups.forEach(visit);
  };
  visit(menu);
  if (amounts.length === 0) return undefined;
  const [low, high] = [Math.min(...amounts), Math.max(...amounts)];
  return low === high
    ? formatMoney(low, currency)
    : `${formatMoney(low, currency)} - ${formatMoney(high, currency)}`;
}

/** A page's canonical address: under the mapping's canonicalUrl when it names one, else on this host. */
export function canonicalUrl(links: SiteLinks, page: string, seoConfig: SeoConfig | null): string {
  if (!seoConfig?.canonicalUrl) return links.abs(page);
  return new URL(
    page === '/' ? '' : page.replace(/^\//, ''),
    seoConfig.canonicalUrl.replace(/\/?$/, '/'),
  ).toString();
}

/** Canonical URL and indexing of a page: the mapping's seoConfig (canonicalUrl, noIndex) wins. */
export function pageSeo(
  data: SiteData,
  links: SiteLinks,
  page: string,
  seoConfig: SeoConfig | null,
  overrides: Partial<PageSeo> = {},
): PageSeo {
  return {
    ...restaurantSeo(data, links),
    canonical: canonicalUrl(links, page, seoConfig),
    noIndex: seoConfig?.noIndex === true,
    siteName: data.restaurant.name,
    icon: links.to('/favicon.ico'),
    ...overrides,
  };
}

/** A menu page as the Restaurant's hasMenu names it: the same @id as the Menu markup on that page. */
export interface MenuLink {
  name: string;
  url: string;
}

export const menuNodeId = (menuUrl: string) => `${menuUrl}#menu`;

/**
 * schema.org Restaurant (address, telephone, opening hours, cuisine, price range, its own images, and its
 * menus: each a Menu whose page carries that Menu's markup, pointing back here).
 */
export function restaurantJsonLd(
  data: SiteData,
  links: SiteLinks,
  canonicalHome: string,
  menus: { links: readonly MenuLink[]; priceRange?: string | undefined },
): WithContext<Restaurant> {
  const { restaurant } = data;
  const seo = restaurantSeo(data, links);
  const images = ownImages(data, links);
  const logo = restaurant.websiteConfig.branding.logo
    ? imageRefUrl(restaurant.websiteConfig.branding.logo)
    : null;
  const sameAs = Object.values(restaurant.websiteConfig.social).filter(
    (v): v is string => !!v && /^https?:\/\//.test(v),
  );
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    '@id': `${canonicalHome}#restaurant`,
    name: restaurant.name,
    url: canonicalHome,
    description: seo.description,
    ...(images.length > 0 ? { image: images.length === 1 ? images[0] : images } : {}),
    ...(logo ? { logo: absoluteUrl(logo, links.origin) } : {}),
    ...(menus.priceRange ? { priceRange: menus.priceRange } : {}),
    telephone: restaurant.contact.phone,
    email: restaurant.contact.email,
    servesCuisine: restaurant.concept,
    currenciesAccepted: restaurant.settings.currency,
    address: {
      '@type': 'PostalAddress',
      streetAddress: restaurant.address.street,
      addressLocality: restaurant.address.city,
      addressRegion: restaurant.address.state,
      postalCode: restaurant.address.zipCode,
      addressCountry: restaurant.address.country,
    },
    ...(restaurant.address.coordinates
      ? {
          geo: {
            '@type': 'GeoCoordinates',
            latitude: restaurant.address.coordinates.latitude,
            longitude: restaurant.address.coordinates.longitude,
          },
        }
      : {}),
    openingHoursSpecification: openingHoursSpecification(restaurant.operatingHours),
    ...specialHoursJsonLd(data),
    ...(menus.links.length > 0
      ? {
          hasMenu: menus.links.map((menu) => ({
            '@type': 'Menu',
            '@id': menuNodeId(menu.url),
            name: menu.name,
            url: menu.url,
          })),
        }
      : {}),
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...orderAction(data, canonicalHome),
  };
}

/** Today's and later special hours (decision 030); nothing when there are none. */
function specialHoursJsonLd(data: SiteData): {
  specialOpeningHoursSpecification?: OpeningHoursSpecification[];
} {
  const special = specialOpeningHoursSpecification(data.restaurant, data.today);
  return special.length > 0 ? { specialOpeningHoursSpecification: special } : {};
}

/** Where a guest orders: the site's own ordering page (internal provider), else the provider's URL. */
function orderAction(data: SiteData, canonicalHome: string): { potentialAction?: OrderAction } {
  const { ordering } = data.restaurant.websiteConfig;
  const target = ordersInternally(data.restaurant)
    ? new URL('order', canonicalHome.replace(/\/?$/, '/')).toString()
    : ordering.enabled && ordering.url
      ? ordering.url
      : null;
  return target ? { potentialAction: { '@type': 'OrderAction', target } } : {};
}

const IN_STOCK = 'https://schema.org/InStock';
const SOLD_OUT = 'https://schema.org/SoldOut';

/** An item's offers (a price, or one per size), each saying whether it can be had now (the 86 list). */
function offersOf(item: ResolvedItem, currency: string, soldOut: boolean): Offer | Offer[] | undefined {
  const price = itemPrice(item, currency);
  const availability = soldOut ? SOLD_OUT : IN_STOCK;
  switch (price.kind) {
    case 'base':
      return { '@type': 'Offer', price: price.amount.toFixed(2), priceCurrency: currency, availability };
    case 'size':
      return price.sizes.map((s) => ({
        '@type': 'Offer',
        name: s.name,
        price: s.amount.toFixed(2),
        priceCurrency: currency,
        availability,
      }));
    default:
      return undefined;
  }
}

/** What the 86 rule needs: the restaurant's 86 list and the website's setting. */
interface SoldOutRule {
  soldOut: ReadonlySet<number>;
  display: SoldOutDisplay;
}

function menuSection(
  group: ResolvedMenuGroup,
  currency: string,
  rule: SoldOutRule,
): MenuSection & { '@type': 'MenuSection' } {
  // A hidden item is not in the menu the page was drawn from (loadMenu); the rule drops it here as well.
  const items = group.items
    .map(({ item }) => ({ item, showing: itemShowing(item.itemId, rule.soldOut, rule.display) }))
    .filter(({ showing }) => showing !== 'hidden');
  return {
    '@type': 'MenuSection',
    name: group.name,
    ...(group.description ? { description: group.description } : {}),
    hasMenuItem: items.map(({ item, showing }) => ({
      '@type': 'MenuItem',
      name: item.name,
      ...(item.customerDescription ? { description: item.customerDescription } : {}),
      ...(typeof item.calories === 'number'
        ? { nutrition: { '@type': 'NutritionInformation', calories: `${item.calories} calories` } }
        : {}),
      offers: offersOf(item, currency, showing === 'sold-out'),
    })),
    ...(group.subgroups.length > 0
      ? { hasMenuSection: group.subgroups.map((g) => menuSection(g, currency, rule)) }
      : {}),
  };
}

/**
 * schema.org Menu of one menu group tree: sections, items and their offers, and the Restaurant it belongs to
 * (typed and named here, with the @id of the home page's Restaurant, so the link holds on this page alone).
 */
export function menuJsonLd(
  menu: ResolvedMenuGroup,
  data: SiteData,
  url: string,
  restaurant: { id: string; url: string },
): WithContext<Menu> {
  const rule = { soldOut: data.soldOut, display: soldOutDisplayOf(data.restaurant.websiteConfig) };
  return {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    '@id': menuNodeId(url),
    name: menu.name,
    url,
    ...(menu.description ? { description: menu.description } : {}),
    inLanguage: 'en',
    ...(menu.items.length > 0 ? { hasMenuItem: menuSection(menu, data.currency, rule).hasMenuItem } : {}),
    hasMenuSection: menu.subgroups.map((g) => menuSection(g, data.currency, rule)),
    mainEntityOfPage: url,
    provider: {
      '@type': 'Restaurant',
      '@id': restaurant.id,
      name: data.restaurant.name,
      url: restaurant.url,
    },
  };
}

/** sitemap.xml of a site from its addresses (routes.ts decides which). */
export function sitemapXml(urls: readonly { loc: string; lastmod?: Date }[]): string {
  const xml = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map(
      (u) =>
        `  <url><loc>${xml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString().slice(0, 10)}</lastmod>` : ''}</url>`,
    )
    .join('\n')}\n</urlset>\n`;
}

/** robots.txt of a host: everything allowed with the sitemap, or nothing when the mapping says noIndex. */
export function robotsTxt(options: { noIndex: boolean; sitemapUrl: string | null }): string {
  if (options.noIndex) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\n${options.sitemapUrl ? `\nSitemap: ${options.sitemapUrl}\n` : ''}`;
}
