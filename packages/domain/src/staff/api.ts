import { z } from 'zod';
import { positiveId } from '../integers';
import { minorUnits } from '../payments/api';
import { queryTime } from '../query-dates';
import { text } from '../text';
import { WEEKDAYS } from '../weekdays';
import { DEFAULT_OVERTIME_WEEKLY_HOURS, PAY_PERIODS } from './time-clock';

/**
 * Passcodes and the time clock over the API (docs/behaviour/time-clock.md): what the register and the
 * management screens send and get back. Messages are the behaviour page's.
 */

// --- Passcodes -------------------------------------------------------------------------------------------

export const PASSCODE_FORMAT = 'Passcode must be 4 to 8 digits';
export const PASSCODE_TAKEN = 'Another employee of this restaurant already uses this passcode';
export const WRONG_PASSCODE = 'That passcode is not right';
export const PASSCODE_LOCKED = 'Too many wrong passcodes on this register. Try again in a minute.';
export const NO_REGISTER_ACCESS = 'This employee may not sign in to the register';
export const NO_EMPLOYEE_RECORD = 'Your account is not linked to an employee of this restaurant';
export const NOT_YOUR_EMPLOYEE_RECORD = 'Only a manager or the employee may set this passcode';
export const REGISTER_LOCKED = 'This register is locked; unlock it with your passcode';
export const MANAGER_PASSCODE_NEEDED =
  'Only a manager may do this; unlock the register with a manager passcode';

export const passcodeSchema = z.string({ error: PASSCODE_FORMAT }).regex(/^\d{4,8}$/, PASSCODE_FORMAT);
export const setPasscodeSchema = z.strictObject({ passcode: passcodeSchema });
export const passcodeStateSchema = z.object({
  employeeId: z.number(),
  hasPasscode: z.boolean(),
  setAt: z.date().nullable(),
});
export type PasscodeState = z.infer<typeof passcodeStateSchema>;
/** The caller's own passcode state, with the employee's name. */
export const myPasscodeSchema = passcodeStateSchema.extend({ name: z.string() });

export const unlockSchema = z.strictObject({ passcode: passcodeSchema });

const activeJobSchema = z.object({ jobId: z.number(), title: z.string() });

/** Who is at the register, and what their derived access lets them do there. */
export const registerStaffSchema = z.object({
  employeeId: z.number(),
  name: z.string(),
  role: z.string(),
  canManageOthers: z.boolean(),
  hasKitchenAccess: z.boolean(),
  canClockIn: z.boolean(),
  /** The active job assignments, to choose from when clocking in. */
  jobs: z.array(activeJobSchema),
  clock: z.lazy(() => clockStateSchema),
});
export type RegisterStaff = z.infer<typeof registerStaffSchema>;

// --- The time clock --------------------------------------------------------------------------------------

/** The clock-in rule, in its own words. */
export const CLOCK_IN_REFUSED =
  'An employee can clock in only when active and holding at least one active job assignment';
export const CHOOSE_JOB = 'Choose the job to clock in for';
export const JOB_NOT_HELD = 'This employee holds no active assignment to that job';
export const ALREADY_CLOCKED_IN = 'Already clocked in';
export const NOT_CLOCKED_IN = 'Not clocked in';
export const ALREADY_ON_BREAK = 'Already on a break';
export const NOT_ON_BREAK = 'Not on a break';
export const END_BREAK_FIRST = 'End the break before clocking out';

export const PUNCH_ACTIONS = ['clock_in', 'start_break', 'end_break', 'clock_out'] as const;

export const punchSchema = z.strictObject({
  passcode: passcodeSchema,
  /** Without one, the answer is the clock's state only. */
  action: z
    .enum(PUNCH_ACTIONS, { error: 'Action must be clock_in, start_break, end_break or clock_out' })
    .optional(),
  jobId: positiveId('Job ID').optional(),
  /** start_break: a paid break counts as worked time. */
  paid: z.boolean({ error: 'Paid must be true or false' }).optional(),
  /** clock_out: cash tips the employee declares, in cents. */
  declaredTips: minorUnits('Declared tips', 0).optional(),
});
export type PunchInput = z.input<typeof punchSchema>;

export const clockBreakSchema = z.object({
  breakId: z.number(),
  paid: z.boolean(),
  startedAt: z.date(),
  endedAt: z.date().nullable(),
});

export const timeEntrySchema = z.object({
  entryId: z.number(),
  employeeId: z.number(),
  jobId: z.number(),
  jobTitle: z.string().nullable(),
  wage: z.number(),
  clockInAt: z.date(),
  clockOutAt: z.date().nullable(),
  declaredTips: z.number(),
  breaks: z.array(clockBreakSchema),
  editedBy: z.string().nullable(),
  editReason: z.string().nullable(),
});
export type TimeEntry = z.infer<typeof timeEntrySchema>;

/** The employee's clock now: off, on (which entry), or on a break. */
export const clockStateSchema = z.object({
  status: z.enum(['off', 'on', 'break']),
  entry: timeEntrySchema.nullable(),
});
export type ClockState = z.infer<typeof clockStateSchema>;

export const punchResultSchema = z.object({ staff: registerStaffSchema });

export const EDIT_REASON_REQUIRED = 'Give a reason for the change';
export const CLOCK_OUT_BEFORE_IN = 'Clock-out must be after clock-in';
export const BREAK_OUTSIDE_SHIFT = 'A break must lie within the shift';
export const ENTRY_NOT_FOUND = 'Time entry not found';

const instant = (label: string) => z.coerce.date({ error: `${label} must be a date and time` });

export const editTimeEntrySchema = z.strictObject({
  reason: text({ error: EDIT_REASON_REQUIRED })
    .trim()
    .min(1, EDIT_REASON_REQUIRED)
    .max(200, 'Reason cannot exceed 200 characters'),
  jobId: positiveId('Job ID').optional(),
  clockInAt: instant('Clock-in').optional(),
  clockOutAt: instant('Clock-out').nullable().optional(),
  declaredTips: minorUnits('Declared tips', 0).optional(),
  breaks: z
    .array(
      z.strictObject({
        paid: z.boolean({ error: 'Paid must be true or false' }),
        startedAt: instant('Break start'),
        endedAt: instant('Break end').nullable(),
      }),
    )
    .max(20, 'A shift can have at most 20 breaks')
    .optional(),
});
export type EditTimeEntryInput = z.input<typeof editTimeEntrySchema>;

// --- Settings ----------------------------------------------------------------------------------------------

export const CARD_TIP_PLACES = ['terminal', 'receipt'] as const;
export type CardTipPlace = (typeof CARD_TIP_PLACES)[number];

export const timeClockSettingsSchema = z.strictObject({
  overtimeWeeklyHours: z
    .number({ error: 'Overtime hours must be a number' })
    .min(1, 'Overtime hours must be between 1 and 168')
    .max(168, 'Overtime hours must be between 1 and 168')
    .default(DEFAULT_OVERTIME_WEEKLY_HOURS),
  weekStartsOn: z.enum(WEEKDAYS, { error: 'The week must start on a day of the week' }).default('monday'),
  payPeriod: z.enum(PAY_PERIODS, { error: 'Pay period must be weekly or biweekly' }).default('weekly'),
  payPeriodAnchor: queryTime('payPeriodAnchor', 'date', 'Pay period start must be YYYY-MM-DD')
    .nullable()
    .default(null),
  /** Registers open on the passcode lock screen; off, a register runs under the signed-in session. */
  lockWithPasscodes: z.boolean({ error: 'Lock with passcodes must be true or false' }).default(false),
  /** The register locks itself after this many seconds without a touch. */
  autoLockSeconds: z
    .number({ error: 'Auto-lock must be a number of seconds' })
    .int('Auto-lock must be a whole number of seconds')
    .min(15, 'Auto-lock must be between 15 and 3600 seconds')
    .max(3600, 'Auto-lock must be between 15 and 3600 seconds')
    .default(120),
  /**
   * A void or a discount worth more than this (cents), or a discount of more than `approvalLimitPercent` of
   * its line or check, needs a manager: one at the register, or a manager's passcode typed for it.
   */
  approvalLimit: z
    .number({ error: 'The approval limit must be an amount in cents' })
    .int('The approval limit must be a whole number of cents')
    .min(0, 'The approval limit cannot be negative')
    .max(100_000_00, 'The approval limit cannot exceed 100000.00')
    .default(1000),
  approvalLimitPercent: z
    .number({ error: 'The approval limit percent must be a number' })
    .int('The approval limit percent must be a whole number')
    .min(0, 'The approval limit percent must be between 0 and 100')
    .max(100, 'The approval limit percent must be between 0 and 100')
    .default(10),
  /**
   * Where a card paid on the register's terminal takes its tip: on the terminal's screen, or written on the
   * signed receipt and added afterwards (the card is authorised only until then; decision 068).
   */
  cardTips: z
    .enum(CARD_TIP_PLACES, { error: 'Card tips must be taken on the terminal or on the receipt' })
    .default('terminal'),
});
export type TimeClockSettings = z.output<typeof timeClockSettingsSchema>;

// --- Timesheets --------------------------------------------------------------------------------------------

export const timesheetQuerySchema = z.object({
  /** Any day of the pay period wanted (today by default), or an explicit range. */
  date: queryTime('date', 'date', 'date must be YYYY-MM-DD').optional(),
  from: queryTime('from', 'date', 'from must be YYYY-MM-DD').optional(),
  to: queryTime('to', 'date', 'to must be YYYY-MM-DD').optional(),
});

export const timesheetRowSchema = z.object({
  employeeId: z.number(),
  name: z.string(),
  shifts: z.number(),
  regularHours: z.number(),
  overtimeHours: z.number(),
  regularPay: z.number(),
  overtimePay: z.number(),
  wages: z.number(),
  declaredTips: z.number(),
  openShift: z.boolean(),
});
export type TimesheetRow = z.infer<typeof timesheetRowSchema>;

export const labourDaySchema = z.object({
  date: z.string(),
  labourCost: z.number(),
  netSales: z.number(),
  /** Labour cost as a percent of net sales; null without sales. */
  labourPercent: z.number().nullable(),
  hours: z.array(z.object({ hour: z.number(), labourCost: z.number(), netSales: z.number() })),
});

export const timesheetSchema = z.object({
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  settings: timeClockSettingsSchema,
  rows: z.array(timesheetRowSchema),
  totals: timesheetRowSchema.omit({ employeeId: true, name: true, openShift: true }),
  entries: z.array(timeEntrySchema),
  labour: z.array(labourDaySchema),
});
export type Timesheet = z.infer<typeof timesheetSchema>;
