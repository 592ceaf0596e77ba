import { describe, expect, it } from 'vitest';
import { hashOf, SeenKeys } from './seen-keys';

describe('SeenKeys', () => {
  it('tells a key offered before from a new one', () => {
    const seen = new SeenKeys(10);
    expect(seen.seenBefore('127.0.0.1:3004\n/harbor-grill\n')).toBe(false);
    expect(seen.seenBefore('127.0.0.2:3004\n/harbor-grill\n')).toBe(false);
    expect(seen.seenBefore('127.0.0.1:3004\n/harbor-grill\n')).toBe(true);
  });

  it('remembers at least its capacity of the latest keys, and forgets older ones', () => {
    const seen = new SeenKeys(100);
    for (let i = 0; i < 100; i++) seen.seenBefore(`key-${i}`);
    // the last 100 are all remembered, across the change of generation
    for (let i = 0; i < 100; i++) seen.seenBefore(`other-${i}`);
    expect(seen.seenBefore('other-0')).toBe(true);
    expect(seen.seenBefore('other-99')).toBe(true);
    // two generations later the first keys are gone
    for (let i = 0; i < 200; i++) seen.seenBefore(`third-${i}`);
    expect(seen.seenBefore('key-5')).toBe(false);
  });

  it('hashes to small non-negative integers that differ between near keys', () => {
    const hashes = new Set<number>();
    for (let i = 0; i < 10_000; i++) {
      const hash = hashOf(`127.0.${i >> 8}.${i & 255}:3004\n/harbor-grill\n`);
      expect(hash >= 0 && hash < 2 ** 30 && Number.isInteger(hash)).toBe(true);
      hashes.add(hash);
    }
    expect(hashes.size).toBeGreaterThan(9_990);
  });
});
