import { describe, expect, it } from 'vitest';
import { requestHash, stableJson } from './request-hash';

describe('requestHash', () => {
  it('is the same whatever the order of keys, and ignores absent fields', () => {
    expect(requestHash('op', { a: 1, b: { c: [1, { d: 2, e: 3 }] } })).toBe(
      requestHash('op', { b: { c: [1, { e: 3, d: 2 }] }, a: 1, f: undefined }),
    );
  });

  it('tells apart other values, other operations and other instants', () => {
    expect(requestHash('op', { a: 1 })).not.toBe(requestHash('op', { a: 2 }));
    expect(requestHash('op', { a: 1 })).not.toBe(requestHash('other', { a: 1 }));
    const at = (iso: string) => ({ pickup: { at: new Date(iso) } });
    expect(requestHash('op', at('2026-12-05T18:00:00Z'))).not.toBe(
      requestHash('op', at('2026-12-05T18:15:00Z')),
    );
    expect(stableJson(new Date('2026-12-05T18:00:00Z'))).toBe('"2026-12-05T18:00:00.000Z"');
  });
});
