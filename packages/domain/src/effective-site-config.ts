import { chooseHeroImage, type HeroImageChoice } from './hero-image';
import type {
  ColorScheme,
  FallbackTexts,
  LayoutTemplate,
  SiteComponents,
  SiteConfiguration,
} from './site-config';
import type { WebsiteConfig } from './website-config';

export interface EffectiveSiteConfiguration {
  layoutTemplate: LayoutTemplate;
  colorScheme: ColorScheme;
  components: SiteComponents;
  fallbackTexts: FallbackTexts;
  heroImage: HeroImageChoice;
  /** True when the restaurant's own choice of layout template or colour scheme was used. */
  overridesApplied: boolean;
}

/**
 * What a restaurant's public site uses: the site configuration's defaults, with the
 * restaurant's own layout template and colour scheme (named in its website configuration) only when
 * `allowRestaurantOverrides` is on, and only when they name an active entry. The hero image follows the
 * hero image choice with the restaurant's own hero image as the explicit one and its concept as category.
 */
export function effectiveSiteConfiguration(
  config: SiteConfiguration,
  restaurant: { concept: string; websiteConfig: WebsiteConfig },
): EffectiveSiteConfiguration {
  const defaultTemplate = config.layoutTemplates.find((t) => t.id === config.defaultLayoutTemplate)!;
  const defaultScheme = config.colorSchemes.find((s) => s.id === config.defaultColorScheme)!;
  const allowed = config.allowRestaurantOverrides;
  const { layoutTemplate: wantedTemplate, colorScheme: wantedScheme } = restaurant.websiteConfig;
  const template = allowed
    ? config.layoutTemplates.find((t) => t.id === wantedTemplate && t.isActive)
    : undefined;
  const scheme = allowed ? config.colorSchemes.find((s) => s.id === wantedScheme && s.isActive) : undefined;
  return {
    layoutTemplate: template ?? defaultTemplate,
    colorScheme: scheme ?? defaultScheme,
    components: config.components,
    fallbackTexts: config.fallbackTexts,
    heroImage: chooseHeroImage(config.fallbackImages, {
      image: restaurant.websiteConfig.branding.heroImage,
      category: restaurant.concept,
    }),
    overridesApplied: template !== undefined || scheme !== undefined,
  };
}
