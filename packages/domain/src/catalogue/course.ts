import { z } from 'zod';
import { multilineText, requiredText } from '../text';
import { displayNumberSchema, entityIdSchema, guidSchema, timestampFields } from './fields';

// The name must not be empty; no wording is fixed for this, so it is worded like the other entities'.
const editableFields = {
  number: displayNumberSchema,
  name: requiredText('Course name cannot be empty'),
  description: multilineText().optional(),
};

/** A stored course: courseId is positive. */
export const courseSchema = z.object({
  ...editableFields,
  courseId: entityIdSchema('Course ID'),
  guid: guidSchema,
  ...timestampFields,
});
export type Course = z.infer<typeof courseSchema>;

/** courseId and guid are used when both are supplied, otherwise the counter issues them. */
export const createCourseInputSchema = z.object({
  ...editableFields,
  courseId: entityIdSchema('Course ID').optional(),
  guid: guidSchema.optional(),
});
export type CreateCourseInput = z.input<typeof createCourseInputSchema>;
export type CreateCourseData = z.output<typeof createCourseInputSchema>;

export const updateCourseInputSchema = z.object(editableFields).partial();
export type UpdateCourseInput = z.input<typeof updateCourseInputSchema>;
export type UpdateCourseData = z.output<typeof updateCourseInputSchema>;
