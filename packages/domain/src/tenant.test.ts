import { describe, expect, it } from 'vitest';
import {
  canCreateRestaurant,
  createTenantInputSchema,
  PLAN_RESTAURANT_CAPS,
  planChangeRefusal,
  restaurantCreationRefusal,
  TENANT_CREATION_TIMEZONE,
  tenantSchema,
  tenantSettingsSchema,
  updateTenantInputSchema,
} from './tenant';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('tenant settings', () => {
  it('defaults to UTC, USD, MM/DD/YYYY and no features', () => {
    expect(tenantSettingsSchema.parse({})).toEqual({
      timezone: 'UTC',
      currency: 'USD',
      dateFormat: 'MM/DD/YYYY',
      features: [],
    });
  });

  it('refuses a currency that is not 3 letters', () => {
    expect(messages(tenantSettingsSchema.safeParse({ currency: 'US' }))).toEqual([
      ['currency', 'Currency must be a 3-letter code'],
    ]);
    expect(tenantSettingsSchema.safeParse({ currency: 'U$D' }).success).toBe(false);
  });

  it('refuses an unknown time zone', () => {
    expect(messages(tenantSettingsSchema.safeParse({ timezone: 'Mars/Olympus' }))).toEqual([
      ['timezone', 'Timezone must be a valid IANA time zone'],
    ]);
  });
});

describe('createTenantInputSchema', () => {
  it('requires name and displayName with the spec messages', () => {
    expect(messages(createTenantInputSchema.safeParse({}))).toEqual([
      ['name', 'Business name is required'],
      ['displayName', 'Display name is required'],
    ]);
  });

  it('treats a blank name as missing', () => {
    expect(messages(createTenantInputSchema.safeParse({ name: '   ', displayName: 'Acme' }))).toEqual([
      ['name', 'Business name is required'],
    ]);
  });

  it('defaults status active, plan starter and the timezone to America/New_York on creation', () => {
    const tenant = createTenantInputSchema.parse({ name: 'acme-foods', displayName: 'Acme Foods' });
    expect(tenant).toEqual({
      name: 'acme-foods',
      displayName: 'Acme Foods',
      status: 'active',
      plan: 'starter',
      settings: { timezone: 'America/New_York', currency: 'USD', dateFormat: 'MM/DD/YYYY', features: [] },
    });
    expect(TENANT_CREATION_TIMEZONE).toBe('America/New_York');
  });

  it('keeps a timezone the creator gives', () => {
    const tenant = createTenantInputSchema.parse({
      name: 'a',
      displayName: 'A',
      settings: { timezone: 'Europe/Paris' },
    });
    expect(tenant.settings.timezone).toBe('Europe/Paris');
  });
});

describe('tenantSchema', () => {
  it('fills stored defaults, with UTC as the stored timezone', () => {
    const now = new Date('2024-05-01T10:00:00Z');
    const tenant = tenantSchema.parse({
      tenantId: 10000001,
      guid: '7f3c2a5e-1b4d-4c8e-9f0a-2b3c4d5e6f70',
      name: 'acme',
      displayName: 'Acme',
      createdAt: now,
      updatedAt: now,
    });
    expect(tenant.status).toBe('active');
    expect(tenant.plan).toBe('starter');
    expect(tenant.settings.timezone).toBe('UTC');
  });

  it('refuses a guid that is not a uuid', () => {
    const result = tenantSchema.safeParse({
      tenantId: 10000001,
      guid: 'abc',
      name: 'acme',
      displayName: 'Acme',
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    expect(messages(result)).toEqual([['guid', 'Invalid GUID format']]);
  });
});

describe('updateTenantInputSchema', () => {
  it('requires the tenant id', () => {
    expect(messages(updateTenantInputSchema.safeParse({ name: 'x' }))).toEqual([
      ['tenantId', 'Tenant ID is required'],
    ]);
  });

  it('fills in nothing the caller left out', () => {
    expect(updateTenantInputSchema.parse({ tenantId: 10000001 })).toEqual({ tenantId: 10000001 });
  });

  it('still applies the field rules to fields that are sent', () => {
    expect(messages(updateTenantInputSchema.safeParse({ tenantId: 10000001, displayName: '' }))).toEqual([
      ['displayName', 'Display name is required'],
    ]);
  });
});

describe('plans', () => {
  it('caps restaurants per plan', () => {
    expect(PLAN_RESTAURANT_CAPS).toEqual({ starter: 1, professional: 5, enterprise: 999 });
  });

  it('lets only professional and enterprise create restaurants, below their cap', () => {
    expect(canCreateRestaurant('starter', 0)).toBe(false);
    expect(canCreateRestaurant('professional', 4)).toBe(true);
    expect(canCreateRestaurant('professional', 5)).toBe(false);
    expect(canCreateRestaurant('enterprise', 998)).toBe(true);
    expect(canCreateRestaurant('enterprise', 999)).toBe(false);
  });
});

describe('plan caps', () => {
  it('lets professional and enterprise tenants create restaurants up to 5 and 999', () => {
    expect(restaurantCreationRefusal('professional', 4, { isSiteAdmin: false })).toBeNull();
    expect(restaurantCreationRefusal('professional', 5, { isSiteAdmin: false })).toEqual({
      code: 'PLAN_RESTAURANT_CAP_REACHED',
      message: 'The professional plan allows at most 5 restaurants; this tenant has 5',
    });
    expect(restaurantCreationRefusal('enterprise', 998, { isSiteAdmin: false })).toBeNull();
    expect(restaurantCreationRefusal('enterprise', 999, { isSiteAdmin: true })?.code).toBe(
      'PLAN_RESTAURANT_CAP_REACHED',
    );
  });

  it("refuses a starter tenant's own users, while a site administrator sets up its one restaurant", () => {
    expect(restaurantCreationRefusal('starter', 0, { isSiteAdmin: false })).toEqual({
      code: 'PLAN_CANNOT_CREATE_RESTAURANTS',
      message:
        'The starter plan does not include creating restaurants; upgrade to professional or enterprise',
    });
    expect(restaurantCreationRefusal('starter', 0, { isSiteAdmin: true })).toBeNull();
    expect(restaurantCreationRefusal('starter', 1, { isSiteAdmin: true })?.message).toBe(
      'The starter plan allows at most 1 restaurant; this tenant has 1',
    );
  });

  it('refuses a plan whose cap is below the restaurant count', () => {
    expect(planChangeRefusal('starter', 1)).toBeNull();
    expect(planChangeRefusal('starter', 2)).toBe(
      'The starter plan allows at most 1 restaurant; this tenant has 2',
    );
    expect(planChangeRefusal('professional', 5)).toBeNull();
  });
});
