import { describe, expect, it } from 'vitest';
import {
  colorSchemeSchema,
  createSiteConfigurationInputSchema,
  defaultSiteConfiguration,
  fallbackImageSchema,
  layoutTemplateChangesSchema,
  layoutTemplateSchema,
  menuPreviewSchema,
  siteConfigurationSchema,
} from './site-config';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

const scheme = {
  id: 's',
  name: 'S',
  primary: '#000000',
  secondary: '#111111',
  accent: '#222222',
  background: '#ffffff',
  text: '#333333',
};

describe('default site configuration', () => {
  it('is modern-restaurant with its five sections, warm-neutral, 6 priced items, screen hero, centered text', () => {
    const config = defaultSiteConfiguration();
    expect(config).toMatchObject({
      defaultLayoutTemplate: 'modern-restaurant',
      defaultColorScheme: 'warm-neutral',
      components: {
        heroSection: { enabled: true, defaultHeight: 'screen', defaultTextPosition: 'center' },
        menuPreview: { enabled: true, defaultItemCount: 6, showPrices: true },
      },
      allowRestaurantOverrides: true,
      requireApprovalForOverrides: false,
    });
    expect(config.layoutTemplates).toEqual([
      expect.objectContaining({
        id: 'modern-restaurant',
        sections: ['hero', 'menu-preview', 'about', 'location', 'contact'],
        isDefault: true,
        isActive: true,
      }),
    ]);
    expect(config.colorSchemes).toEqual([expect.objectContaining({ id: 'warm-neutral', isDefault: true })]);
  });

  it('starts stored records at version 1, last modified by "system"', () => {
    const stored = siteConfigurationSchema.parse({ ...defaultSiteConfiguration(), lastModified: new Date() });
    expect(stored).toMatchObject({ version: 1, lastModifiedBy: 'system' });
    expect(
      messages(siteConfigurationSchema.safeParse({ ...stored, version: 0, lastModified: new Date() })),
    ).toEqual([['version', 'Version must be at least 1']]);
  });
});

describe('site configuration messages', () => {
  it('requires template id, name and at least one section', () => {
    expect(messages(layoutTemplateSchema.safeParse({ id: '', name: ' ', sections: [] }))).toEqual([
      ['id', 'Template ID is required'],
      ['name', 'Template name is required'],
      ['sections', 'At least one section is required'],
    ]);
    expect(messages(layoutTemplateSchema.safeParse({ id: 't', name: 'T' }))).toEqual([
      ['sections', 'At least one section is required'],
    ]);
  });

  it('requires scheme ids, names and hex colours', () => {
    expect(messages(colorSchemeSchema.safeParse({ ...scheme, id: '', name: '', primary: 'red' }))).toEqual([
      ['id', 'Scheme ID is required'],
      ['name', 'Scheme name is required'],
      ['primary', 'Must be a valid hex color'],
    ]);
    const { text: _text, ...withoutText } = scheme;
    expect(messages(colorSchemeSchema.safeParse(withoutText))).toEqual([['text', 'Text color is required']]);
  });

  it('needs at least 1 menu preview item', () => {
    expect(messages(menuPreviewSchema.safeParse({ defaultItemCount: 0 }))).toEqual([
      ['defaultItemCount', 'Must show at least 1 item'],
    ]);
  });

  it('requires fallback image alt text, a non-negative priority and a URL or optimized-image JSON', () => {
    expect(
      messages(
        fallbackImageSchema.safeParse({ id: 'i', category: 'c', url: 'not a url', alt: '', priority: -1 }),
      ),
    ).toEqual([
      ['url', 'Must be a valid URL or OptimizedImage JSON string'],
      ['alt', 'Alt text is required'],
      ['priority', 'Priority must be non-negative'],
    ]);
    const optimized = JSON.stringify({
      original: { url: 'https://cdn.example/a.jpg', format: 'jpeg', width: 1920, height: 1080, size: 1000 },
    });
    expect(fallbackImageSchema.parse({ id: 'i', category: 'c', url: optimized, alt: 'A' })).toMatchObject({
      isGenericFallback: false,
      priority: 0,
    });
  });

  it('requires id and the two defaults, and the defaults must name existing entries', () => {
    expect(messages(createSiteConfigurationInputSchema.safeParse({}))).toEqual([
      ['defaultLayoutTemplate', 'Default layout template is required'],
      ['defaultColorScheme', 'Default color scheme is required'],
      ['id', 'ID is required'],
    ]);
    const config = defaultSiteConfiguration();
    expect(
      messages(createSiteConfigurationInputSchema.safeParse({ ...config, defaultLayoutTemplate: 'nope' })),
    ).toEqual([['defaultLayoutTemplate', 'Default layout template must be one of the layout templates']]);
    expect(
      messages(
        createSiteConfigurationInputSchema.safeParse({
          ...config,
          colorSchemes: [...config.colorSchemes, { ...scheme, id: 'warm-neutral' }],
        }),
      ),
    ).toEqual([['colorSchemes.1.id', 'Color scheme IDs must be unique']]);
  });

  it('fills nothing in on a partial template update', () => {
    expect(layoutTemplateChangesSchema.parse({ name: 'Renamed' })).toEqual({ name: 'Renamed' });
  });
});
