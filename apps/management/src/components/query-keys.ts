import type { CatalogueKindDefinition } from '@brigade/domain/catalogue/kinds';

/*
 * Query-key conventions: everything about a restaurant starts with ['restaurant', restaurantId], so a
 * restaurant switch never shows another restaurant's cache, and one invalidation can cover a whole kind.
 *   ['restaurant', id, 'catalogue', kind.path]               every query of a catalogue kind
 *   ['restaurant', id, 'catalogue', kind.path, 'list', q?]   its lists (q: the list query, if any)
 *   ['restaurant', id, 'catalogue', kind.path, 'one', id]    one record
 *   ['restaurant', id, <anything else>...]                   other restaurant data (profile, website...)
 * Data of the whole organization (whichever restaurant is selected) starts with ['tenant', tenantId]:
 *   ['tenant', id, 'audit-log', filters]                     the audit log's pages
 */
export const restaurantKey = (restaurantId: number, ...rest: readonly unknown[]) =>
  ['restaurant', restaurantId, ...rest] as const;

export const tenantKey = (tenantId: number, ...rest: readonly unknown[]) =>
  ['tenant', tenantId, ...rest] as const;

export const catalogueKeys = {
  kind: (restaurantId: number, kind: CatalogueKindDefinition) =>
    restaurantKey(restaurantId, 'catalogue', kind.path),
  list: (restaurantId: number, kind: CatalogueKindDefinition, query?: Record<string, unknown>) =>
    [...catalogueKeys.kind(restaurantId, kind), 'list', ...(query ? [query] : [])] as const,
  one: (restaurantId: number, kind: CatalogueKindDefinition, id: number) =>
    [...catalogueKeys.kind(restaurantId, kind), 'one', id] as const,
};
