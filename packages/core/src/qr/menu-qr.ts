import type { Executor } from '@brigade/db/database';
import { isUsable, protocolFor } from '@brigade/domain/domain-mapping';
import { notFound } from '@brigade/domain/errors';
import type { Restaurant } from '@brigade/domain/restaurant';
import QRCode from 'qrcode';
import { findPrimaryMappingAddresses, type MappingAddress } from '../domains/domain-mapping-repository';
import { findRestaurantByGuid } from '../tenancy/restaurant-repository';

/** A printed QR code must scan from a table tent: medium error correction, the standard 4-module quiet zone. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 4 } as const;
export const QR_PNG_DEFAULT_SIZE = 512;
export const QR_PNG_MIN_SIZE = 128;
export const QR_PNG_MAX_SIZE = 2048;

/**
 * The public address of a restaurant's menu: on its primary domain mapping when that one is usable (active
 * and verified; https only once SSL is issued), otherwise `<site origin>/<slug>/menu` on the public sites.
 */
export function publicMenuUrl(
  restaurant: Pick<Restaurant, 'slug'>,
  mappings: readonly MappingAddress[],
  siteOrigin: string,
): string {
  const primary = mappings.find((m) => m.isPrimary && isUsable(m));
  if (primary) return `${protocolFor(primary)}://${primary.domain}/menu`;
  return `${siteOrigin.replace(/\/+$/, '')}/${encodeURIComponent(restaurant.slug)}/menu`;
}

/** The restaurant (any tenant: the menu address is public) and its mappings; unknown is a 404. */
export async function publicMenuTarget(
  ex: Executor,
  restaurantGuid: string,
  siteOrigin: string,
): Promise<{ restaurant: Restaurant; url: string }> {
  const restaurant = await findRestaurantByGuid(ex, restaurantGuid);
  if (!restaurant) throw notFound(`Restaurant not found: ${restaurantGuid}`, 'RESTAURANT_NOT_FOUND');
  const mappings = await findPrimaryMappingAddresses(ex, restaurantGuid);
  return { restaurant, url: publicMenuUrl(restaurant, mappings, siteOrigin) };
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
