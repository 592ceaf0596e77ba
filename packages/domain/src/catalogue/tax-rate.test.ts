import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTaxRateInputSchema, taxRateSchema, updateTaxRateInputSchema } from './tax-rate';

type Parsed = { error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (result: Parsed) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('createTaxRateInputSchema', () => {
  it('fills the spec defaults', () => {
    expect(createTaxRateInputSchema.parse({ name: 'State tax' })).toEqual({
      name: 'State tax',
      type: 'Percent',
      disabled: false,
      rate: 0,
      default: false,
      takeoutTaxEnabled: false,
      roundingOptions: 'Half Even Rounding',
    });
  });

  it("refuses a blank name and a negative rate with the spec's messages", () => {
    expect(messages(createTaxRateInputSchema.safeParse({ name: '', rate: -0.01 }))).toEqual([
      ['name', 'Tax rate name cannot be empty'],
      ['rate', 'Rate cannot be negative'],
    ]);
  });

  it("accepts the 'Tax Table' type and the other rounding options", () => {
    const rate = createTaxRateInputSchema.parse({
      name: 'City tax',
      type: 'Tax Table',
      roundingOptions: 'Always Round Up',
      takeoutTaxEnabled: true,
      takeoutTaxrate: 5,
    });
    expect(rate).toMatchObject({ type: 'Tax Table', roundingOptions: 'Always Round Up', takeoutTaxrate: 5 });
    expect(createTaxRateInputSchema.safeParse({ name: 'City tax', roundingOptions: 'Banker' }).success).toBe(
      false,
    );
  });
});

describe('taxRateSchema', () => {
  it('loads a stored record and completes it with the defaults', () => {
    const rate = taxRateSchema.parse({
      taxRateId: 1,
      guid: randomUUID(),
      name: 'State tax',
      rate: 8.75,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect(rate).toMatchObject({ rate: 8.75, type: 'Percent', roundingOptions: 'Half Even Rounding' });
  });
});

describe('updateTaxRateInputSchema', () => {
  it('fills in no defaults for omitted fields', () => {
    expect(updateTaxRateInputSchema.parse({ disabled: true })).toEqual({ disabled: true });
    expect(messages(updateTaxRateInputSchema.safeParse({ rate: -1 }))).toEqual([
      ['rate', 'Rate cannot be negative'],
    ]);
  });
});
