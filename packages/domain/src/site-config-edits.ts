import { BrigadeError, notFound } from './errors';
import type {
  ColorScheme,
  ColorSchemeChanges,
  FallbackImage,
  FallbackImageChanges,
  FallbackTexts,
  LayoutTemplate,
  LayoutTemplateChanges,
  SiteConfigurationContent,
} from './site-config';

/**
 * The edits of the site configuration, as pure functions from one configuration to the
 * next. The service validates the result whole and stores it with version + 1.
 */
type Content = SiteConfigurationContent;

const exists = (what: string, id: string) =>
  new BrigadeError('conflict', 'SITE_CONFIG_ENTRY_EXISTS', `${what} ${id} already exists`);

/**
 * `defaultLayoutTemplate` and `defaultColorScheme` say which entry is the default; each entry's isDefault
 * flag mirrors them, so the two can never disagree.
 */
export function withDefaultFlags(config: Content): Content {
  return {
    ...config,
    layoutTemplates: config.layoutTemplates.map((t) => ({
      ...t,
      isDefault: t.id === config.defaultLayoutTemplate,
    })),
    colorSchemes: config.colorSchemes.map((s) => ({ ...s, isDefault: s.id === config.defaultColorScheme })),
  };
}

/** Adding or updating an entry with isDefault true makes it the default (unset on the default is ignored). */
export function addLayoutTemplate(config: Content, template: LayoutTemplate, now: Date): Content {
  if (config.layoutTemplates.some((t) => t.id === template.id)) throw exists('Layout template', template.id);
  return withDefaultFlags({
    ...config,
    defaultLayoutTemplate: template.isDefault ? template.id : config.defaultLayoutTemplate,
    layoutTemplates: [...config.layoutTemplates, { ...template, createdAt: now, updatedAt: now }],
  });
}

export function updateLayoutTemplate(
  config: Content,
  templateId: string,
  changes: LayoutTemplateChanges,
  now: Date,
): Content {
  const found = config.layoutTemplates.some((t) => t.id === templateId);
  if (!found) throw notFound(`Layout template ${templateId} not found`, 'LAYOUT_TEMPLATE_NOT_FOUND');
  return withDefaultFlags({
    ...config,
    defaultLayoutTemplate: changes.isDefault ? templateId : config.defaultLayoutTemplate,
    layoutTemplates: config.layoutTemplates.map((t) =>
      t.id === templateId ? { ...t, ...changes, updatedAt: now } : t,
    ),
  });
}

/** The default layout template cannot be removed ("Cannot remove default layout template"). */
export function removeLayoutTemplate(config: Content, templateId: string): Content {
  const template = config.layoutTemplates.find((t) => t.id === templateId);
  if (!template) throw notFound(`Layout template ${templateId} not found`, 'LAYOUT_TEMPLATE_NOT_FOUND');
  if (template.id === config.defaultLayoutTemplate || template.isDefault) {
    throw new BrigadeError('conflict', 'DEFAULT_LAYOUT_TEMPLATE', 'Cannot remove default layout template');
  }
  return { ...config, layoutTemplates: config.layoutTemplates.filter((t) => t.id !== templateId) };
}

export function addColorScheme(config: Content, scheme: ColorScheme): Content {
  if (config.colorSchemes.some((s) => s.id === scheme.id)) throw exists('Color scheme', scheme.id);
  return withDefaultFlags({
    ...config,
    defaultColorScheme: scheme.isDefault ? scheme.id : config.defaultColorScheme,
    colorSchemes: [...config.colorSchemes, scheme],
  });
}

export function updateColorScheme(config: Content, schemeId: string, changes: ColorSchemeChanges): Content {
  if (!config.colorSchemes.some((s) => s.id === schemeId)) {
    throw notFound(`Color scheme ${schemeId} not found`, 'COLOR_SCHEME_NOT_FOUND');
  }
  return withDefaultFlags({
    ...config,
    defaultColorScheme: changes.isDefault ? schemeId : config.defaultColorScheme,
    colorSchemes: config.colorSchemes.map((s) => (s.id === schemeId ? { ...s, ...changes } : s)),
  });
}

export function addFallbackImage(config: Content, image: FallbackImage): Content {
  if (config.fallbackImages.some((i) => i.id === image.id)) throw exists('Fallback image', image.id);
  return { ...config, fallbackImages: [...config.fallbackImages, image] };
}

const imageNotFound = (imageId: string) =>
  notFound(`Fallback image ${imageId} not found`, 'FALLBACK_IMAGE_NOT_FOUND');

export function updateFallbackImage(
  config: Content,
  imageId: string,
  changes: FallbackImageChanges,
): Content {
  if (!config.fallbackImages.some((i) => i.id === imageId)) throw imageNotFound(imageId);
  return {
    ...config,
    fallbackImages: config.fallbackImages.map((i) => (i.id === imageId ? { ...i, ...changes } : i)),
  };
}

export function removeFallbackImage(config: Content, imageId: string): Content {
  if (!config.fallbackImages.some((i) => i.id === imageId)) throw imageNotFound(imageId);
  return { ...config, fallbackImages: config.fallbackImages.filter((i) => i.id !== imageId) };
}

/** The fallback texts are one map, replaced whole. */
export function setFallbackTexts(config: Content, texts: FallbackTexts): Content {
  return { ...config, fallbackTexts: texts };
}
