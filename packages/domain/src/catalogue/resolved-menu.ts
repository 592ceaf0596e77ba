import { z } from 'zod';
import { queryTime } from '../query-dates';
import { type Item, itemSchema } from './item';
import { MENU_CHANNELS } from './menu-availability';
import { type MenuGroup, menuGroupSchema } from './menu-group';
import { type ModifierGroup, modifierGroupSchema } from './modifier-group';
import { type Tag, tagSchema } from './tag';

/**
 * A resolved menu (issue 6): a menu group with everything under it in one document, references replaced by
 * what they reference, in position order. What the menu app, kiosks and public sites read.
 */

const referenceFields = {
  modifierGroupId: z.number(),
  position: z.number(),
  isRequired: z.boolean().optional(),
  minSelection: z.number().optional(),
  maxSelection: z.number().optional(),
  allowMultipleSelection: z.boolean().optional(),
  allowDuplicateSelection: z.boolean().optional(),
};

/** A modifier-group reference with its group (and the group's modifiers). */
export const resolvedModifierGroupReferenceSchema = z.object({
  ...referenceFields,
  modifierGroup: modifierGroupSchema,
});
export type ResolvedModifierGroupReference = z.infer<typeof referenceObject> & {
  modifierGroup: ModifierGroup;
};
const referenceObject = z.object(referenceFields);

export const resolvedItemSchema = z.object({
  ...itemSchema.shape,
  modifierGroups: z.array(resolvedModifierGroupReferenceSchema),
  tags: z.array(tagSchema),
});
export type ResolvedItem = Omit<Item, 'modifierGroups'> & {
  modifierGroups: ResolvedModifierGroupReference[];
  tags: Tag[];
};

export const resolvedItemReferenceSchema = z.object({
  itemId: z.number(),
  position: z.number(),
  isRequired: z.boolean(),
  item: resolvedItemSchema,
});
export interface ResolvedItemReference {
  itemId: number;
  position: number;
  isRequired: boolean;
  item: ResolvedItem;
}

export type ResolvedMenuGroup = Omit<MenuGroup, 'items' | 'modifierGroups' | 'subgroups'> & {
  items: ResolvedItemReference[];
  modifierGroups: ResolvedModifierGroupReference[];
  subgroups: ResolvedMenuGroup[];
  tags: Tag[];
};

const {
  items: _items,
  modifierGroups: _groups,
  subgroups: _subgroups,
  ...groupShape
} = menuGroupSchema.shape;

/**
 * A resolved group holds resolved subgroups, to any depth: a recursive schema (zod 4 getter). Its `id` names
 * it once in the OpenAPI document (components.schemas.ResolvedMenuGroup), which refers to itself.
 */
export const resolvedMenuGroupSchema: z.ZodType<ResolvedMenuGroup> = z
  .object({
    ...groupShape,
    items: z.array(resolvedItemReferenceSchema),
    modifierGroups: z.array(resolvedModifierGroupReferenceSchema),
    tags: z.array(tagSchema),
    get subgroups() {
      return z.array(resolvedMenuGroupSchema);
    },
  })
  .meta({ id: 'ResolvedMenuGroup' }) as z.ZodType<ResolvedMenuGroup>;

/** The query of the menu reads: a channel, and a moment (ISO date-time; without offset, the restaurant's). */
export const menuFilterSchema = z.object({
  channel: z.enum(MENU_CHANNELS, { error: `channel must be one of ${MENU_CHANNELS.join(', ')}` }).optional(),
  at: queryTime('at', 'local-date-time', 'at must be an ISO date-time').optional(),
});
export type MenuFilter = z.infer<typeof menuFilterSchema>;

/** The menu chooser: a parent group's card. */
export const menuSummarySchema = z.object({
  menuGroupId: z.number(),
  guid: z.string(),
  name: z.string(),
  description: z.string().optional(),
  image: z.string().optional(),
  position: z.number(),
  isMenu: z.boolean(),
});
export type MenuSummary = z.infer<typeof menuSummarySchema>;
