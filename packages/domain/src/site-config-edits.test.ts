import { describe, expect, it } from 'vitest';
import { defaultSiteConfiguration, fallbackImageSchema, layoutTemplateSchema } from './site-config';
import {
  addColorScheme,
  addFallbackImage,
  addLayoutTemplate,
  removeFallbackImage,
  removeLayoutTemplate,
  setFallbackTexts,
  updateColorScheme,
  updateFallbackImage,
  updateLayoutTemplate,
} from './site-config-edits';

const now = new Date('2026-01-02T03:04:05Z');
const classic = layoutTemplateSchema.parse({ id: 'classic', name: 'Classic', sections: ['hero', 'about'] });
const image = fallbackImageSchema.parse({
  id: 'seafood',
  category: 'Seafood',
  url: 'https://cdn.example/seafood.jpg',
  alt: 'Oysters',
});

describe('site configuration edits', () => {
  it('adds a layout template with timestamps and refuses a duplicate id', () => {
    const config = addLayoutTemplate(defaultSiteConfiguration(), classic, now);
    expect(config.layoutTemplates[1]).toMatchObject({ id: 'classic', createdAt: now, updatedAt: now });
    expect(() => addLayoutTemplate(config, classic, now)).toThrow('Layout template classic already exists');
  });

  it('makes a template the default when added or updated with isDefault, keeping one default', () => {
    const added = addLayoutTemplate(defaultSiteConfiguration(), { ...classic, isDefault: true }, now);
    expect(added.defaultLayoutTemplate).toBe('classic');
    expect(added.layoutTemplates.map((t) => [t.id, t.isDefault])).toEqual([
      ['modern-restaurant', false],
      ['classic', true],
    ]);
    const back = updateLayoutTemplate(added, 'modern-restaurant', { isDefault: true }, now);
    expect(back.defaultLayoutTemplate).toBe('modern-restaurant');
    expect(back.layoutTemplates.map((t) => t.isDefault)).toEqual([true, false]);
  });

  it('updates a template by id and says when it does not exist', () => {
    const config = addLayoutTemplate(defaultSiteConfiguration(), classic, now);
    const later = new Date('2026-02-01T00:00:00Z');
    const updated = updateLayoutTemplate(config, 'classic', { name: 'Classic II', isActive: false }, later);
    expect(updated.layoutTemplates[1]).toMatchObject({
      name: 'Classic II',
      isActive: false,
      sections: ['hero', 'about'],
      createdAt: now,
      updatedAt: later,
    });
    expect(() => updateLayoutTemplate(config, 'ghost', {}, now)).toThrow('Layout template ghost not found');
  });

  it('cannot remove the default layout template', () => {
    const config = addLayoutTemplate(defaultSiteConfiguration(), classic, now);
    expect(() => removeLayoutTemplate(config, 'modern-restaurant')).toThrow(
      'Cannot remove default layout template',
    );
    expect(removeLayoutTemplate(config, 'classic').layoutTemplates.map((t) => t.id)).toEqual([
      'modern-restaurant',
    ]);
  });

  it('adds and updates colour schemes by id', () => {
    const scheme = {
      id: 'night',
      name: 'Night',
      primary: '#000000',
      secondary: '#111111',
      accent: '#222222',
      background: '#000000',
      text: '#ffffff',
      isDefault: false,
      isActive: true,
    };
    const config = addColorScheme(defaultSiteConfiguration(), scheme);
    expect(updateColorScheme(config, 'night', { accent: '#ff0000' }).colorSchemes[1]!.accent).toBe('#ff0000');
    expect(() => addColorScheme(config, scheme)).toThrow('Color scheme night already exists');
    expect(() => updateColorScheme(config, 'day', {})).toThrow('Color scheme day not found');
  });

  it('adds, updates and removes fallback images by id, and replaces the fallback texts', () => {
    const config = addFallbackImage(defaultSiteConfiguration(), image);
    expect(updateFallbackImage(config, 'seafood', { priority: 3 }).fallbackImages[0]!.priority).toBe(3);
    expect(removeFallbackImage(config, 'seafood').fallbackImages).toEqual([]);
    expect(() => removeFallbackImage(config, 'x')).toThrow('Fallback image x not found');
    expect(setFallbackTexts(config, { about: 'Hi' }).fallbackTexts).toEqual({ about: 'Hi' });
  });
});
