import { describe, expect, it } from 'vitest';
import {
  createRestaurantInputSchema,
  DEFAULT_OPERATING_HOURS,
  restaurantSchema,
  restaurantStatusUpdateSchema,
  updateRestaurantInputSchema,
} from './restaurant';

const messages = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

const validCreate = {
  tenantId: 10000001,
  name: 'Bella Vista',
  concept: 'Trattoria',
  address: { street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' },
  contact: { phone: '+1 217 555 0100', email: 'hello@bellavista.example' },
};

describe('DEFAULT_OPERATING_HOURS', () => {
  it('is 09:00-22:00, Friday and Saturday to 23:00, Sunday 10:00-21:00', () => {
    const weekday = { open: '09:00', close: '22:00', closed: false };
    // the weekday fields, each day one span (decision 030)
    expect(DEFAULT_OPERATING_HOURS).toMatchObject({
      monday: weekday,
      tuesday: weekday,
      wednesday: weekday,
      thursday: weekday,
      friday: { open: '09:00', close: '23:00', closed: false },
      saturday: { open: '09:00', close: '23:00', closed: false },
      sunday: { open: '10:00', close: '21:00', closed: false },
    });
  });
});

describe('createRestaurantInputSchema', () => {
  it('fills the spec defaults', () => {
    const input = createRestaurantInputSchema.parse(validCreate);
    expect(input.address.country).toBe('US');
    expect(input.status).toBe('active');
    expect(input.operatingHours).toEqual(DEFAULT_OPERATING_HOURS);
    expect(input.settings).toEqual({
      taxRate: 0.0875,
      serviceCharge: 0,
      currency: 'USD',
      allowTips: true,
      autoAcceptOrders: false,
    });
  });

  it('hands out a fresh copy of the default hours each time', () => {
    const first = createRestaurantInputSchema.parse(validCreate);
    first.operatingHours.monday.closed = true;
    expect(createRestaurantInputSchema.parse(validCreate).operatingHours.monday.closed).toBe(false);
    expect(DEFAULT_OPERATING_HOURS.monday.closed).toBe(false);
  });

  it('reports each missing field with its message', () => {
    const result = createRestaurantInputSchema.safeParse({
      tenantId: 10000001,
      address: { country: '' },
      contact: { email: 'not-an-email', website: 'bellavista' },
    });
    expect(messages(result)).toEqual([
      ['name', 'Restaurant name is required'],
      ['concept', 'Concept is required'],
      ['address.street', 'Street is required'],
      ['address.city', 'City is required'],
      ['address.state', 'State is required'],
      ['address.zipCode', 'ZIP code is required'],
      ['address.country', 'Country is required'],
      ['contact.phone', 'Phone is required'],
      ['contact.email', 'A valid email is required'],
      ['contact.website', 'Website must be a valid URL'],
    ]);
  });

  it('requires a positive tenant id', () => {
    expect(messages(createRestaurantInputSchema.safeParse({ ...validCreate, tenantId: undefined }))).toEqual([
      ['tenantId', 'Tenant ID is required'],
    ]);
    expect(messages(createRestaurantInputSchema.safeParse({ ...validCreate, tenantId: 0 }))).toEqual([
      ['tenantId', 'Tenant ID must be a positive integer'],
    ]);
  });

  it('keeps tax rate and service charge within 0-100 and currency at 3 characters', () => {
    const result = createRestaurantInputSchema.safeParse({
      ...validCreate,
      settings: { taxRate: 101, serviceCharge: -1, currency: 'EURO' },
    });
    expect(messages(result)).toEqual([
      ['settings.taxRate', 'Tax rate must be between 0 and 100'],
      ['settings.serviceCharge', 'Service charge must be between 0 and 100'],
      ['settings.currency', 'Currency must be a 3-letter code'],
    ]);
  });

  it('refuses times that are not HH:MM', () => {
    const hours = { ...DEFAULT_OPERATING_HOURS, monday: { open: '9am', close: '24:00', closed: false } };
    expect(
      messages(createRestaurantInputSchema.safeParse({ ...validCreate, operatingHours: hours })),
    ).toEqual([
      ['operatingHours.monday.open', 'Time must be in HH:MM format'],
      ['operatingHours.monday.close', 'Time must be in HH:MM format'],
    ]);
  });

  it('does not take server-set fields from the caller', () => {
    const input = createRestaurantInputSchema.parse({
      ...validCreate,
      restaurantId: 1,
      slug: 'x',
      guid: 'g',
    });
    expect(input).not.toHaveProperty('restaurantId');
    expect(input).not.toHaveProperty('slug');
    expect(input).not.toHaveProperty('guid');
  });
});

describe('restaurantSchema', () => {
  const now = new Date('2024-05-01T10:00:00Z');
  const minimal = {
    restaurantId: 20000001,
    guid: '0b6f1f0e-7d3a-4a52-9a53-6e1f2d3c4b5a',
    slug: 'bella-vista',
    tenantId: 10000001,
    name: 'Bella Vista',
    address: validCreate.address,
    contact: validCreate.contact,
    createdAt: now,
    updatedAt: now,
  };

  it('completes a stored record with concept Restaurant and the other defaults', () => {
    const restaurant = restaurantSchema.parse(minimal);
    expect(restaurant.concept).toBe('Restaurant');
    expect(restaurant.status).toBe('active');
    expect(restaurant.settings.taxRate).toBe(0.0875);
    expect(restaurant.platformSync.syncFrequency).toBe('daily');
    expect(restaurant.websiteConfig.branding.colors.primary).toBe('#dc2626');
  });

  it('needs the identity fields and dates', () => {
    const { restaurantId: _id, ...withoutId } = minimal;
    expect(restaurantSchema.safeParse(withoutId).success).toBe(false);
    expect(restaurantSchema.safeParse({ ...minimal, createdAt: '2024-05-01' }).success).toBe(false);
  });
});

describe('updateRestaurantInputSchema', () => {
  it('drops docId, createdAt, updatedAt and identity fields before validating', () => {
    const input = updateRestaurantInputSchema.parse({
      docId: 'abc',
      createdAt: 'garbage',
      updatedAt: 42,
      restaurantId: 1,
      tenantId: 2,
      guid: 'x',
      name: 'New name',
    });
    expect(input).toEqual({ name: 'New name' });
  });

  it('fills in no defaults for fields left out', () => {
    expect(updateRestaurantInputSchema.parse({})).toEqual({});
  });

  it('validates fields that are sent as a restaurant would', () => {
    expect(messages(updateRestaurantInputSchema.safeParse({ name: ' ', status: 'closed' }))).toEqual([
      ['name', 'Restaurant name is required'],
      ['status', 'Status must be active or inactive'],
    ]);
  });
});

describe('restaurantStatusUpdateSchema', () => {
  it('needs a tenant id of at least 10000001, a restaurant id and active or inactive', () => {
    expect(
      restaurantStatusUpdateSchema.parse({ tenantId: 10000001, restaurantId: 20000001, status: 'inactive' }),
    ).toEqual({ tenantId: 10000001, restaurantId: 20000001, status: 'inactive' });
    expect(
      messages(restaurantStatusUpdateSchema.safeParse({ tenantId: 10000000, status: 'paused' })),
    ).toEqual([
      ['tenantId', 'Tenant ID must be at least 10000001'],
      ['restaurantId', 'Restaurant ID is required'],
      ['status', 'Status must be active or inactive'],
    ]);
  });
});
