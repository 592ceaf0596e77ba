import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cashDrawerSchema, createCashDrawerInputSchema, updateCashDrawerInputSchema } from './cash-drawer';

type Parsed = { error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (result: Parsed) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('createCashDrawerInputSchema', () => {
  it('fills the spec defaults', () => {
    expect(createCashDrawerInputSchema.parse({ name: 'Front' })).toEqual({
      name: 'Front',
      primaryStartingBalance: 0,
      secondaryStartingBalance: 0,
      primaryResetBalanceType: 'Automatic',
      secondaryResetBalanceType: 'Automatic',
    });
  });

  it('allows a name of 30 characters but not 31', () => {
    expect(createCashDrawerInputSchema.safeParse({ name: 'x'.repeat(30) }).success).toBe(true);
    expect(messages(createCashDrawerInputSchema.safeParse({ name: 'x'.repeat(31) }))).toEqual([
      ['name', 'Cash drawer name cannot be longer than 30 characters'],
    ]);
  });

  it('accepts Manual reset and refuses other reset types and negative balances', () => {
    expect(
      createCashDrawerInputSchema.parse({ primaryResetBalanceType: 'Manual' }).primaryResetBalanceType,
    ).toBe('Manual');
    expect(messages(createCashDrawerInputSchema.safeParse({ secondaryResetBalanceType: 'Daily' }))).toEqual([
      ['secondaryResetBalanceType', 'Reset balance type must be Automatic or Manual'],
    ]);
    expect(messages(createCashDrawerInputSchema.safeParse({ primaryStartingBalance: -5 }))).toEqual([
      ['primaryStartingBalance', 'Starting balance cannot be negative'],
    ]);
  });
});

describe('cashDrawerSchema', () => {
  it('requires id and guid', () => {
    expect(cashDrawerSchema.safeParse({}).error?.issues.map((issue) => issue.path.join('.'))).toEqual([
      'id',
      'guid',
    ]);
    expect(cashDrawerSchema.parse({ id: 1, guid: randomUUID() }).primaryStartingBalance).toBe(0);
  });
});

describe('updateCashDrawerInputSchema', () => {
  it('fills in no defaults for omitted fields', () => {
    expect(updateCashDrawerInputSchema.parse({ name: 'Bar' })).toEqual({ name: 'Bar' });
  });
});
