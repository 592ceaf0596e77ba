import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { employees } from './catalogue';
import { createdAt, updatedAt } from './columns';
import { at, money, restaurantFk } from './ordering';

/**
 * Staff on the clock (docs/behaviour/time-clock.md, decision 054): register passcodes, time entries with
 * their breaks, and a restaurant's time-clock settings. Money is whole cents; wages are cents an hour.
 */

/**
 * An employee's register passcode, hashed (decision 054: argon2id with a salt fixed per restaurant, so the
 * hash is also the lookup key). Unique per restaurant by the index; deleted with the employee.
 */
export const employeePasscodes = pgTable(
  'employee_passcodes',
  {
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    employeeId: integer('employee_id').notNull(),
    passcodeHash: text('passcode_hash').notNull(),
    setBy: text('set_by').notNull(),
    setAt: at('set_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'employee_passcodes_pkey', columns: [t.tenantId, t.restaurantId, t.employeeId] }),
    uniqueIndex('employee_passcodes_hash_key').on(t.tenantId, t.restaurantId, t.passcodeHash),
    foreignKey({
      name: 'employee_passcodes_employee_fk',
      columns: [t.tenantId, t.restaurantId, t.employeeId],
      foreignColumns: [employees.tenantId, employees.restaurantId, employees.employeeId],
    }).onDelete('cascade'),
  ],
);

/**
 * One shift of one employee in one job: clocked in, maybe out. The wage (cents an hour) is fixed at clock-in.
 * A manager's change stamps who and why; the audit log's trigger keeps the before and after.
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    entryId: bigint('entry_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    // no foreign key: payroll history outlives a deleted employee record
    employeeId: integer('employee_id').notNull(),
    jobId: integer('job_id').notNull(),
    wage: money('wage').notNull(),
    clockInAt: at('clock_in_at').notNull(),
    clockOutAt: at('clock_out_at'),
    declaredTips: money('declared_tips').notNull().default(0),
    deviceId: bigint('device_id', { mode: 'number' }),
    editedBy: text('edited_by'),
    editedAt: at('edited_at'),
    editReason: text('edit_reason'),
    createdAt: createdAt(),
  },
  (t) => [
    restaurantFk('time_entries_restaurant_fk', t as never),
    // one open shift per employee
    uniqueIndex('time_entries_open_key')
      .on(t.tenantId, t.restaurantId, t.employeeId)
      .where(sql`${t.clockOutAt} is null`),
    index('time_entries_period_idx').on(t.tenantId, t.restaurantId, t.clockInAt),
    check('time_entries_times_check', sql`${t.clockOutAt} is null or ${t.clockOutAt} >= ${t.clockInAt}`),
    check('time_entries_amounts_check', sql`${t.wage} >= 0 and ${t.declaredTips} >= 0`),
  ],
);

/** A break within a shift; an unpaid one is taken off the hours worked. */
export const timeBreaks = pgTable(
  'time_breaks',
  {
    breakId: bigint('break_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => timeEntries.entryId, { onDelete: 'cascade' }),
    paid: boolean('paid').notNull(),
    startedAt: at('started_at').notNull(),
    endedAt: at('ended_at'),
  },
  (t) => [
    restaurantFk('time_breaks_restaurant_fk', t as never),
    index('time_breaks_entry_idx').on(t.entryId),
    uniqueIndex('time_breaks_open_key').on(t.entryId).where(sql`${t.endedAt} is null`),
    check('time_breaks_times_check', sql`${t.endedAt} is null or ${t.endedAt} >= ${t.startedAt}`),
  ],
);

/** A restaurant's time-clock settings: one row, created with the defaults on first change. */
export const timeClockSettings = pgTable(
  'time_clock_settings',
  {
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    overtimeWeeklyHours: numeric('overtime_weekly_hours', { mode: 'number' }).notNull().default(40),
    weekStartsOn: text('week_starts_on').notNull().default('monday'),
    payPeriod: text('pay_period').notNull().default('weekly'),
    payPeriodAnchor: date('pay_period_anchor', { mode: 'string' }),
    /** Registers show the passcode lock (off: a register is used under the signed-in session, as before). */
    lockWithPasscodes: boolean('lock_with_passcodes').notNull().default(false),
    autoLockSeconds: integer('auto_lock_seconds').notNull().default(120),
    /** A void or discount above this (cents, or percent of the line or check) needs a manager (decision 056). */
    approvalLimit: integer('approval_limit').notNull().default(1000),
    approvalLimitPercent: integer('approval_limit_percent').notNull().default(10),
    /**
     * Where a register's card payment takes its tip (decision 068): `terminal`, on the terminal's screen
     * before the charge; `receipt`, written on the signed receipt and added later (the card is authorised
     * only, then captured with the tip).
     */
    cardTips: text('card_tips', { enum: ['terminal', 'receipt'] })
      .notNull()
      .default('terminal'),
  },
  (t) => [
    primaryKey({ name: 'time_clock_settings_pkey', columns: [t.tenantId, t.restaurantId] }),
    restaurantFk('time_clock_settings_restaurant_fk', t as never),
  ],
);

/**
 * A restaurant's tip-out rule (docs/behaviour/tips.md, decision 057): employees who worked a source job in the
 * pay period give `percent_bp` hundredths of a percent of their net sales or their tips (or, for
 * `unassigned_tips`, of the tips no employee took: online orders), and the pool is shared among those who
 * worked the receiving job, by hours. Nothing is stored per period: the report computes it when read.
 */
export const tipRules = pgTable(
  'tip_rules',
  {
    ruleId: bigint('rule_id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tenantId: integer('tenant_id').notNull(),
    restaurantId: integer('restaurant_id').notNull(),
    name: text('name').notNull(),
    basis: text('basis').notNull(),
    percentBp: integer('percent_bp').notNull(),
    sourceJobIds: jsonb('source_job_ids').$type<number[]>().notNull().default([]),
    receivingJobId: integer('receiving_job_id').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    restaurantFk('tip_rules_restaurant_fk', t as never),
    index('tip_rules_restaurant_idx').on(t.tenantId, t.restaurantId),
    check('tip_rules_basis_check', sql`${t.basis} in ('net_sales', 'tips', 'unassigned_tips')`),
    check('tip_rules_percent_check', sql`${t.percentBp} between 1 and 10000`),
  ],
);
