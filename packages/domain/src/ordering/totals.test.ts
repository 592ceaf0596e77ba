import { describe, expect, it } from 'vitest';
import { cartLineSchema } from './cart';
import { type CartLine, type PricedLine, priceLine } from './line-pricing';
import { chargedCents, type OrderableItem } from './orderable';
import { centsOf, includedPercentOf, percentOf, roundFraction } from './rounding';
import { computeTotals, type OrderTaxRate, TIPS_OFF, TOTAL_BELOW_ZERO, type TotalsRules } from './totals';

const rate = (over: Partial<OrderTaxRate> & { taxRateId: number; rate: number }): OrderTaxRate => ({
  name: `Rate ${over.taxRateId}`,
  type: 'Percent',
  disabled: false,
  default: false,
  takeoutTaxEnabled: false,
  roundingOptions: 'Half Even Rounding',
  ...over,
});

const line = (over: Partial<PricedLine> & { lineTotal: number }): PricedLine => ({
  itemId: 1,
  name: 'Item',
  quantity: 1,
  unitPrice: over.lineTotal,
  modifiers: [],
  modifierCharge: 0,
  prepStationIds: [],
  taxRateIds: [],
  taxInclusion: false,
  takeoutTaxException: false,
  ...over,
});

const rules = (taxRates: OrderTaxRate[], over: Partial<TotalsRules> = {}): TotalsRules => ({
  taxRates,
  serviceChargePercent: 0,
  allowTips: true,
  tipPresets: [15, 18, 20],
  ...over,
});

describe('rounding', () => {
  it('rounds each mode as its name says, on exact halves and between them', () => {
    // 5/2 = 2.5, 7/2 = 3.5, 11/4 = 2.75, 9/4 = 2.25
    expect([5n, 7n].map((n) => roundFraction(n, 2n, 'Half Even Rounding'))).toEqual([2, 4]);
    expect([5n, 7n].map((n) => roundFraction(n, 2n, 'Half Up Rounding'))).toEqual([3, 4]);
    expect(roundFraction(11n, 4n, 'Always Round Down')).toBe(2);
    expect(roundFraction(9n, 4n, 'Always Round Up')).toBe(3);
    expect(roundFraction(8n, 4n, 'Always Round Up')).toBe(2);
    expect(roundFraction(-5n, 2n, 'Half Even Rounding')).toBe(-2);
  });

  it('takes percents of cents exactly, with no binary drift', () => {
    // 8.875% of $10.00 = 88.75 cents
    expect(percentOf(1000, 8.875, 'Half Even Rounding')).toBe(89);
    expect(percentOf(1000, 8.875, 'Always Round Down')).toBe(88);
    // 8.25% of $2.00 = 16.5 cents: half even keeps 16, half up gives 17
    expect(percentOf(200, 8.25, 'Half Even Rounding')).toBe(16);
    expect(percentOf(200, 8.25, 'Half Up Rounding')).toBe(17);
    // 0.1 + 0.2 style prices convert exactly
    expect(centsOf(0.29)).toBe(29);
    expect(centsOf(1.005)).toBe(101);
    expect(centsOf(12.5)).toBe(1250);
    // $10.90 including 9% tax carries 90 cents of tax
    expect(includedPercentOf(1090, 9, 'Half Even Rounding')).toBe(90);
  });
});

describe('computeTotals (hand-computed cases)', () => {
  it('taxes the summed lines once per rate, not line by line', () => {
    // Three $2.00 lines at 8.25%: per line 16.5 → 16 each (48); once on $6.00: 49.5 → 50 (half even: 49.5 → 50)
    const lines = [1, 2, 3].map((itemId) => line({ itemId, lineTotal: 200, taxRateIds: [1] }));
    const result = computeTotals(lines, undefined, rules([rate({ taxRateId: 1, rate: 8.25 })]));
    expect(result).toEqual({
      totals: {
        subtotal: 600,
        taxes: [{ taxRateId: 1, name: 'Rate 1', amount: 50, included: 0 }],
        tax: 50,
        includedTax: 0,
        serviceCharge: 0,
        tip: 0,
        total: 650,
      },
    });
  });

  it('uses the default rates for items that name none, skips disabled and tax-table rates', () => {
    const taxRates = [
      rate({ taxRateId: 1, rate: 6, default: true }),
      rate({ taxRateId: 2, rate: 2, default: true, disabled: true }),
      rate({ taxRateId: 3, rate: 5, type: 'Tax Table', default: true }),
      rate({ taxRateId: 4, rate: 10 }),
    ];
    const result = computeTotals(
      [line({ lineTotal: 1000 }), line({ itemId: 2, lineTotal: 500, taxRateIds: [4] })],
      undefined,
      rules(taxRates),
    );
    expect(result).toMatchObject({
      totals: {
        taxes: [
          { taxRateId: 1, amount: 60 },
          { taxRateId: 4, amount: 50 },
        ],
        tax: 110,
        total: 1610,
      },
    });
  });

  it('applies takeout rates and the takeout exception (online orders are taken out)', () => {
    const taxRates = [rate({ taxRateId: 1, rate: 10, takeoutTaxEnabled: true, takeoutTaxrate: 5 })];
    const result = computeTotals(
      [
        line({ lineTotal: 1000, taxRateIds: [1] }),
        line({ itemId: 2, lineTotal: 1000, taxRateIds: [1], takeoutTaxException: true }),
      ],
      undefined,
      rules(taxRates),
    );
    expect(result).toMatchObject({ totals: { tax: 50, total: 2050 } });
  });

  it('shows tax inside inclusive prices without adding it, split between the rates', () => {
    // $11.50 with 10% + 5% inside: net 10.00, taxes 1.00 and 0.50
    const taxRates = [rate({ taxRateId: 1, rate: 10 }), rate({ taxRateId: 2, rate: 5 })];
    const result = computeTotals(
      [line({ lineTotal: 1150, taxRateIds: [1, 2], taxInclusion: true })],
      undefined,
      rules(taxRates),
    );
    expect(result).toMatchObject({
      totals: {
        taxes: [
          { taxRateId: 1, amount: 0, included: 100 },
          { taxRateId: 2, amount: 0, included: 50 },
        ],
        tax: 0,
        includedTax: 150,
        total: 1150,
      },
    });
  });

  it('adds a fixed rate per unit, the service charge and a preset tip on the subtotal', () => {
    const taxRates = [rate({ taxRateId: 1, rate: 0.25, type: 'Fixed' })];
    const result = computeTotals(
      [line({ lineTotal: 1333, quantity: 3, taxRateIds: [1] })],
      { percent: 18 },
      rules(taxRates, { serviceChargePercent: 3 }),
    );
    // fixed 3 × 25 = 75; service 3% of 13.33 = 39.99 → 40; tip 18% of 13.33 = 239.94 → 240
    expect(result).toMatchObject({
      totals: { subtotal: 1333, tax: 75, serviceCharge: 40, tip: 240, total: 1688 },
    });
  });

  it('refuses a tip percent that is not a preset and any tip when tips are off', () => {
    expect(computeTotals([line({ lineTotal: 100 })], { percent: 17 }, rules([]))).toEqual({
      errors: [{ path: 'tip.percent', message: 'Tip percent must be one of 15, 18, 20' }],
    });
    expect(
      computeTotals([line({ lineTotal: 100 })], { amount: 50 }, rules([], { allowTips: false })),
    ).toEqual({
      errors: [{ path: 'tip', message: TIPS_OFF }],
    });
    expect(
      computeTotals([line({ lineTotal: 100 })], { amount: 0 }, rules([], { allowTips: false })),
    ).toMatchObject({
      totals: { tip: 0, total: 100 },
    });
  });
});

const burger: OrderableItem = {
  itemId: 7,
  name: 'Burger',
  containsAlcohol: false,
  pricingStrategy: 'size',
  price: 0,
  sizes: [
    { id: 1, name: 'Single', price: 1000 },
    { id: 2, name: 'Double', price: 1400 },
  ],
  modifierGroups: [
    {
      modifierGroupId: 30,
      name: 'Cheese',
      minSelection: 1,
      maxSelection: 1,
      allowDuplicates: false,
      pricingStrategy: 'Individual',
      groupPrice: 0,
      modifiers: [
        { id: 1, name: 'Cheddar', price: 100 },
        { id: 2, name: 'Swiss', price: 150 },
      ],
    },
    {
      modifierGroupId: 31,
      name: 'Extras',
      minSelection: 0,
      maxSelection: 3,
      allowDuplicates: true,
      pricingStrategy: 'Group',
      groupPrice: 200,
      modifiers: [
        { id: 1, name: 'Bacon', price: 0 },
        { id: 2, name: 'Egg', price: 0 },
      ],
    },
  ],
  soldOut: false,
  prepStationIds: [2],
  taxRateIds: [],
  taxInclusion: false,
  takeoutTaxException: false,
};

const cart = (input: unknown): CartLine => cartLineSchema.parse(input);

describe('priceLine', () => {
  it('prices the chosen size, individual modifiers and a group price once per unit', () => {
    const result = priceLine(
      cart({
        itemId: 7,
        sizeId: 2,
        quantity: 2,
        modifiers: [
          { modifierGroupId: 30, modifierId: 2 },
          { modifierGroupId: 31, modifierId: 1, quantity: 2 },
        ],
      }),
      burger,
      'lines.0',
    );
    // (14.00 + 1.50 Swiss + 2.00 extras) × 2
    expect(result).toMatchObject({
      line: { unitPrice: 1400, modifierCharge: 350, lineTotal: 3500, sizeName: 'Double' },
    });
  });

  it('names every broken rule at once: size, minimum, modifier outside its group', () => {
    const result = priceLine(
      cart({ itemId: 7, quantity: 1, modifiers: [{ modifierGroupId: 99, modifierId: 1 }] }),
      burger,
      'lines.3',
    );
    expect(result).toEqual({
      errors: [
        { path: 'lines.3.sizeId', message: 'Choose a size for Burger' },
        { path: 'lines.3.modifiers.0', message: 'That choice is not an option of this item' },
        { path: 'lines.3.modifiers', message: 'Choose an option in Cheese' },
      ],
    });
  });

  it('refuses too many choices, a repeated choice where repeats are off, sold-out and missing items', () => {
    const twoCheeses = priceLine(
      cart({
        itemId: 7,
        sizeId: 1,
        quantity: 1,
        modifiers: [
          { modifierGroupId: 30, modifierId: 1 },
          { modifierGroupId: 30, modifierId: 2 },
        ],
      }),
      burger,
      'lines.0',
    );
    expect(twoCheeses).toEqual({
      errors: [{ path: 'lines.0.modifiers', message: 'Choose only one option in Cheese' }],
    });
    const doubleCheddar = priceLine(
      cart({
        itemId: 7,
        sizeId: 1,
        quantity: 1,
        modifiers: [{ modifierGroupId: 30, modifierId: 1, quantity: 2 }],
      }),
      burger,
      'lines.0',
    );
    expect(doubleCheddar).toMatchObject({
      errors: [{ path: 'lines.0.modifiers.0', message: 'Cheddar can be chosen only once in Cheese' }],
    });
    const fourExtras = priceLine(
      cart({
        itemId: 7,
        sizeId: 1,
        quantity: 1,
        modifiers: [
          { modifierGroupId: 30, modifierId: 1 },
          { modifierGroupId: 31, modifierId: 1, quantity: 4 },
        ],
      }),
      burger,
      'lines.0',
    );
    expect(fourExtras).toEqual({
      errors: [{ path: 'lines.0.modifiers', message: 'Choose at most 3 options in Extras' }],
    });
    expect(
      priceLine(cart({ itemId: 7, sizeId: 1, quantity: 1 }), { ...burger, soldOut: true }, 'lines.0'),
    ).toEqual({
      errors: [{ path: 'lines.0.itemId', message: 'Burger is sold out' }],
    });
    expect(priceLine(cart({ itemId: 7, quantity: 1 }), undefined, 'lines.0')).toMatchObject({
      errors: [{ path: 'lines.0.itemId' }],
    });
  });

  it('refuses quantities outside 1-99 in the schema', () => {
    expect(cartLineSchema.safeParse({ itemId: 7, quantity: 0 }).success).toBe(false);
    expect(cartLineSchema.safeParse({ itemId: 7, quantity: 100 }).success).toBe(false);
    expect(cartLineSchema.safeParse({ itemId: 7, quantity: 1.5 }).success).toBe(false);
  });
});

describe('never below zero (issue 42 item 8)', () => {
  it('charges a stored negative price as nothing and leaves out a price beyond the bound', () => {
    expect(chargedCents(-50)).toBe(0);
    expect(chargedCents(12.5)).toBe(1250);
    expect(chargedCents(999_999.99)).toBe(99_999_999);
    expect(chargedCents(1e308)).toBeNull();
    expect(chargedCents(999_999.995)).toBeNull();
  });

  it('refuses a total below zero rather than charging one', () => {
    expect(computeTotals([line({ lineTotal: -4900 })], undefined, rules([]))).toEqual({
      errors: [{ path: 'lines', message: TOTAL_BELOW_ZERO }],
    });
  });
});
