import { describe, expect, it } from 'vitest';
import { diffSiteConfigurations } from './site-config-diff';

describe('diffSiteConfigurations', () => {
  const scheme = { id: 'warm', name: 'Warm', primary: '#111111', isDefault: true };
  const base = { defaultColorScheme: 'warm', colorSchemes: [scheme], fallbackTexts: { welcome: 'Hi' } };

  it('finds nothing between equal versions', () => {
    expect(diffSiteConfigurations(base, structuredClone(base))).toEqual([]);
  });

  it('names a changed entry of a list by its id and the field that changed', () => {
    const next = { ...base, colorSchemes: [{ ...scheme, primary: '#222222' }] };
    expect(diffSiteConfigurations(base, next)).toEqual([
      { path: 'colorSchemes[warm].primary', kind: 'changed', before: '#111111', after: '#222222' },
    ]);
  });

  it('tells added and removed entries and keys apart', () => {
    const night = { id: 'night', name: 'Night' };
    const next = { ...base, colorSchemes: [scheme, night], fallbackTexts: { closed: 'Closed' } };
    expect(diffSiteConfigurations(base, next)).toEqual([
      { path: 'colorSchemes[night]', kind: 'added', after: night },
      { path: 'fallbackTexts.welcome', kind: 'removed', before: 'Hi' },
      { path: 'fallbackTexts.closed', kind: 'added', after: 'Closed' },
    ]);
  });

  it('compares dates by their ISO text and lists without ids as values', () => {
    const at = new Date('2026-01-01T00:00:00Z');
    expect(diffSiteConfigurations({ at, list: [1, 2] }, { at: at.toISOString(), list: [2, 1] })).toEqual([
      { path: 'list', kind: 'changed', before: [1, 2], after: [2, 1] },
    ]);
  });
});
