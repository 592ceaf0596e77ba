import { z } from 'zod';
import { multilineText, requiredText } from '../text';
import { displayNumberSchema, entityIdSchema, guidSchema, timestampFields } from './fields';

const editableFields = {
  number: displayNumberSchema,
  name: requiredText('Sales category name cannot be empty'),
  description: multilineText().optional(),
  code: requiredText('Sales category code cannot be empty'),
};

/** A stored sales category. */
export const salesCategorySchema = z.object({
  ...editableFields,
  salesCategoryId: entityIdSchema('Sales category ID'),
  guid: guidSchema,
  ...timestampFields,
});
export type SalesCategory = z.infer<typeof salesCategorySchema>;

/** salesCategoryId and guid are used when both are supplied, otherwise the counter issues them. */
export const createSalesCategoryInputSchema = z.object({
  ...editableFields,
  salesCategoryId: entityIdSchema('Sales category ID').optional(),
  guid: guidSchema.optional(),
});
export type CreateSalesCategoryInput = z.input<typeof createSalesCategoryInputSchema>;
export type CreateSalesCategoryData = z.output<typeof createSalesCategoryInputSchema>;

export const updateSalesCategoryInputSchema = z.object(editableFields).partial();
export type UpdateSalesCategoryInput = z.input<typeof updateSalesCategoryInputSchema>;
export type UpdateSalesCategoryData = z.output<typeof updateSalesCategoryInputSchema>;
