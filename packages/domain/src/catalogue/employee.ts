import { z } from 'zod';
import { multilineText, requiredText, text } from '../text';
import { entityIdSchema, guidSchema, timestampFields, withMoneyBounds } from './fields';
import type { JobTitle } from './job-title';

/** Employee roles; training is the default. */
export const EMPLOYEE_ROLES = [
  'training',
  'delivery_driver',
  'chef',
  'dish_washer',
  'server',
  'cook',
  'tester',
  'manager',
  'bartender',
  'host',
  'kitchen_lead',
  'cashier',
] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];

/** Statuses with no transition rules; active is the default. */
export const EMPLOYEE_STATUSES = ['active', 'inactive', 'suspended', 'terminated'] as const;
export type EmployeeStatus = (typeof EMPLOYEE_STATUSES)[number];

/** An employee's tenantId when none is given. */
export const DEFAULT_EMPLOYEE_TENANT_ID = 1;

// Role-to-capability derivations.
export const KITCHEN_ROLES: readonly EmployeeRole[] = [
  'chef',
  'cook',
  'kitchen_lead',
  'dish_washer',
  'tester',
];
export const POS_ROLES: readonly EmployeeRole[] = ['server', 'cashier', 'manager', 'bartender', 'host'];
export const MANAGING_ROLES: readonly EmployeeRole[] = ['manager', 'kitchen_lead'];

const roleSchema = z.enum(EMPLOYEE_ROLES, { error: 'Invalid role' });
const statusSchema = z.enum(EMPLOYEE_STATUSES, {
  error: 'Status must be active, inactive, suspended or terminated',
});
const tenantIdSchema = entityIdSchema('Tenant ID');

/** The employee's account info. */
export const accountInfoSchema = z.object({
  biteAccountInvited: z.boolean().default(false),
  employeeDisplayId: text().optional(),
  posAccessCode: text().optional(),
  updateEmployeeIdAllLocations: z.boolean().default(false),
});
export type AccountInfo = z.infer<typeof accountInfoSchema>;

/** posAccessConfig: the code-login POS access. No access unless granted. */
export const posAccessConfigSchema = z.object({
  hasAccess: z.boolean().default(false),
  accessCode: text().optional(),
  allowCodeLogin: z.boolean().default(false),
  updateAllLocations: z.boolean().default(false),
});
export type PosAccessConfig = z.infer<typeof posAccessConfigSchema>;

/**
 * Job assignment. No default is fixed for isActive; an assignment is active unless it is
 * marked otherwise, since giving someone a job means they hold it.
 */
const wageOverrideSchema = z
  .number({ error: 'Wage override must be a number' })
  .min(0, 'Wage override cannot be negative');
/** What a wage override may be when sent: bounded (docs/behaviour/catalogue.md#money-and-rates). */
export const wageOverrideInputSchema = withMoneyBounds(wageOverrideSchema, 'Wage override');

export const jobAssignmentSchema = z.object({
  jobId: entityIdSchema('Job ID'),
  isActive: z.boolean().default(true),
  wageOverride: wageOverrideSchema.nullable().optional(),
  lastUpdated: z.date().optional(),
  updatedBy: text().optional(),
});
export type JobAssignment = z.infer<typeof jobAssignmentSchema>;

// startDate is a calendar day, kept as YYYY-MM-DD so no time zone can move it.
const startDateSchema = z.iso.date({ error: 'Invalid date format, expected YYYY-MM-DD' });
const storedHourlyRateSchema = z
  .number({ error: 'Hourly rate must be a number' })
  .positive('Hourly rate must be positive');
// Sent: bounded (docs/behaviour/catalogue.md#money-and-rates); stored: read as it was written.
const hourlyRateSchema = withMoneyBounds(storedHourlyRateSchema, 'Hourly rate');

// The fields an employee form edits, without defaults, so that a partial update fills nothing in.
const editableFields = {
  firstName: requiredText('First name is required'),
  lastName: requiredText('Last name is required'),
  chosenName: text().optional(),
  email: z.email({ error: 'Invalid email address' }).optional(),
  phone: text().optional(),
  role: roleSchema,
  status: statusSchema,
  startDate: startDateSchema.optional(),
  hourlyRate: hourlyRateSchema.optional(),
  notes: multilineText().optional(),
  posAccess: z.boolean(),
  kitchenAccess: z.boolean(),
  managerAccess: z.boolean(),
  accountInfo: accountInfoSchema,
  posAccessConfig: posAccessConfigSchema,
  jobAssignments: z.array(jobAssignmentSchema),
  showWages: z.boolean(),
  // issue 23: the Brigade user this employee signs in as (a member of the organization), if any
  userId: text({ error: 'User ID must be text' }).trim().min(1, 'User ID must be text').max(100).optional(),
};

// A new employee's defaults.
const defaultedFields = {
  role: roleSchema.default('training'),
  status: statusSchema.default('active'),
  posAccess: z.boolean().default(false),
  kitchenAccess: z.boolean().default(false),
  managerAccess: z.boolean().default(false),
  accountInfo: accountInfoSchema.prefault({}),
  posAccessConfig: posAccessConfigSchema.prefault({}),
  jobAssignments: z.array(jobAssignmentSchema).default([]),
  showWages: z.boolean().default(true),
};

/** A stored employee. A record without firstName or lastName does not load. */
export const employeeSchema = z.object({
  ...editableFields,
  ...defaultedFields,
  hourlyRate: storedHourlyRateSchema.optional(),
  employeeId: entityIdSchema('Employee ID'),
  guid: guidSchema,
  tenantId: tenantIdSchema.default(DEFAULT_EMPLOYEE_TENANT_ID),
  ...timestampFields,
});
export type Employee = z.infer<typeof employeeSchema>;

/** employeeId and guid are used when both are supplied, otherwise the counter issues them. */
export const createEmployeeInputSchema = z.object({
  ...editableFields,
  ...defaultedFields,
  employeeId: entityIdSchema('Employee ID').optional(),
  guid: guidSchema.optional(),
  tenantId: tenantIdSchema.default(DEFAULT_EMPLOYEE_TENANT_ID),
});
export type CreateEmployeeInput = z.input<typeof createEmployeeInputSchema>;
export type CreateEmployeeData = z.output<typeof createEmployeeInputSchema>;

/**
 * The employee form refuses unknown fields (a typo is an error, not silently dropped). It holds
 * the editable fields only; ids, tenant and timestamps are the server's.
 */
export const employeeFormSchema = z.strictObject({ ...editableFields, ...defaultedFields });
export type EmployeeFormInput = z.input<typeof employeeFormSchema>;
export type EmployeeFormData = z.output<typeof employeeFormSchema>;

/** Omitted fields stay as stored; a nested object or list, when sent, replaces the stored one. */
export const updateEmployeeInputSchema = z.object(editableFields).partial();
export type UpdateEmployeeInput = z.input<typeof updateEmployeeInputSchema>;
export type UpdateEmployeeData = z.output<typeof updateEmployeeInputSchema>;

// --- Derivations ----------------------------------------------------------------------------------------

/** Kitchen access: the kitchen flag, or a kitchen role. */
export const hasKitchenAccess = (employee: Pick<Employee, 'kitchenAccess' | 'role'>): boolean =>
  employee.kitchenAccess || KITCHEN_ROLES.includes(employee.role);

/** POS access: a POS role, or the POS flag when the POS access config grants access. */
export const hasPosAccess = (
  employee: Pick<Employee, 'posAccess' | 'role'> & { posAccessConfig?: Pick<PosAccessConfig, 'hasAccess'> },
): boolean =>
  POS_ROLES.includes(employee.role) || (employee.posAccess && employee.posAccessConfig?.hasAccess === true);

/** Can manage others: the manager flag, or role manager or kitchen_lead. */
export const canManageOthers = (employee: Pick<Employee, 'managerAccess' | 'role'>): boolean =>
  employee.managerAccess || MANAGING_ROLES.includes(employee.role);

/**
 * The wage: the active job's wageOverride, else hourlyRate. With jobId, that job counts only if its
 * assignment is active; without, the first active assignment is the job. undefined when neither is set.
 */
export function effectiveWage(
  employee: Pick<Employee, 'hourlyRate' | 'jobAssignments'>,
  jobId?: number,
): number | undefined {
  const assignment = employee.jobAssignments.find(
    (job) => job.isActive && (jobId === undefined || job.jobId === jobId),
  );
  return assignment?.wageOverride ?? employee.hourlyRate;
}

/** Only an active employee holding at least one active job assignment can clock in. */
export const canClockIn = (employee: Pick<Employee, 'status' | 'jobAssignments'>): boolean =>
  employee.status === 'active' && employee.jobAssignments.some((job) => job.isActive);

/** Only active job titles can be assigned to an employee. */
export const isAssignableJobTitle = (jobTitle: Pick<JobTitle, 'isActive'>): boolean => jobTitle.isActive;
