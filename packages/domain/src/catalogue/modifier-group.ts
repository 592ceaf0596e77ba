import { z } from 'zod';
import { INT32_MAX, INT32_MIN, int32MaxMessage, int32MinMessage } from '../integers';
import { requiredText, text } from '../text';
import {
  type CrossFieldRule,
  checkRules,
  displayNumberSchema,
  entityIdSchema,
  guidSchema,
  moneyAmount,
  nonNegativeInteger,
  nonNegativeNumber,
  timestampFields,
} from './fields';

/** Modifier group: pricingStrategy 'No charge' (default) | Individual | Group. */
export const MODIFIER_PRICING_STRATEGIES = ['No charge', 'Individual', 'Group'] as const;
export type ModifierPricingStrategy = (typeof MODIFIER_PRICING_STRATEGIES)[number];

/** Modifier group: selectionRequirement Optional (default) | Required. */
export const SELECTION_REQUIREMENTS = ['Optional', 'Required'] as const;
export type SelectionRequirement = (typeof SELECTION_REQUIREMENTS)[number];

const minSelectionSchema = nonNegativeInteger('Minimum selection');
const maxSelectionSchema = nonNegativeInteger('Maximum selection');

// maxSelection not below minSelection. An absent maximum means no upper limit.
const selectionRangeRule = {
  reads: ['minSelection', 'maxSelection'],
  path: 'maxSelection',
  message: 'Maximum selection cannot be less than minimum selection',
  holds: (v: { minSelection?: number; maxSelection?: number }) =>
    v.minSelection === undefined || v.maxSelection === undefined || v.maxSelection >= v.minSelection,
} as const satisfies CrossFieldRule<{ minSelection?: number; maxSelection?: number }>;

// --- Modifier -------------------------------------------------------------------------------------------

const modifierFields = {
  number: displayNumberSchema,
  name: requiredText('Modifier name cannot be empty'),
  calories: nonNegativeNumber('Calories').nullable().optional(),
};

/**
 * Modifier: id, guid, number, name, price (nullable), calories (>=0, nullable). Modifiers live
 * inside their group and have no counter, so their ids are local to the group.
 */
export const modifierSchema = z.object({
  ...modifierFields,
  // Read as it was written: a negative price was once allowed (docs/behaviour/catalogue.md#money-and-rates).
  price: z.number({ error: 'Price must be a number' }).nullable().optional(),
  id: entityIdSchema('Modifier ID'),
  guid: guidSchema,
});
export type Modifier = z.infer<typeof modifierSchema>;

/** A modifier as sent with its group: id and guid are filled in by the use-case when absent. */
export const modifierInputSchema = z.object({
  ...modifierFields,
  // issue 42: never negative (a modifier that took money off could take a total below zero), and bounded.
  price: moneyAmount('Price').nullable().optional(),
  id: entityIdSchema('Modifier ID').optional(),
  guid: guidSchema.optional(),
});
export type ModifierInput = z.input<typeof modifierInputSchema>;

// --- Modifier group reference (inside an item or menu group) --------------------------------------------

interface ReferenceRuleFields {
  isRequired?: boolean;
  minSelection?: number;
  maxSelection?: number;
}

const referenceRules: readonly CrossFieldRule<ReferenceRuleFields>[] = [
  // When the reference sets no minSelection, the group's own minSelection applies.
  {
    reads: ['isRequired', 'minSelection'],
    path: 'minSelection',
    message: 'Minimum selection must be at least 1 if the group is required',
    holds: (v) => v.isRequired !== true || v.minSelection === undefined || v.minSelection >= 1,
  },
  selectionRangeRule,
];

/**
 * ModifierGroupReference: how an item uses a modifier group. The selection fields, when set,
 * override the group's own for this item.
 */
export const modifierGroupReferenceSchema = z
  .object({
    modifierGroupId: z
      .number({ error: 'Modifier group ID must be an integer' })
      .int('Modifier group ID must be an integer')
      .min(INT32_MIN, int32MinMessage('Modifier group ID'))
      .max(INT32_MAX, int32MaxMessage('Modifier group ID')),
    position: nonNegativeInteger('Position').default(0),
    isRequired: z.boolean().optional(),
    minSelection: minSelectionSchema.optional(),
    maxSelection: maxSelectionSchema.optional(),
    allowMultipleSelection: z.boolean().optional(),
    allowDuplicateSelection: z.boolean().optional(),
  })
  .superRefine(checkRules(referenceRules, 'whole'));
export type ModifierGroupReference = z.infer<typeof modifierGroupReferenceSchema>;
export type ModifierGroupReferenceInput = z.input<typeof modifierGroupReferenceSchema>;

// --- Modifier group -------------------------------------------------------------------------------------

interface GroupRuleFields {
  pricingStrategy?: ModifierPricingStrategy;
  groupPrice?: number;
  minSelection?: number;
  maxSelection?: number;
}

const groupRules: readonly CrossFieldRule<GroupRuleFields>[] = [
  {
    reads: ['pricingStrategy', 'groupPrice'],
    path: 'groupPrice',
    message: 'Group price is required when pricing strategy is Group',
    holds: (v) => v.pricingStrategy !== 'Group' || v.groupPrice !== undefined,
  },
  selectionRangeRule,
];

const pricingStrategySchema = z.enum(MODIFIER_PRICING_STRATEGIES, {
  error: "Pricing strategy must be 'No charge', Individual or Group",
});
const selectionRequirementSchema = z.enum(SELECTION_REQUIREMENTS, {
  error: 'Selection requirement must be Optional or Required',
});

// The editable fields without defaults, so that a partial update fills nothing in.
const editableFields = {
  number: displayNumberSchema,
  name: requiredText('Modifier group name cannot be empty'),
  posName: text().optional(),
  buttonColor: text().optional(),
  pricingStrategy: pricingStrategySchema,
  groupPrice: moneyAmount('Group price').optional(),
  modifiers: z.array(modifierSchema),
  selectionRequirement: selectionRequirementSchema,
  includePosPrompt: z.boolean(),
  allowMultipleSelection: z.boolean(),
  minSelection: minSelectionSchema,
  maxSelection: maxSelectionSchema.optional(),
  allowDuplicateSelection: z.boolean(),
  pos: z.boolean(),
  kiosk: z.boolean(),
  onlineOrdering: z.boolean(),
  customerInvoices: z.boolean(),
  onlineOrderingPartners: z.boolean(),
  isActive: z.boolean(),
};

// A modifier group is on no channel until someone turns it on (unlike items).
const defaultedFields = {
  pricingStrategy: pricingStrategySchema.default('No charge'),
  modifiers: z.array(modifierSchema).default([]),
  selectionRequirement: selectionRequirementSchema.default('Optional'),
  includePosPrompt: z.boolean().default(false),
  allowMultipleSelection: z.boolean().default(false),
  minSelection: minSelectionSchema.default(1),
  allowDuplicateSelection: z.boolean().default(false),
  pos: z.boolean().default(false),
  kiosk: z.boolean().default(false),
  onlineOrdering: z.boolean().default(false),
  customerInvoices: z.boolean().default(false),
  onlineOrderingPartners: z.boolean().default(false),
  isActive: z.boolean().default(true),
};

/** A stored modifier group; fields a record lacks are completed with the defaults. */
export const modifierGroupSchema = z
  .object({
    ...editableFields,
    ...defaultedFields,
    // read as it was written (docs/behaviour/catalogue.md#money-and-rates)
    groupPrice: nonNegativeNumber('Group price').optional(),
    modifierGroupId: entityIdSchema('Modifier group ID'),
    guid: guidSchema,
    ...timestampFields,
  })
  .superRefine(checkRules(groupRules, 'whole'));
export type ModifierGroup = z.infer<typeof modifierGroupSchema>;

/**
 * Create and batch create validate each group; modifierGroupId and guid are used when
 * both are supplied, otherwise the counter issues them. Modifiers may come without id and guid.
 */
export const createModifierGroupInputSchema = z
  .object({
    ...editableFields,
    ...defaultedFields,
    modifiers: z.array(modifierInputSchema).default([]),
    modifierGroupId: entityIdSchema('Modifier group ID').optional(),
    guid: guidSchema.optional(),
  })
  .superRefine(checkRules(groupRules, 'whole'));
export type CreateModifierGroupInput = z.input<typeof createModifierGroupInputSchema>;
export type CreateModifierGroupData = z.output<typeof createModifierGroupInputSchema>;

/** Omitted fields stay as stored; a `modifiers` list, when sent, replaces the stored one. */
export const updateModifierGroupInputSchema = z
  .object({ ...editableFields, modifiers: z.array(modifierInputSchema) })
  .partial()
  .superRefine(checkRules(groupRules, 'patch'));
export type UpdateModifierGroupInput = z.input<typeof updateModifierGroupInputSchema>;
export type UpdateModifierGroupData = z.output<typeof updateModifierGroupInputSchema>;
