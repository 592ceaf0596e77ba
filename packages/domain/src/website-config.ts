import { z } from 'zod';
import { imageRefSchema } from './catalogue/image-ref';
import { SOLD_OUT_DISPLAYS } from './catalogue/sold-out';
import { INT32_MAX, int32MaxMessage } from './integers';
import { cutText, multilineText, requiredText, text, withTextRule } from './text';

/**
 * A restaurant's public website configuration, stored as a JSONB document.
 * Nested objects use `prefault({})` and lists default to [] so that a document read back with keys missing
 * is completed with the defaults instead of failing.
 */

/** Restaurant: colours are "#" plus 6 hex digits. */
export const hexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Must be a valid hex color');

// Images (logo, icon, hero, ogImage, block images): a web URL or an optimized-image JSON string
// (issue 7 §5), or empty for "none".
const imageSchema = imageRefSchema().or(z.literal(''));

/** Restaurant: SEO title max 60, description max 160. */
export const SEO_TITLE_MAX = 60;
export const SEO_DESCRIPTION_MAX = 160;

export const CONTENT_BLOCK_LAYOUTS = ['image-left', 'image-right', 'centered', 'text-only'] as const;
export const ORDERING_PROVIDERS = ['internal', 'doordash', 'ubereats', 'grubhub', 'custom'] as const;

// Restaurant: content block and CTA id, title and description are required; no wording is fixed for
// these, so both use the same ones (requiredText).

export const brandingSchema = z.object({
  logo: imageSchema.optional(),
  icon: imageSchema.optional(),
  heroImage: imageSchema.optional(),
  // Primary #dc2626, secondary #1f2937, accent #f59e0b
  colors: z
    .object({
      primary: hexColorSchema.default('#dc2626'),
      secondary: hexColorSchema.default('#1f2937'),
      accent: hexColorSchema.default('#f59e0b'),
    })
    .prefault({}),
});

export const seoSchema = z.object({
  // No stored default: the default "{name} - Restaurant" needs the name (see defaultSeoTitle).
  title: text().max(SEO_TITLE_MAX, 'Title should be under 60 characters').optional(),
  description: multilineText()
    .max(SEO_DESCRIPTION_MAX, 'Description should be under 160 characters')
    .optional(),
  keywords: z.array(text()).default([]),
  ogImage: imageSchema.optional(),
});

export const HERO_HEADLINE_MAX = 80;
export const HERO_SUBTITLE_MAX = 200;

export const websiteContentSchema = z.object({
  // The home page's hero: a headline in place of the restaurant's name, and a line under it in place of the
  // SEO description (both optional; added later: the hero had no texts of its own).
  heroHeadline: text().max(HERO_HEADLINE_MAX, 'Headline should be under 80 characters').optional(),
  heroSubtitle: multilineText().max(HERO_SUBTITLE_MAX, 'Subtitle should be under 200 characters').optional(),
  aboutText: multilineText().optional(),
  specialOffers: z.array(multilineText()).default([]),
  announcement: multilineText().optional(),
});

export const contentBlockSchema = z.object({
  id: requiredText('ID is required'),
  title: requiredText('Title is required'),
  description: multilineText({ error: 'Description is required' }).trim().min(1, 'Description is required'),
  image: imageSchema.optional(),
  icon: text().optional(),
  // The spec gives no default layout; the first listed one is used.
  layout: z.enum(CONTENT_BLOCK_LAYOUTS).default('image-left'),
  backgroundColor: hexColorSchema.optional(),
  textColor: hexColorSchema.optional(),
  instanceId: text().optional(),
});

export const ctaSectionSchema = z.object({
  id: requiredText('ID is required'),
  title: requiredText('Title is required'),
  description: multilineText({ error: 'Description is required' }).trim().min(1, 'Description is required'),
  backgroundImage: imageSchema.optional(),
  instanceId: text().optional(),
});

// Handles or profile URLs alike; the site renders whatever the restaurant entered.
export const socialLinksSchema = z.object({
  facebook: text().optional(),
  instagram: text().optional(),
  twitter: text().optional(),
  tiktok: text().optional(),
});

export const orderingSchema = z.object({
  enabled: z.boolean().default(false),
  // Provider default internal, button "Order Now" in #dc2626
  provider: z.enum(ORDERING_PROVIDERS).default('internal'),
  // Only web links: this URL becomes an href on the public site, so javascript: and the like are refused.
  url: withTextRule(z.url({ protocol: /^https?$/, error: 'Ordering URL must be a valid URL' })).optional(),
  buttonText: text().default('Order Now'),
  buttonColor: hexColorSchema.default('#dc2626'),
});

// AI features are opt-in: nothing is generated or posted for a restaurant until someone turns it on.
export const websiteAiSchema = z.object({
  contentGeneration: z.boolean().default(false),
  autoSEO: z.boolean().default(false),
  socialPosting: z.boolean().default(false),
  reviewResponses: z.boolean().default(false),
  menuDescriptions: z.boolean().default(false),
});

export const websiteConfigSchema = z.object({
  // Every restaurant has a public site reachable by slug, so a new restaurant's site starts enabled.
  enabled: z.boolean().default(true),
  customDomain: text().optional(),
  // Menu groups have numeric ids per restaurant; this names the one the public menu opens on.
  parentMenuGroupId: z
    .number()
    .int()
    .positive()
    .max(INT32_MAX, int32MaxMessage('Parent menu group ID'))
    .optional(),
  // The restaurant's own choice among the site configuration's layout templates and colour schemes (by id).
  // They apply only while the site configuration allows restaurant overrides.
  layoutTemplate: text().trim().min(1).optional(),
  colorScheme: text().trim().min(1).optional(),
  branding: brandingSchema.prefault({}),
  seo: seoSchema.prefault({}),
  content: websiteContentSchema.prefault({}),
  contentBlocks: z.array(contentBlockSchema).default([]),
  ctaSections: z.array(ctaSectionSchema).default([]),
  social: socialLinksSchema.prefault({}),
  ordering: orderingSchema.prefault({}),
  ai: websiteAiSchema.prefault({}),
  // Issue 45 item 5: an item on the 86 list is shown marked "Sold out" on the public menu, its JSON-LD and the
  // menu display, or hidden there. Left out (every configuration stored before it) it means 'mark'
  // (soldOutDisplayOf in catalogue/sold-out.ts), so no stored document changes meaning.
  soldOutDisplay: z
    .enum(SOLD_OUT_DISPLAYS, { error: `soldOutDisplay must be one of ${SOLD_OUT_DISPLAYS.join(', ')}` })
    .optional(),
});

export type Branding = z.infer<typeof brandingSchema>;
export type Seo = z.infer<typeof seoSchema>;
export type WebsiteContent = z.infer<typeof websiteContentSchema>;
export type ContentBlock = z.infer<typeof contentBlockSchema>;
export type CtaSection = z.infer<typeof ctaSectionSchema>;
export type SocialLinks = z.infer<typeof socialLinksSchema>;
export type Ordering = z.infer<typeof orderingSchema>;
export type WebsiteAi = z.infer<typeof websiteAiSchema>;
export type WebsiteConfig = z.infer<typeof websiteConfigSchema>;
export type WebsiteConfigInput = z.input<typeof websiteConfigSchema>;

const SEO_TITLE_SUFFIX = ' - Restaurant';

/**
 * The SEO title defaults to "{name} - Restaurant". A name too long for that to fit the 60
 * characters allowed is shortened, so the default always passes the schema.
 */
export function defaultSeoTitle(restaurantName: string): string {
  const name = restaurantName.trim();
  const room = SEO_TITLE_MAX - SEO_TITLE_SUFFIX.length;
  const fitted = cutText(name, room).trimEnd();
  return `${fitted}${SEO_TITLE_SUFFIX}`;
}

/** The complete website configuration a new restaurant starts with (the defaults). */
export function defaultWebsiteConfig(restaurantName: string): WebsiteConfig {
  return websiteConfigSchema.parse({ seo: { title: defaultSeoTitle(restaurantName) } });
}

/** A website configuration with the default SEO title filled in when it has none. */
export function withDefaultSeoTitle(config: WebsiteConfig, restaurantName: string): WebsiteConfig {
  return config.seo.title
    ? config
    : { ...config, seo: { ...config.seo, title: defaultSeoTitle(restaurantName) } };
}
