import { describe, expect, it } from 'vitest';
import { errorPaths, sectionOfPath, sectionsWithErrors } from './website-sections';

describe('website editor sections', () => {
  it('puts each field in its section, the longest prefix first', () => {
    expect(sectionOfPath('content.heroHeadline')).toBe('hero');
    expect(sectionOfPath('branding.heroImage')).toBe('hero');
    expect(sectionOfPath('content.aboutText')).toBe('about');
    expect(sectionOfPath('branding.colors.primary')).toBe('branding');
    expect(sectionOfPath('contentBlocks.2.title')).toBe('blocks');
    expect(sectionOfPath('ordering.url')).toBe('cta');
    expect(sectionOfPath('seo.title')).toBe('seo');
    expect(sectionOfPath('enabled')).toBe('publishing');
    expect(sectionOfPath('ai.menuDescriptions')).toBeNull();
    expect(sectionOfPath('seoish')).toBeNull();
  });

  it("finds the sections of a form's errors, in tab order", () => {
    const errors = {
      seo: { title: { type: 'too_big', message: 'Title should be under 60 characters', ref: {} } },
      contentBlocks: [
        undefined,
        { textColor: { type: 'invalid_format', message: 'Must be a valid hex color' } },
      ],
      content: { heroHeadline: { type: 'server', message: 'Too long' } },
    };
    expect(errorPaths(errors).sort()).toEqual([
      'content.heroHeadline',
      'contentBlocks.1.textColor',
      'seo.title',
    ]);
    expect(sectionsWithErrors(errors)).toEqual(['hero', 'blocks', 'seo']);
    expect(sectionsWithErrors({})).toEqual([]);
  });
});
