import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTagInputSchema, tagSchema, updateTagInputSchema } from './tag';

type Parsed = { error?: { issues: { path: PropertyKey[]; message: string }[] } };
const messages = (result: Parsed) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('createTagInputSchema', () => {
  it("refuses a missing or blank name with the spec's message", () => {
    expect(messages(createTagInputSchema.safeParse({}))).toEqual([['name', 'Tag name cannot be empty']]);
    expect(messages(createTagInputSchema.safeParse({ name: '' }))).toEqual([
      ['name', 'Tag name cannot be empty'],
    ]);
  });

  it('accepts color and description', () => {
    expect(
      createTagInputSchema.parse({ name: 'Vegan', color: '#00aa00', description: 'No animal products' }),
    ).toEqual({ name: 'Vegan', color: '#00aa00', description: 'No animal products' });
  });
});

describe('tagSchema', () => {
  it('needs a numeric tagId, a guid and a name to load', () => {
    const result = tagSchema.safeParse({ tagId: '1', createdAt: new Date(), updatedAt: new Date() });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['name', 'tagId', 'guid']);
    expect(
      tagSchema.safeParse({
        tagId: 1,
        guid: randomUUID(),
        name: 'Spicy',
        createdAt: new Date(),
        updatedAt: new Date(),
      }).success,
    ).toBe(true);
  });
});

describe('updateTagInputSchema', () => {
  it('accepts a partial change', () => {
    expect(updateTagInputSchema.parse({ color: 'red' })).toEqual({ color: 'red' });
  });
});
