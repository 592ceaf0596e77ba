import { z } from 'zod';
import { imageRefSchema } from './catalogue/image-ref';
import { INT32_MAX, int32MaxMessage } from './integers';
import { jsonTimestampSchema } from './json-timestamp';
import { multilineText, requiredText, text } from './text';
import { hexColorSchema } from './website-config';

/**
 * The platform-wide site configuration: layout templates, colour schemes,
 * section components, fallback images and texts that restaurant sites use. Stored as one record whose lists
 * are JSONB; every write is validated whole with `siteConfigurationSchema`.
 */

// Site configuration: ids, names and colours are required (e.g. "Template ID is required"), with
// requiredText.
const requiredColor = (message: string) => z.string({ error: message }).pipe(hexColorSchema);

export const HERO_HEIGHTS = ['screen', 'large', 'medium', 'small'] as const;
export const HERO_TEXT_POSITIONS = ['center', 'bottom', 'top-left', 'bottom-left'] as const;

/** The generic hero image, the last step of the hero image choice. */
export const GENERIC_HERO_IMAGE = '/images/fallback/generic-restaurant-hero.jpg';

// Each entry's fields without defaults, so that an update by id fills nothing in that was not sent.
const layoutTemplateFields = {
  name: requiredText('Template name is required'),
  description: multilineText().optional(),
  previewImage: imageRefSchema().optional(),
  // Section names in page order (hero, menu-preview, about, ...); the public site skips names it lacks.
  sections: z
    .array(requiredText('Section name is required'), { error: 'At least one section is required' })
    .min(1, 'At least one section is required'),
  isDefault: z.boolean(),
  isActive: z.boolean(),
};

export const layoutTemplateSchema = z.object({
  id: requiredText('Template ID is required'),
  ...layoutTemplateFields,
  isDefault: z.boolean().default(false),
  isActive: z.boolean().default(true),
  createdAt: jsonTimestampSchema.optional(),
  updatedAt: jsonTimestampSchema.optional(),
});

const colorSchemeFields = {
  name: requiredText('Scheme name is required'),
  primary: requiredColor('Primary color is required'),
  secondary: requiredColor('Secondary color is required'),
  accent: requiredColor('Accent color is required'),
  background: requiredColor('Background color is required'),
  text: requiredColor('Text color is required'),
  isDefault: z.boolean(),
  isActive: z.boolean(),
};

export const colorSchemeSchema = z.object({
  id: requiredText('Scheme ID is required'),
  ...colorSchemeFields,
  isDefault: z.boolean().default(false),
  isActive: z.boolean().default(true),
});

export const heroSectionSchema = z.object({
  enabled: z.boolean().default(true),
  // Image references (URL or optimized-image JSON) the hero may rotate through.
  fallbackImages: z.array(imageRefSchema()).default([]),
  defaultHeight: z.enum(HERO_HEIGHTS).default('screen'),
  defaultTextPosition: z.enum(HERO_TEXT_POSITIONS).default('center'),
});

export const menuPreviewSchema = z.object({
  enabled: z.boolean().default(true),
  defaultItemCount: z
    .number({ error: 'Must show at least 1 item' })
    .int('Must show at least 1 item')
    .min(1, 'Must show at least 1 item')
    .max(INT32_MAX, int32MaxMessage('Default item count'))
    .default(6),
  showPrices: z.boolean().default(true),
});

export const siteComponentsSchema = z.object({
  heroSection: heroSectionSchema.prefault({}),
  menuPreview: menuPreviewSchema.prefault({}),
  aboutSection: z
    .object({ enabled: z.boolean().default(true), defaultText: multilineText().optional() })
    .prefault({}),
  locationSection: z
    .object({
      enabled: z.boolean().default(true),
      showMap: z.boolean().default(true),
      showHours: z.boolean().default(true),
    })
    .prefault({}),
  contactSection: z
    .object({
      enabled: z.boolean().default(true),
      showPhone: z.boolean().default(true),
      showEmail: z.boolean().default(true),
      showSocialLinks: z.boolean().default(true),
    })
    .prefault({}),
});

const prioritySchema = z
  .number({ error: 'Priority must be non-negative' })
  .int('Priority must be a whole number')
  .min(0, 'Priority must be non-negative')
  .max(INT32_MAX, int32MaxMessage('Priority'));

const fallbackImageFields = {
  // Compared with a restaurant's concept, case-insensitively (by the hero image choice).
  category: requiredText('Category is required'),
  url: imageRefSchema(),
  alt: requiredText('Alt text is required'),
  description: multilineText().optional(),
  isGenericFallback: z.boolean(),
  priority: prioritySchema,
};

export const fallbackImageSchema = z.object({
  id: requiredText('Image ID is required'),
  ...fallbackImageFields,
  isGenericFallback: z.boolean().default(false),
  priority: prioritySchema.default(0),
});

export const fallbackTextsSchema = z.record(text(), multilineText());

// The fields an administrator edits; the record's own bookkeeping (version, lastModified...) is the server's.
const editableFields = {
  defaultLayoutTemplate: requiredText('Default layout template is required'),
  defaultColorScheme: requiredText('Default color scheme is required'),
  layoutTemplates: z.array(layoutTemplateSchema),
  colorSchemes: z.array(colorSchemeSchema),
  components: siteComponentsSchema,
  fallbackImages: z.array(fallbackImageSchema),
  fallbackTexts: fallbackTextsSchema,
  allowRestaurantOverrides: z.boolean(),
  requireApprovalForOverrides: z.boolean(),
};

interface Consistency {
  defaultLayoutTemplate: string;
  defaultColorScheme: string;
  layoutTemplates: { id: string }[];
  colorSchemes: { id: string }[];
  fallbackImages: { id: string }[];
}

/**
 * Rules across fields the spec implies but does not word: ids are unique within their list (templates,
 * schemes and images are edited "by id"), and the defaults name entries that exist, so the effective
 * configuration always resolves to a real template and scheme.
 */
function checkConsistency(config: Consistency, ctx: z.RefinementCtx) {
  const unique = (list: { id: string }[], path: string, what: string) => {
    const seen = new Set<string>();
    list.forEach((entry, index) => {
      if (seen.has(entry.id))
        ctx.addIssue({ code: 'custom', path: [path, index, 'id'], message: `${what} IDs must be unique` });
      seen.add(entry.id);
    });
  };
  unique(config.layoutTemplates, 'layoutTemplates', 'Layout template');
  unique(config.colorSchemes, 'colorSchemes', 'Color scheme');
  unique(config.fallbackImages, 'fallbackImages', 'Fallback image');
  if (!config.layoutTemplates.some((t) => t.id === config.defaultLayoutTemplate)) {
    ctx.addIssue({
      code: 'custom',
      path: ['defaultLayoutTemplate'],
      message: 'Default layout template must be one of the layout templates',
    });
  }
  if (!config.colorSchemes.some((s) => s.id === config.defaultColorScheme)) {
    ctx.addIssue({
      code: 'custom',
      path: ['defaultColorScheme'],
      message: 'Default color scheme must be one of the color schemes',
    });
  }
}

/** A stored site configuration, with the defaults for whatever a record lacks. */
export const siteConfigurationSchema = z
  .object({
    ...editableFields,
    id: requiredText('ID is required'),
    layoutTemplates: editableFields.layoutTemplates.default([]),
    colorSchemes: editableFields.colorSchemes.default([]),
    components: siteComponentsSchema.prefault({}),
    fallbackImages: editableFields.fallbackImages.default([]),
    fallbackTexts: fallbackTextsSchema.default({}),
    allowRestaurantOverrides: z.boolean().default(true),
    requireApprovalForOverrides: z.boolean().default(false),
    lastModified: jsonTimestampSchema,
    lastModifiedBy: text().default('system'),
    version: z.number().int().min(1, 'Version must be at least 1').default(1),
  })
  .superRefine(checkConsistency);
export type SiteConfiguration = z.infer<typeof siteConfigurationSchema>;

/** Creation needs id, defaultLayoutTemplate and defaultColorScheme; version starts at 1. */
export const createSiteConfigurationInputSchema = z
  .object({
    ...editableFields,
    id: requiredText('ID is required'),
    layoutTemplates: editableFields.layoutTemplates.default([]),
    colorSchemes: editableFields.colorSchemes.default([]),
    components: siteComponentsSchema.prefault({}),
    fallbackImages: editableFields.fallbackImages.default([]),
    fallbackTexts: fallbackTextsSchema.default({}),
    allowRestaurantOverrides: z.boolean().default(true),
    requireApprovalForOverrides: z.boolean().default(false),
  })
  .superRefine(checkConsistency);
export type CreateSiteConfigurationInput = z.input<typeof createSiteConfigurationInputSchema>;
export type SiteConfigurationContent = z.output<typeof createSiteConfigurationInputSchema>;

/**
 * An update: any editable field; omitted fields stay as stored, a sent nested object or list replaces the
 * stored one. The merged result is checked again with the full schema (defaults must still exist).
 */
export const updateSiteConfigurationInputSchema = z.object(editableFields).partial();
export type UpdateSiteConfigurationInput = z.input<typeof updateSiteConfigurationInputSchema>;

/** Template and scheme updates by id: every field but the id, all optional. */
export const layoutTemplateChangesSchema = z.object(layoutTemplateFields).partial();
export const colorSchemeChangesSchema = z.object(colorSchemeFields).partial();
export const fallbackImageChangesSchema = z.object(fallbackImageFields).partial();
// Creation timestamps of a template are the server's.
export const newLayoutTemplateSchema = layoutTemplateSchema.omit({ createdAt: true, updatedAt: true });

export type LayoutTemplate = z.infer<typeof layoutTemplateSchema>;
export type ColorScheme = z.infer<typeof colorSchemeSchema>;
export type SiteComponents = z.infer<typeof siteComponentsSchema>;
export type FallbackImage = z.infer<typeof fallbackImageSchema>;
export type FallbackTexts = z.infer<typeof fallbackTextsSchema>;
export type LayoutTemplateChanges = z.output<typeof layoutTemplateChangesSchema>;
export type ColorSchemeChanges = z.output<typeof colorSchemeChangesSchema>;
export type FallbackImageChanges = z.output<typeof fallbackImageChangesSchema>;

/**
 * The default site configuration: layout modern-restaurant (hero, menu-preview, about, location,
 * contact), colour scheme warm-neutral, menu preview 6 items with prices, hero height screen with centered
 * text, overrides allowed without approval; version 1 is the server's when it stores it.
 */
export function defaultSiteConfiguration(): SiteConfigurationContent {
  return createSiteConfigurationInputSchema.parse({
    id: 'default',
    defaultLayoutTemplate: 'modern-restaurant',
    defaultColorScheme: 'warm-neutral',
    layoutTemplates: [
      {
        id: 'modern-restaurant',
        name: 'Modern Restaurant',
        description: 'A full-screen hero, a short menu preview, the story, the location and contact details',
        sections: ['hero', 'menu-preview', 'about', 'location', 'contact'],
        isDefault: true,
      },
    ],
    colorSchemes: [
      {
        id: 'warm-neutral',
        name: 'Warm Neutral',
        primary: '#b45309',
        secondary: '#78716c',
        accent: '#d97706',
        background: '#fafaf9',
        text: '#1c1917',
        isDefault: true,
      },
    ],
    components: {
      heroSection: { enabled: true, defaultHeight: 'screen', defaultTextPosition: 'center' },
      menuPreview: { enabled: true, defaultItemCount: 6, showPrices: true },
    },
    fallbackTexts: {
      heroTagline: 'Good food, good company',
      aboutText: 'Welcome! We look forward to cooking for you.',
      menuPreviewTitle: 'From our menu',
    },
    allowRestaurantOverrides: true,
    requireApprovalForOverrides: false,
  });
}
