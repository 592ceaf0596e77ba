import { soldOutDisplayOf } from '@brigade/domain/catalogue/sold-out';
import { type WebsiteConfig, websiteConfigSchema, withDefaultSeoTitle } from '@brigade/domain/website-config';
import type { RestaurantRecord } from '../restaurant/queries';

/**
 * The website editor edits the whole website configuration with the server's schema (and its messages:
 * "Title should be under 60 characters", "Must be a valid hex color"...). The stored document is sent back
 * complete (a sent nested document replaces the stored one), so what the editor does not show (AI flags,
 * custom domain) is kept as it was.
 */
export const websiteFormSchema = websiteConfigSchema;

/** The form's values: the stored configuration with the default SEO title shown when there is none. */
export function websiteToForm(restaurant: Pick<RestaurantRecord, 'name' | 'websiteConfig'>): WebsiteConfig {
  const config = withDefaultSeoTitle(restaurant.websiteConfig as WebsiteConfig, restaurant.name);
  // a configuration stored before the setting existed shows what it means: sold-out items marked
  return structuredClone({ ...config, soldOutDisplay: soldOutDisplayOf(config) });
}

/** "pizza, late night ,  vegan" → ["pizza", "late night", "vegan"]. */
export const splitList = (text: string, separator: RegExp = /,/): string[] =>
  text
    .split(separator)
    .map((part) => part.trim())
    .filter(Boolean);

let counter = 0;
/** An id for a new content block or CTA section (the schema requires one; the site keys sections by it). */
export function newSectionId(prefix: 'block' | 'cta', now = Date.now()): string {
  counter += 1;
  return `${prefix}-${now.toString(36)}-${counter}`;
}

/** The public site of the restaurant: the menu address without its "/menu". */
export const siteUrlOf = (menuUrl: string) => menuUrl.replace(/\/menu$/, '') || menuUrl;
