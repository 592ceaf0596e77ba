/*
 * The users list's filters (status, site admin, tenant), sent to the server with the list or the search
 * (GET /admin-users?isActive&isSiteAdmin&tenantId), so every page and every search is filtered.
 */
export type YesNoFilter = 'all' | 'yes' | 'no';
export interface Filters {
  active: YesNoFilter;
  siteAdmin: YesNoFilter;
  tenantId: string;
}
export const NO_FILTERS: Filters = { active: 'all', siteAdmin: 'all', tenantId: '' };

export interface FilterQuery {
  isActive?: 'true' | 'false';
  isSiteAdmin?: 'true' | 'false';
  tenantId?: number;
}

const yesNo = (filter: YesNoFilter) => (filter === 'all' ? undefined : filter === 'yes' ? 'true' : 'false');

/** The filters as the API's query: only those chosen. */
export function filterQuery(filters: Filters): FilterQuery {
  const query: FilterQuery = {};
  const active = yesNo(filters.active);
  const siteAdmin = yesNo(filters.siteAdmin);
  if (active) query.isActive = active;
  if (siteAdmin) query.isSiteAdmin = siteAdmin;
  if (filters.tenantId) query.tenantId = Number(filters.tenantId);
  return query;
}

export const hasFilters = (filters: Filters) =>
  filters.active !== 'all' || filters.siteAdmin !== 'all' || filters.tenantId !== '';
