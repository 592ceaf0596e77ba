import { describe, expect, it } from 'vitest';
import { newSectionId, siteUrlOf, splitList, websiteFormSchema, websiteToForm } from './website-form';

describe('website editor form', () => {
  it('shows the default SEO title "{name} - Restaurant" when none is stored', () => {
    const form = websiteToForm({ name: 'Harbor Grill', websiteConfig: websiteFormSchema.parse({}) });
    expect(form.seo.title).toBe('Harbor Grill - Restaurant');
    const own = websiteToForm({
      name: 'Harbor Grill',
      websiteConfig: websiteFormSchema.parse({ seo: { title: 'Fresh fish daily' } }),
    });
    expect(own.seo.title).toBe('Fresh fish daily');
  });

  it("validates with the server's messages (60/160 characters, hex colours)", () => {
    const result = websiteFormSchema.safeParse({
      seo: { title: 'x'.repeat(61), description: 'y'.repeat(161) },
      branding: { colors: { primary: 'red' } },
    });
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toContain('Title should be under 60 characters');
    expect(messages).toContain('Description should be under 160 characters');
    expect(messages).toContain('Must be a valid hex color');
    expect(websiteFormSchema.safeParse({ seo: { title: 'x'.repeat(60) } }).success).toBe(true);
  });

  it('splits keyword lists and makes unique section ids', () => {
    expect(splitList('pizza, late night ,  vegan,')).toEqual(['pizza', 'late night', 'vegan']);
    expect(splitList('Two for one\n\nHappy hour', /\n/)).toEqual(['Two for one', 'Happy hour']);
    const a = newSectionId('block', 1000);
    const b = newSectionId('block', 1000);
    expect(a).not.toBe(b);
    expect(a.startsWith('block-')).toBe(true);
  });

  it('gives the site address from the menu address', () => {
    expect(siteUrlOf('http://127.0.0.1:3004/harbor-grill/menu')).toBe('http://127.0.0.1:3004/harbor-grill');
    expect(siteUrlOf('https://harbor.example.com/menu')).toBe('https://harbor.example.com');
  });
});
