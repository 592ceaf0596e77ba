import { distanceMetres } from '@brigade/domain/places';
import {
  cut,
  findPlace,
  googleError,
  MISSING_FIELD_MASK,
  maskedFields,
  matchesText,
  type Reply,
  wirePlace,
} from './emulator-answers';
import { WORLD, type WorldPlace } from './emulator-world';

/** What answers each of the four calls (endpoints.ts says which request is which). */

export interface RouteCall {
  fieldMask: string | undefined;
  body: Record<string, unknown>;
  query: URLSearchParams;
  placeId?: string | undefined;
  photo?: string | undefined;
  /** The emulator's origin, for photo addresses. */
  origin: string;
}

type Point = { latitude: number; longitude: number };

const isPoint = (value: unknown): value is Point =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Point).latitude === 'number' &&
  typeof (value as Point).longitude === 'number' &&
  Math.abs((value as Point).latitude) <= 90 &&
  Math.abs((value as Point).longitude) <= 180;

function circleOf(value: unknown): { center: Point; radius: number } | undefined {
  const circle = (value as { circle?: { center?: unknown; radius?: unknown } } | undefined)?.circle;
  if (!circle || !isPoint(circle.center)) return undefined;
  const radius = Number(circle.radius ?? 0);
  return { center: circle.center, radius };
}

function maskOf(call: RouteCall, search: boolean): Set<string> | undefined | Reply {
  if (!call.fieldMask) return googleError(400, MISSING_FIELD_MASK);
  const fields = maskedFields(call.fieldMask, search);
  return fields === null ? googleError(400, `Invalid field mask: ${call.fieldMask}`) : fields;
}

const isReply = (value: unknown): value is Reply =>
  typeof value === 'object' &&
  value !== null &&
  'status' in value &&
  typeof (value as Reply).status === 'number';

function pageSizeOf(value: unknown, name: string): number | Reply {
  if (value === undefined) return 20;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 0) return googleError(400, `Invalid ${name}: ${String(value)}`);
  // Google: values above 20 are set to 20, 0 means the default.
  return size === 0 ? 20 : Math.min(size, 20);
}

export function searchText(call: RouteCall): Reply {
  const fields = maskOf(call, true);
  if (isReply(fields)) return fields;
  const { textQuery, pageToken, minRating, includedType } = call.body;
  if (typeof textQuery !== 'string' || textQuery.trim() === '')
    return googleError(400, 'textQuery is required.');
  // pageSize, or the older maxResultCount Google still takes in its place
  const pageSize =
    call.body.pageSize === undefined && call.body.maxResultCount !== undefined
      ? pageSizeOf(call.body.maxResultCount, 'maxResultCount')
      : pageSizeOf(call.body.pageSize, 'pageSize');
  if (isReply(pageSize)) return pageSize;
  const bias = circleOf(call.body.locationBias);
  let found = WORLD.filter((place) => matchesText(place, textQuery))
    .filter((place) => minRating === undefined || place.rating >= Number(minRating))
    .filter((place) => typeof includedType !== 'string' || place.types.includes(includedType));
  if (bias)
    found = [...found].sort((a, b) => distanceMetres(bias.center, a) - distanceMetres(bias.center, b));
  const start = typeof pageToken === 'string' ? Number(Buffer.from(pageToken, 'base64url').toString()) : 0;
  if (!Number.isInteger(start) || start < 0) return googleError(400, 'Invalid pageToken.');
  const page = found.slice(start, start + pageSize);
  const next =
    start + pageSize < found.length ? Buffer.from(String(start + pageSize)).toString('base64url') : undefined;
  return {
    status: 200,
    body:
      page.length === 0 && !next
        ? {}
        : {
            places: page.map((place) => cut(wirePlace(place), fields)),
            ...(next && call.fieldMask?.includes('nextPageToken') ? { nextPageToken: next } : {}),
          },
  };
}

export function searchNearby(call: RouteCall): Reply {
  const fields = maskOf(call, true);
  if (isReply(fields)) return fields;
  const circle = circleOf(call.body.locationRestriction);
  if (!circle) return googleError(400, 'locationRestriction.circle with a valid center is required.');
  if (!(circle.radius > 0 && circle.radius <= 50_000))
    return googleError(400, 'Invalid radius: it must be greater than 0 and at most 50000.');
  const count = pageSizeOf(call.body.maxResultCount, 'maxResultCount');
  if (isReply(count)) return count;
  const types = Array.isArray(call.body.includedTypes) ? (call.body.includedTypes as unknown[]) : [];
  const distance = (place: WorldPlace) => distanceMetres(circle.center, place);
  const popularity = (place: WorldPlace) => place.rating * Math.log10(place.userRatingCount + 1);
  const found = WORLD.filter((place) => distance(place) <= circle.radius)
    .filter((place) => types.length === 0 || types.some((type) => place.types.includes(String(type))))
    .sort((a, b) =>
      call.body.rankPreference === 'DISTANCE' ? distance(a) - distance(b) : popularity(b) - popularity(a),
    )
    .slice(0, count);
  return found.length === 0
    ? { status: 200, body: {} }
    : {
        status: 200,
        body: { places: found.map((place) => cut(wirePlace(place), fields)) },
      };
}

export function getPlace(call: RouteCall): Reply {
  const fields = maskOf(call, false);
  if (isReply(fields)) return fields;
  const place = findPlace(call.placeId ?? '');
  if (!place) return googleError(404, `Place '${call.placeId}' was not found.`);
  return { status: 200, body: cut(wirePlace(place), fields) };
}

/** The size a photo is served at: its own, shrunk to fit the maxima, aspect kept. */
export function servedSize(
  photo: { widthPx: number; heightPx: number },
  maxWidth?: number,
  maxHeight?: number,
) {
  const scale = Math.min(1, (maxWidth ?? Infinity) / photo.widthPx, (maxHeight ?? Infinity) / photo.heightPx);
  return {
    width: Math.max(1, Math.round(photo.widthPx * scale)),
    height: Math.max(1, Math.round(photo.heightPx * scale)),
  };
}

function sizeParam(query: URLSearchParams, name: string): number | undefined | Reply {
  const raw = query.get(name);
  if (raw === null) return undefined;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > 4800)
    return googleError(400, `${name} must be between 1 and 4800, inclusively.`);
  return size;
}

export function getPhotoMedia(call: RouteCall): Reply {
  const width = sizeParam(call.query, 'maxWidthPx');
  if (isReply(width)) return width;
  const height = sizeParam(call.query, 'maxHeightPx');
  if (isReply(height)) return height;
  if (width === undefined && height === undefined)
    return googleError(400, 'Either maxWidthPx or maxHeightPx must be specified.');
  const place = findPlace(call.placeId ?? '');
  const photo = place?.photos.find((p) => p.reference === call.photo);
  if (!place || !photo) return googleError(404, 'The photo resource was not found.');
  const size = servedSize(photo, width, height);
  const photoUri = `${call.origin}/emulator/media/${place.id}/${photo.reference}?w=${size.width}&h=${size.height}`;
  const name = `places/${place.id}/photos/${photo.reference}/media`;
  if (call.query.get('skipHttpRedirect') === 'true') return { status: 200, body: { name, photoUri } };
  return { status: 302, headers: { location: photoUri } };
}
