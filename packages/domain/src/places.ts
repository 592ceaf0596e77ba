import { z } from 'zod';
import { text } from './text';

/**
 * Google places as Brigade publishes them (docs/behaviour/places.md). Google's own field names are kept so a reader can match them to its documentation; the
 * one change is `priceLevel`, which Google sends as PRICE_LEVEL_* and Brigade as a number 0-4 (free to very expensive).
 */

// Page size max 20; photo dimension max 4800, default 800 by 600.
export const PLACES_MAX_PAGE_SIZE = 20;
export const PLACES_PHOTO_MAX_PX = 4800;
export const PLACES_PHOTO_DEFAULT_WIDTH_PX = 800;
export const PLACES_PHOTO_DEFAULT_HEIGHT_PX = 600;
// Google's limit: searchNearby's circle radius is 0-50000 metres.
export const PLACES_MAX_RADIUS_M = 50_000;
/** A nearby search without a radius looks this far (ours; the spec gives none). */
export const PLACES_DEFAULT_RADIUS_M = 1_500;
/** Search stale 10 minutes; details 30 minutes; photos 30 minutes (the server cache keeps that long). */
export const PLACES_CACHE_TTL_MS = {
  search: 10 * 60_000,
  nearby: 10 * 60_000,
  details: 30 * 60_000,
  photo: 30 * 60_000,
} as const;
/**
 * Searches (text and nearby) that reach Google per tenant in 24 hours unless PLACES_DAILY_SEARCHES_PER_TENANT
 * says otherwise (docs/behaviour/places.md#quota): finding a restaurant's place takes a handful; answers from
 * the shared cache are not counted.
 */
export const PLACES_DAILY_SEARCHES = 200;
export const PLACES_QUOTA_MESSAGE =
  "Your organization has used today's Google Places searches. Try again later, or use a search made before.";

/** What a linked place can fill in on its restaurant (issue 18; places-import.ts). */
export const PLACE_IMPORT_FIELDS = ['hours', 'phone', 'website', 'address', 'coordinates', 'photos'] as const;
export type PlaceImportField = (typeof PLACE_IMPORT_FIELDS)[number];

/** Issue 18: up to 10 photos are imported from a place. */
export const PLACES_MAX_IMPORTED_PHOTOS = 10;

// Free 0, inexpensive 1, moderate 2, expensive 3, very expensive 4.
export const PRICE_LEVELS = [
  'PRICE_LEVEL_FREE',
  'PRICE_LEVEL_INEXPENSIVE',
  'PRICE_LEVEL_MODERATE',
  'PRICE_LEVEL_EXPENSIVE',
  'PRICE_LEVEL_VERY_EXPENSIVE',
] as const;
export type GooglePriceLevel = (typeof PRICE_LEVELS)[number];

/** The number (0-4) of a Google price level; undefined for PRICE_LEVEL_UNSPECIFIED or an unknown one. */
export const priceLevelNumber = (level: string | undefined): number | undefined => {
  const index = PRICE_LEVELS.indexOf(level as GooglePriceLevel);
  return index < 0 ? undefined : index;
};

/** Metres between two points on the globe (haversine). */
export function distanceMetres(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.sqrt(h));
}

export const BUSINESS_STATUSES = ['OPERATIONAL', 'CLOSED_TEMPORARILY', 'CLOSED_PERMANENTLY'] as const;

export const latLngSchema = z.object({ latitude: z.number(), longitude: z.number() });

// Text rules (decision 016) too: attributions are kept on the restaurant, whose updates send them back.
export const authorAttributionSchema = z.object({
  displayName: text().optional(),
  uri: text().optional(),
  photoUri: text().optional(),
});
export type AuthorAttribution = z.infer<typeof authorAttributionSchema>;

export const placePhotoSchema = z.object({
  /** `places/{placeId}/photos/{reference}`: what the photo media call takes. */
  name: z.string(),
  widthPx: z.number().int().optional(),
  heightPx: z.number().int().optional(),
  // Google's terms: a photo is shown with its authors.
  authorAttributions: z.array(authorAttributionSchema),
});
export type PlacePhoto = z.infer<typeof placePhotoSchema>;

const timePointSchema = z.object({
  day: z.number().int().min(0).max(6),
  hour: z.number().int().min(0).max(24),
  minute: z.number().int().min(0).max(59),
});
export const openingPeriodSchema = z.object({ open: timePointSchema, close: timePointSchema.optional() });
export type OpeningPeriod = z.infer<typeof openingPeriodSchema>;

export const openingHoursSchema = z.object({
  openNow: z.boolean().optional(),
  periods: z.array(openingPeriodSchema),
  weekdayDescriptions: z.array(z.string()),
});

export const placeReviewSchema = z.object({
  rating: z.number().min(1).max(5).optional(),
  text: z.string().optional(),
  authorName: z.string().optional(),
  publishTime: z.string().optional(),
});

/** Google's postalAddress (a google.type.PostalAddress): what an address import reads. */
export const postalAddressSchema = z.object({
  regionCode: z.string().optional(),
  postalCode: z.string().optional(),
  administrativeArea: z.string().optional(),
  locality: z.string().optional(),
  addressLines: z.array(z.string()).optional(),
});
export type PostalAddress = z.infer<typeof postalAddressSchema>;

/** Place details. Every field but the ids may be absent: the field mask decides what comes. */
export const placeSchema = z.object({
  id: z.string(),
  displayName: z.string().optional(),
  formattedAddress: z.string().optional(),
  postalAddress: postalAddressSchema.optional(),
  location: latLngSchema.optional(),
  types: z.array(z.string()).optional(),
  businessStatus: z.enum(BUSINESS_STATUSES).optional(),
  nationalPhoneNumber: z.string().optional(),
  internationalPhoneNumber: z.string().optional(),
  websiteUri: z.string().optional(),
  googleMapsUri: z.string().optional(),
  rating: z.number().min(0).max(5).optional(),
  userRatingCount: z.number().int().min(0).optional(),
  priceLevel: z.number().int().min(0).max(4).optional(),
  regularOpeningHours: openingHoursSchema.optional(),
  photos: z.array(placePhotoSchema).optional(),
  reviews: z.array(placeReviewSchema).optional(),
  editorialSummary: z.string().optional(),
  takeout: z.boolean().optional(),
  delivery: z.boolean().optional(),
  dineIn: z.boolean().optional(),
  reservable: z.boolean().optional(),
  outdoorSeating: z.boolean().optional(),
  servesVegetarianFood: z.boolean().optional(),
});
export type Place = z.infer<typeof placeSchema>;

export const placeSearchResultSchema = z.object({
  places: z.array(placeSchema),
  nextPageToken: z.string().optional(),
});
export type PlaceSearchResult = z.infer<typeof placeSearchResultSchema>;

export const photoMediaSchema = z.object({ name: z.string(), photoUri: z.string() });
export type PhotoMedia = z.infer<typeof photoMediaSchema>;

// ---- requests ----

const LOCATION_MESSAGE =
  'Location must be "latitude,longitude" with latitude -90 to 90 and longitude -180 to 180';

/** `"lat,lng"` as the places table's `location` parameter sends it. */
export const locationParamSchema = text()
  .transform((value, ctx) => {
    const parts = value.split(',').map((part) => part.trim());
    const [latitude, longitude] = parts.map(Number);
    const valid =
      parts.length === 2 &&
      parts.every((part) => part !== '') &&
      latitude !== undefined &&
      longitude !== undefined &&
      latitude >= -90 &&
      latitude <= 90 &&
      longitude >= -180 &&
      longitude <= 180;
    if (!valid) {
      ctx.addIssue({ code: 'custom', message: LOCATION_MESSAGE });
      return z.NEVER;
    }
    return { latitude: latitude as number, longitude: longitude as number };
  })
  .meta({ description: 'latitude,longitude', example: '40.7128,-74.006' });

const RADIUS_MESSAGE = `Radius must be between 0 and ${PLACES_MAX_RADIUS_M} metres`;
const radiusSchema = z.coerce
  .number({ error: RADIUS_MESSAGE })
  .min(0, RADIUS_MESSAGE)
  .max(PLACES_MAX_RADIUS_M, RADIUS_MESSAGE);

const PAGE_SIZE_MESSAGE = `Page size must be between 1 and ${PLACES_MAX_PAGE_SIZE}`;
const pageSizeSchema = z.coerce
  .number({ error: PAGE_SIZE_MESSAGE })
  .int(PAGE_SIZE_MESSAGE)
  .min(1, PAGE_SIZE_MESSAGE)
  .max(PLACES_MAX_PAGE_SIZE, PAGE_SIZE_MESSAGE);

const placeTypeSchema = text()
  .trim()
  .regex(/^[a-z_]{1,64}$/, 'Type must be a place type such as restaurant');

export const SEARCH_QUERY_MESSAGE = 'Search query is required';

/** GET /places/search: query, optional location, radius, type. */
/** Which tenant a search is made for (its quota counts it); the caller's first tenant when not given. */
const quotaTenantSchema = z.coerce
  .number({ error: 'Tenant ID must be a positive integer' })
  .int('Tenant ID must be a positive integer')
  .min(1, 'Tenant ID must be a positive integer')
  .max(2_147_483_647, 'Tenant ID must be a positive integer');

export const placeSearchQuerySchema = z
  .object({
    tenantId: quotaTenantSchema.optional(),
    query: text({ error: SEARCH_QUERY_MESSAGE }).trim().min(1, SEARCH_QUERY_MESSAGE).max(500),
    location: locationParamSchema.optional(),
    radius: radiusSchema.optional(),
    type: placeTypeSchema.optional(),
    pageSize: pageSizeSchema.optional(),
    pageToken: text().max(1000).optional(),
    minRating: z.coerce
      .number({ error: 'Minimum rating must be between 0 and 5' })
      .min(0, 'Minimum rating must be between 0 and 5')
      .max(5, 'Minimum rating must be between 0 and 5')
      .optional(),
  })
  .refine((query) => query.radius === undefined || query.location !== undefined, {
    message: 'Radius needs a location',
    path: ['radius'],
  });
export type PlaceSearchQuery = z.output<typeof placeSearchQuerySchema>;

/** GET /places/nearby: location, optional radius, type, keyword. */
export const placeNearbyQuerySchema = z.object({
  tenantId: quotaTenantSchema.optional(),
  location: locationParamSchema,
  radius: radiusSchema.optional(),
  type: placeTypeSchema.optional(),
  keyword: text().trim().min(1).max(200).optional(),
  maxResultCount: pageSizeSchema.optional(),
});
export type PlaceNearbyQuery = z.output<typeof placeNearbyQuerySchema>;

/** Google's place ids: letters, digits, `-` and `_`. */
export const placeIdSchema = text({ error: 'Place ID is required' })
  .trim()
  .min(1, 'Place ID is required')
  .regex(/^[A-Za-z0-9_-]{1,256}$/, 'Place ID must be a Google place id');

/** Place fields a details call may ask for (Google's top-level names). */
export const PLACE_FIELDS = [
  'id',
  'displayName',
  'formattedAddress',
  'postalAddress',
  'location',
  'types',
  'businessStatus',
  'nationalPhoneNumber',
  'internationalPhoneNumber',
  'websiteUri',
  'googleMapsUri',
  'rating',
  'userRatingCount',
  'priceLevel',
  'regularOpeningHours',
  'photos',
  'reviews',
  'editorialSummary',
  'takeout',
  'delivery',
  'dineIn',
  'reservable',
  'outdoorSeating',
  'servesVegetarianFood',
] as const;
export type PlaceField = (typeof PLACE_FIELDS)[number];

/** GET /places/details/{placeId}: optional fields joined by commas. */
export const placeDetailsQuerySchema = z.object({
  fields: text()
    .transform((value, ctx) => {
      const fields = value
        .split(',')
        .map((field) => field.trim())
        .filter(Boolean);
      const unknown = fields.filter((field) => !PLACE_FIELDS.includes(field as PlaceField));
      if (unknown.length > 0 || fields.length === 0) {
        ctx.addIssue({ code: 'custom', message: `Unknown place fields: ${unknown.join(', ') || '(none)'}` });
        return z.NEVER;
      }
      return [...new Set(fields)] as PlaceField[];
    })
    .optional(),
});

const PHOTO_SIZE_MESSAGE = `Photo sizes must be between 1 and ${PLACES_PHOTO_MAX_PX} pixels`;
const photoSizeSchema = z
  .number({ error: PHOTO_SIZE_MESSAGE })
  .int(PHOTO_SIZE_MESSAGE)
  .min(1, PHOTO_SIZE_MESSAGE)
  .max(PLACES_PHOTO_MAX_PX, PHOTO_SIZE_MESSAGE);

/** POST /places/photos/media: name, maxHeightPx, maxWidthPx (default 800 by 600), skipHttpRedirect true. */
export const photoMediaRequestSchema = z.object({
  name: text()
    .trim()
    .regex(
      /^places\/[A-Za-z0-9_-]{1,256}\/photos\/[A-Za-z0-9_-]{1,1024}$/,
      'Photo name must be places/{placeId}/photos/{photo}',
    ),
  maxWidthPx: photoSizeSchema.default(PLACES_PHOTO_DEFAULT_WIDTH_PX),
  maxHeightPx: photoSizeSchema.default(PLACES_PHOTO_DEFAULT_HEIGHT_PX),
  // The photo's address is read from the answer, never followed as a redirect.
  skipHttpRedirect: z.literal(true).default(true),
});
export type PhotoMediaRequest = z.output<typeof photoMediaRequestSchema>;
