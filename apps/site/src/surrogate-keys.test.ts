import { describe, expect, it } from 'vitest';
import { purgeOf, surrogateHeaders } from './surrogate-keys';

describe('surrogate keys', () => {
  it('name a page by its organization and restaurant, and a change by what it touched', () => {
    expect(surrogateHeaders(3, 7)).toEqual({
      'surrogate-key': 'brigade-t-3 brigade-r-3-7',
      'cache-tag': 'brigade-t-3,brigade-r-3-7',
    });
    expect(surrogateHeaders(0, 0)).toEqual({});
    expect(purgeOf({ area: 'catalogue', tenantId: 3, restaurantId: 7 })).toEqual(['brigade-r-3-7']);
    expect(purgeOf({ area: 'tenant', tenantId: 3 })).toEqual(['brigade-t-3']);
    expect(purgeOf({ area: 'domains', tenantId: 3, restaurantId: 7 })).toEqual(['brigade-t-3']);
    expect(purgeOf({ area: 'site-config', tenantId: 3 })).toBe('everything');
    expect(purgeOf({ area: 'catalogue' })).toBe('everything');
  });
});
