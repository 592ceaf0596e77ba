import type { AdminUser } from '../../queries';

/*
 * The users list's filters (status, site admin, tenant). The API filters by search only, so they apply to the
 * page of users shown.
 */
export type YesNoFilter = 'all' | 'yes' | 'no';
export interface Filters {
  active: YesNoFilter;
  siteAdmin: YesNoFilter;
  tenantId: string;
}
export const NO_FILTERS: Filters = { active: 'all', siteAdmin: 'all', tenantId: '' };

const matches = (filter: YesNoFilter, value: boolean) => filter === 'all' || (filter === 'yes') === value;

export function applyFilters(users: readonly AdminUser[], filters: Filters): AdminUser[] {
  return users.filter(
    (user) =>
      matches(filters.active, user.isActive) &&
      matches(filters.siteAdmin, user.isSiteAdmin) &&
      (!filters.tenantId || user.tenantAssignments.some((a) => String(a.tenantId) === filters.tenantId)),
  );
}

export const hasFilters = (filters: Filters) =>
  filters.active !== 'all' || filters.siteAdmin !== 'all' || filters.tenantId !== '';
