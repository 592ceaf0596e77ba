import { describe, expect, it } from 'vitest';
import { isPlatformHost, lookupHostsFor, platformDomainsOf, platformMappingErrors } from './platform-domains';

const platform = platformDomainsOf({ baseDomain: 'Brigade.Test.', ownHosts: ['app.example.com'] });

describe('the names the platform keeps', () => {
  it('keeps the base domain, its reserved labels (and what is under them) and its own hosts', () => {
    for (const host of [
      'brigade.test',
      'WWW.brigade.test',
      'api.brigade.test',
      'mail.brigade.test',
      'x.admin.brigade.test',
      'app.example.com',
    ]) {
      expect(isPlatformHost(host, platform), host).toBe(true);
    }
    for (const host of [
      'pizza.brigade.test',
      'www.pizza.brigade.test',
      'brigade.test.example.com',
      'a.com',
    ]) {
      expect(isPlatformHost(host, platform), host).toBe(false);
    }
  });

  it('always keeps www, whatever list is configured', () => {
    const custom = platformDomainsOf({ baseDomain: 'brigade.test', reservedLabels: ['Kitchen'] });
    expect(isPlatformHost('www.brigade.test', custom)).toBe(true);
    expect(isPlatformHost('kitchen.brigade.test', custom)).toBe(true);
    expect(isPlatformHost('api.brigade.test', custom)).toBe(false);
  });

  it('refuses platform names for every type, custom names under the base and subdomains outside it', () => {
    expect(platformMappingErrors('www.brigade.test', 'subdomain', platform)).toEqual([
      'Cannot use reserved domain',
    ]);
    expect(platformMappingErrors('brigade.test', 'custom', platform)).toEqual(['Cannot use reserved domain']);
    expect(platformMappingErrors('pizza.brigade.test', 'custom', platform)).toEqual([
      'A name under brigade.test can only be mapped as a subdomain',
    ]);
    expect(platformMappingErrors('pizza.example.com', 'subdomain', platform)).toEqual([
      'Subdomain must be a name under brigade.test',
    ]);
    expect(platformMappingErrors('a.b.brigade.test', 'subdomain', platform)).toEqual([
      'Subdomain must contain only letters, numbers, and hyphens, and cannot start or end with a hyphen',
    ]);
    expect(platformMappingErrors('pizza.brigade.test', 'subdomain', platform)).toEqual([]);
    expect(platformMappingErrors('www.pizza.example.com', 'custom', platform)).toEqual([]);
  });

  it('never pairs a host with a platform name through its www counterpart', () => {
    expect(lookupHostsFor('brigade.test', platform)).toEqual([]);
    expect(lookupHostsFor('www.brigade.test', platform)).toEqual([]);
    expect(lookupHostsFor('pizza.brigade.test', platform)).toEqual([
      'pizza.brigade.test',
      'www.pizza.brigade.test',
    ]);
    expect(lookupHostsFor('www.app.example.com', platform)).toEqual(['www.app.example.com']);
    expect(lookupHostsFor('a.com', platform)).toEqual(['a.com', 'www.a.com']);
  });
});
