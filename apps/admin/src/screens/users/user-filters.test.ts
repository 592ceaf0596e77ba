import { describe, expect, it } from 'vitest';
import { searchTerm } from '../../components/search';
import { filterQuery, hasFilters, NO_FILTERS } from './user-filters';

describe('the users list filters', () => {
  it('send nothing when nothing is chosen', () => {
    expect(filterQuery(NO_FILTERS)).toEqual({});
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS })).toBe(false);
  });

  it('send status, site admin and tenant as the API takes them, together', () => {
    expect(filterQuery({ ...NO_FILTERS, active: 'no' })).toEqual({ isActive: 'false' });
    expect(filterQuery({ ...NO_FILTERS, siteAdmin: 'yes' })).toEqual({ isSiteAdmin: 'true' });
    expect(filterQuery({ ...NO_FILTERS, tenantId: '10000001' })).toEqual({ tenantId: 10000001 });
    expect(filterQuery({ active: 'yes', siteAdmin: 'no', tenantId: '10000002' })).toEqual({
      isActive: 'true',
      isSiteAdmin: 'false',
      tenantId: 10000002,
    });
    expect(hasFilters({ ...NO_FILTERS, tenantId: '10000001' })).toBe(true);
  });
});

describe('searchTerm', () => {
  it('is a search from 2 characters (trimmed), the plain list below', () => {
    expect(searchTerm('')).toBe('');
    expect(searchTerm(' q ')).toBe('');
    expect(searchTerm(' qu ')).toBe('qu');
  });
});
