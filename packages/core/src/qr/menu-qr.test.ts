import { describe, expect, it } from 'vitest';
import { publicMenuUrl, qrPng, qrSvg } from './menu-qr';

const mapping = {
  domain: 'harborgrill.com',
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
