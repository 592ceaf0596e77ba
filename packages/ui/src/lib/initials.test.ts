import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letter of the first two words', () => {
    expect(initials('harbor grill house')).toBe('HG');
    expect(initials('  ')).toBe('?');
  });

  it('keeps a leading emoji whole instead of half a surrogate pair', () => {
    const result = initials('😀 Bar');
    expect(result).toBe('😀B');
    expect(result).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
