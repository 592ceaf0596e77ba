import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createModifierGroupInputSchema,
  modifierGroupReferenceSchema,
  modifierGroupSchema,
  modifierInputSchema,
  updateModifierGroupInputSchema,
} from './modifier-group';

type Parsed = { error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (result: Parsed) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('modifierInputSchema', () => {
  it("refuses a blank name with the spec's message", () => {
    expect(messages(modifierInputSchema.safeParse({ name: ' ' }))).toEqual([
      ['name', 'Modifier name cannot be empty'],
    ]);
  });

  it('accepts null price and calories but not negative calories', () => {
    expect(modifierInputSchema.parse({ name: 'Bacon', price: null, calories: null })).toMatchObject({
      price: null,
      calories: null,
    });
    expect(messages(modifierInputSchema.safeParse({ name: 'Bacon', calories: -1 }))).toEqual([
      ['calories', 'Calories cannot be negative'],
    ]);
  });
});

describe('createModifierGroupInputSchema', () => {
  it('fills the spec defaults, with every channel off', () => {
    expect(createModifierGroupInputSchema.parse({ name: 'Toppings' })).toEqual({
      name: 'Toppings',
      pricingStrategy: 'No charge',
      modifiers: [],
      selectionRequirement: 'Optional',
      includePosPrompt: false,
      allowMultipleSelection: false,
      minSelection: 1,
      allowDuplicateSelection: false,
      pos: false,
      kiosk: false,
      onlineOrdering: false,
      customerInvoices: false,
      onlineOrderingPartners: false,
      isActive: true,
    });
  });

  it("refuses a blank name with the spec's message", () => {
    expect(messages(createModifierGroupInputSchema.safeParse({ name: '' }))).toEqual([
      ['name', 'Modifier group name cannot be empty'],
    ]);
  });

  it('requires a group price for Group pricing', () => {
    expect(
      messages(createModifierGroupInputSchema.safeParse({ name: 'Sides', pricingStrategy: 'Group' })),
    ).toEqual([['groupPrice', 'Group price is required when pricing strategy is Group']]);
    expect(
      createModifierGroupInputSchema.safeParse({ name: 'Sides', pricingStrategy: 'Group', groupPrice: 2 })
        .success,
    ).toBe(true);
  });

  it('refuses a maximum below the minimum', () => {
    expect(
      messages(createModifierGroupInputSchema.safeParse({ name: 'Sides', minSelection: 2, maxSelection: 1 })),
    ).toEqual([['maxSelection', 'Maximum selection cannot be less than minimum selection']]);
    expect(
      createModifierGroupInputSchema.safeParse({ name: 'Sides', minSelection: 2, maxSelection: 2 }).success,
    ).toBe(true);
  });

  it('requires minSelection to be a whole number of at least 0', () => {
    expect(messages(createModifierGroupInputSchema.safeParse({ name: 'Sides', minSelection: -1 }))).toEqual([
      ['minSelection', 'Minimum selection cannot be negative'],
    ]);
    expect(messages(createModifierGroupInputSchema.safeParse({ name: 'Sides', minSelection: 1.5 }))).toEqual([
      ['minSelection', 'Minimum selection must be a whole number'],
    ]);
  });

  it('accepts modifiers without id and guid', () => {
    const group = createModifierGroupInputSchema.parse({
      name: 'Sides',
      modifiers: [{ name: 'Fries', price: 3 }],
    });
    expect(group.modifiers).toEqual([{ name: 'Fries', price: 3 }]);
  });
});

describe('modifierGroupSchema', () => {
  it('requires modifiers to carry id and guid once stored', () => {
    const result = modifierGroupSchema.safeParse({
      modifierGroupId: 1,
      guid: randomUUID(),
      name: 'Sides',
      modifiers: [{ name: 'Fries' }],
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'modifiers.0.id',
      'modifiers.0.guid',
    ]);
  });
});

describe('updateModifierGroupInputSchema', () => {
  it('fills in no defaults for omitted fields', () => {
    expect(updateModifierGroupInputSchema.parse({ isActive: false })).toEqual({ isActive: false });
  });

  it('checks the selection range when both ends are sent', () => {
    expect(messages(updateModifierGroupInputSchema.safeParse({ minSelection: 3, maxSelection: 2 }))).toEqual([
      ['maxSelection', 'Maximum selection cannot be less than minimum selection'],
    ]);
    expect(updateModifierGroupInputSchema.safeParse({ maxSelection: 0 }).success).toBe(true);
  });
});

describe('modifierGroupReferenceSchema', () => {
  it('defaults position to 0', () => {
    expect(modifierGroupReferenceSchema.parse({ modifierGroupId: 4 })).toEqual({
      modifierGroupId: 4,
      position: 0,
    });
  });

  it('requires an integer modifierGroupId', () => {
    expect(messages(modifierGroupReferenceSchema.safeParse({ modifierGroupId: 1.5 }))).toEqual([
      ['modifierGroupId', 'Modifier group ID must be an integer'],
    ]);
    expect(messages(modifierGroupReferenceSchema.safeParse({}))).toEqual([
      ['modifierGroupId', 'Modifier group ID must be an integer'],
    ]);
  });

  it('requires minSelection of at least 1 for a required group', () => {
    expect(
      messages(
        modifierGroupReferenceSchema.safeParse({ modifierGroupId: 4, isRequired: true, minSelection: 0 }),
      ),
    ).toEqual([['minSelection', 'Minimum selection must be at least 1 if the group is required']]);
    expect(
      modifierGroupReferenceSchema.safeParse({ modifierGroupId: 4, isRequired: false, minSelection: 0 })
        .success,
    ).toBe(true);
    expect(
      modifierGroupReferenceSchema.safeParse({ modifierGroupId: 4, isRequired: true, minSelection: 1 })
        .success,
    ).toBe(true);
  });
});
