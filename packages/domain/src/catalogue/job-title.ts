import { z } from 'zod';
import { multilineText, requiredText, text } from '../text';
import { entityIdSchema, guidSchema, moneyAmount, nonNegativeInteger, nonNegativeNumber } from './fields';

/** Job title defaults. */
export const DEFAULT_JOB_TITLE_COLOR = '#000000';
export const DEFAULT_UPDATED_BY = 'System';

// Sent: bounded (docs/behaviour/catalogue.md#money-and-rates); stored: read as it was written.
const defaultWageSchema = moneyAmount('Default wage');

// The editable fields without defaults, so that a partial update fills nothing in.
const editableFields = {
  title: requiredText('Job title is required'),
  color: text(),
  description: multilineText().optional(),
  defaultWage: defaultWageSchema,
  // Job titles are activated or deactivated in the back office.
  isActive: z.boolean(),
  updatedBy: text(),
};

// A new job title's defaults.
const defaultedFields = {
  color: text().default(DEFAULT_JOB_TITLE_COLOR),
  defaultWage: defaultWageSchema.default(0),
  isActive: z.boolean().default(true),
  updatedBy: text().default(DEFAULT_UPDATED_BY),
};

/** A stored job title; stored ids have been generated, so jobId is positive. */
export const jobTitleSchema = z.object({
  ...editableFields,
  ...defaultedFields,
  defaultWage: nonNegativeNumber('Default wage').default(0),
  jobId: entityIdSchema('Job ID'),
  guid: guidSchema,
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type JobTitle = z.infer<typeof jobTitleSchema>;

/**
 * jobId is 0 until generated. A supplied jobId (above 0) and guid are used together,
 * otherwise the counter issues both (see takeSuppliedIdentity).
 */
export const createJobTitleInputSchema = z.object({
  ...editableFields,
  ...defaultedFields,
  jobId: nonNegativeInteger('Job ID').default(0),
  guid: guidSchema.optional(),
});
export type CreateJobTitleInput = z.input<typeof createJobTitleInputSchema>;
export type CreateJobTitleData = z.output<typeof createJobTitleInputSchema>;

export const updateJobTitleInputSchema = z.object(editableFields).partial();
export type UpdateJobTitleInput = z.input<typeof updateJobTitleInputSchema>;
export type UpdateJobTitleData = z.output<typeof updateJobTitleInputSchema>;
