import type { TenantPlan } from '@brigade/domain/tenant';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

const t = useTestApp();
let admin: Session;

beforeAll(async () => {
  const user = await makeUser(t.database.db, { isSiteAdmin: true });
  admin = await signInAs(t.app, user.email, TEST_PASSWORD);
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT';
const call = (session: Session | null, method: Method, url: string, payload?: object) => {
  const options = { method, url: `/api/v1${url}`, ...(payload ? { payload } : {}) };
  return session ? asBearer(t.app, session, options) : t.app.inject(options);
};

/** A tenant on `plan` with a signed-in user of each role we need. */
async function tenantWith(plan: TenantPlan) {
  const tenant = await makeTenant(t.database.db, { plan });
  const sessionFor = async (role: 'owner' | 'employee') => {
    const user = await makeUser(t.database.db, { tenantId: tenant.tenantId, role });
    return signInAs(t.app, user.email, TEST_PASSWORD);
  };
  return { tenant, owner: await sessionFor('owner'), employee: await sessionFor('employee') };
}

const body = (name: string, extra: object = {}) => ({
  name,
  concept: 'Bistro',
  address: { street: '1 Main St', city: 'Springfield', state: 'IL', zipCode: '62701' },
  contact: { phone: '+1 217 555 0100', email: 'hi@example.com' },
  ...extra,
});

describe('restaurants API: create', () => {
  it('creates with a counter id, a guid, a derived slug and every default', async () => {
    const { tenant, owner } = await tenantWith('professional');
    const response = await call(
      owner,
      'POST',
      `/tenants/${tenant.tenantId}/restaurants`,
      body('Le Petit Café!'),
    );
    expect(response.statusCode).toBe(201);
    const restaurant = response.json().data.restaurant;
    expect(restaurant).toMatchObject({
      tenantId: tenant.tenantId,
      slug: 'le-petit-cafe',
      status: 'active',
      address: { country: 'US' },
      operatingHours: {
        monday: { open: '09:00', close: '22:00', closed: false },
        thursday: { open: '09:00', close: '22:00', closed: false },
        friday: { open: '09:00', close: '23:00', closed: false },
        saturday: { open: '09:00', close: '23:00', closed: false },
        sunday: { open: '10:00', close: '21:00', closed: false },
      },
      settings: {
        taxRate: 0.0875,
        serviceCharge: 0,
        currency: 'USD',
        allowTips: true,
        autoAcceptOrders: false,
      },
      websiteConfig: {
        enabled: true,
        branding: { colors: { primary: '#dc2626', secondary: '#1f2937', accent: '#f59e0b' } },
        seo: { title: 'Le Petit Café! - Restaurant', keywords: [] },
        contentBlocks: [],
        ctaSections: [],
        ordering: { enabled: false, provider: 'internal', buttonText: 'Order Now', buttonColor: '#dc2626' },
        ai: {
          contentGeneration: false,
          autoSEO: false,
          socialPosting: false,
          reviewResponses: false,
          menuDescriptions: false,
        },
      },
      platformSync: { enabled: false, autoSync: false, syncFrequency: 'daily', platforms: {} },
    });
    expect(restaurant.restaurantId).toBeGreaterThanOrEqual(20000001);
    expect(restaurant.guid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses invalid input with the spec messages', async () => {
    const { tenant, owner } = await tenantWith('professional');
    const response = await call(owner, 'POST', `/tenants/${tenant.tenantId}/restaurants`, {
      name: '',
      address: { street: '', city: 'X', state: 'Y', zipCode: '' },
      contact: { phone: '', email: 'nope' },
      settings: { taxRate: 101, serviceCharge: -1, currency: 'DOLLARS' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'name', message: 'Restaurant name is required' },
      { path: 'concept', message: 'Concept is required' },
      { path: 'address.street', message: 'Street is required' },
      { path: 'address.zipCode', message: 'ZIP code is required' },
      { path: 'contact.phone', message: 'Phone is required' },
      { path: 'contact.email', message: 'A valid email is required' },
      { path: 'settings.taxRate', message: 'Tax rate must be between 0 and 100' },
      { path: 'settings.serviceCharge', message: 'Service charge must be between 0 and 100' },
      { path: 'settings.currency', message: 'Currency must be a 3-letter code' },
    ]);
  });

  it('validates the website configuration and platform sync documents', async () => {
    const { tenant, owner } = await tenantWith('professional');
    const response = await call(
      owner,
      'POST',
      `/tenants/${tenant.tenantId}/restaurants`,
      body('Docs', {
        websiteConfig: {
          branding: { colors: { primary: 'red' } },
          seo: { title: 'x'.repeat(61), description: 'y'.repeat(161) },
          contentBlocks: [{ id: '', title: '', description: '', layout: 'diagonal' }],
          ctaSections: [{ id: 'cta' }],
          ordering: { provider: 'seamless', buttonColor: '#12345' },
        },
        platformSync: { syncFrequency: 'monthly' },
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'platformSync.syncFrequency', message: expect.any(String) },
      { path: 'websiteConfig.branding.colors.primary', message: 'Must be a valid hex color' },
      { path: 'websiteConfig.seo.title', message: 'Title should be under 60 characters' },
      { path: 'websiteConfig.seo.description', message: 'Description should be under 160 characters' },
      { path: 'websiteConfig.contentBlocks.0.id', message: 'ID is required' },
      { path: 'websiteConfig.contentBlocks.0.title', message: 'Title is required' },
      { path: 'websiteConfig.contentBlocks.0.description', message: 'Description is required' },
      { path: 'websiteConfig.contentBlocks.0.layout', message: expect.any(String) },
      { path: 'websiteConfig.ctaSections.0.title', message: 'Title is required' },
      { path: 'websiteConfig.ctaSections.0.description', message: 'Description is required' },
      { path: 'websiteConfig.ordering.provider', message: expect.any(String) },
      { path: 'websiteConfig.ordering.buttonColor', message: 'Must be a valid hex color' },
    ]);
  });

  it('keeps a website configuration it is given and fills in its defaults', async () => {
    const { tenant, owner } = await tenantWith('enterprise');
    const response = await call(
      owner,
      'POST',
      `/tenants/${tenant.tenantId}/restaurants`,
      body('Blocks', {
        websiteConfig: {
          parentMenuGroupId: 3,
          contentBlocks: [{ id: 'b1', title: 'Our story', description: 'Since 1990', layout: 'centered' }],
          ctaSections: [{ id: 'c1', title: 'Book', description: 'Tonight' }],
          social: { instagram: '@blocks' },
          ordering: { enabled: true, provider: 'ubereats', url: 'https://ubereats.example/blocks' },
        },
      }),
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data.restaurant.websiteConfig).toMatchObject({
      parentMenuGroupId: 3,
      seo: { title: 'Blocks - Restaurant' },
      contentBlocks: [{ id: 'b1', layout: 'centered' }],
      ctaSections: [{ id: 'c1' }],
      social: { instagram: '@blocks' },
      ordering: { provider: 'ubereats', buttonText: 'Order Now', buttonColor: '#dc2626' },
      branding: { colors: { primary: '#dc2626' } },
    });
  });
});

describe('restaurants API: plan caps', () => {
  it("refuses a starter tenant's own users and says why; a site administrator sets up its one restaurant", async () => {
    const { tenant, owner } = await tenantWith('starter');
    const url = `/tenants/${tenant.tenantId}/restaurants`;
    const refused = await call(owner, 'POST', url, body('Mine'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PLAN_CANNOT_CREATE_RESTAURANTS',
      detail: 'The starter plan does not include creating restaurants; upgrade to professional or enterprise',
    });
    expect((await call(admin, 'POST', url, body('Set Up'))).statusCode).toBe(201);
    const second = await call(admin, 'POST', url, body('One Too Many'));
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe('The starter plan allows at most 1 restaurant; this tenant has 1');
  });

  it('lets a professional tenant have 5 restaurants and not a sixth, even when creates race', async () => {
    const { tenant, owner } = await tenantWith('professional');
    const url = `/tenants/${tenant.tenantId}/restaurants`;
    for (let i = 1; i <= 3; i++)
      expect((await call(owner, 'POST', url, body(`Pro ${i}`))).statusCode).toBe(201);
    const racing = await Promise.all([1, 2, 3].map((i) => call(owner, 'POST', url, body(`Race ${i}`))));
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 201, 409]);
    const sixth = await call(admin, 'POST', url, body('Sixth'));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({
      code: 'PLAN_RESTAURANT_CAP_REACHED',
      detail: 'The professional plan allows at most 5 restaurants; this tenant has 5',
    });
    expect((await call(owner, 'GET', url)).json().data.restaurants).toHaveLength(5);
  });

  it('lets an enterprise tenant create restaurants, and refuses managers and employees', async () => {
    const { tenant, owner, employee } = await tenantWith('enterprise');
    const url = `/tenants/${tenant.tenantId}/restaurants`;
    expect((await call(owner, 'POST', url, body('Big One'))).statusCode).toBe(201);
    expect((await call(employee, 'POST', url, body('Not Mine'))).statusCode).toBe(403);
    const missing = await call(admin, 'POST', '/tenants/10999999/restaurants', body('Ghost'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Tenant with ID 10999999 not found');
  });
});

describe('restaurants API: slugs', () => {
  it('suffixes a slug taken by another tenant, and checks availability the same way', async () => {
    const a = await tenantWith('professional');
    const b = await tenantWith('professional');
    const first = (
      await call(a.owner, 'POST', `/tenants/${a.tenant.tenantId}/restaurants`, body('Blue Door Cafe'))
    ).json().data.restaurant;
    const second = (
      await call(b.owner, 'POST', `/tenants/${b.tenant.tenantId}/restaurants`, body('Blue Door Café!'))
    ).json().data.restaurant;
    expect([first.slug, second.slug]).toEqual(['blue-door-cafe', 'blue-door-cafe-2']);

    const check = (session: Session, tenantId: number, query: string) =>
      call(session, 'GET', `/tenants/${tenantId}/restaurants/slug-availability?${query}`);
    expect((await check(a.employee, a.tenant.tenantId, 'slug=Blue%20Door%20Cafe')).json().data).toEqual({
      slug: 'blue-door-cafe',
      available: false,
    });
    // The restaurant being edited is excluded, but only within the asking tenant.
    expect(
      (
        await check(
          a.employee,
          a.tenant.tenantId,
          `slug=blue-door-cafe&excludeRestaurantId=${first.restaurantId}`,
        )
      ).json().data.available,
    ).toBe(true);
    expect(
      (
        await check(
          b.employee,
          b.tenant.tenantId,
          `slug=blue-door-cafe&excludeRestaurantId=${first.restaurantId}`,
        )
      ).json().data.available,
    ).toBe(false);
    expect((await check(a.employee, a.tenant.tenantId, 'slug=Fresh%20Name')).json().data).toEqual({
      slug: 'fresh-name',
      available: true,
    });
    expect((await check(a.employee, a.tenant.tenantId, 'slug=%21%21%21')).json().errors).toEqual([
      { path: 'query.slug', message: 'Slug must contain letters or digits' },
    ]);
    expect((await check(a.employee, a.tenant.tenantId, '')).json().errors).toEqual([
      { path: 'query.slug', message: 'Slug is required' },
    ]);
  });

  it('changes a slug on update (normalised), refusing one another restaurant uses', async () => {
    const { tenant, owner } = await tenantWith('professional');
    const url = `/tenants/${tenant.tenantId}/restaurants`;
    const one = (await call(owner, 'POST', url, body('Slug One'))).json().data.restaurant;
    const two = (await call(owner, 'POST', url, body('Slug Two'))).json().data.restaurant;
    const renamed = await call(owner, 'PATCH', `${url}/${one.restaurantId}`, { slug: 'The New  Slug!' });
    expect(renamed.json().data.restaurant.slug).toBe('the-new-slug');
    const same = await call(owner, 'PATCH', `${url}/${one.restaurantId}`, { slug: 'the-new-slug' });
    expect(same.statusCode).toBe(200);
    const taken = await call(owner, 'PATCH', `${url}/${two.restaurantId}`, { slug: 'THE NEW SLUG' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual([{ path: 'slug', message: 'Slug the-new-slug is already in use' }]);
    // Renaming keeps the public URL.
    const rename = await call(owner, 'PATCH', `${url}/${two.restaurantId}`, { name: 'Other Name' });
    expect(rename.json().data.restaurant.slug).toBe('slug-two');
  });
});

describe('restaurants API: reads', () => {
  it('reads by restaurantId, lists per tenant, and never across tenants', async () => {
    const a = await tenantWith('professional');
    const b = await tenantWith('professional');
    const mine = await makeRestaurant(t.database.db, a.tenant.tenantId, 'Zebra Bar');
    await makeRestaurant(t.database.db, a.tenant.tenantId, 'Alpha Bar');
    const theirs = await makeRestaurant(t.database.db, b.tenant.tenantId, 'Secret Kitchen');
    const base = `/tenants/${a.tenant.tenantId}/restaurants`;
    expect((await call(a.employee, 'GET', `${base}/${mine.restaurantId}`)).json().data.restaurant.guid).toBe(
      mine.guid,
    );
    const list = (await call(a.employee, 'GET', base)).json().data.restaurants;
    expect(list.map((r: { name: string }) => r.name)).toEqual(['Alpha Bar', 'Zebra Bar']);
    // Another tenant's restaurant under this tenant's path is "not found", for reads and writes alike.
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { name: 'Hijacked' }],
      ['PUT', { status: 'inactive' }],
    ] as const) {
      const url = `${base}/${theirs.restaurantId}${method === 'PUT' ? '/status' : ''}`;
      const response = await call(admin, method, url, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe(`Restaurant with ID ${theirs.restaurantId} not found`);
      expect(response.body).not.toContain('Secret Kitchen');
    }
    const ghostTenant = await call(admin, 'GET', '/tenants/10999999/restaurants');
    expect(ghostTenant.json().detail).toBe('Tenant with ID 10999999 not found');
  });

  it("reads by guid for the tenant's members only", async () => {
    const a = await tenantWith('professional');
    const b = await tenantWith('professional');
    const mine = await makeRestaurant(t.database.db, a.tenant.tenantId);
    expect(
      (await call(a.employee, 'GET', `/restaurants/by-guid/${mine.guid}`)).json().data.restaurant,
    ).toMatchObject({
      restaurantId: mine.restaurantId,
      tenantId: a.tenant.tenantId,
    });
    expect((await call(admin, 'GET', `/restaurants/by-guid/${mine.guid}`)).statusCode).toBe(200);
    const refused = await call(b.owner, 'GET', `/restaurants/by-guid/${mine.guid}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().detail).toBe(`Restaurant not found: ${mine.guid}`);
    expect((await call(null, 'GET', `/restaurants/by-guid/${mine.guid}`)).statusCode).toBe(401);
  });

  it('reads the public view by slug across tenants without sign-in', async () => {
    const { tenant } = await tenantWith('professional');
    const restaurant = await makeRestaurant(t.database.db, tenant.tenantId, 'Public Plate');
    const response = await call(null, 'GET', `/restaurants/by-slug/${restaurant.slug}`);
    expect(response.statusCode).toBe(200);
    const view = response.json().data.restaurant;
    expect(view).toMatchObject({
      restaurantId: restaurant.restaurantId,
      name: 'Public Plate',
      slug: 'public-plate',
    });
    expect(view).not.toHaveProperty('platformSync');
    const missing = await call(null, 'GET', '/restaurants/by-slug/no-such-place');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Restaurant not found for slug: no-such-place');
  });
});

describe('restaurants API: updates', () => {
  it('drops server fields, validates the rest as a partial restaurant and stamps updatedAt', async () => {
    const { tenant, owner, employee } = await tenantWith('professional');
    const restaurant = await makeRestaurant(t.database.db, tenant.tenantId, 'Before');
    const url = `/tenants/${tenant.tenantId}/restaurants/${restaurant.restaurantId}`;
    const response = await call(owner, 'PATCH', url, {
      name: 'After',
      settings: { taxRate: 0.1 },
      docId: 'abc',
      restaurantId: 1,
      tenantId: 10000001,
      guid: '6f1c1f8e-8f39-4a0e-9d55-3c1d1c0b7a11',
      createdAt: '1999-01-01T00:00:00Z',
      updatedAt: '1999-01-01T00:00:00Z',
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json().data.restaurant;
    expect(updated).toMatchObject({
      restaurantId: restaurant.restaurantId,
      tenantId: tenant.tenantId,
      guid: restaurant.guid,
      name: 'After',
      concept: 'Bistro',
      address: restaurant.address,
      settings: { taxRate: 0.1, serviceCharge: 0, currency: 'USD', allowTips: true, autoAcceptOrders: false },
      createdAt: restaurant.createdAt.toISOString(),
    });
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(restaurant.updatedAt.getTime());
    const invalid = await call(owner, 'PATCH', url, { name: ' ', contact: { phone: '1' } });
    expect(invalid.json().errors).toEqual([
      { path: 'name', message: 'Restaurant name is required' },
      { path: 'contact.email', message: 'A valid email is required' },
    ]);
    expect((await call(employee, 'PATCH', url, { name: 'Nope' })).statusCode).toBe(403);
  });

  it('replaces the website configuration, with its defaults and the default SEO title', async () => {
    const { tenant, owner } = await tenantWith('professional');
    const restaurant = await makeRestaurant(t.database.db, tenant.tenantId, 'Site Owner');
    const url = `/tenants/${tenant.tenantId}/restaurants/${restaurant.restaurantId}`;
    const response = await call(owner, 'PATCH', url, {
      websiteConfig: { branding: { colors: { primary: '#123456' } }, layoutTemplate: 'classic' },
    });
    expect(response.json().data.restaurant.websiteConfig).toMatchObject({
      branding: { colors: { primary: '#123456', secondary: '#1f2937', accent: '#f59e0b' } },
      seo: { title: 'Site Owner - Restaurant' },
      ordering: { buttonText: 'Order Now' },
      layoutTemplate: 'classic',
    });
    const bad = await call(owner, 'PATCH', url, {
      websiteConfig: { branding: { colors: { accent: '#GGGGGG' } } },
    });
    expect(bad.json().errors).toEqual([
      { path: 'websiteConfig.branding.colors.accent', message: 'Must be a valid hex color' },
    ]);
  });

  it('keeps connectedAt and lastSyncAt the server’s when the platform sync is replaced', async () => {
    const { tenant, owner } = await tenantWith('professional');
    const restaurant = await makeRestaurant(t.database.db, tenant.tenantId);
    const url = `/tenants/${tenant.tenantId}/restaurants/${restaurant.restaurantId}`;
    const started = Date.now();
    const response = await call(owner, 'PATCH', url, {
      platformSync: {
        enabled: true,
        syncFrequency: 'hourly',
        platforms: {
          googlePlaces: { placeId: 'p-1', connectedAt: '2030-01-01T00:00:00Z' },
          yelp: { enabled: true, syncStatus: 'error', lastError: 'quota' },
        },
      },
    });
    const sync = response.json().data.restaurant.platformSync;
    expect(sync).toMatchObject({
      enabled: true,
      syncFrequency: 'hourly',
      platforms: { yelp: { lastError: 'quota' } },
    });
    const connectedAt = new Date(sync.platforms.googlePlaces.connectedAt).getTime();
    expect(connectedAt).toBeLessThan(new Date('2030-01-01').getTime());
    expect(connectedAt).toBeGreaterThan(started - 60_000);
    expect(sync.platforms.googlePlaces).not.toHaveProperty('lastSyncAt');
  });

  it('sets the status active or inactive; a status update needs a tenant id of at least 10000001', async () => {
    const { tenant, owner } = await tenantWith('professional');
    const restaurant = await makeRestaurant(t.database.db, tenant.tenantId);
    const url = `/tenants/${tenant.tenantId}/restaurants/${restaurant.restaurantId}/status`;
    expect((await call(owner, 'PUT', url, { status: 'inactive' })).json().data.restaurant.status).toBe(
      'inactive',
    );
    expect((await call(owner, 'PUT', url, { status: 'active' })).json().data.restaurant.status).toBe(
      'active',
    );
    expect((await call(owner, 'PUT', url, { status: 'closed' })).json().errors).toEqual([
      { path: 'status', message: 'Status must be active or inactive' },
    ]);
    const low = await call(admin, 'PUT', `/tenants/10000000/restaurants/${restaurant.restaurantId}/status`, {
      status: 'active',
    });
    expect(low.json().errors).toEqual([
      { path: 'params.tenantId', message: 'Tenant ID must be at least 10000001' },
    ]);
  });
});

describe('restaurants API: site administrators across tenants', () => {
  it('lists and searches every restaurant with tenantName and tenantDisplayName (search default limit 20)', async () => {
    const seeded = await call(admin, 'POST', '/tenants/seed', {
      tenant: { name: 'Searchable Holdings LLC', displayName: 'Searchable Group', plan: 'enterprise' },
      restaurants: Array.from({ length: 22 }, (_, i) => body(`Findme Kitchen ${String(i).padStart(2, '0')}`)),
    });
    expect(seeded.statusCode).toBe(201);
    const all = (await call(admin, 'GET', '/admin/restaurants?limit=100')).json().data.restaurants;
    expect(all.length).toBeGreaterThanOrEqual(22);
    expect(all.find((r: { name: string }) => r.name === 'Findme Kitchen 00')).toMatchObject({
      tenantName: 'Searchable Holdings LLC',
      tenantDisplayName: 'Searchable Group',
    });
    const found = (await call(admin, 'GET', '/admin/restaurants?search=findme')).json().data.restaurants;
    expect(found).toHaveLength(20);
    expect(found[0]).toMatchObject({ name: 'Findme Kitchen 00', tenantDisplayName: 'Searchable Group' });
    const page = (await call(admin, 'GET', '/admin/restaurants?search=FINDME&limit=5&offset=20')).json().data
      .restaurants;
    expect(page.map((r: { name: string }) => r.name)).toEqual(['Findme Kitchen 20', 'Findme Kitchen 21']);
    const byTenant = (
      await call(admin, 'GET', '/admin/restaurants?search=searchable%20group&limit=100')
    ).json().data.restaurants;
    expect(byTenant).toHaveLength(22);
    // the tenant's legal name, the city, the slug; a term both a restaurant's and its tenant's is listed once
    const names = async (search: string) =>
      (await call(admin, 'GET', `/admin/restaurants?search=${search}&limit=100`))
        .json()
        .data.restaurants.filter((r: { tenantName: string }) => r.tenantName === 'Searchable Holdings LLC')
        .map((r: { name: string }) => r.name);
    expect(await names('holdings%20llc')).toHaveLength(22);
    expect(await names('springfield')).toHaveLength(22);
    expect(await names('findme-kitchen-1')).toEqual(
      Array.from({ length: 10 }, (_, i) => `Findme Kitchen 1${i}`),
    );
    const both = await call(admin, 'POST', '/tenants/seed', {
      tenant: { name: 'Overlap Group LLC', displayName: 'Overlap Group' },
      restaurants: [body('Overlap Diner')],
    });
    expect(both.statusCode).toBe(201);
    const overlap = (await call(admin, 'GET', '/admin/restaurants?search=overlap')).json().data.restaurants;
    expect(overlap.map((r: { name: string }) => r.name)).toEqual(['Overlap Diner']);
    expect((await call(admin, 'GET', '/admin/restaurants?search=f')).json().data.restaurants).toEqual([]);
    expect((await call(admin, 'GET', '/admin/restaurants?limit=101')).json().errors).toEqual([
      { path: 'query.limit', message: 'Limit cannot exceed 100' },
    ]);
  });
});
