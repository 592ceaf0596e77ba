import { effectiveSiteConfiguration } from '@brigade/domain/effective-site-config';
import { restaurantSchema } from '@brigade/domain/restaurant';
import { defaultSiteConfiguration, type SiteConfiguration } from '@brigade/domain/site-config';
import { tenantSchema } from '@brigade/domain/tenant';
import { describe, expect, it } from 'vitest';
import { cspHash, sitePagePolicy } from './csp';
import { siteLinks } from './links';
import type { SiteData } from './load';
import { renderChooser, renderHome, renderNotAvailable } from './render';

const siteConfig = {
  ...defaultSiteConfiguration(),
  lastModified: new Date(0),
  lastModifiedBy: 'system',
  version: 1,
} as SiteConfiguration;

function siteData(websiteConfig: object, menus: SiteData['menus'] = [], platformSync?: object): SiteData {
  const restaurant = restaurantSchema.parse({
    ...(platformSync ? { platformSync } : {}),
    restaurantId: 20000009,
    guid: '3f0e8a52-1c1d-4c55-9d7e-7f0b1c2d3e4f',
    slug: 'test-kitchen',
    tenantId: 10000009,
    name: 'Test Kitchen',
    concept: 'Bistro',
    address: { street: '1 Main St', city: 'Springfield', state: 'OR', zipCode: '97477' },
    contact: { phone: '+1 541 555 0100', email: 'hi@test.example' },
    websiteConfig,
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  const tenant = tenantSchema.parse({
    tenantId: 10000009,
    guid: '4a1f9b63-2d2e-4d66-8e8f-8a1c2d3e4f50',
    name: 'test',
    displayName: 'Test',
    createdAt: new Date(),
    updatedAt: new Date(),
  });
  return {
    tenant,
    restaurant,
    siteConfig,
    effective: effectiveSiteConfiguration(siteConfig, restaurant),
    timezone: 'UTC',
    currency: 'USD',
    menus,
    listedMenus: menus,
    now: new Date(),
    today: new Date().toISOString().slice(0, 10),
    closure: null,
    soldOut: new Set(),
  };
}

const links = siteLinks('https://test.example', '', '');

describe('home page', () => {
  it('renders content blocks in their four layouts, the announcement, CTAs, social links and ordering', () => {
    const html = renderHome(
      {
        data: siteData({
          content: {
            announcement: 'Closed on Monday for a private event',
            specialOffers: ['Half-price wine on Tuesdays'],
          },
          contentBlocks: (['image-left', 'image-right', 'centered', 'text-only'] as const).map((layout) => ({
            id: layout,
            title: `Block ${layout}`,
            description: 'Something worth reading',
            layout,
          })),
          ctaSections: [{ id: 'cta', title: 'Private dining', description: 'Up to 40 guests' }],
          social: { instagram: '@testkitchen', tiktok: 'https://tiktok.com/@testkitchen' },
          ordering: {
            enabled: true,
            provider: 'ubereats',
            url: 'https://ubereats.example/test',
            buttonText: 'Order on Uber Eats',
          },
        }),
        links,
        seoConfig: null,
      },
      null,
    );
    for (const layout of ['image-left', 'image-right', 'centered', 'text-only']) {
      expect(html).toContain(`class="block block-${layout}"`);
    }
    expect(html.match(/class="block-art block-art-empty"/g)).toHaveLength(3);
    expect(html).toContain(
      '<aside class="announce" aria-label="Announcement">Closed on Monday for a private event</aside>',
    );
    expect(html).toContain('Half-price wine on Tuesdays');
    expect(html).toContain('Private dining');
    expect(html).toContain('href="https://www.instagram.com/testkitchen"');
    expect(html).toContain('href="https://ubereats.example/test"');
    expect(html).toContain('Order on Uber Eats');
    // Defaults: title "{name} - Restaurant"; the default fallback texts and generic hero
    expect(html).toContain('<title>Test Kitchen - Restaurant</title>');
    expect(html).toContain('Good food, good company');
    expect(html).toContain('src="/images/fallback/generic-restaurant-hero.jpg"');
    expect(html).toContain(
      '<meta property="og:image" content="https://test.example/images/fallback/generic-restaurant-hero.jpg">',
    );
    expect(html).toContain('Welcome! We look forward to cooking for you.');
  });

  it("gives a content block its own colours from the page's stylesheet, never a style attribute (CSP)", () => {
    const html = renderHome(
      {
        data: siteData({
          contentBlocks: [
            { id: 'plain', title: 'Plain', description: 'No colours', layout: 'text-only' },
            {
              id: 'panel',
              title: 'Panel',
              description: 'Its own colours',
              layout: 'text-only',
              backgroundColor: '#123456',
              textColor: '#fefefe',
            },
          ],
        }),
        links,
        seoConfig: null,
      },
      null,
    );
    expect(html).toContain('class="block block-text-only"');
    expect(html).toContain('class="block block-text-only block-panel block-colours-1"');
    expect(html).toContain('.block-colours-1{background:#123456;color:#fefefe}');
    expect(html).not.toContain('block-colours-0');
    expect(html).not.toMatch(/\sstyle=/);
    // one stylesheet, hashed into the page's policy (apps/site/src/csp.ts)
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
    expect(sitePagePolicy(html)).toContain(`style-src ${cspHash(style)};`);
  });

  it('hashes every stylesheet of a page once into its policy, and allows no style without one', () => {
    const page = '<style>a{color:red}</style><p>x</p><style>b{}</style><style>a{color:red}</style>';
    expect(sitePagePolicy(page)).toContain(`style-src ${cspHash('a{color:red}')} ${cspHash('b{}')};`);
    expect(sitePagePolicy(`${page}<style>unterminated`)).toContain(
      `style-src ${cspHash('a{color:red}')} ${cspHash('b{}')};`,
    );
    expect(sitePagePolicy('<p>no style</p>')).toContain("style-src 'none';");
  });

  it('uses the colour scheme as custom properties, with the restaurant colours it chose', () => {
    const html = renderHome(
      { data: siteData({ branding: { colors: { primary: '#0f766e' } } }), links, seoConfig: null },
      null,
    );
    expect(html).toContain('--primary:#0f766e');
    expect(html).toContain('--bg:#fafaf9');
  });

  it("shows the linked Google place's imported photos with their authors, and none once unlinked", () => {
    const image = {
      original: {
        url: 'https://test.example/media/p1.jpg',
        width: 1600,
        height: 1200,
        size: 1,
        format: 'jpeg',
      },
      variants: {
        small: [
          { url: 'https://test.example/media/p1-s.webp', width: 480, height: 360, size: 1, format: 'webp' },
        ],
      },
      uploadedAt: new Date(0).toISOString(),
    };
    const photo = {
      name: 'places/P1/photos/A',
      image,
      authorAttributions: [{ displayName: 'Ana <B>', uri: 'https://maps.google.com/contrib/1' }],
    };
    const linked = { platforms: { googlePlaces: { placeId: 'P1', enabled: true, photos: [photo] } } };
    const html = renderHome({ data: siteData({}, [], linked), links, seoConfig: null }, null);
    expect(html).toContain('<h2 id="photos-title">Around Test Kitchen</h2>');
    expect(html).toContain('srcSet="https://test.example/media/p1-s.webp 480w"');
    expect(html).toContain('alt="Test Kitchen on Google, 1 of 1"');
    expect(html).toContain(
      'Photo: <span><a href="https://maps.google.com/contrib/1" rel="noopener nofollow" target="_blank">Ana &lt;B&gt;</a></span> · from Google',
    );
    const unlinked = { platforms: { googlePlaces: { enabled: false, photos: [photo] } } };
    expect(renderHome({ data: siteData({}, [], unlinked), links, seoConfig: null }, null)).not.toContain(
      'photos-title',
    );
  });

  it('canonical and noindex come from the mapping', () => {
    const html = renderHome(
      { data: siteData({}), links, seoConfig: { canonicalUrl: 'https://www.test.example/', noIndex: true } },
      null,
    );
    expect(html).toContain('<link rel="canonical" href="https://www.test.example/">');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
  });
});

describe('menu chooser', () => {
  it('says when there are no menus', () => {
    const html = renderChooser({ data: siteData({}), links, seoConfig: null });
    expect(html).toContain('No Menus Available');
    expect(html).toContain('Test Kitchen doesn&#x27;t have any menus configured yet.');
  });
});

describe('error screen', () => {
  it('escapes the error text', () => {
    expect(renderNotAvailable('<script>x</script>')).toContain('&lt;script&gt;x&lt;/script&gt;');
  });
});
