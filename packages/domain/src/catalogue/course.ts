import { z } from 'zod';
import { multilineText, requiredText } from '../text';
import { displayNumberSchema, entityIdSchema, guidSchema, timestampFields } from './fields';

// spec 02 §5: "name non-empty"; the spec gives no text, so it is worded like the other entities'.
const editableFields = {
  number: displayNumberSchema,
  name: requiredText('Course name cannot be empty'),
  description: multilineText().optional(),
};

/** A stored course (spec 02 §3): courseId is positive. */
export const courseSchema = z.object({
  ...editableFields,
  courseId: entityIdSchema('Course ID'),
  guid: guidSchema,
  ...timestampFields,
});
export type Course = z.infer<typeof courseSchema>;

/** spec 02 §7: courseId and guid are used when both are supplied, otherwise the counter issues them. */
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
