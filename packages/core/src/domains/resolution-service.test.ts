import { describe, expect, it } from 'vitest';
import {
  HOST_CACHE_MAX_ENTRIES,
  HostCache,
  type HostEntry,
  isLocalHost,
  RESOLUTION_CACHE_TTL_MS,
  UNKNOWN_HOST_TTL_MS,
} from './resolution-service';

describe('host cache', () => {
  const entry = { restaurantActive: true, mapping: {}, tenantId: 1, restaurantId: 11 } as HostEntry;

  it('keeps hits for 5 minutes and misses (unknown hosts) for 1 minute, then forgets them', () => {
    let now = 1_000;
    const cache = new HostCache({ now: () => now });
    expect(RESOLUTION_CACHE_TTL_MS).toBe(300_000);
    expect(UNKNOWN_HOST_TTL_MS).toBe(60_000);
    cache.set('miss.example.com', null);
    cache.set('hit.example.com', entry);
    expect(cache.get('miss.example.com')).toBeNull();
    expect(cache.get('never.example.com')).toBeUndefined();
    now += UNKNOWN_HOST_TTL_MS - 1;
    expect(cache.get('miss.example.com')).toBeNull();
    now += 1;
    expect(cache.get('miss.example.com')).toBeUndefined();
    expect(cache.get('hit.example.com')).toBe(entry);
    now = 1_000 + RESOLUTION_CACHE_TTL_MS;
    expect(cache.get('hit.example.com')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('clears everything on change', () => {
    const cache = new HostCache();
    cache.set('a.example.com', null);
    cache.set('b.example.com', null);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it("forgets only what a change concerns: the tenant's (or the restaurant's) hosts, unknown hosts when mappings changed", () => {
    const cache = new HostCache();
    const other = { ...entry, tenantId: 2, restaurantId: 21 };
    const fill = () => {
      cache.set('a.example.com', entry);
      cache.set('a2.example.com', { ...entry, restaurantId: 12 });
      cache.set('b.example.com', other);
      cache.set('unknown.example.com', null);
    };
    const kept = () =>
      ['a.example.com', 'a2.example.com', 'b.example.com', 'unknown.example.com'].filter(
        (h) => cache.get(h) !== undefined,
      );
    fill();
    cache.forget({ tenantId: 1, restaurantId: 11, mappings: false });
    expect(kept()).toEqual(['a2.example.com', 'b.example.com', 'unknown.example.com']);
    fill();
    cache.forget({ tenantId: 1, mappings: false });
    expect(kept()).toEqual(['b.example.com', 'unknown.example.com']);
    fill();
    cache.forget({ tenantId: 1, mappings: true });
    expect(kept()).toEqual(['b.example.com']);
    fill();
    cache.forget({ mappings: false });
    expect(kept()).toEqual([]);
  });

  it('remembers a bounded number of hosts, forgetting the least recently used first', () => {
    expect(HOST_CACHE_MAX_ENTRIES).toBe(10_000);
    const cache = new HostCache({ maxEntries: 3 });
    cache.set('a.example.com', entry);
    cache.set('b.example.com', null);
    cache.set('c.example.com', null);
    expect(cache.get('a.example.com')).toBe(entry); // a is now the most recently used
    cache.set('d.example.com', null);
    expect(cache.size).toBe(3);
    expect(cache.get('b.example.com')).toBeUndefined();
    expect(cache.get('a.example.com')).toBe(entry);
    // a flood of made-up hosts never grows it
    for (let i = 0; i < 1000; i++) cache.set(`random-${i}.example.com`, null);
    expect(cache.size).toBe(3);
  });
});

describe('local hosts (not looked up as domains)', () => {
  it('knows localhost and IP addresses', () => {
    for (const host of [
      'localhost',
      'localhost:5173',
      'app.localhost',
      '127.0.0.1',
      '10.0.0.2:3002',
      '[::1]:80',
      '',
    ]) {
      expect(isLocalHost(host), host).toBe(true);
    }
    expect(isLocalHost('eat.example.com')).toBe(false);
    expect(isLocalHost('eat.example.com:443')).toBe(false);
  });
});
