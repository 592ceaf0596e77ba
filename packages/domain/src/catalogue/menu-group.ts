import { z } from 'zod';
import { multilineText, requiredText, text } from '../text';
import { perWeekday } from '../weekdays';
import {
  type CrossFieldRule,
  checkRules,
  displayNumberSchema,
  entityIdSchema,
  guidSchema,
  idListSchema,
  moneyAmount,
  nonNegativeInteger,
  nonNegativeNumber,
  timestampFields,
} from './fields';
import { isWebUrl } from './image-ref';
import { modifierGroupReferenceSchema } from './modifier-group';

/** Menu group: pricingType standard (default) | fixed | discount | special. */
export const MENU_PRICING_TYPES = ['standard', 'fixed', 'discount', 'special'] as const;
export type MenuPricingType = (typeof MENU_PRICING_TYPES)[number];

// --- Item reference -------------------------------------------------------------------------------------

/** ItemReference: an item's place in a menu group; itemId and position are both required. */
export const itemReferenceSchema = z.object({
  itemId: entityIdSchema('Item ID'),
  position: nonNegativeInteger('Position'),
  isRequired: z.boolean().default(false),
});
export type ItemReference = z.infer<typeof itemReferenceSchema>;
export type ItemReferenceInput = z.input<typeof itemReferenceSchema>;

// --- Availability ---------------------------------------------------------------------------------------

/** Availability per channel: dineIn, takeout, delivery, kiosk, online, partners (default true). */
export const channelAvailabilitySchema = z.object({
  dineIn: z.boolean().default(true),
  takeout: z.boolean().default(true),
  delivery: z.boolean().default(true),
  kiosk: z.boolean().default(true),
  online: z.boolean().default(true),
  partners: z.boolean().default(true),
});
export type ChannelAvailability = z.infer<typeof channelAvailabilitySchema>;

/** daysOfWeek and daysAvailable: seven booleans, all true by default. */
export const weekDaysSchema = perWeekday(() => z.boolean().default(true));
export type WeekDays = z.infer<typeof weekDaysSchema>;

const TIME_MESSAGE = 'Invalid time format, expected HH:MM';
const timeSchema = z.string({ error: TIME_MESSAGE }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_MESSAGE);

/** timeRange {startTime, endTime} as HH:MM. An end before the start runs past midnight. */
export const timeRangeSchema = z.object({ startTime: timeSchema, endTime: timeSchema });
export type TimeRange = z.infer<typeof timeRangeSchema>;

const DATE_MESSAGE = 'Invalid date format, expected YYYY-MM-DD';
const dateSchema = z.iso.date({ error: DATE_MESSAGE });

/**
 * dateRange: calendar days as YYYY-MM-DD (no time zone to get wrong);
 * either end may be open.
 */
export const dateRangeSchema = z
  .object({ startDate: dateSchema.optional(), endDate: dateSchema.optional() })
  .refine((range) => !range.startDate || !range.endDate || range.endDate >= range.startDate, {
    message: 'End date cannot be before start date',
    path: ['endDate'],
  });
export type DateRange = z.infer<typeof dateRangeSchema>;

/** seasonalAvailability: months 1-12, days 1-31, off by default. */
export const seasonalAvailabilitySchema = z.object({
  isActive: z.boolean().default(false),
  startMonth: z
    .number()
    .int('Month must be 1-12')
    .min(1, 'Month must be 1-12')
    .max(12, 'Month must be 1-12')
    .optional(),
  startDay: z
    .number()
    .int('Day must be 1-31')
    .min(1, 'Day must be 1-31')
    .max(31, 'Day must be 1-31')
    .optional(),
  endMonth: z
    .number()
    .int('Month must be 1-12')
    .min(1, 'Month must be 1-12')
    .max(12, 'Month must be 1-12')
    .optional(),
  endDay: z
    .number()
    .int('Day must be 1-31')
    .min(1, 'Day must be 1-31')
    .max(31, 'Day must be 1-31')
    .optional(),
  displayMessage: multilineText().optional(),
});
export type SeasonalAvailability = z.infer<typeof seasonalAvailabilitySchema>;

// --- Menu group -----------------------------------------------------------------------------------------

interface MenuGroupRuleFields {
  pricingType?: MenuPricingType;
  fixedPrice?: number;
  discountPercentage?: number;
  minRequired?: number;
  maxSelections?: number;
}

const PRICING_MISMATCH = 'Price/discount details do not match pricing type';

// A menu group's cross-field rules.
const menuGroupRules: readonly CrossFieldRule<MenuGroupRuleFields>[] = [
  {
    reads: ['pricingType', 'fixedPrice'],
    path: 'fixedPrice',
    message: PRICING_MISMATCH,
    holds: (v) => v.pricingType !== 'fixed' || v.fixedPrice !== undefined,
  },
  {
    reads: ['pricingType', 'discountPercentage'],
    path: 'discountPercentage',
    message: PRICING_MISMATCH,
    holds: (v) => v.pricingType !== 'discount' || v.discountPercentage !== undefined,
  },
  {
    reads: ['minRequired', 'maxSelections'],
    path: 'maxSelections',
    message: 'Maximum selections cannot be less than minimum required selections',
    holds: (v) =>
      v.minRequired === undefined || v.maxSelections === undefined || v.maxSelections >= v.minRequired,
  },
];

const pricingTypeSchema = z.enum(MENU_PRICING_TYPES, {
  error: 'Pricing type must be standard, fixed, discount or special',
});
// Menu group: image is a URL (the optimised-image JSON of items is not listed here).
const imageSchema = text({ error: 'Invalid image URL' }).refine(isWebUrl, 'Invalid image URL');
const discountMessage = 'Discount percentage must be between 0 and 100';

// The editable fields without defaults, so that a partial update fills nothing in.
const editableFields = {
  number: displayNumberSchema,
  // null in an update turns a child group into a parent group.
  parentId: entityIdSchema('Parent ID').nullable().optional(),
  name: requiredText('Menu group name cannot be empty'),
  posName: text().optional(),
  buttonColor: text().optional(),
  position: nonNegativeInteger('Position'),
  description: multilineText().optional(),
  items: z.array(itemReferenceSchema),
  modifierGroups: z.array(modifierGroupReferenceSchema),
  // Child groups by menuGroupId; each child also names this group as its parentId.
  subgroups: idListSchema('Subgroup IDs'),
  image: imageSchema.optional(),
  isMenu: z.boolean(),
  isActive: z.boolean(),
  pricingType: pricingTypeSchema,
  fixedPrice: moneyAmount('Fixed price').optional(),
  discountPercentage: z
    .number({ error: discountMessage })
    .min(0, discountMessage)
    .max(100, discountMessage)
    .optional(),
  minRequired: nonNegativeInteger('Minimum required selections').optional(),
  maxSelections: nonNegativeInteger('Maximum selections').optional(),
  visibleInPOS: z.boolean(),
  visibleInKiosk: z.boolean(),
  visibleInOnlineOrdering: z.boolean(),
  visibleInPartners: z.boolean(),
  visibleInInvoices: z.boolean(),
  inheritHideModifierPrices: z.boolean(),
  availability: channelAvailabilitySchema,
  dateRange: dateRangeSchema.optional(),
  timeRange: timeRangeSchema.optional(),
  daysOfWeek: weekDaysSchema,
  daysAvailable: weekDaysSchema,
  seasonalAvailability: seasonalAvailabilitySchema,
  tagIds: idListSchema('Tag IDs'),
  isSpecial: z.boolean(),
  isPriority: z.boolean(),
};

// A menu group's defaults; unspecified lists start empty and the unspecified isSpecial/isPriority start false.
const defaultedFields = {
  position: nonNegativeInteger('Position').default(0),
  items: z.array(itemReferenceSchema).default([]),
  modifierGroups: z.array(modifierGroupReferenceSchema).default([]),
  subgroups: idListSchema('Subgroup IDs').default([]),
  isMenu: z.boolean().default(false),
  isActive: z.boolean().default(true),
  pricingType: pricingTypeSchema.default('standard'),
  visibleInPOS: z.boolean().default(true),
  visibleInKiosk: z.boolean().default(true),
  visibleInOnlineOrdering: z.boolean().default(true),
  visibleInPartners: z.boolean().default(true),
  visibleInInvoices: z.boolean().default(true),
  inheritHideModifierPrices: z.boolean().default(true),
  availability: channelAvailabilitySchema.prefault({}),
  daysOfWeek: weekDaysSchema.prefault({}),
  daysAvailable: weekDaysSchema.prefault({}),
  seasonalAvailability: seasonalAvailabilitySchema.prefault({}),
  tagIds: idListSchema('Tag IDs').default([]),
  isSpecial: z.boolean().default(false),
  isPriority: z.boolean().default(false),
};

/** A stored menu group; fields a record lacks are completed with the defaults. */
export const menuGroupSchema = z
  .object({
    ...editableFields,
    ...defaultedFields,
    // read as it was written (docs/behaviour/catalogue.md#money-and-rates)
    fixedPrice: nonNegativeNumber('Fixed price').optional(),
    menuGroupId: entityIdSchema('Menu group ID'),
    guid: guidSchema,
    ...timestampFields,
  })
  .superRefine(checkRules(menuGroupRules, 'whole'));
export type MenuGroup = z.infer<typeof menuGroupSchema>;

/**
 * On create, removedSubgroupIds, removedItemIds, removedModifierGroupIds and isEditing are
 * dropped before validation. They are not in this shape, so zod strips them without looking at their values
 * (keep this object non-strict for that reason). menuGroupId and guid are used when both are
 * supplied, otherwise the counter issues them.
 */
export const createMenuGroupInputSchema = z
  .object({
    ...editableFields,
    ...defaultedFields,
    menuGroupId: entityIdSchema('Menu group ID').optional(),
    guid: guidSchema.optional(),
  })
  .superRefine(checkRules(menuGroupRules, 'whole'));
export type CreateMenuGroupInput = z.input<typeof createMenuGroupInputSchema>;
export type CreateMenuGroupData = z.output<typeof createMenuGroupInputSchema>;

/** The editing-only fields. They are applied by an update (see applyMenuGroupRemovals), never stored. */
const editingFields = {
  removedSubgroupIds: idListSchema('Removed subgroup IDs'),
  removedItemIds: idListSchema('Removed item IDs'),
  removedModifierGroupIds: idListSchema('Removed modifier group IDs'),
  isEditing: z.boolean(),
};

/**
 * Omitted fields stay as stored; a list or nested object, when sent, replaces the stored one. Rules the
 * patch alone cannot decide are checked on the merged group with menuGroupSchema.
 */
export const updateMenuGroupInputSchema = z
  .object({ ...editableFields, ...editingFields })
  .partial()
  .superRefine(checkRules(menuGroupRules, 'patch'));
export type UpdateMenuGroupInput = z.input<typeof updateMenuGroupInputSchema>;
export type UpdateMenuGroupData = z.output<typeof updateMenuGroupInputSchema>;

type MenuGroupLists = Pick<MenuGroup, 'items' | 'modifierGroups' | 'subgroups'>;

/**
 * Applies an update's removal lists to a group's items, modifier groups and subgroups (after the update's
 * own lists, if any, have replaced the stored ones). Returns new lists; the removal ids are not kept.
 */
export function applyMenuGroupRemovals(
  group: MenuGroupLists,
  removals: Pick<UpdateMenuGroupData, 'removedItemIds' | 'removedModifierGroupIds' | 'removedSubgroupIds'>,
): MenuGroupLists {
  const removedItems = new Set(removals.removedItemIds ?? []);
  const removedModifierGroups = new Set(removals.removedModifierGroupIds ?? []);
  const removedSubgroups = new Set(removals.removedSubgroupIds ?? []);
  return {
    items: group.items.filter((ref) => !removedItems.has(ref.itemId)),
    modifierGroups: group.modifierGroups.filter((ref) => !removedModifierGroups.has(ref.modifierGroupId)),
    subgroups: group.subgroups.filter((id) => !removedSubgroups.has(id)),
  };
}

/** A parent group is one without parentId. */
export const isParentGroup = (group: { parentId?: number | null }): boolean =>
  group.parentId === undefined || group.parentId === null;

/** A child group is one whose parentId matches a parent. */
export const isChildGroupOf = (
  group: { parentId?: number | null },
  parent: { menuGroupId: number },
): boolean => group.parentId === parent.menuGroupId;
