import { z } from 'zod';
import { multilineText, requiredText, text } from '../text';
import { displayNumberSchema, entityIdSchema, guidSchema, timestampFields } from './fields';

const editableFields = {
  number: displayNumberSchema,
  name: requiredText('Tag name cannot be empty'),
  color: text().optional(),
  description: multilineText().optional(),
};

/** A stored tag. Loading needs a numeric tagId, a string guid and a string name. */
export const tagSchema = z.object({
  ...editableFields,
  tagId: entityIdSchema('Tag ID'),
  guid: guidSchema,
  ...timestampFields,
});
export type Tag = z.infer<typeof tagSchema>;

/** tagId and guid are used when both are supplied, otherwise the counter issues them. */
export const createTagInputSchema = z.object({
  ...editableFields,
  tagId: entityIdSchema('Tag ID').optional(),
  guid: guidSchema.optional(),
});
export type CreateTagInput = z.input<typeof createTagInputSchema>;
export type CreateTagData = z.output<typeof createTagInputSchema>;

export const updateTagInputSchema = z.object(editableFields).partial();
export type UpdateTagInput = z.input<typeof updateTagInputSchema>;
export type UpdateTagData = z.output<typeof updateTagInputSchema>;
