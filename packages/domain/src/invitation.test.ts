import { describe, expect, it } from 'vitest';
import { createInvitationInputSchema, invitationAccountSchema, rolesGrantableBy } from './invitation';

describe('team invitations (issue 23)', () => {
  it('lets nobody grant a role above their own', () => {
    expect(rolesGrantableBy('owner')).toEqual(['owner', 'admin', 'manager', 'employee']);
    expect(rolesGrantableBy('admin')).toEqual(['admin', 'manager', 'employee']);
    expect(rolesGrantableBy('manager')).toEqual(['manager', 'employee']);
    expect(rolesGrantableBy('employee')).toEqual(['employee']);
    expect(rolesGrantableBy('site-admin')).toEqual(['owner', 'admin', 'manager', 'employee']);
  });

  it('normalises the email and names the role rule', () => {
    expect(createInvitationInputSchema.parse({ email: '  Ana@Example.COM ', role: 'manager' })).toEqual({
      email: 'ana@example.com',
      role: 'manager',
    });
    const bad = createInvitationInputSchema.safeParse({ email: 'x', role: 'chef' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([
      'A valid email is required',
      'Role must be owner, admin, manager or employee',
    ]);
  });

  it('asks a new account for names and a password of the sign-up rules', () => {
    const result = invitationAccountSchema.safeParse({ firstName: ' ', lastName: '', password: '12345' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'First name is required',
      'Last name is required',
      'Password must be at least 6 characters',
    ]);
  });
});
