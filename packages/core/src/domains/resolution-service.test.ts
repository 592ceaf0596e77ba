import { describe, expect, it } from 'vitest';
import { HostCache, isLocalHost, RESOLUTION_CACHE_TTL_MS } from './resolution-service';

describe('host cache', () => {
  it('keeps hits and misses for 5 minutes, then forgets them', () => {
    let now = 1_000;
    const cache = new HostCache(RESOLUTION_CACHE_TTL_MS, () => now);
    expect(RESOLUTION_CACHE_TTL_MS).toBe(300_000);
    cache.set('miss.example.com', null);
    expect(cache.get('miss.example.com')).toBeNull();
    expect(cache.get('never.example.com')).toBeUndefined();
    now += RESOLUTION_CACHE_TTL_MS;
    expect(cache.get('miss.example.com')).toBeUndefined();
    expect(cache.size).toBe(0);
  });
  it('clears everything on change', () => {
    const cache = new HostCache();
    cache.set('a.example.com', null);
    cache.set('b.example.com', null);
    cache.clear();
    expect(cache.size).toBe(0);
  });
});

describe('local hosts (spec 01 §2.6: not looked up as domains)', () => {
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
