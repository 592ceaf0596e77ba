import { positiveId } from '@brigade/domain/integers';
import { deviceHeaders } from '@brigade/domain/pos/api';
import {
  editTimeEntrySchema,
  myPasscodeSchema,
  passcodeStateSchema,
  punchResultSchema,
  punchSchema,
  setPasscodeSchema,
  timeClockSettingsSchema,
  timeEntrySchema,
  timesheetQuerySchema,
  timesheetSchema,
  unlockSchema,
} from '@brigade/domain/staff/api';
import {
  tipRuleInputSchema,
  tipRuleSchema,
  tipsQuerySchema,
  tipsReportSchema,
} from '@brigade/domain/staff/tips';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';
import { restaurantIdParam, tenantIdParam } from './tenancy-params';

/**
 * Staff on the clock (docs/behaviour/time-clock.md): register passcodes, the register's lock, the time clock,
 * corrections and timesheets. Calls that take a passcode run their own short transactions (`outside`), so a
 * wrong passcode is counted even though the call fails.
 */

const tags = ['staff'];
const base = '/tenants/{tenantId}/restaurants/{restaurantId}';
const params = z.object({ tenantId: tenantIdParam, restaurantId: restaurantIdParam });
const employeeParams = params.extend({ employeeId: positiveId('Employee ID') });

export const getEmployeePasscode = defineEndpoint({
  id: 'getEmployeePasscode',
  method: 'GET',
  path: `${base}/employees/{employeeId}/passcode`,
  summary: 'Whether an employee has a register passcode (never the passcode): managers, or the employee',
  tags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params: employeeParams },
  response: { status: 200, description: 'The passcode state', schema: successOf(passcodeStateSchema) },
  problems: [404],
});

export const setEmployeePasscode = defineEndpoint({
  id: 'setEmployeePasscode',
  method: 'PUT',
  path: `${base}/employees/{employeeId}/passcode`,
  summary:
    "Set an employee's register passcode (4 to 8 digits, unique in the restaurant): managers, or the employee",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  // the attempt is counted in a transaction of its own, which a refusal does not roll back
  outside: true,
  request: { params: employeeParams, body: setPasscodeSchema },
  response: { status: 200, description: 'The passcode state', schema: successOf(passcodeStateSchema) },
  problems: [404, 409, 429],
});

export const clearEmployeePasscode = defineEndpoint({
  id: 'clearEmployeePasscode',
  method: 'DELETE',
  path: `${base}/employees/{employeeId}/passcode`,
  summary: "Remove an employee's register passcode: managers, or the employee",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  request: { params: employeeParams },
  response: { status: 200, description: 'The passcode state', schema: successOf(passcodeStateSchema) },
  problems: [404],
});

export const getMyPasscode = defineEndpoint({
  id: 'getMyPasscode',
  method: 'GET',
  path: `${base}/my-passcode`,
  summary: "Whether the caller's own employee record (linked to their account) has a register passcode",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params },
  response: { status: 200, description: 'The passcode state', schema: successOf(myPasscodeSchema) },
  problems: [404],
});

export const setMyPasscode = defineEndpoint({
  id: 'setMyPasscode',
  method: 'PUT',
  path: `${base}/my-passcode`,
  summary: "Set the caller's own register passcode (4 to 8 digits, unique in the restaurant)",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  // the attempt is counted in a transaction of its own, which a refusal does not roll back
  outside: true,
  request: { params, body: setPasscodeSchema },
  response: { status: 200, description: 'The passcode state', schema: successOf(myPasscodeSchema) },
  problems: [404, 409, 429],
});

export const unlockRegister = defineEndpoint({
  id: 'unlockRegister',
  method: 'POST',
  path: `${base}/pos/unlock`,
  summary: 'Unlock a paired register with an employee passcode (5 wrong passcodes a minute lock it)',
  tags: ['pos', ...tags],
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  outside: true,
  request: { params, body: unlockSchema, headers: deviceHeaders },
  response: { status: 200, description: 'Who is at the register', schema: successOf(punchResultSchema) },
  problems: [404, 429],
});

export const lockRegister = defineEndpoint({
  id: 'lockRegister',
  method: 'POST',
  path: `${base}/pos/lock`,
  summary: 'Lock the register (switch staff)',
  tags: ['pos', ...tags],
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  outside: true,
  request: { params, headers: deviceHeaders },
  response: {
    status: 200,
    description: 'Locked',
    schema: successOf(z.object({ locked: z.literal(true) })),
  },
  problems: [404],
});

export const punchTimeClock = defineEndpoint({
  id: 'punchTimeClock',
  method: 'POST',
  path: `${base}/pos/time-clock`,
  summary:
    'Clock in or out, start or end a break, with a passcode at a register; without an action, the clock state',
  tags: ['pos', ...tags],
  access: { kind: 'tenant', role: 'employee' },
  changes: 'none',
  outside: true,
  request: { params, body: punchSchema, headers: deviceHeaders },
  response: {
    status: 200,
    description: 'The employee and their clock',
    schema: successOf(punchResultSchema),
  },
  problems: [404, 409, 429],
});

export const getTimeClockSettings = defineEndpoint({
  id: 'getTimeClockSettings',
  method: 'GET',
  path: `${base}/time-clock/settings`,
  summary: "The restaurant's time-clock settings (overtime, work week, pay period, auto-lock)",
  tags,
  access: { kind: 'tenant', role: 'employee' },
  request: { params },
  response: { status: 200, description: 'The settings', schema: successOf(timeClockSettingsSchema) },
  problems: [404],
});

export const saveTimeClockSettings = defineEndpoint({
  id: 'saveTimeClockSettings',
  method: 'PUT',
  path: `${base}/time-clock/settings`,
  summary: "Save the restaurant's time-clock settings",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  request: { params, body: timeClockSettingsSchema },
  response: { status: 200, description: 'The settings', schema: successOf(timeClockSettingsSchema) },
  problems: [404],
});

export const getTimesheet = defineEndpoint({
  id: 'getTimesheet',
  method: 'GET',
  path: `${base}/timesheets`,
  summary:
    "A pay period's timesheet: per employee regular and overtime hours, wages and declared tips; labour cost against net sales by day and hour",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  request: { params, query: timesheetQuerySchema },
  response: { status: 200, description: 'The timesheet', schema: successOf(timesheetSchema) },
  problems: [404],
});

export const editTimeEntry = defineEndpoint({
  id: 'editTimeEntry',
  method: 'PATCH',
  path: `${base}/time-entries/{entryId}`,
  summary: 'Correct a shift (times, job, breaks, declared tips) with a reason; audited',
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  request: { params: params.extend({ entryId: positiveId('Entry ID') }), body: editTimeEntrySchema },
  response: { status: 200, description: 'The shift', schema: successOf(timeEntrySchema) },
  problems: [404, 409],
});

// --- Tips (docs/behaviour/tips.md) --------------------------------------------------------------------------

const ruleParams = params.extend({ ruleId: positiveId('Rule ID') });

export const listTipRules = defineEndpoint({
  id: 'listTipRules',
  method: 'GET',
  path: `${base}/tip-rules`,
  summary: "The restaurant's tip-out rules",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  request: { params },
  response: { status: 200, description: 'The rules', schema: successOf(z.array(tipRuleSchema)) },
  problems: [404],
});

export const createTipRule = defineEndpoint({
  id: 'createTipRule',
  method: 'POST',
  path: `${base}/tip-rules`,
  summary:
    "Add a tip-out rule: a percent of the source jobs' net sales or tips, shared by the receiving job by hours",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  request: { params, body: tipRuleInputSchema },
  response: { status: 201, description: 'The rule', schema: successOf(tipRuleSchema) },
  problems: [404, 409],
});

export const updateTipRule = defineEndpoint({
  id: 'updateTipRule',
  method: 'PUT',
  path: `${base}/tip-rules/{ruleId}`,
  summary: 'Change a tip-out rule (the whole rule)',
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  request: { params: ruleParams, body: tipRuleInputSchema },
  response: { status: 200, description: 'The rule', schema: successOf(tipRuleSchema) },
  problems: [404],
});

export const deleteTipRule = defineEndpoint({
  id: 'deleteTipRule',
  method: 'DELETE',
  path: `${base}/tip-rules/{ruleId}`,
  summary: 'Remove a tip-out rule',
  tags,
  access: { kind: 'tenant', role: 'manager' },
  changes: 'none',
  request: { params: ruleParams },
  response: {
    status: 200,
    description: 'Deleted',
    schema: successOf(z.object({ deleted: z.literal(true) })),
  },
  problems: [404],
});

export const getTipsReport = defineEndpoint({
  id: 'getTipsReport',
  method: 'GET',
  path: `${base}/tips`,
  summary:
    "A pay period's tips by employee: card tips, declared cash tips, tip-out paid and received by the rules, net tips",
  tags,
  access: { kind: 'tenant', role: 'manager' },
  request: { params, query: tipsQuerySchema },
  response: { status: 200, description: 'The tips report', schema: successOf(tipsReportSchema) },
  problems: [404],
});
