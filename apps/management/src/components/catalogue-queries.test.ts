import { ITEM_KIND, MENU_GROUP_KIND } from '@brigade/domain/catalogue/kinds';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The API answers pages of three rows of a list of eight, continuing from the cursor it handed out.
const calls: { path: string; query: Record<string, unknown> }[] = [];
vi.mock('../api', () => ({
  apiClient: {
    call: async (endpoint: { path: string }, options: { query: Record<string, unknown> }) => {
      calls.push({ path: endpoint.path, query: options.query });
      const start = typeof options.query.cursor === 'string' ? Number(options.query.cursor.slice(6)) : 0;
      const data = Array.from({ length: 8 }, (_, id) => ({ id: id + 1 })).slice(start, start + 3);
      const end = start + data.length;
      return { success: true, data, nextCursor: end < 8 ? `after-${end}` : null };
    },
  },
}));

const { fetchWholeList } = await import('./catalogue-queries');

describe('fetchWholeList', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  it('follows nextCursor until the last page and returns every row once, in order', async () => {
    const rows = await fetchWholeList<{ id: number }>(ITEM_KIND, { tenantId: 1, restaurantId: 2 }, undefined);
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(calls.map((call) => call.query)).toEqual([{}, { cursor: 'after-3' }, { cursor: 'after-6' }]);
    expect(calls.every((call) => call.path.endsWith('/items'))).toBe(true);
  });

  it("keeps the list's filter on every page", async () => {
    await fetchWholeList(MENU_GROUP_KIND, { tenantId: 1, restaurantId: 2 }, { parent: 'none' });
    expect(calls.map((call) => call.query)).toEqual([
      { parent: 'none' },
      { parent: 'none', cursor: 'after-3' },
      { parent: 'none', cursor: 'after-6' },
    ]);
  });
});
