import { describe, expect, it } from 'vitest';
import {
  defaultSeoTitle,
  defaultWebsiteConfig,
  websiteConfigSchema,
  withDefaultSeoTitle,
} from './website-config';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('websiteConfigSchema', () => {
  it('fills the spec defaults into an empty document', () => {
    const config = websiteConfigSchema.parse({});
    expect(config.branding.colors).toEqual({ primary: '#dc2626', secondary: '#1f2937', accent: '#f59e0b' });
    expect(config.ordering).toEqual({
      enabled: false,
      provider: 'internal',
      buttonText: 'Order Now',
      buttonColor: '#dc2626',
    });
    expect(config.contentBlocks).toEqual([]);
    expect(config.ctaSections).toEqual([]);
    expect(config.content.specialOffers).toEqual([]);
    expect(config.ai).toEqual({
      contentGeneration: false,
      autoSEO: false,
      socialPosting: false,
      reviewResponses: false,
      menuDescriptions: false,
    });
  });

  it('completes a partly stored document instead of failing', () => {
    const config = websiteConfigSchema.parse({ branding: { colors: { primary: '#000000' } } });
    expect(config.branding.colors).toEqual({ primary: '#000000', secondary: '#1f2937', accent: '#f59e0b' });
  });

  it('refuses a colour that is not # plus 6 hex digits', () => {
    const result = websiteConfigSchema.safeParse({
      branding: { colors: { primary: 'red', accent: '#fff' } },
      ordering: { buttonColor: '#12345g' },
    });
    expect(messages(result)).toEqual([
      ['branding.colors.primary', 'Must be a valid hex color'],
      ['branding.colors.accent', 'Must be a valid hex color'],
      ['ordering.buttonColor', 'Must be a valid hex color'],
    ]);
  });

  it('limits the SEO title to 60 and the description to 160 characters', () => {
    const result = websiteConfigSchema.safeParse({
      seo: { title: 'x'.repeat(61), description: 'y'.repeat(161) },
    });
    expect(messages(result)).toEqual([
      ['seo.title', 'Title should be under 60 characters'],
      ['seo.description', 'Description should be under 160 characters'],
    ]);
    expect(websiteConfigSchema.safeParse({ seo: { title: 'x'.repeat(60) } }).success).toBe(true);
  });

  it('requires id, title and description on content blocks and CTA sections', () => {
    const result = websiteConfigSchema.safeParse({
      contentBlocks: [{ title: ' ' }],
      ctaSections: [{ id: 'c1' }],
    });
    expect(messages(result)).toEqual([
      ['contentBlocks.0.id', 'ID is required'],
      ['contentBlocks.0.title', 'Title is required'],
      ['contentBlocks.0.description', 'Description is required'],
      ['ctaSections.0.title', 'Title is required'],
      ['ctaSections.0.description', 'Description is required'],
    ]);
  });

  it('accepts only the listed block layouts and ordering providers', () => {
    const block = { id: 'b1', title: 'Our story', description: 'Since 1987' };
    expect(websiteConfigSchema.parse({ contentBlocks: [block] }).contentBlocks[0]?.layout).toBe('image-left');
    expect(websiteConfigSchema.safeParse({ contentBlocks: [{ ...block, layout: 'grid' }] }).success).toBe(
      false,
    );
    expect(websiteConfigSchema.safeParse({ ordering: { provider: 'grubhub' } }).success).toBe(true);
    expect(websiteConfigSchema.safeParse({ ordering: { provider: 'seamless' } }).success).toBe(false);
  });

  it('refuses an ordering link that is not a web URL', () => {
    expect(messages(websiteConfigSchema.safeParse({ ordering: { url: 'javascript:alert(1)' } }))).toEqual([
      ['ordering.url', 'Ordering URL must be a valid URL'],
    ]);
  });
});

describe('defaultSeoTitle', () => {
  it('is "{name} - Restaurant"', () => {
    expect(defaultSeoTitle('Bella Vista')).toBe('Bella Vista - Restaurant');
  });

  it('shortens a long name so the title stays within 60 characters', () => {
    const title = defaultSeoTitle('The Extraordinarily Long Named Family Trattoria of Little Italy');
    expect(title).toBe('The Extraordinarily Long Named Family Trattoria - Restaurant');
    expect(title.length).toBeLessThanOrEqual(60);
  });

  it('never cuts an emoji in half, so the title is well-formed and the default configuration valid', () => {
    // 25 emoji are 50 UTF-16 units; the 47 that fit used to end on the first half of a surrogate pair.
    const name = '😀'.repeat(25);
    const title = defaultSeoTitle(name);
    expect(title).toBe(`${'😀'.repeat(23)} - Restaurant`);
    expect(/[\uD800-\uDFFF]/u.test(title)).toBe(false);
    expect(defaultWebsiteConfig(name).seo.title).toBe(title);
  });
});

describe('defaultWebsiteConfig', () => {
  it('builds a complete, valid configuration titled after the restaurant', () => {
    const config = defaultWebsiteConfig('Bella Vista');
    expect(config.enabled).toBe(true);
    expect(config.seo).toEqual({ title: 'Bella Vista - Restaurant', keywords: [] });
    expect(config.branding.colors.primary).toBe('#dc2626');
    expect(websiteConfigSchema.parse(JSON.parse(JSON.stringify(config)))).toEqual(config);
  });
});

describe('withDefaultSeoTitle', () => {
  it('fills in "{name} - Restaurant" only when there is no title', () => {
    expect(withDefaultSeoTitle(websiteConfigSchema.parse({}), 'Harbor Grill').seo.title).toBe(
      'Harbor Grill - Restaurant',
    );
    expect(withDefaultSeoTitle(websiteConfigSchema.parse({ seo: { title: 'Mine' } }), 'X').seo.title).toBe(
      'Mine',
    );
  });
});
