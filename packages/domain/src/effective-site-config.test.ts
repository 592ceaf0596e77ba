import { describe, expect, it } from 'vitest';
import { effectiveSiteConfiguration } from './effective-site-config';
import { defaultSiteConfiguration, type SiteConfiguration, siteConfigurationSchema } from './site-config';
import { addColorScheme, addLayoutTemplate } from './site-config-edits';
import { websiteConfigSchema } from './website-config';

const now = new Date();
function siteConfig(allowRestaurantOverrides: boolean): SiteConfiguration {
  let content = addLayoutTemplate(
    defaultSiteConfiguration(),
    { id: 'classic', name: 'Classic', sections: ['hero'], isDefault: false, isActive: true },
    now,
  );
  content = addLayoutTemplate(
    content,
    { id: 'retired', name: 'Retired', sections: ['hero'], isDefault: false, isActive: false },
    now,
  );
  content = addColorScheme(content, {
    id: 'night',
    name: 'Night',
    primary: '#000000',
    secondary: '#111111',
    accent: '#222222',
    background: '#000000',
    text: '#ffffff',
    isDefault: false,
    isActive: true,
  });
  return siteConfigurationSchema.parse({ ...content, allowRestaurantOverrides, lastModified: now });
}

const restaurant = (websiteConfig: object) => ({
  concept: 'Seafood',
  websiteConfig: websiteConfigSchema.parse(websiteConfig),
});

describe('effective restaurant configuration', () => {
  it("uses the restaurant's layout template and colour scheme when overrides are allowed", () => {
    const effective = effectiveSiteConfiguration(
      siteConfig(true),
      restaurant({ layoutTemplate: 'classic', colorScheme: 'night' }),
    );
    expect(effective.layoutTemplate.id).toBe('classic');
    expect(effective.colorScheme.id).toBe('night');
    expect(effective.overridesApplied).toBe(true);
  });

  it('keeps the defaults when overrides are not allowed', () => {
    const effective = effectiveSiteConfiguration(
      siteConfig(false),
      restaurant({ layoutTemplate: 'classic', colorScheme: 'night' }),
    );
    expect(effective.layoutTemplate.id).toBe('modern-restaurant');
    expect(effective.colorScheme.id).toBe('warm-neutral');
    expect(effective.overridesApplied).toBe(false);
  });

  it('falls back to the defaults for unknown or inactive choices', () => {
    const effective = effectiveSiteConfiguration(
      siteConfig(true),
      restaurant({ layoutTemplate: 'retired', colorScheme: 'ghost' }),
    );
    expect([effective.layoutTemplate.id, effective.colorScheme.id]).toEqual([
      'modern-restaurant',
      'warm-neutral',
    ]);
  });

  it("chooses the hero image from the restaurant's own image, then by its concept", () => {
    const config = siteConfig(false);
    expect(
      effectiveSiteConfiguration(config, restaurant({ branding: { heroImage: 'https://x.example/h.jpg' } }))
        .heroImage,
    ).toMatchObject({ source: 'explicit', url: 'https://x.example/h.jpg' });
    expect(effectiveSiteConfiguration(config, restaurant({})).heroImage.source).toBe('default');
  });
});
