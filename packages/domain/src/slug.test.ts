import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it('lowercases the name', () => {
    expect(slugify('BrigadeBistro')).toBe('brigadebistro');
  });

  it('turns each run of non-alphanumerics into one hyphen', () => {
    expect(slugify("Joe's  Pizza & Grill")).toBe('joe-s-pizza-grill');
    expect(slugify('a---b___c')).toBe('a-b-c');
  });

  it('removes leading and trailing hyphens', () => {
    expect(slugify('  --The Corner Café!-- ')).toBe('the-corner-cafe');
  });

  it('keeps digits', () => {
    expect(slugify('Route 66 Diner')).toBe('route-66-diner');
  });

  it('folds accented letters instead of dropping them', () => {
    expect(slugify('Crème Brûlée Bar')).toBe('creme-brulee-bar');
  });

  it('gives an empty slug for a name without letters or digits', () => {
    expect(slugify('!!! ???')).toBe('');
  });

  it('is idempotent, so availability checks can normalise a slug again', () => {
    const slug = slugify('The Golden Spoon');
    expect(slugify(slug)).toBe(slug);
  });
});
