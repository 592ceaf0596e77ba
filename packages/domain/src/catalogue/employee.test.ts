import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canClockIn,
  canManageOthers,
  createEmployeeInputSchema,
  EMPLOYEE_ROLES,
  type Employee,
  effectiveWage,
  employeeFormSchema,
  employeeSchema,
  hasKitchenAccess,
  hasPosAccess,
  isAssignableJobTitle,
  updateEmployeeInputSchema,
} from './employee';

type Parsed = { error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (result: Parsed) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

const person = { firstName: 'Ada', lastName: 'Lovelace' };

const employee = (overrides: Partial<Employee> = {}): Employee => ({
  ...employeeSchema.parse({
    ...person,
    employeeId: 1,
    guid: randomUUID(),
    createdAt: new Date(),
    updatedAt: new Date(),
  }),
  ...overrides,
});

describe('createEmployeeInputSchema', () => {
  it('fills the spec defaults', () => {
    expect(createEmployeeInputSchema.parse(person)).toEqual({
      ...person,
      tenantId: 1,
      role: 'training',
      status: 'active',
      posAccess: false,
      kitchenAccess: false,
      managerAccess: false,
      accountInfo: { biteAccountInvited: false, updateEmployeeIdAllLocations: false },
      posAccessConfig: { hasAccess: false, allowCodeLogin: false, updateAllLocations: false },
      jobAssignments: [],
      showWages: true,
    });
  });

  it("refuses missing names with the spec's messages", () => {
    expect(messages(createEmployeeInputSchema.safeParse({ firstName: ' ' }))).toEqual([
      ['firstName', 'First name is required'],
      ['lastName', 'Last name is required'],
    ]);
  });

  it('refuses a malformed email and a non-positive hourly rate', () => {
    expect(
      messages(createEmployeeInputSchema.safeParse({ ...person, email: 'ada@', hourlyRate: 0 })),
    ).toEqual([
      ['email', 'Invalid email address'],
      ['hourlyRate', 'Hourly rate must be positive'],
    ]);
    expect(
      createEmployeeInputSchema.safeParse({ ...person, email: 'ada@example.com', hourlyRate: 0.01 }).success,
    ).toBe(true);
  });

  it('accepts every listed role and status, and nothing else', () => {
    for (const role of EMPLOYEE_ROLES) {
      expect(createEmployeeInputSchema.parse({ ...person, role }).role).toBe(role);
    }
    for (const status of ['active', 'inactive', 'suspended', 'terminated']) {
      expect(createEmployeeInputSchema.parse({ ...person, status }).status).toBe(status);
    }
    expect(createEmployeeInputSchema.safeParse({ ...person, role: 'owner' }).success).toBe(false);
    expect(createEmployeeInputSchema.safeParse({ ...person, status: 'fired' }).success).toBe(false);
  });

  it('defaults a job assignment to active', () => {
    const input = createEmployeeInputSchema.parse({
      ...person,
      jobAssignments: [{ jobId: 2, wageOverride: 18 }],
    });
    expect(input.jobAssignments).toEqual([{ jobId: 2, isActive: true, wageOverride: 18 }]);
  });
});

describe('employeeSchema', () => {
  it('does not load a record without firstName or lastName', () => {
    const record = { employeeId: 1, guid: randomUUID(), createdAt: new Date(), updatedAt: new Date() };
    expect(messages(employeeSchema.safeParse(record))).toEqual([
      ['firstName', 'First name is required'],
      ['lastName', 'Last name is required'],
    ]);
  });
});

describe('employeeFormSchema', () => {
  it('rejects unknown fields', () => {
    const result = employeeFormSchema.safeParse({ ...person, nickname: 'Countess' });
    expect(result.error?.issues).toMatchObject([{ code: 'unrecognized_keys', keys: ['nickname'] }]);
  });

  it('accepts the form fields with defaults', () => {
    expect(employeeFormSchema.parse({ ...person, role: 'chef' })).toMatchObject({
      role: 'chef',
      showWages: true,
    });
  });
});

describe('updateEmployeeInputSchema', () => {
  it('fills in no defaults for omitted fields', () => {
    expect(updateEmployeeInputSchema.parse({ status: 'suspended' })).toEqual({ status: 'suspended' });
    expect(messages(updateEmployeeInputSchema.safeParse({ lastName: '' }))).toEqual([
      ['lastName', 'Last name is required'],
    ]);
  });
});

describe('hasKitchenAccess', () => {
  it('comes from the kitchen flag or a kitchen role', () => {
    for (const role of ['chef', 'cook', 'kitchen_lead', 'dish_washer', 'tester'] as const) {
      expect(hasKitchenAccess(employee({ role }))).toBe(true);
    }
    expect(hasKitchenAccess(employee({ role: 'server' }))).toBe(false);
    expect(hasKitchenAccess(employee({ role: 'server', kitchenAccess: true }))).toBe(true);
  });
});

describe('hasPosAccess', () => {
  it('comes from a POS role whatever the access config says', () => {
    for (const role of ['server', 'cashier', 'manager', 'bartender', 'host'] as const) {
      expect(hasPosAccess(employee({ role }))).toBe(true);
    }
    expect(hasPosAccess(employee({ role: 'cook' }))).toBe(false);
  });

  it('counts the POS flag only when the POS access config grants access', () => {
    const config = { hasAccess: false, allowCodeLogin: false, updateAllLocations: false };
    expect(hasPosAccess(employee({ role: 'cook', posAccess: true, posAccessConfig: config }))).toBe(false);
    expect(
      hasPosAccess(
        employee({ role: 'cook', posAccess: true, posAccessConfig: { ...config, hasAccess: true } }),
      ),
    ).toBe(true);
    expect(
      hasPosAccess(
        employee({ role: 'cook', posAccess: false, posAccessConfig: { ...config, hasAccess: true } }),
      ),
    ).toBe(false);
  });
});

describe('canManageOthers', () => {
  it('comes from the manager flag or role manager or kitchen_lead', () => {
    expect(canManageOthers(employee({ role: 'manager' }))).toBe(true);
    expect(canManageOthers(employee({ role: 'kitchen_lead' }))).toBe(true);
    expect(canManageOthers(employee({ role: 'chef' }))).toBe(false);
    expect(canManageOthers(employee({ role: 'chef', managerAccess: true }))).toBe(true);
  });
});

describe('effectiveWage', () => {
  it("uses the active job's wageOverride", () => {
    const e = employee({
      hourlyRate: 15,
      jobAssignments: [
        { jobId: 1, isActive: false, wageOverride: 30 },
        { jobId: 2, isActive: true, wageOverride: 20 },
      ],
    });
    expect(effectiveWage(e)).toBe(20);
    expect(effectiveWage(e, 2)).toBe(20);
  });

  it('falls back to hourlyRate without an override or an active job', () => {
    expect(effectiveWage(employee({ hourlyRate: 15, jobAssignments: [{ jobId: 2, isActive: true }] }))).toBe(
      15,
    );
    expect(
      effectiveWage(
        employee({ hourlyRate: 15, jobAssignments: [{ jobId: 2, isActive: true, wageOverride: null }] }),
      ),
    ).toBe(15);
    expect(
      effectiveWage(
        employee({ hourlyRate: 15, jobAssignments: [{ jobId: 1, isActive: false, wageOverride: 30 }] }),
        1,
      ),
    ).toBe(15);
    expect(effectiveWage(employee())).toBeUndefined();
  });
});

describe('canClockIn', () => {
  const activeJob = { jobId: 1, isActive: true };

  it('needs active status and at least one active job assignment', () => {
    expect(canClockIn(employee({ jobAssignments: [activeJob] }))).toBe(true);
    expect(canClockIn(employee({ jobAssignments: [] }))).toBe(false);
    expect(canClockIn(employee({ jobAssignments: [{ jobId: 1, isActive: false }] }))).toBe(false);
    for (const status of ['inactive', 'suspended', 'terminated'] as const) {
      expect(canClockIn(employee({ status, jobAssignments: [activeJob] }))).toBe(false);
    }
  });
});

describe('isAssignableJobTitle', () => {
  it('allows only active job titles', () => {
    expect(isAssignableJobTitle({ isActive: true })).toBe(true);
    expect(isAssignableJobTitle({ isActive: false })).toBe(false);
  });
});
