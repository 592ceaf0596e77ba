import { imageRefUrl } from '@brigade/domain/catalogue/image-ref';
import type { ResolvedItem, ResolvedMenuGroup } from '@brigade/domain/catalogue/resolved-menu';
import type { SeoConfig } from '@brigade/domain/domain-mapping';
import { cutText } from '@brigade/domain/text';
import { defaultSeoTitle } from '@brigade/domain/website-config';
import type { PageSeo } from './components/document';
import { itemPrice, openingHoursSpecification } from './format';
import { absoluteUrl } from './images';
import type { SiteLinks } from './links';
import type { SiteData } from './load';

/** The restaurant's SEO with the spec's defaults (spec 01 §3): title "{name} - Restaurant", the about text
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
  const ogImageRef = (seo.ogImage?.trim() && imageRefUrl(seo.ogImage.trim())) || data.effective.heroImage.url;
  return {
    title: seo.title?.trim() || defaultSeoTitle(restaurant.name),
    description: description.length > 160 ? `${cutText(description, 157).trimEnd()}...` : description,
    keywords,
    ogImage: absoluteUrl(ogImageRef, links.origin),
  };
}

/** Canonical URL and indexing of a page: the mapping's seoConfig (canonicalUrl, noIndex) wins. */
export function pageSeo(
  data: SiteData,
  links: SiteLinks,
  page: string,
  seoConfig: SeoConfig | null,
  overrides: Partial<PageSeo> = {},
): PageSeo {
  const base = restaurantSeo(data, links);
  const canonical = seoConfig?.canonicalUrl
    ? new URL(
        page === '/' ? '' : page.replace(/^\//, ''),
        seoConfig.canonicalUrl.replace(/\/?$/, '/'),
      ).toString()
    : links.abs(page);
  return {
    ...base,
    canonical,
    noIndex: seoConfig?.noIndex === true,
    siteName: data.restaurant.name,
    ...overrides,
  };
}

/** schema.org Restaurant (address, telephone, opening hours, cuisine, menu URL). */
export function restaurantJsonLd(
  data: SiteData,
  links: SiteLinks,
  canonicalHome: string,
  menuUrl: string,
): object {
  const { restaurant } = data;
  const seo = restaurantSeo(data, links);
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
    image: seo.ogImage,
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
    openingHoursSpecification: openingHoursSpecification(restaurant.operatingHours),
    hasMenu: menuUrl,
    ...(sameAs.length > 0 ? { sameAs } : {}),
    ...(restaurant.websiteConfig.ordering.enabled && restaurant.websiteConfig.ordering.url
      ? {
          potentialAction: {
            '@type': 'OrderAction',
            target: restaurant.websiteConfig.ordering.url,
          },
        }
      : {}),
  };
}

function offersOf(item: ResolvedItem, currency: string): object | object[] | undefined {
  const price = itemPrice(item, currency);
  switch (price.kind) {
    case 'base':
      return { '@type': 'Offer', price: price.amount.toFixed(2), priceCurrency: currency };
    case 'size':
      return price.sizes.map((s) => ({
        '@type': 'Offer',
        name: s.name,
        price: s.amount.toFixed(2),
        priceCurrency: currency,
      }));
    default:
      return undefined;
  }
}

function menuSection(group: ResolvedMenuGroup, currency: string): object {
  return {
    '@type': 'MenuSection',
    name: group.name,
    ...(group.description ? { description: group.description } : {}),
    hasMenuItem: group.items.map(({ item }) => ({
      '@type': 'MenuItem',
      name: item.name,
      ...(item.customerDescription ? { description: item.customerDescription } : {}),
      ...(typeof item.calories === 'number'
        ? { nutrition: { '@type': 'NutritionInformation', calories: `${item.calories} calories` } }
        : {}),
      offers: offersOf(item, currency),
    })),
    ...(group.subgroups.length > 0
      ? { hasMenuSection: group.subgroups.map((g) => menuSection(g, currency)) }
      : {}),
  };
}

/** schema.org Menu of one menu group tree: sections, items and their offers. */
export function menuJsonLd(
  menu: ResolvedMenuGroup,
  data: SiteData,
  url: string,
  restaurantId: string,
): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'Menu',
    name: menu.name,
    url,
    ...(menu.description ? { description: menu.description } : {}),
    inLanguage: 'en',
    ...(menu.items.length > 0
      ? { hasMenuItem: (menuSection(menu, data.currency) as { hasMenuItem: object[] }).hasMenuItem }
      : {}),
    hasMenuSection: menu.subgroups.map((g) => menuSection(g, data.currency)),
    mainEntityOfPage: url,
    provider: { '@id': restaurantId },
  };
}

/** sitemap.xml of a site: its home, its menu chooser and every menu shown online now. */
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
