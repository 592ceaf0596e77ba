import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

// One database for the file and one site configuration per database: the tests run in order and build on
// each other (first nothing, then the default, then edits), tracking the version as they go.
const t = useTestApp();
let admin: Session;
let adminUid: string;
let employee: Session;

beforeAll(async () => {
  const user = await makeUser(t.database.db, { isSiteAdmin: true });
  adminUid = user.uid;
  admin = await signInAs(t.app, user.email, TEST_PASSWORD);
  const tenant = await makeTenant(t.database.db);
  const staff = await makeUser(t.database.db, { tenantId: tenant.tenantId, role: 'employee' });
  employee = await signInAs(t.app, staff.email, TEST_PASSWORD);
});

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
const call = (session: Session | null, method: Method, url: string, payload?: unknown) => {
  const options = {
    method,
    url: `/api/v1${url}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
  };
  return session ? asBearer(t.app, session, options) : t.app.inject(options);
};

let version = 0;
/** An update as the administrator: answers with the configuration, whose version must be one more. */
async function edit(method: Method, url: string, payload?: unknown, status = 200) {
  const response = await call(admin, method, url, payload);
  expect(response.statusCode, response.body).toBe(status);
  const config = response.json().data.siteConfig;
  expect(config.version).toBe(version + 1);
  expect(config.lastModifiedBy).toBe(adminUid);
  version = config.version;
  return config;
}

const classic = { id: 'classic', name: 'Classic', sections: ['hero', 'about'] };
const night = {
  id: 'night',
  name: 'Night',
  primary: '#000000',
  secondary: '#111111',
  accent: '#222222',
  background: '#000000',
  text: '#ffffff',
};

describe('site configuration API', () => {
  it('says "Site configuration not found" before one exists', async () => {
    for (const [method, url, payload] of [
      ['GET', '/site-config', undefined],
      ['PATCH', '/site-config', { allowRestaurantOverrides: false }],
      ['POST', '/site-config/layout-templates', classic],
    ] as const) {
      const response = await call(admin, method, url, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().detail).toBe('Site configuration not found');
    }
  });

  it('chooses the generic hero image when there is no configuration, without sign-in', async () => {
    const response = await call(null, 'GET', '/site-config/hero-image?category=Seafood');
    expect(response.json().data.heroImage).toEqual({
      image: '/images/fallback/generic-restaurant-hero.jpg',
      url: '/images/fallback/generic-restaurant-hero.jpg',
      alt: null,
      source: 'default',
      fallbackImageId: null,
    });
  });

  it('refuses an invalid configuration with the spec messages', async () => {
    const response = await call(admin, 'POST', '/site-config', {
      layoutTemplates: [{ id: '', name: 'X', sections: [] }],
      components: { menuPreview: { defaultItemCount: 0 } },
      fallbackImages: [{ id: 'f', category: 'c', url: 'nope', alt: '', priority: -2 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([
      { path: 'defaultLayoutTemplate', message: 'Default layout template is required' },
      { path: 'defaultColorScheme', message: 'Default color scheme is required' },
      { path: 'layoutTemplates.0.id', message: 'Template ID is required' },
      { path: 'layoutTemplates.0.sections', message: 'At least one section is required' },
      { path: 'components.menuPreview.defaultItemCount', message: 'Must show at least 1 item' },
      { path: 'fallbackImages.0.url', message: 'Must be a valid URL or OptimizedImage JSON string' },
      { path: 'fallbackImages.0.alt', message: 'Alt text is required' },
      { path: 'fallbackImages.0.priority', message: 'Priority must be non-negative' },
      { path: 'id', message: 'ID is required' },
    ]);
  });

  it('initializes the default configuration once, at version 1', async () => {
    const response = await call(admin, 'POST', '/site-config/initialize');
    expect(response.statusCode).toBe(200);
    const { siteConfig, created } = response.json().data;
    expect(created).toBe(true);
    expect(siteConfig).toMatchObject({
      defaultLayoutTemplate: 'modern-restaurant',
      defaultColorScheme: 'warm-neutral',
      layoutTemplates: [
        {
          id: 'modern-restaurant',
          sections: ['hero', 'menu-preview', 'about', 'location', 'contact'],
          isDefault: true,
          isActive: true,
        },
      ],
      colorSchemes: [{ id: 'warm-neutral', isDefault: true }],
      components: {
        heroSection: { defaultHeight: 'screen', defaultTextPosition: 'center' },
        menuPreview: { defaultItemCount: 6, showPrices: true },
      },
      allowRestaurantOverrides: true,
      requireApprovalForOverrides: false,
      version: 1,
      lastModifiedBy: adminUid,
    });
    version = 1;
    const again = (await call(admin, 'POST', '/site-config/initialize')).json().data;
    expect(again).toMatchObject({ created: false, siteConfig: { version: 1 } });
    const duplicate = await call(admin, 'POST', '/site-config', { ...siteConfig, id: 'second' });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().detail).toBe('Site configuration already exists');
  });

  it('is readable by any signed-in user and writable only by site administrators', async () => {
    expect((await call(employee, 'GET', '/site-config')).json().data.siteConfig.version).toBe(version);
    expect((await call(null, 'GET', '/site-config')).statusCode).toBe(401);
    expect(
      (await call(employee, 'PATCH', '/site-config', { allowRestaurantOverrides: false })).statusCode,
    ).toBe(403);
  });

  it('adds 1 to the version on every update and records when and by whom', async () => {
    const before = (await call(admin, 'GET', '/site-config')).json().data.siteConfig;
    const updated = await edit('PATCH', '/site-config', {
      requireApprovalForOverrides: true,
      components: { menuPreview: { defaultItemCount: 8 } },
    });
    expect(updated).toMatchObject({
      requireApprovalForOverrides: true,
      allowRestaurantOverrides: true,
      components: {
        menuPreview: { defaultItemCount: 8, showPrices: true },
        heroSection: { defaultHeight: 'screen' },
      },
    });
    expect(new Date(updated.lastModified).getTime()).toBeGreaterThan(new Date(before.lastModified).getTime());
    await edit('PATCH', '/site-config', { requireApprovalForOverrides: false });
    const invalid = await call(admin, 'PATCH', '/site-config', { defaultLayoutTemplate: 'nope' });
    expect(invalid.json().errors).toEqual([
      {
        path: 'defaultLayoutTemplate',
        message: 'Default layout template must be one of the layout templates',
      },
    ]);
    expect((await call(admin, 'GET', '/site-config')).json().data.siteConfig.version).toBe(version);
  });

  it('adds, updates and removes layout templates by templateId; the default one stays', async () => {
    const added = await edit('POST', '/site-config/layout-templates', classic, 201);
    expect(added.layoutTemplates[1]).toMatchObject({ ...classic, isDefault: false, isActive: true });
    expect(added.layoutTemplates[1].createdAt).toEqual(expect.any(String));
    const duplicate = await call(admin, 'POST', '/site-config/layout-templates', classic);
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().detail).toBe('Layout template classic already exists');
    expect(
      (await call(admin, 'POST', '/site-config/layout-templates', { id: 'x', name: 'X' })).json().errors,
    ).toEqual([{ path: 'sections', message: 'At least one section is required' }]);
    const updated = await edit('PATCH', '/site-config/layout-templates/classic', { name: 'Classic II' });
    expect(updated.layoutTemplates[1]).toMatchObject({ name: 'Classic II', sections: ['hero', 'about'] });
    const refused = await call(admin, 'DELETE', '/site-config/layout-templates/modern-restaurant');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('Cannot remove default layout template');
    await edit(
      'POST',
      '/site-config/layout-templates',
      { id: 'temporary', name: 'Temp', sections: ['hero'] },
      201,
    );
    const removed = await edit('DELETE', '/site-config/layout-templates/temporary');
    expect(removed.layoutTemplates.map((x: { id: string }) => x.id)).toEqual([
      'modern-restaurant',
      'classic',
    ]);
    const missing = await call(admin, 'DELETE', '/site-config/layout-templates/temporary');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Layout template temporary not found');
  });

  it('adds and updates colour schemes by schemeId', async () => {
    const added = await edit('POST', '/site-config/color-schemes', night, 201);
    expect(added.colorSchemes[1]).toMatchObject({ ...night, isDefault: false, isActive: true });
    const bad = await call(admin, 'POST', '/site-config/color-schemes', {
      ...night,
      id: 'bad',
      accent: 'orange',
    });
    expect(bad.json().errors).toEqual([{ path: 'accent', message: 'Must be a valid hex color' }]);
    const updated = await edit('PATCH', '/site-config/color-schemes/night', { accent: '#ff8800' });
    expect(updated.colorSchemes[1]).toMatchObject({ accent: '#ff8800', primary: '#000000' });
    expect(
      (await call(admin, 'PATCH', '/site-config/color-schemes/day', { name: 'Day' })).json().detail,
    ).toBe('Color scheme day not found');
  });

  it('adds, updates and removes fallback images by imageId, and replaces the fallback texts', async () => {
    const seafood = {
      id: 'seafood',
      category: 'Seafood',
      url: 'https://cdn.example/seafood.jpg',
      alt: 'Oysters on ice',
    };
    const added = await edit('POST', '/site-config/fallback-images', seafood, 201);
    expect(added.fallbackImages).toEqual([{ ...seafood, isGenericFallback: false, priority: 0 }]);
    await edit(
      'POST',
      '/site-config/fallback-images',
      {
        id: 'generic',
        category: 'any',
        url: 'https://cdn.example/g.jpg',
        alt: 'Dining room',
        isGenericFallback: true,
      },
      201,
    );
    await edit(
      'POST',
      '/site-config/fallback-images',
      { id: 'old', category: 'x', url: 'https://cdn.example/o.jpg', alt: 'Old' },
      201,
    );
    const updated = await edit('PATCH', '/site-config/fallback-images/seafood', { priority: 2 });
    expect(updated.fallbackImages[0]).toMatchObject({ priority: 2, alt: 'Oysters on ice' });
    expect(
      (await call(admin, 'PATCH', '/site-config/fallback-images/seafood', { alt: '' })).json().errors,
    ).toEqual([{ path: 'alt', message: 'Alt text is required' }]);
    const removed = await edit('DELETE', '/site-config/fallback-images/old');
    expect(removed.fallbackImages.map((x: { id: string }) => x.id)).toEqual(['seafood', 'generic']);
    const texts = await edit('PUT', '/site-config/fallback-texts', {
      aboutText: 'Welcome',
      heroTagline: 'Eat well',
    });
    expect(texts.fallbackTexts).toEqual({ aboutText: 'Welcome', heroTagline: 'Eat well' });
  });

  it('chooses hero images: explicit, then category (case-insensitive), then generic, then the default', async () => {
    const hero = async (query: string) =>
      (await call(null, 'GET', `/site-config/hero-image?${query}`)).json().data.heroImage;
    expect(await hero('image=https%3A%2F%2Fx.example%2Fh.jpg&category=seafood')).toMatchObject({
      source: 'explicit',
      url: 'https://x.example/h.jpg',
    });
    expect(await hero('category=SEAFOOD')).toMatchObject({
      source: 'category',
      fallbackImageId: 'seafood',
      url: 'https://cdn.example/seafood.jpg',
      alt: 'Oysters on ice',
    });
    expect(await hero('category=thai')).toMatchObject({ source: 'generic', fallbackImageId: 'generic' });
  });

  it("gives a restaurant's site its own template and scheme only while overrides are allowed", async () => {
    const tenant = await makeTenant(t.database.db, { plan: 'professional' });
    const restaurant = await makeRestaurant(t.database.db, tenant.tenantId, 'Override Oyster Bar');
    const owner = await makeUser(t.database.db, { tenantId: tenant.tenantId, role: 'owner' });
    const ownerSession = await signInAs(t.app, owner.email, TEST_PASSWORD);
    await asBearer(t.app, ownerSession, {
      method: 'PATCH',
      url: `/api/v1/tenants/${tenant.tenantId}/restaurants/${restaurant.restaurantId}`,
      payload: { concept: 'seafood', websiteConfig: { layoutTemplate: 'classic', colorScheme: 'night' } },
    });
    const effective = async () =>
      (await call(null, 'GET', `/restaurants/by-slug/${restaurant.slug}/site-config`)).json().data;
    expect(await effective()).toMatchObject({
      layoutTemplate: { id: 'classic' },
      colorScheme: { id: 'night' },
      components: { menuPreview: { defaultItemCount: 8 } },
      fallbackTexts: { aboutText: 'Welcome' },
      heroImage: { source: 'category', fallbackImageId: 'seafood' },
      overridesApplied: true,
    });
    await edit('PATCH', '/site-config', { allowRestaurantOverrides: false });
    expect(await effective()).toMatchObject({
      layoutTemplate: { id: 'modern-restaurant' },
      colorScheme: { id: 'warm-neutral' },
      overridesApplied: false,
    });
    const missing = await call(null, 'GET', '/restaurants/by-slug/nowhere/site-config');
    expect(missing.json().detail).toBe('Restaurant not found for slug: nowhere');
  });

  it('keeps every version with who made it and when, newest first, and refuses non-admins', async () => {
    const listed = await call(admin, 'GET', '/site-config/versions?limit=100');
    expect(listed.statusCode, listed.body).toBe(200);
    const versions = listed.json().data.versions;
    expect(versions.map((v: { version: number }) => v.version)).toEqual(
      Array.from({ length: version }, (_, i) => version - i),
    );
    expect(versions[0]).toMatchObject({
      modifiedBy: adminUid,
      modifiedByEmail: expect.stringContaining('@'),
    });
    expect(Date.parse(versions[0].modifiedAt)).not.toBeNaN();
    const older = await call(admin, 'GET', `/site-config/versions?limit=2&before=${version}`);
    expect(older.json().data.versions.map((v: { version: number }) => v.version)).toEqual([
      version - 1,
      version - 2,
    ]);
    for (const url of [
      '/site-config/versions',
      '/site-config/versions/1',
      '/site-config/versions-diff?from=1&to=2',
    ]) {
      expect((await call(employee, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
    }
  });

  it('reads one version as it was and says when there is no such version', async () => {
    const first = await call(admin, 'GET', '/site-config/versions/1');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.siteConfig).toMatchObject({
      version: 1,
      defaultColorScheme: 'warm-neutral',
      allowRestaurantOverrides: true,
    });
    const missing = await call(admin, 'GET', '/site-config/versions/9999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Site configuration version 9999 not found');
    const bad = await call(admin, 'GET', '/site-config/versions/abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Version must be a positive integer');
  });

  it('compares two versions entry by entry', async () => {
    const current = (await call(admin, 'GET', '/site-config')).json().data.siteConfig;
    await edit('PATCH', '/site-config/color-schemes/night', { primary: '#123456' });
    const diff = await call(admin, 'GET', `/site-config/versions-diff?from=${current.version}&to=${version}`);
    expect(diff.statusCode, diff.body).toBe(200);
    expect(diff.json().data.changes).toEqual([
      { path: 'colorSchemes[night].primary', kind: 'changed', before: '#000000', after: '#123456' },
    ]);
    const missing = await call(admin, 'GET', `/site-config/versions-diff?from=1&to=9999`);
    expect(missing.statusCode).toBe(404);
    const bad = await call(admin, 'GET', '/site-config/versions-diff?from=1');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('To version must be a positive integer');
  });
});
