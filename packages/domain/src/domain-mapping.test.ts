import { describe, expect, it } from 'vitest';
import {
  DOMAIN_MESSAGES,
  domainErrors,
  domainMappingSchema,
  domainSchema,
  domainSuggestions,
  generateUniqueSubdomain,
  hostingDomainSchema,
  initialStatuses,
  isDomainAvailable,
  isDomainExpired,
  isDomainExpiringSoon,
  isExternalDomain,
  isManagedDomain,
  isUsable,
  needsSslRenewal,
  needsVerification,
  protocolFor,
  redirectConfigSchema,
  redirectFor,
  seoConfigSchema,
  subdomainCandidate,
  subdomainSchema,
} from './domain-mapping';
import {
  bulkCreateDomainMappingsSchema,
  createDomainMappingInputSchema,
  domainMappingQuerySchema,
  updateDomainMappingInputSchema,
} from './domain-mapping-input';
import { lookupHostsFor } from './platform-domains';

const messages = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];
const GUID = '3f2c1d4e-5a6b-4c7d-8e9f-0123456789ab';

describe('domain validation', () => {
  it('requires a domain', () => {
    expect(messages(domainSchema.safeParse(''))).toEqual(['Domain is required']);
    expect(messages(domainSchema.safeParse(undefined))).toEqual(['Domain is required']);
  });
  it('refuses more than 253 characters', () => {
    const long = `${'a.'.repeat(130)}com`;
    expect(messages(domainSchema.safeParse(long))).toContain('Domain must be less than 253 characters');
  });
  it('refuses bad formats and labels over 63', () => {
    for (const bad of ['nodot', '-a.com', 'a-.com', 'a..com', 'a b.com', `${'a'.repeat(64)}.com`]) {
      expect(messages(domainSchema.safeParse(bad)), bad).toContain('Invalid domain format');
    }
    expect(messages(hostingDomainSchema.safeParse('nodot'))).toEqual(['Invalid domain name format']);
  });
  it('refuses reserved names', () => {
    for (const reserved of ['localhost.com', 'my.localhost.dev', 'x.invalid', 'invalid-name.com']) {
      expect(domainErrors(reserved), reserved).toContain('Cannot use reserved domain');
    }
  });
  it('lowercases and trims', () => {
    expect(domainSchema.parse('  WWW.Example.COM ')).toBe('www.example.com');
  });
  it('checks subdomains', () => {
    expect(messages(subdomainSchema.safeParse(''))).toEqual(['Subdomain is required']);
    expect(messages(subdomainSchema.safeParse('a'.repeat(64)))).toEqual([
      'Subdomain must be less than 63 characters',
    ]);
    for (const bad of ['-abc', 'abc-', 'a_b', 'a.b']) {
      expect(messages(subdomainSchema.safeParse(bad))).toEqual([DOMAIN_MESSAGES.subdomainFormat]);
    }
    expect(subdomainSchema.parse('my-place1')).toBe('my-place1');
  });
  it('checks guids and URLs', () => {
    const result = createDomainMappingInputSchema.safeParse({
      domain: 'example.com',
      domainType: 'custom',
      tenantGuid: 'nope',
      restaurantGuid: GUID,
      redirectConfig: { redirectTo: 'not a url' },
      seoConfig: { canonicalUrl: 'also not' },
    });
    expect(messages(result)).toEqual([
      'Invalid GUID format',
      'Invalid redirect URL',
      'Invalid canonical URL',
    ]);
    expect(redirectConfigSchema.parse({})).toEqual({ wwwRedirect: 'none' });
    expect(messages(redirectConfigSchema.safeParse({ wwwRedirect: 'sideways' })).length).toBe(1);
    expect(seoConfigSchema.parse({ noIndex: true })).toEqual({ noIndex: true });
  });
  it('refuses changes to immutable fields', () => {
    expect(messages(updateDomainMappingInputSchema.safeParse({ domain: 'x.com', guid: GUID }))).toEqual([
      'guid cannot be changed',
      'domain cannot be changed',
    ]);
    expect(updateDomainMappingInputSchema.parse({ isActive: false })).toEqual({ isActive: false });
  });
  it('requires at least one mapping in bulk', () => {
    expect(messages(bulkCreateDomainMappingsSchema.safeParse({ mappings: [] }))).toEqual([
      'At least one mapping is required',
    ]);
  });
  it('has query defaults and limits', () => {
    expect(domainMappingQuerySchema.parse({})).toEqual({
      limit: 50,
      offset: 0,
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
    expect(messages(domainMappingQuerySchema.safeParse({ limit: '101' }))).toEqual([
      'Limit cannot exceed 100',
    ]);
    expect(messages(domainMappingQuerySchema.safeParse({ offset: '-1' }))).toEqual([
      'Offset cannot be negative',
    ]);
    expect(domainMappingQuerySchema.parse({ isActive: 'false' }).isActive).toBe(false);
  });
});

describe('stored mapping', () => {
  const valid = {
    domainId: 30000001,
    guid: GUID,
    domain: 'eat.example.com',
    domainType: 'custom',
    tenantGuid: GUID,
    restaurantGuid: GUID,
    createdAt: new Date(),
    updatedAt: new Date(),
    createdBy: 'u1',
    updatedBy: 'u1',
  };
  it('fills the defaults', () => {
    expect(domainMappingSchema.parse(valid)).toMatchObject({
      isActive: true,
      isPrimary: false,
      sslStatus: 'pending',
      verificationStatus: 'pending',
      redirectConfig: { wwwRedirect: 'none' },
      seoConfig: {},
      hostingConfig: { verificationAttempts: 0, lastVerificationAttempt: null, verificationError: null },
    });
  });
  it('fails when a required field is missing or invalid', () => {
    expect(messages(domainMappingSchema.safeParse({ ...valid, createdBy: '' }))).toEqual([
      'Creator ID is required',
    ]);
    expect(messages(domainMappingSchema.safeParse({ ...valid, updatedBy: undefined }))).toEqual([
      'Updater ID is required',
    ]);
    expect(messages(domainMappingSchema.safeParse({ ...valid, restaurantGuid: 'x' }))).toEqual([
      'Invalid GUID format',
    ]);
    expect(messages(domainMappingSchema.safeParse({ ...valid, domain: '' }))).toEqual(['Domain is required']);
    expect(domainMappingSchema.safeParse({ ...valid, domainId: 0 }).success).toBe(false);
  });
});

describe('states', () => {
  it('starts subdomains issued and verified, custom domains pending', () => {
    expect(initialStatuses('subdomain')).toEqual({ sslStatus: 'issued', verificationStatus: 'verified' });
    expect(initialStatuses('custom')).toEqual({ sslStatus: 'pending', verificationStatus: 'pending' });
  });
  it('has the status helpers', () => {
    expect(needsVerification({ verificationStatus: 'pending' })).toBe(true);
    expect(needsVerification({ verificationStatus: 'failed' })).toBe(true);
    expect(needsVerification({ verificationStatus: 'verified' })).toBe(false);
    expect(needsSslRenewal({ sslStatus: 'expired' })).toBe(true);
    expect(needsSslRenewal({ sslStatus: 'failed' })).toBe(true);
    expect(needsSslRenewal({ sslStatus: 'issued' })).toBe(false);
    expect(isUsable({ isActive: true, verificationStatus: 'verified' })).toBe(true);
    expect(isUsable({ isActive: false, verificationStatus: 'verified' })).toBe(false);
    expect(isUsable({ isActive: true, verificationStatus: 'pending' })).toBe(false);
    expect(protocolFor({ sslStatus: 'issued' })).toBe('https');
    expect(protocolFor({ sslStatus: 'pending' })).toBe('http');
  });
  it('counts a mapping with the excluded guid or id as available', () => {
    const existing = { guid: GUID, domainId: 30000001 };
    expect(isDomainAvailable(null)).toBe(true);
    expect(isDomainAvailable(existing)).toBe(false);
    expect(isDomainAvailable(existing, { guid: GUID })).toBe(true);
    expect(isDomainAvailable(existing, { domainId: 30000001 })).toBe(true);
    expect(isDomainAvailable(existing, { domainId: 30000002 })).toBe(false);
  });
  it('redirects www_to_apex, apex_to_www and to an explicit target', () => {
    const issued = 'issued' as const;
    const m = (wwwRedirect: 'none' | 'www_to_apex' | 'apex_to_www', redirectTo?: string) => ({
      sslStatus: issued,
      redirectConfig: redirectTo ? { wwwRedirect, redirectTo } : { wwwRedirect },
    });
    expect(redirectFor('www.a.com', m('www_to_apex'))).toEqual({
      shouldRedirect: true,
      redirectTo: 'https://a.com',
    });
    expect(redirectFor('a.com', m('www_to_apex')).shouldRedirect).toBe(false);
    expect(redirectFor('a.com', m('apex_to_www'))).toEqual({
      shouldRedirect: true,
      redirectTo: 'https://www.a.com',
    });
    expect(redirectFor('www.a.com', m('apex_to_www')).shouldRedirect).toBe(false);
    expect(redirectFor('a.com', m('none')).shouldRedirect).toBe(false);
    expect(redirectFor('a.com', m('apex_to_www', 'https://b.com/'))).toEqual({
      shouldRedirect: true,
      redirectTo: 'https://b.com/',
    });
    expect(
      redirectFor('www.a.com', { sslStatus: 'pending', redirectConfig: { wwwRedirect: 'www_to_apex' } })
        .redirectTo,
    ).toBe('http://a.com');
    expect(lookupHostsFor('WWW.a.com')).toEqual(['www.a.com', 'a.com']);
    expect(lookupHostsFor('a.com')).toEqual(['a.com', 'www.a.com']);
  });
  it('knows expiry and service types', () => {
    const now = Date.UTC(2026, 0, 1);
    const day = 86_400_000;
    expect(isDomainExpired(now - 1, now)).toBe(true);
    expect(isDomainExpired(now + day, now)).toBe(false);
    expect(isDomainExpiringSoon(now + 30 * day, now)).toBe(true);
    expect(isDomainExpiringSoon(now + 31 * day, now)).toBe(false);
    expect(isDomainExpiringSoon(now - day, now)).toBe(false);
    expect(isExternalDomain('external')).toBe(true);
    expect(isManagedDomain('zeit.world')).toBe(true);
    expect(isManagedDomain('na')).toBe(false);
  });
});

describe('subdomain generation', () => {
  it('uses restaurant- plus the last 8 characters of the guid', () => {
    expect(subdomainCandidate(GUID, 'brigade.site', 0)).toBe('restaurant-456789ab.brigade.site');
    expect(subdomainCandidate(GUID, 'brigade.site', 3)).toBe('restaurant-456789ab-3.brigade.site');
  });
  it('adds a numeric suffix on collision', async () => {
    const taken = new Set(['restaurant-456789ab.brigade.site', 'restaurant-456789ab-1.brigade.site']);
    expect(await generateUniqueSubdomain(GUID, 'brigade.site', async (d) => taken.has(d))).toBe(
      'restaurant-456789ab-2.brigade.site',
    );
  });
  it('gives up after 100 attempts', async () => {
    let tries = 0;
    await expect(
      generateUniqueSubdomain(GUID, 'brigade.site', async () => {
        tries++;
        return true;
      }),
    ).rejects.toThrow('Unable to generate unique subdomain after 100 attempts');
    expect(tries).toBe(100);
  });
  it('suggests a cleaned-up domain or its www variant', () => {
    expect(domainSuggestions('https://Example.com/menu', true)).toEqual(['example.com']);
    expect(domainSuggestions('example.com', false)).toEqual(['www.example.com']);
  });
});
