import { describe, expect, it } from 'vitest';
import { type Actor, decideAccess, restaurantsIn, roleAtLeast, worksAt } from './access';

const user = (overrides: Partial<Extract<Actor, { kind: 'user' }>> = {}): Actor => ({
  kind: 'user',
  userId: 'u1',
  isSiteAdmin: false,
  isActive: true,
  assignments: [{ tenantId: 10000001, role: 'manager', isActive: true }],
  ...overrides,
});

describe('decideAccess', () => {
  it('lets anyone call a public endpoint and asks anonymous callers to sign in elsewhere', () => {
    expect(decideAccess({ kind: 'anonymous' }, { kind: 'public' })).toBe('allow');
    expect(decideAccess({ kind: 'anonymous' }, { kind: 'signed-in' })).toBe('unauthenticated');
    expect(decideAccess({ kind: 'anonymous' }, { kind: 'tenant', role: 'employee' }, 10000001)).toBe(
      'unauthenticated',
    );
  });

  it('requires an active assignment with a strong enough role in the route tenant', () => {
    const req = { kind: 'tenant', role: 'manager' } as const;
    expect(decideAccess(user(), req, 10000001)).toBe('allow');
    expect(decideAccess(user(), { kind: 'tenant', role: 'admin' }, 10000001)).toBe('forbidden');
    expect(decideAccess(user(), req, 10000002)).toBe('forbidden');
    expect(
      decideAccess(
        user({ assignments: [{ tenantId: 10000001, role: 'owner', isActive: false }] }),
        req,
        10000001,
      ),
    ).toBe('forbidden');
    expect(decideAccess(user({ isActive: false }), req, 10000001)).toBe('forbidden');
  });

  it('lets an active site administrator into any tenant and the admin area, and nobody else into the admin area', () => {
    expect(
      decideAccess(user({ isSiteAdmin: true, assignments: [] }), { kind: 'tenant', role: 'owner' }, 10000009),
    ).toBe('allow');
    expect(decideAccess(user({ isSiteAdmin: true }), { kind: 'site-admin' })).toBe('allow');
    expect(
      decideAccess(user({ assignments: [{ tenantId: 1, role: 'owner', isActive: true }] }), {
        kind: 'site-admin',
      }),
    ).toBe('forbidden');
    expect(decideAccess(user({ isSiteAdmin: true, isActive: false }), { kind: 'site-admin' })).toBe(
      'forbidden',
    );
  });

  it('lets members (active, with an active role in some tenant) spend outside calls, not new sign-ups', () => {
    const member = { kind: 'member' } as const;
    expect(decideAccess(user(), member)).toBe('allow');
    expect(
      decideAccess(user({ assignments: [{ tenantId: 9, role: 'employee', isActive: true }] }), member),
    ).toBe('allow');
    expect(decideAccess({ kind: 'anonymous' }, member)).toBe('unauthenticated');
    // a self-sign-up: inactive, no tenant
    expect(decideAccess(user({ isActive: false, assignments: [] }), member)).toBe('forbidden');
    expect(decideAccess(user({ assignments: [] }), member)).toBe('forbidden');
    expect(decideAccess(user({ isActive: false }), member)).toBe('forbidden');
    expect(
      decideAccess(user({ assignments: [{ tenantId: 9, role: 'owner', isActive: false }] }), member),
    ).toBe('forbidden');
    expect(decideAccess(user({ isSiteAdmin: true, assignments: [] }), member)).toBe('allow');
    expect(decideAccess(user({ isSiteAdmin: true, isActive: false, assignments: [] }), member)).toBe(
      'forbidden',
    );
  });

  it("keeps a manager limited to some restaurants out of the others' routes, and lets everyone else in", () => {
    const req = { kind: 'tenant', role: 'employee' } as const;
    const scoped = user({
      assignments: [{ tenantId: 10000001, role: 'manager', isActive: true, restaurantIds: [7] }],
    });
    expect(decideAccess(scoped, req, 10000001, 7)).toBe('allow');
    expect(decideAccess(scoped, req, 10000001, 8)).toBe('forbidden');
    // a route of the tenant that names no restaurant is decided by the role alone (the lists filter)
    expect(decideAccess(scoped, req, 10000001)).toBe('allow');
    expect(restaurantsIn(scoped, 10000001)).toEqual([7]);
    expect(restaurantsIn(scoped, 10000002)).toEqual([]);
    expect(decideAccess(user(), req, 10000001, 8)).toBe('allow');
    expect(restaurantsIn(user(), 10000001)).toBe('all');
    const admin = user({ isSiteAdmin: true, assignments: [] });
    expect(decideAccess(admin, req, 10000001, 8)).toBe('allow');
    expect(worksAt(admin, 10000001, 8)).toBe(true);
  });

  it('orders roles owner > admin > manager > employee', () => {
    expect(roleAtLeast('owner', 'admin')).toBe(true);
    expect(roleAtLeast('admin', 'admin')).toBe(true);
    expect(roleAtLeast('manager', 'admin')).toBe(false);
    expect(roleAtLeast('employee', 'manager')).toBe(false);
  });
});
