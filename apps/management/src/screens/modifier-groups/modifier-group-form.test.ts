import { describe, expect, it } from 'vitest';
import type { ModifierGroupRecord } from '../../catalogue-kit/catalogue-api';
import {
  type ModifierGroupFormValues,
  modifierGroupBody,
  modifierGroupFormSchema,
  modifierGroupFormValues,
  selectionSummary,
} from './modifier-group-form';

const messages = (values: ModifierGroupFormValues) => {
  const result = modifierGroupFormSchema.safeParse(values);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('modifier group form', () => {
  it('starts from the spec defaults', () => {
    const values = modifierGroupFormValues();
    expect(values.pricingStrategy).toBe('No charge');
    expect(values.minSelection).toBe(1);
    expect(values.pos).toBe(false);
    expect(values.selectionRequirement).toBe('Optional');
  });

  it("applies the server's rules and messages", () => {
    const base = { ...modifierGroupFormValues(), name: 'Toppings' };
    expect(messages({ ...base, name: '' })).toEqual(['name: Modifier group name cannot be empty']);
    expect(messages({ ...base, pricingStrategy: 'Group' })).toEqual([
      'groupPrice: Group price is required when pricing strategy is Group',
    ]);
    expect(messages({ ...base, minSelection: 2, maxSelection: 1 })).toEqual([
      'maxSelection: Maximum selection cannot be less than minimum selection',
    ]);
    expect(messages({ ...base, minSelection: 1.5 })).toEqual([
      'minSelection: Minimum selection must be a whole number',
    ]);
    expect(messages({ ...base, modifiers: [{ name: ' ' }] })).toEqual([
      'modifiers.0.name: Modifier name cannot be empty',
    ]);
    expect(messages({ ...base, modifiers: [{ name: 'Egg', calories: -1 }] })).toEqual([
      'modifiers.0.calories: Calories cannot be negative',
    ]);
    // issue 42: a modifier never takes money off, and a price is at most 999,999.99 in cents.
    expect(messages({ ...base, modifiers: [{ name: 'No cheese', price: -0.5 }] })).toEqual([
      'modifiers.0.price: Price cannot be negative',
    ]);
    expect(messages({ ...base, modifiers: [{ name: 'Gold', price: 1_000_000 }] })).toEqual([
      'modifiers.0.price: Price cannot exceed 999,999.99',
    ]);
  });

  it('builds the create body and the merge patch', () => {
    const values = {
      ...modifierGroupFormValues(),
      name: 'Toppings',
      pricingStrategy: 'Individual' as const,
      groupPrice: 3,
      modifiers: [{ name: 'Egg', price: 1.5 }, { name: 'Nori' }],
    };
    const body = modifierGroupBody(null, values);
    expect(body.groupPrice).toBeUndefined();
    expect(body.modifiers).toEqual([{ name: 'Egg', price: 1.5 }, { name: 'Nori' }]);

    const stored = {
      ...modifierGroupFormValues(),
      modifierGroupId: 2,
      name: 'Toppings',
      maxSelection: 3,
    } as unknown as ModifierGroupRecord;
    const edited = modifierGroupFormValues(stored);
    edited.maxSelection = undefined;
    edited.pos = true;
    expect(modifierGroupBody(stored, edited)).toEqual({ maxSelection: null, pos: true });
  });

  it('words the selection bounds', () => {
    expect(selectionSummary({ minSelection: 1, maxSelection: 1 })).toBe('Choose 1');
    expect(selectionSummary({ minSelection: 0, maxSelection: 3 })).toBe('Choose 0–3');
    expect(selectionSummary({ minSelection: 2 })).toBe('Choose 2 or more');
    expect(selectionSummary({ minSelection: 0 })).toBe('Any number');
  });
});
