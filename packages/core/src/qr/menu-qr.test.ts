import { describe, expect, it } from 'vitest';
import { publicMenuUrl, qrPng, qrSvg } from './menu-qr';

const mapping = {
  domain: 'harborgrill.com',
  domainType: 'custom' as const,
  isPrimary: true,
  isActive: true,
  verificationStatus: 'verified' as const,
  sslStatus: 'issued' as const,
};

describe('public menu address', () => {
  it('is the public site with the slug without a usable primary domain', () => {
    expect(publicMenuUrl({ slug: 'harbor-grill' }, [], 'http://localhost:3004/')).toBe(
      'http://localhost:3004/harbor-grill/menu',
    );
    // a primary that is not verified yet, or inactive, does not count
    for (const unusable of [
      { ...mapping, verificationStatus: 'pending' as const },
      { ...mapping, isActive: false },
      { ...mapping, isPrimary: false },
    ]) {
      expect(publicMenuUrl({ slug: 'harbor-grill' }, [unusable], 'http://localhost:3004')).toBe(
        'http://localhost:3004/harbor-grill/menu',
      );
    }
  });

  it('is the usable primary domain, https once SSL is issued', () => {
    expect(publicMenuUrl({ slug: 'harbor-grill' }, [mapping], 'http://localhost:3004')).toBe(
      'https://harborgrill.com/menu',
    );
    expect(
      publicMenuUrl(
        { slug: 'harbor-grill' },
        [{ ...mapping, sslStatus: 'pending' }],
        'http://localhost:3004',
      ),
    ).toBe('http://harborgrill.com/menu');
  });
});

describe('public menu address where slug addresses are not served (PUBLIC_URL, no SITE_PORT)', () => {
  const subdomain = {
    domain: 'restaurant-1a2b3c4d.sites.example.com',
    domainType: 'subdomain' as const,
    isPrimary: false,
    isActive: true,
    verificationStatus: 'verified' as const,
    sslStatus: 'issued' as const,
  };
  const custom = { ...mapping, isPrimary: false };
  const site = 'https://brigade.example.com';

  it('is a usable custom domain before the generated subdomain, primary or not', () => {
    expect(publicMenuUrl({ slug: 'harbor-grill' }, [subdomain, custom], site, false)).toBe(
      'https://harborgrill.com/menu',
    );
    expect(publicMenuUrl({ slug: 'harbor-grill' }, [subdomain], site, false)).toBe(
      'https://restaurant-1a2b3c4d.sites.example.com/menu',
    );
    // a custom domain not verified yet is not served: the subdomain is
    expect(
      publicMenuUrl(
        { slug: 'harbor-grill' },
        [{ ...custom, verificationStatus: 'pending' as const }, subdomain],
        site,
        false,
      ),
    ).toBe('https://restaurant-1a2b3c4d.sites.example.com/menu');
    // the usable primary still comes first
    expect(
      publicMenuUrl({ slug: 'harbor-grill' }, [custom, { ...subdomain, isPrimary: true }], site, false),
    ).toBe('https://restaurant-1a2b3c4d.sites.example.com/menu');
  });

  it('prefers a domain with SSL issued, then the oldest', () => {
    const second = { ...custom, domain: 'harbor-grill.example' };
    expect(
      publicMenuUrl(
        { slug: 'harbor-grill' },
        [{ ...custom, sslStatus: 'pending' as const }, second],
        site,
        false,
      ),
    ).toBe('https://harbor-grill.example/menu');
    expect(publicMenuUrl({ slug: 'harbor-grill' }, [custom, second], site, false)).toBe(
      'https://harborgrill.com/menu',
    );
  });

  it('falls back to the slug address without a usable domain', () => {
    expect(publicMenuUrl({ slug: 'harbor-grill' }, [{ ...subdomain, isActive: false }], site, false)).toBe(
      'https://brigade.example.com/harbor-grill/menu',
    );
  });

  it('keeps the slug address where slugs are served (the site port), unless a primary is usable', () => {
    expect(publicMenuUrl({ slug: 'harbor-grill' }, [subdomain, custom], 'http://localhost:3004')).toBe(
      'http://localhost:3004/harbor-grill/menu',
    );
  });
});

describe('QR rendering', () => {
  it('renders an SVG and a PNG, the same bytes for the same address, others for another', async () => {
    const svg = await qrSvg('https://harborgrill.com/menu');
    expect(svg).toMatch(/^<svg /);
    expect(await qrSvg('https://harborgrill.com/menu')).toBe(svg);
    expect(await qrSvg('https://other.example/menu')).not.toBe(svg);
    const png = await qrPng('https://harborgrill.com/menu', 256);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.readUInt32BE(16)).toBe(256); // IHDR width
    expect((await qrPng('https://harborgrill.com/menu', 300)).readUInt32BE(16)).toBe(300);
  });
});
