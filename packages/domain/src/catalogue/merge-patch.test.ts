import { describe, expect, it } from 'vitest';
import { itemSchema, updateItemInputSchema } from './item';
import { applyMergePatch, mergePatchSchema } from './merge-patch';

const patchSchema = mergePatchSchema(updateItemInputSchema, itemSchema);

describe('merge patches (decision 008)', () => {
  it('accepts null only on fields a stored item may lack', () => {
    expect(patchSchema.safeParse({ calories: null, basePrice: null, plu: null }).success).toBe(true);
    const refused = patchSchema.safeParse({ name: null, pos: null });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Item name cannot be empty'],
      ['pos', 'Invalid input: expected boolean, received null'],
    ]);
  });

  it('replaces sent fields, removes nulled ones and keeps the rest', () => {
    const stored = { name: 'Soup', calories: 120, plu: '7', tagIds: [1, 2] };
    expect(applyMergePatch(stored, { calories: null, tagIds: [3], plu: undefined })).toEqual({
      name: 'Soup',
      plu: '7',
      tagIds: [3],
    });
  });

  it('keeps a strict form strict', () => {
    const strict = mergePatchSchema(updateItemInputSchema, itemSchema, { strict: true });
    expect(strict.safeParse({ nickname: 'x' }).success).toBe(false);
    expect(patchSchema.safeParse({ nickname: 'x' }).success).toBe(true);
  });
});
