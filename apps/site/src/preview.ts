import type { MenuTreeCache } from '@brigade/core/catalogue/menu-resolver';
import { findTenantById } from '@brigade/core/tenancy/tenant-repository';
import type { Executor } from '@brigade/db/database';
import { effectiveSiteConfiguration } from '@brigade/domain/effective-site-config';
import type { Restaurant } from '@brigade/domain/restaurant';
import type { WebsiteConfig } from '@brigade/domain/website-config';
import { sitePagePolicy } from './csp';
import { absoluteUrl } from './images';
import type { SiteLinks } from './links';
import { chooseMenu, loadMenu, loadSiteData, type SiteData } from './load';
import { renderHome } from './render';

export interface WebsitePreviewInput {
  restaurant: Restaurant;
  /** The unsaved website configuration, validated with the schema a save uses. */
  draft: WebsiteConfig;
  /** Where the restaurant's public site is: its links and site-path images point there. */
  links: SiteLinks;
  now?: Date;
}

/**
 * The home page of a restaurant's public site as it would look with `draft` saved
 * (docs/decisions/032-website-preview.md): the site's own data and renderer (renderHome), the restaurant's
 * website configuration replaced by the draft. Never stored in the page cache: a draft is one editor's.
 * Null when the restaurant's tenant is gone.
 */
export async function renderWebsitePreview(
  ex: Executor,
  menuCache: MenuTreeCache | undefined,
  input: WebsitePreviewInput,
): Promise<string | null> {
  const tenant = await findTenantById(ex, input.restaurant.tenantId);
  if (!tenant) return null;
  const saved = await loadSiteData(
    ex,
    { tenantGuid: tenant.guid, restaurantGuid: input.restaurant.guid },
    input.now ?? new Date(),
  );
  if (!saved) return null;
  const data = withDraft(saved, input.draft, input.links.origin);
  const chosen = chooseMenu(data.menus, input.draft.parentMenuGroupId).menu ?? data.menus[0] ?? null;
  const menu = chosen ? await loadMenu(data, ex, menuCache, chosen.menuGroupId) : null;
  return renderHome({ data, links: input.links, seoConfig: null }, menu);
}

/** The site's data with the draft in place of the stored website configuration. */
function withDraft(saved: SiteData, draft: WebsiteConfig, siteOrigin: string): SiteData {
  const restaurant = { ...saved.restaurant, websiteConfig: draft };
  const effective = effectiveSiteConfiguration(saved.siteConfig, restaurant);
  // The platform's fallback heroes are site paths (/hero-food-default.jpg): the preview is not on the site.
  const site = (ref: string) => (ref.startsWith('/') ? absoluteUrl(ref, siteOrigin) : ref);
  const chosen = effective.heroImage;
  const heroImage = { ...chosen, url: site(chosen.url), image: site(chosen.image) };
  return { ...saved, restaurant, effective: { ...effective, heroImage } };
}

/**
 * The preview page's Content-Security-Policy: the public page's own (its stylesheet by hash, no script but
 * the fixed hashed ones, images from the site and https), plus the site's origin for images, framed by this
 * origin only, and sandboxed (an opaque origin without scripts, forms, popups or top navigation) even when
 * opened on its own.
 */
export function previewPagePolicy(html: string, imageOrigins: readonly string[], siteOrigin: string): string {
  return `${sitePagePolicy(html, [...imageOrigins, siteOrigin]).replace(
    "frame-ancestors 'none'",
    "frame-ancestors 'self'",
  )}; sandbox`;
}
