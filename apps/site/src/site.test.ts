import { defaultSiteConfiguration, type SiteConfiguration } from '@brigade/domain/site-config';
import { describe, expect, it } from 'vitest';
import { type CachedPage, PageCache, SiteDataCache, utf8Bytes } from './cache';
import { homeSections } from './components/home';
import {
  contrastRatio,
  ensureContrast,
  formatMoney,
  groupedHours,
  itemPrice,
  readableOn,
  shortPrice,
  socialUrl,
} from './format';
import { imageSource } from './images';
import { siteLinks } from './links';
import { chooseMenu, ttlUntilNextBoundary } from './load';
import { priceRangeOf, robotsTxt, sitemapXml } from './seo';
import { siteTheme } from './theme';

const page = (tenantId: number, restaurantId: number, expires = Date.now() + 60_000): CachedPage => ({
  status: 200,
  contentType: 'text/html; charset=utf-8',
  headers: {},
  body: Buffer.from('x'),
  gzip: Buffer.from('x'),
  br: Buffer.from('x'),
  etag: '"x"',
  sMaxAge: 60,
  expires,
  tenantId,
  restaurantId,
});

describe('PageCache', () => {
  it('drops the pages of the restaurant, of the tenant, or all, by the change', () => {
    const cache = new PageCache();
    cache.set('a', page(1, 10), cache.generation);
    cache.set('b', page(1, 11), cache.generation);
    cache.set('c', page(2, 20), cache.generation);
    cache.invalidate({ area: 'catalogue', tenantId: 1, restaurantId: 10 });
    expect([cache.get('a'), !!cache.get('b'), !!cache.get('c')]).toEqual([undefined, true, true]);
    cache.invalidate({ area: 'tenant', tenantId: 1 });
    expect([cache.get('b'), !!cache.get('c')]).toEqual([undefined, true]);
    cache.set('d', page(2, 21), cache.generation);
    cache.set('e', page(3, 30), cache.generation);
    // a domain change drops its tenant's pages, all of its restaurants', and no other tenant's
    cache.invalidate({ area: 'domains', tenantId: 2, restaurantId: 20 });
    expect([cache.get('c'), cache.get('d'), !!cache.get('e')]).toEqual([undefined, undefined, true]);
    cache.invalidate({ area: 'site-config' });
    expect(cache.size).toBe(0);
  });

  it('does not store a page rendered before an invalidation', () => {
    const cache = new PageCache();
    const generation = cache.generation;
    cache.invalidate({ area: 'catalogue', tenantId: 9, restaurantId: 9 });
    expect(cache.set('a', page(1, 1), generation)).toBe(false);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets expired pages and evicts the oldest beyond its size', () => {
    let now = 1000;
    const cache = new PageCache(2, () => now);
    cache.set('old', page(1, 1, 2000), cache.generation);
    now = 2000;
    expect(cache.get('old')).toBeUndefined();
    cache.set('a', page(1, 1, 9000), cache.generation);
    cache.set('b', page(1, 1, 9000), cache.generation);
    cache.set('c', page(1, 1, 9000), cache.generation);
    expect([cache.get('a'), !!cache.get('b'), !!cache.get('c')]).toEqual([undefined, true, true]);
  });
});

describe('PageCache bounds', () => {
  it('forgets the least recently used page first, so a flood of new keys keeps the busy ones', () => {
    const cache = new PageCache(3);
    const busy = page(1, 1);
    cache.set('busy', busy, cache.generation);
    for (const key of ['b', 'c']) cache.set(key, page(1, 1), cache.generation);
    expect(cache.get('busy')).toBe(busy);
    for (let i = 0; i < 2; i++) cache.set(`new-${i}`, page(1, 1), cache.generation);
    expect([!!cache.get('busy'), !!cache.get('b'), !!cache.get('c')]).toEqual([true, false, false]);
    for (let i = 0; i < 100; i++) {
      cache.set(`flood-${i}`, page(1, 1), cache.generation);
      cache.get('busy');
    }
    expect(cache.size).toBe(3);
    expect(cache.get('busy')).toBe(busy);
  });

  it('admits every page while it has room, and only a key asked for twice once full', () => {
    const cache = new PageCache(3);
    for (const key of ['busy', 'b']) {
      expect(cache.admits(key, 3)).toBe(true);
      cache.set(key, page(1, 1), cache.generation);
    }
    expect(cache.admits('c', 3)).toBe(true);
    cache.set('c', page(1, 1), cache.generation);
    cache.get('busy');
    // full: a flood of one-time keys is served and not stored, so it evicts nothing
    for (let i = 0; i < 10; i++) expect(cache.admits(`flood-${i}`, 3)).toBe(false);
    expect([!!cache.get('busy'), !!cache.get('b'), !!cache.get('c')]).toEqual([true, true, true]);
    // a key already stored is replaced; one asked for again is stored, evicting the least recent
    expect(cache.admits('b', 3)).toBe(true);
    expect(cache.admits('flood-7', 3)).toBe(true);
    const flood7 = page(1, 1);
    cache.set('flood-7', flood7, cache.generation);
    expect(cache.size).toBe(3);
    expect(cache.get('flood-7')).toBe(flood7);
  });

  it('admits nothing new beyond its byte budget unless asked for twice', () => {
    const cache = new PageCache(100, Date.now, 10);
    expect(cache.admits('a', 6)).toBe(true);
    const six = { ...page(1, 1), body: Buffer.alloc(6), gzip: Buffer.alloc(0), br: Buffer.alloc(0) };
    cache.set('a', six, cache.generation);
    expect(cache.admits('small', 4)).toBe(true);
    expect(cache.admits('large', 5)).toBe(false);
    expect(cache.admits('large', 5)).toBe(true);
  });

  it('keeps to its byte budget, oldest first', () => {
    const cache = new PageCache(100, Date.now, 10);
    const sized = (n: number) => ({
      ...page(1, 1),
      body: Buffer.alloc(n),
      gzip: Buffer.alloc(0),
      br: Buffer.alloc(0),
    });
    cache.set('a', sized(4), cache.generation);
    cache.set('b', sized(4), cache.generation);
    cache.set('c', sized(4), cache.generation);
    expect([cache.get('a'), !!cache.get('b'), !!cache.get('c')]).toEqual([undefined, true, true]);
  });
});

describe('availability expiry', () => {
  it('lasts until the next time-range boundary on the restaurant clock', () => {
    // 10:59:30 in New York (UTC-5 in January) -> the 11:00 boundary is 30 s away
    const now = new Date('2026-01-15T15:59:30Z');
    expect(ttlUntilNextBoundary(['11:00', '15:00'], 'America/New_York', now, 3_600_000)).toBe(30_000);
    // after the last boundary of the day: local midnight (13 h later), capped
    const evening = new Date('2026-01-16T04:00:00Z'); // 23:00 local
    expect(ttlUntilNextBoundary(['11:00'], 'America/New_York', evening, 24 * 3_600_000)).toBe(3_600_000);
    expect(ttlUntilNextBoundary([], 'UTC', new Date('2026-01-15T10:00:00Z'), 600_000)).toBe(600_000);
  });
});

describe('menu chooser', () => {
  const menus = [
    { menuGroupId: 1, guid: 'a', name: 'Lunch', position: 0, isMenu: true },
    { menuGroupId: 2, guid: 'b', name: 'Dinner', position: 1, isMenu: true },
  ];
  it('chooses by website config, else the single menu, else none', () => {
    expect(chooseMenu(menus, 2)).toEqual({ menu: menus[1], reason: 'website-config' });
    expect(chooseMenu(menus, 99)).toEqual({ menu: null, reason: 'none' });
    expect(chooseMenu([menus[0]!], undefined)).toEqual({ menu: menus[0], reason: 'single-menu' });
    expect(chooseMenu([], 1)).toEqual({ menu: null, reason: 'none' });
  });
});

describe('formatting', () => {
  it('prices items by strategy', () => {
    expect(itemPrice({ pricingStrategy: 'base', basePrice: 12, sizePrice: [] }, 'USD')).toMatchObject({
      text: '$12.00',
    });
    const sized = itemPrice(
      {
        pricingStrategy: 'size',
        sizePrice: [
          { id: 1, guid: 'g', number: '1', name: 'Small', price: 4.5 },
          { id: 2, guid: 'h', number: '2', name: 'Large', price: 7 },
        ],
      } as never,
      'USD',
    );
    expect(shortPrice(sized, 'USD')).toBe('from $4.50');
    expect(itemPrice({ pricingStrategy: 'open', sizePrice: [] }, 'USD')).toEqual({
      kind: 'open',
      text: 'Market price',
    });
    expect(formatMoney(3, 'EUR')).toBe('€3.00');
  });

  it("spans a menu's prices, its subgroups' too, per currency", () => {
    const item = (itemId: number, basePrice: number) => ({
      itemId,
      item: { itemId, pricingStrategy: 'base', basePrice, sizePrice: [] },
    });
    const menu = {
      items: [item(1, 8)],
      subgroups: [{ items: [item(2, 32), item(3, 12)], subgroups: [] }],
    } as never;
    expect(priceRangeOf(menu, 'USD')).toBe('$8.00 - $32.00');
    expect(priceRangeOf(menu, 'USD')).toBe('$8.00 - $32.00');
    expect(priceRangeOf(menu, 'EUR')).toBe('€8.00 - €32.00');
    expect(priceRangeOf({ items: [], subgroups: [] } as never, 'USD')).toBeUndefined();
    expect(priceRangeOf(null, 'USD')).toBeUndefined();
  });

  it("writes a page's text as UTF-8, each page its own bytes", () => {
    const texts = ['plain', 'Café — “menu” 🍜 \ud800 end', 'é'.repeat(300_000), ''];
    const bytes = texts.map(utf8Bytes);
    expect(bytes.map((b, i) => b.equals(Buffer.from(texts[i]!)))).toEqual([true, true, true, true]);
    expect(bytes[0]!.toString()).toBe('plain');
  });

  it('groups days with the same hours', () => {
    const open = { open: '09:00', close: '22:00', closed: false };
    const hours = {
      monday: { ...open, closed: true },
      tuesday: open,
      wednesday: open,
      thursday: open,
      friday: { ...open, close: '23:30' },
      saturday: { ...open, close: '23:30' },
      sunday: { open: '12:00', close: '21:00', closed: false },
    };
    expect(groupedHours(hours)).toEqual([
      { days: 'Monday', hours: 'Closed' },
      { days: 'Tuesday – Thursday', hours: '9:00 AM – 10:00 PM' },
      { days: 'Friday – Saturday', hours: '9:00 AM – 11:30 PM' },
      { days: 'Sunday', hours: '12:00 PM – 9:00 PM' },
    ]);
  });

  it('keeps text readable on brand colours', () => {
    expect(readableOn('#0f766e')).toBe('#ffffff');
    expect(readableOn('#facc15')).toBe('#1c1917');
    const link = ensureContrast('#f59e0b', '#fafaf9');
    expect(contrastRatio(link, '#fafaf9')).toBeGreaterThanOrEqual(4.5);
  });

  it('makes social handles into links and refuses anything else', () => {
    expect(socialUrl('instagram', '@harbor.grill')).toBe('https://www.instagram.com/harbor.grill');
    expect(socialUrl('facebook', 'https://facebook.com/x')).toBe('https://facebook.com/x');
    expect(socialUrl('twitter', 'javascript:alert(1)')).toBeNull();
  });
});

describe('site pieces', () => {
  it('places the restaurant content in the template order', () => {
    expect(homeSections(['hero', 'menu-preview', 'about', 'location', 'contact'])).toEqual([
      'hero',
      'menu-preview',
      'about',
      'special-offers',
      'content-blocks',
      'photos',
      'cta',
      'location',
      'contact',
    ]);
    expect(homeSections(['about'])).toEqual([
      'hero',
      'about',
      'special-offers',
      'content-blocks',
      'photos',
      'cta',
    ]);
  });

  it('keeps links on the way the site was reached', () => {
    expect(siteLinks('http://x', '/harbor-grill', '').to('/')).toBe('/harbor-grill');
    expect(siteLinks('http://x', '/harbor-grill', '').to('/menu/3')).toBe('/harbor-grill/menu/3');
    expect(siteLinks('http://x', '', 'tenant=a&restaurant=b').abs('/menu')).toBe(
      'http://x/menu?tenant=a&restaurant=b',
    );
  });

  it('reads image references: URLs, site paths and optimized images', () => {
    expect(imageSource('https://cdn.example/a.jpg')).toEqual({ src: 'https://cdn.example/a.jpg' });
    expect(imageSource('/images/fallback/generic-restaurant-hero.jpg')?.src).toBe(
      '/images/fallback/generic-restaurant-hero.jpg',
    );
    expect(imageSource('javascript:alert(1)')).toBeNull();
    const optimized = JSON.stringify({
      original: { url: 'https://m.example/o.jpg', format: 'jpeg', width: 2000, height: 1000, size: 1 },
      variants: {
        small: [{ url: 'https://m.example/s.webp', format: 'webp', width: 480, height: 240, size: 1 }],
        medium: [{ url: 'https://m.example/m.webp', format: 'webp', width: 1200, height: 600, size: 1 }],
      },
    });
    expect(imageSource(optimized)).toEqual({
      src: 'https://m.example/o.jpg',
      srcSet: 'https://m.example/s.webp 480w, https://m.example/m.webp 1200w',
      width: 2000,
      height: 1000,
    });
  });

  it('uses the restaurant brand colours only when it chose them and overrides are allowed', () => {
    const config = defaultSiteConfiguration() as unknown as SiteConfiguration;
    const scheme = config.colorSchemes[0]!;
    const website = {
      branding: { colors: { primary: '#0f766e', secondary: '#1f2937', accent: '#f59e0b' } },
      ordering: { buttonColor: '#dc2626' },
    } as never;
    expect(siteTheme(scheme, website, true)).toMatchObject({
      primary: '#0f766e',
      secondary: scheme.secondary,
      order: '#0f766e',
    });
    expect(siteTheme(scheme, website, false)).toMatchObject({ primary: scheme.primary });
  });

  it('writes sitemap.xml and robots.txt', () => {
    const xml = sitemapXml([
      { loc: 'https://a.example/?x=1&y=2', lastmod: new Date('2026-01-02T10:00:00Z') },
    ]);
    expect(xml).toContain('<loc>https://a.example/?x=1&amp;y=2</loc><lastmod>2026-01-02</lastmod>');
    expect(robotsTxt({ noIndex: true, sitemapUrl: 'https://a/sitemap.xml' })).toBe(
      'User-agent: *\nDisallow: /\n',
    );
    expect(robotsTxt({ noIndex: false, sitemapUrl: 'https://a/sitemap.xml' })).toContain(
      'Sitemap: https://a/sitemap.xml',
    );
  });
});

describe('SiteDataCache', () => {
  const resolution = { found: true, method: 'slug' } as never;
  it('keeps resolutions and restaurant data until a change concerns them', async () => {
    const cache = new SiteDataCache();
    let loads = 0;
    const load = async () => {
      loads++;
      return resolution;
    };
    await cache.resolution({ host: 'h', path: '/a/menu' }, load);
    await cache.resolution({ host: 'h', path: '/a' }, load);
    expect(loads).toBe(1);
    cache.invalidate({ area: 'restaurant', tenantId: 1, restaurantId: 2 });
    await cache.resolution({ host: 'h', path: '/a' }, load);
    expect(loads).toBe(2);

    const data = { restaurant: { tenantId: 1, restaurantId: 2 } } as never;
    let reads = 0;
    const read = async () => {
      reads++;
      return { data, ttlMs: 60_000 };
    };
    await cache.restaurant('g', read);
    await cache.restaurant('g', read);
    expect(reads).toBe(1);
    cache.invalidate({ area: 'catalogue', tenantId: 1, restaurantId: 3 });
    await cache.restaurant('g', read);
    expect(reads).toBe(1);
    cache.invalidate({ area: 'catalogue', tenantId: 1, restaurantId: 2 });
    await cache.restaurant('g', read);
    expect(reads).toBe(2);
  });

  it('keeps a bounded number of resolutions, forgetting the least recently used first', async () => {
    const cache = new SiteDataCache(true, 3);
    let loads = 0;
    const load = async () => {
      loads++;
      return resolution;
    };
    await cache.resolution({ host: 'h', path: '/busy' }, load);
    for (let i = 0; i < 50; i++) {
      await cache.resolution({ host: 'h', path: `/made-up-${i}` }, load);
      await cache.resolution({ host: 'h', path: '/busy' }, load);
    }
    expect(loads).toBe(51);
    await cache.resolution({ host: 'h', path: '/made-up-0' }, load);
    expect(loads).toBe(52);
  });

  it('does not keep what was read while a change happened', async () => {
    const cache = new SiteDataCache();
    const data = { restaurant: { tenantId: 1, restaurantId: 2 } } as never;
    let reads = 0;
    await cache.restaurant('g', async () => {
      reads++;
      cache.invalidate({ area: 'catalogue', tenantId: 1, restaurantId: 2 });
      return { data, ttlMs: 60_000 };
    });
    await cache.restaurant('g', async () => {
      reads++;
      return { data, ttlMs: 60_000 };
    });
    expect(reads).toBe(2);
  });
});
