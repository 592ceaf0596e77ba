import type { Executor } from '@brigade/db/database';
import { isUsable, protocolFor } from '@brigade/domain/domain-mapping';
import { notFound } from '@brigade/domain/errors';
import type { Restaurant } from '@brigade/domain/restaurant';
import QRCode from 'qrcode';
import { findMappingAddresses, type MappingAddress } from '../domains/index';
import { findRestaurantByGuid } from '../tenancy/index';

/** A printed QR code must scan from a table tent: medium error correction, the standard 4-module quiet zone. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;
export const QR_PNG_DEFAULT_SIZE = 512;
export const QR_PNG_MIN_SIZE = 128;
export const QR_PNG_MAX_SIZE = 2048;

/**
 * Where the public sites are for a restaurant without a usable primary domain: an origin, and whether slug
 * addresses (`<origin>/<slug>`) are served there. They are only on the site port (SITE_PORT); on the
 * platform's own host (PUBLIC_URL) public sites answer mapped hosts only (docs/operations/README.md#reverse-proxy).
 */
export interface PublicSites {
  origin: string;
  servesSlugs: boolean;
}

/**
 * The public address of a restaurant's menu (docs/behaviour/menu-display-and-qr.md#public-menu-link):
 * 1. its primary domain mapping when that one is usable (active and verified; https only once SSL is issued);
 * 2. where slug addresses are served, `<site origin>/<slug>/menu`;
 * 3. otherwise another usable mapping: a custom domain before a generated subdomain, one with SSL issued
 *    first, then the oldest;
 * 4. otherwise `<site origin>/<slug>/menu` still: not served until the restaurant has a usable domain.
 */
export function publicMenuUrl(
  restaurant: Pick<Restaurant, 'slug'>,
  mappings: readonly MappingAddress[],
  siteOrigin: string,
  servesSlugs = true,
): string {
  const mapping =
    mappings.find((m) => m.isPrimary && isUsable(m)) ?? (servesSlugs ? undefined : servedMappingOf(mappings));
  if (mapping) return `${protocolFor(mapping)}://${mapping.domain}/menu`;
  return `${siteOrigin.replace(/\/+$/, '')}/${encodeURIComponent(restaurant.slug)}/menu`;
}

/** The usable mapping a link should name when none is primary: custom first, then SSL issued, then the oldest. */
function servedMappingOf(mappings: readonly MappingAddress[]): MappingAddress | undefined {
  const rank = (m: MappingAddress) =>
    (m.domainType === 'custom' ? 0 : 2) + (m.sslStatus === 'issued' ? 0 : 1);
  // a stable sort: equal ranks keep the stored order (oldest first)
  return mappings.filter(isUsable).sort((a, b) => rank(a) - rank(b))[0];
}

/** The restaurant (any tenant: the menu address is public) and its menu address; unknown is a 404. */
export async function publicMenuTarget(
  ex: Executor,
  restaurantGuid: string,
  sites: PublicSites,
): Promise<{ restaurant: Restaurant; url: string }> {
  const restaurant = await findRestaurantByGuid(ex, restaurantGuid);
  if (!restaurant) throw notFound(`Restaurant not found: ${restaurantGuid}`, 'RESTAURANT_NOT_FOUND');
  const mappings = await findMappingAddresses(ex, restaurantGuid);
  return { restaurant, url: publicMenuUrl(restaurant, mappings, sites.origin, sites.servesSlugs) };
}

/**
 * Rendered codes are kept (a PNG takes tens of milliseconds; the same few addresses are asked for again and
 * again): at most QR_CACHE_MAX entries, the oldest dropped first. The key is the address itself, so a new
 * primary domain or slug is simply another entry.
 */
const QR_CACHE_MAX = 256;
const rendered = new Map<string, Promise<string | Buffer>>();
function remember<T extends string | Buffer>(key: string, render: () => Promise<T>): Promise<T> {
  const hit = rendered.get(key);
  if (hit) return hit as Promise<T>;
  const made = render();
  rendered.set(key, made);
  made.catch(() => rendered.delete(key));
  if (rendered.size > QR_CACHE_MAX) rendered.delete(rendered.keys().next().value as string);
  return made;
}

/** A scalable SVG document of the QR code (for print). */
export function qrSvg(text: string): Promise<string> {
  return remember(`svg:${text}`, () => QRCode.toString(text, { ...QR_OPTIONS, type: 'svg' }));
}

/** A PNG of the QR code, `size` pixels square (for screens and quick sharing). */
export function qrPng(text: string, size = QR_PNG_DEFAULT_SIZE): Promise<Buffer> {
  return remember(`png:${size}:${text}`, () =>
    QRCode.toBuffer(text, { ...QR_OPTIONS, type: 'png', width: size }),
  );
}
