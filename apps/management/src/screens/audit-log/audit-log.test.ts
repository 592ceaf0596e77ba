import { describe, expect, it } from 'vitest';
import {
  apiFiltersOf,
  filtersFromSearch,
  formValuesOf,
  isFiltering,
  searchFromFilters,
  startOfLocalDay,
} from './audit-filters';
import { actorName, type Entry, formatValue, keyText, tableLabel } from './audit-format';

describe('audit log filters in the URL', () => {
  it('reads every filter from the query and writes them back in the same order', () => {
    const search = new URLSearchParams(
      'to=2025-05-31&actor=owner%40example.com&table=items&restaurantId=20000001&endpoint=updateItem&from=2025-05-01',
    );
    const filters = filtersFromSearch(search);
    expect(filters).toEqual({
      restaurantId: 20000001,
      table: 'items',
      actor: 'owner@example.com',
      endpoint: 'updateItem',
      from: '2025-05-01',
      to: '2025-05-31',
    });
    expect(searchFromFilters(filters).toString()).toBe(
      'restaurantId=20000001&table=items&actor=owner%40example.com&endpoint=updateItem&from=2025-05-01&to=2025-05-31',
    );
    expect(isFiltering(filters)).toBe(true);
    expect(isFiltering(filtersFromSearch(new URLSearchParams()))).toBe(false);
  });

  it('leaves out what is not valid (a link edited by hand) and keeps the rest', () => {
    const filters = filtersFromSearch(
      new URLSearchParams(
        'restaurantId=abc&table=passwords&actor=%20%20&endpoint=drop%20table&from=2025-13-40&to=2025-05-02',
      ),
    );
    expect(filters).toEqual({ to: '2025-05-02' });
    // a "to" before "from" is dropped; "from" stays
    expect(filtersFromSearch(new URLSearchParams('from=2025-05-10&to=2025-05-01'))).toEqual({
      from: '2025-05-10',
    });
  });

  it('asks the API for whole local days: from the start of "from" to the end of "to"', () => {
    const query = apiFiltersOf({ table: 'items', from: '2025-05-01', to: '2025-05-31' });
    expect(query.table).toBe('items');
    expect(query.from).toBe(new Date(2025, 4, 1).toISOString());
    expect(query.to).toBe(new Date(2025, 5, 1).toISOString());
    expect(startOfLocalDay('2025-12-31', 1)).toBe(new Date(2026, 0, 1).toISOString());
    expect(apiFiltersOf({})).toEqual({});
  });

  it('gives the form blank boxes for filters that are not set', () => {
    expect(formValuesOf({ table: 'tags' })).toEqual({
      restaurantId: undefined,
      table: 'tags',
      actor: '',
      endpoint: '',
      from: '',
      to: '',
    });
  });
});

describe('audit log entries on screen', () => {
  it('writes values as compact JSON, long objects indented, absent values as a dash', () => {
    expect(formatValue('Fish tacos')).toEqual({ text: '"Fish tacos"', multiline: false });
    expect(formatValue('[redacted]').text).toBe('"[redacted]"');
    expect(formatValue(null).text).toBe('null');
    expect(formatValue(12.5).text).toBe('12.5');
    expect(formatValue(undefined)).toEqual({ text: '—', multiline: false });
    expect(formatValue({ a: 1, b: [1, 2] })).toEqual({ text: '{"a":1,"b":[1,2]}', multiline: false });
    const long = { description: 'x'.repeat(40), hours: [{ day: 'monday', open: '09:00' }] };
    const formatted = formatValue(long);
    expect(formatted.multiline).toBe(true);
    expect(formatted.text).toBe(JSON.stringify(long, null, 2));
    // a long string stays one (wrapping) line
    expect(formatValue('y'.repeat(100)).multiline).toBe(false);
  });

  it('names the row by its own key, not the tenant or restaurant', () => {
    expect(keyText({ tenantId: 1, restaurantId: 2, itemId: 30000005 })).toBe('itemId\u00a030000005');
    expect(keyText({ tenantId: 1, restaurantId: 2, menuGroupId: 3, itemId: 4 })).toBe(
      'menuGroupId\u00a03 · itemId\u00a04',
    );
    expect(keyText({ tenantId: 1, restaurantId: 2 })).toBe('restaurantId\u00a02');
    expect(keyText({ tenantId: 1 })).toBe('');
  });

  it('names entities and actors', () => {
    expect(tableLabel('menu_groups')).toBe('Menus and menu groups');
    expect(tableLabel('something_new')).toBe('something_new');
    const actor = (a: Entry['actor']) => actorName(a);
    expect(actor({ userId: 'u1', email: 'a@b.c' })).toBe('a@b.c');
    expect(actor({ userId: 'u1', email: null })).toBe('u1');
    expect(actor({ userId: null, email: null })).toBe('System');
  });
});
