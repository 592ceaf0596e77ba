import { describe, expect, it } from 'vitest';
import { createSalesCategoryInputSchema, updateSalesCategoryInputSchema } from './sales-category';

type Parsed = { error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (result: Parsed) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('createSalesCategoryInputSchema', () => {
  it("refuses a missing name and code with the spec's messages", () => {
    expect(messages(createSalesCategoryInputSchema.safeParse({ name: '', code: ' ' }))).toEqual([
      ['name', 'Sales category name cannot be empty'],
      ['code', 'Sales category code cannot be empty'],
    ]);
  });

  it('accepts a name and code', () => {
    expect(createSalesCategoryInputSchema.parse({ name: 'Food', code: 'FOOD' })).toEqual({
      name: 'Food',
      code: 'FOOD',
    });
  });
});

describe('updateSalesCategoryInputSchema', () => {
  it('accepts a partial change and still checks the code', () => {
    expect(updateSalesCategoryInputSchema.parse({ description: 'Kitchen sales' })).toEqual({
      description: 'Kitchen sales',
    });
    expect(messages(updateSalesCategoryInputSchema.safeParse({ code: '' }))).toEqual([
      ['code', 'Sales category code cannot be empty'],
    ]);
  });
});
