import {
  createModifierGroupInputSchema,
  type ModifierPricingStrategy,
  type SelectionRequirement,
} from '@brigade/domain/catalogue/modifier-group';
import { optionalNumber, optionalText, withoutUndefined } from '@brigade/ui/app-kit/form-values';
import { z } from 'zod';
import type { ModifierGroupRecord } from '../../catalogue-kit/catalogue-api';
import { changedMergePatch } from '../../components/merge-patch';

/**
 * The modifier-group editor's form: pricing, selection bounds and the modifiers with their
 * prices, validated with the server's createModifierGroupInputSchema (same rules, same messages).
 */

export interface ModifierFormValue {
  id?: number | undefined;
  guid?: string | undefined;
  number?: string | undefined;
  name: string;
  price?: number | undefined;
  calories?: number | undefined;
}

export interface ModifierGroupFormValues {
  name: string;
  number: string;
  posName: string;
  buttonColor: string;
  pricingStrategy: ModifierPricingStrategy;
  groupPrice?: number | undefined;
  modifiers: ModifierFormValue[];
  selectionRequirement: SelectionRequirement;
  includePosPrompt: boolean;
  allowMultipleSelection: boolean;
  minSelection?: number | undefined;
  maxSelection?: number | undefined;
  allowDuplicateSelection: boolean;
  pos: boolean;
  kiosk: boolean;
  onlineOrdering: boolean;
  customerInvoices: boolean;
  onlineOrderingPartners: boolean;
  isActive: boolean;
}

export function modifierGroupFormValues(
  group?: Partial<ModifierGroupRecord> | null,
): ModifierGroupFormValues {
  return {
    name: group?.name ?? '',
    number: group?.number ?? '',
    posName: group?.posName ?? '',
    buttonColor: group?.buttonColor ?? '',
    pricingStrategy: group?.pricingStrategy ?? 'No charge',
    groupPrice: group?.groupPrice ?? undefined,
    modifiers: (group?.modifiers ?? []).map((m) => ({
      id: m.id,
      guid: m.guid,
      number: m.number,
      name: m.name,
      price: m.price ?? undefined,
      calories: m.calories ?? undefined,
    })),
    selectionRequirement: group?.selectionRequirement ?? 'Optional',
    includePosPrompt: group?.includePosPrompt ?? false,
    allowMultipleSelection: group?.allowMultipleSelection ?? false,
    // minSelection defaults to 1.
    minSelection: group?.minSelection ?? 1,
    maxSelection: group?.maxSelection ?? undefined,
    allowDuplicateSelection: group?.allowDuplicateSelection ?? false,
    // A modifier group's channel flags default to false.
    pos: group?.pos ?? false,
    kiosk: group?.kiosk ?? false,
    onlineOrdering: group?.onlineOrdering ?? false,
    customerInvoices: group?.customerInvoices ?? false,
    onlineOrderingPartners: group?.onlineOrderingPartners ?? false,
    isActive: group?.isActive ?? true,
  };
}

export function normaliseModifierGroupForm(values: ModifierGroupFormValues): Record<string, unknown> {
  return {
    name: values.name,
    number: optionalText(values.number),
    posName: optionalText(values.posName),
    buttonColor: optionalText(values.buttonColor),
    pricingStrategy: values.pricingStrategy,
    groupPrice: values.pricingStrategy === 'Group' ? optionalNumber(values.groupPrice) : undefined,
    modifiers: values.modifiers.map((m) =>
      withoutUndefined({
        id: m.id,
        guid: m.guid,
        number: optionalText(m.number),
        name: m.name,
        price: optionalNumber(m.price),
        calories: optionalNumber(m.calories),
      }),
    ),
    selectionRequirement: values.selectionRequirement,
    includePosPrompt: values.includePosPrompt,
    allowMultipleSelection: values.allowMultipleSelection,
    minSelection: optionalNumber(values.minSelection),
    maxSelection: optionalNumber(values.maxSelection),
    allowDuplicateSelection: values.allowDuplicateSelection,
    pos: values.pos,
    kiosk: values.kiosk,
    onlineOrdering: values.onlineOrdering,
    customerInvoices: values.customerInvoices,
    onlineOrderingPartners: values.onlineOrderingPartners,
    isActive: values.isActive,
  };
}

export const modifierGroupFormSchema = z.preprocess(
  (values) => normaliseModifierGroupForm(values as ModifierGroupFormValues),
  createModifierGroupInputSchema,
);

export const MODIFIER_GROUP_FORM_FIELDS = [
  'name',
  'number',
  'posName',
  'buttonColor',
  'pricingStrategy',
  'groupPrice',
  'modifiers',
  'selectionRequirement',
  'includePosPrompt',
  'allowMultipleSelection',
  'minSelection',
  'maxSelection',
  'allowDuplicateSelection',
  'pos',
  'kiosk',
  'onlineOrdering',
  'customerInvoices',
  'onlineOrderingPartners',
  'isActive',
] as const;

export function modifierGroupBody(
  original: ModifierGroupRecord | null,
  values: ModifierGroupFormValues,
): Record<string, unknown> {
  return changedMergePatch(
    normaliseModifierGroupForm(values),
    original as unknown as Record<string, unknown>,
    MODIFIER_GROUP_FORM_FIELDS,
  );
}

/** "Choose 1", "Choose 0–3", "Choose 2 or more": the selection bounds in words. */
export function selectionSummary(group: {
  minSelection?: number | undefined;
  maxSelection?: number | null | undefined;
}): string {
  const min = group.minSelection ?? 0;
  const max = group.maxSelection ?? null;
  if (max === null) return min === 0 ? 'Any number' : `Choose ${min} or more`;
  return min === max ? `Choose ${min}` : `Choose ${min}–${max}`;
}
