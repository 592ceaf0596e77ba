import { describe, expect, it } from 'vitest';
import { leastRecentKey, type Recent } from './recency';

const entries = (...keys: string[]) => new Map(keys.map((key) => [key, { used: false } as Recent]));

describe('leastRecentKey (second chance)', () => {
  it('takes the oldest entry when none was used', () => {
    expect(leastRecentKey(entries('a', 'b', 'c'))).toBe('a');
  });

  it('passes over used entries, unmarking them and moving them last', () => {
    const map = entries('a', 'b', 'c');
    map.get('a')!.used = true;
    map.get('b')!.used = true;
    expect(leastRecentKey(map)).toBe('c');
    expect([...map.keys()]).toEqual(['c', 'a', 'b']);
    expect([...map.values()].map((entry) => entry.used)).toEqual([false, false, false]);
    // Passed over once: next time they go in the order they were passed over.
    map.delete('c');
    expect(leastRecentKey(map)).toBe('a');
  });

  it('takes the oldest after one round when every entry was used', () => {
    const map = entries('a', 'b');
    for (const entry of map.values()) entry.used = true;
    expect(leastRecentKey(map)).toBe('a');
    expect(map.size).toBe(2);
  });

  it('gives undefined for an empty map', () => {
    expect(leastRecentKey(entries())).toBeUndefined();
  });

  it('keeps the busy entries through a flood of new ones', () => {
    const map = entries('busy-1', 'busy-2');
    const max = 4;
    for (let i = 0; i < 50; i++) {
      map.get('busy-1')!.used = true;
      map.get('busy-2')!.used = true;
      while (map.size >= max) map.delete(leastRecentKey(map)!);
      map.set(`new-${i}`, { used: false });
    }
    expect(map.has('busy-1')).toBe(true);
    expect(map.has('busy-2')).toBe(true);
    expect(map.has('new-49')).toBe(true);
    expect(map.size).toBe(max);
  });

  it('leaves the map as it is on a hit (a hit only marks its entry)', () => {
    const map = entries('a', 'b', 'c');
    map.get('a')!.used = true;
    expect([...map.keys()]).toEqual(['a', 'b', 'c']);
  });
});
