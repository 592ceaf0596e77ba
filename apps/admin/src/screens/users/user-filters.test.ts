import { describe, expect, it } from 'vitest';
import { searchTerm } from '../../components/search';
import type { AdminUser } from '../../queries';
import { applyFilters, hasFilters, NO_FILTERS } from './user-filters';

const user = (uid: string, over: Partial<AdminUser> = {}): AdminUser => ({
  uid,
  email: `${uid}@example.com`,
  displayName: uid,
  firstName: null,
  lastName: null,
  phoneNumber: null,
  photoURL: null,
  emailVerified: true,
  siteRole: null,
  isSiteAdmin: false,
  isActive: true,
  tenantAssignments: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLogin: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const assignment = (tenantId: number) => ({
  tenantId,
  role: 'manager' as const,
  isActive: true,
  assignedAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const users = [
  user('ann'),
  user('bob', { isActive: false }),
  user('cid', { isSiteAdmin: true }),
  user('dee', { tenantAssignments: [assignment(10000001)] }),
];
const uids = (list: AdminUser[]) => list.map((u) => u.uid);

describe('the users list filters', () => {
  it('keep everyone when nothing is chosen', () => {
    expect(uids(applyFilters(users, NO_FILTERS))).toEqual(['ann', 'bob', 'cid', 'dee']);
    expect(hasFilters(NO_FILTERS)).toBe(false);
    expect(hasFilters({ ...NO_FILTERS })).toBe(false);
  });

  it('filter by status, site admin and tenant, together', () => {
    expect(uids(applyFilters(users, { ...NO_FILTERS, active: 'no' }))).toEqual(['bob']);
    expect(uids(applyFilters(users, { ...NO_FILTERS, siteAdmin: 'yes' }))).toEqual(['cid']);
    expect(uids(applyFilters(users, { ...NO_FILTERS, tenantId: '10000001' }))).toEqual(['dee']);
    expect(uids(applyFilters(users, { active: 'yes', siteAdmin: 'no', tenantId: '' }))).toEqual([
      'ann',
      'dee',
    ]);
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
