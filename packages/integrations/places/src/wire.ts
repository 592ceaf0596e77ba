import {
  BUSINESS_STATUSES,
  type Place,
  type PlaceSearchResult,
  priceLevelNumber,
} from '@brigade/domain/places';
import { z } from 'zod';

/**
 * Google's Place as it comes over the wire, read leniently (Google's Places API (New) reference; docs/operations/places.md): a
 * field of an unexpected shape is dropped, not fatal, since Google adds and changes fields; only `id` (or a
 * `name` of places/{id}) must be there. `toPlace` maps it to the domain's Place.
 */

const loose = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

const localizedText = z.object({ text: z.string().optional(), languageCode: z.string().optional() });
const point = z.object({
  day: z.number().int().min(0).max(6),
  hour: z.number().int().min(0).max(24).default(0),
  minute: z.number().int().min(0).max(59).default(0),
});
// Attributions are kept on the restaurant, whose text rules (decision 016) refuse control characters and
// unpaired surrogates: such characters in Google's text are dropped here.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
const CONTROL = /[\u0000-\u001F\u007F]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const cleanText = z
  .string()
  .transform((value) => value.replace(CONTROL, '').replace(LONE_SURROGATE, ''))
  .optional()
  .catch(undefined);
const attribution = z.object({ displayName: cleanText, uri: cleanText, photoUri: cleanText });

const wirePlaceSchema = z.object({
  name: loose(z.string()),
  id: loose(z.string()),
  displayName: loose(localizedText),
  formattedAddress: loose(z.string()),
  postalAddress: loose(
    z.object({
      regionCode: z.string().optional().catch(undefined),
      postalCode: z.string().optional().catch(undefined),
      administrativeArea: z.string().optional().catch(undefined),
      locality: z.string().optional().catch(undefined),
      addressLines: z.array(z.string()).optional().catch(undefined),
    }),
  ),
  location: loose(z.object({ latitude: z.number(), longitude: z.number() })),
  types: loose(z.array(z.string())),
  businessStatus: loose(z.enum(BUSINESS_STATUSES)),
  nationalPhoneNumber: loose(z.string()),
  internationalPhoneNumber: loose(z.string()),
  websiteUri: loose(z.string()),
  googleMapsUri: loose(z.string()),
  rating: loose(z.number().min(0).max(5)),
  userRatingCount: loose(z.number().int().min(0)),
  priceLevel: loose(z.string()),
  regularOpeningHours: loose(
    z.object({
      openNow: z.boolean().optional().catch(undefined),
      periods: z.array(z.object({ open: point, close: point.optional() })).catch([]),
      weekdayDescriptions: z.array(z.string()).catch([]),
    }),
  ),
  photos: loose(
    z.array(
      z.object({
        name: z.string(),
        widthPx: z.number().int().optional().catch(undefined),
        heightPx: z.number().int().optional().catch(undefined),
        authorAttributions: z.array(attribution).catch([]),
      }),
    ),
  ),
  reviews: loose(
    z.array(
      z.object({
        rating: z.number().min(1).max(5).optional().catch(undefined),
        text: localizedText.optional().catch(undefined),
        authorAttribution: attribution.optional().catch(undefined),
        publishTime: z.string().optional().catch(undefined),
      }),
    ),
  ),
  editorialSummary: loose(localizedText),
  takeout: loose(z.boolean()),
  delivery: loose(z.boolean()),
  dineIn: loose(z.boolean()),
  reservable: loose(z.boolean()),
  outdoorSeating: loose(z.boolean()),
  servesVegetarianFood: loose(z.boolean()),
});
type WirePlace = z.output<typeof wirePlaceSchema>;

export const wireSearchSchema = z.object({
  places: z.array(z.unknown()).catch([]).default([]),
  nextPageToken: loose(z.string()),
});

export const wirePhotoMediaSchema = z.object({ name: z.string().default(''), photoUri: z.string() });

const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/** The domain's Place of a wire place; undefined when it has no id. */
function placeOf(wire: WirePlace): Place | undefined {
  const id = wire.id ?? wire.name?.replace(/^places\//, '');
  if (!id) return undefined;
  return defined({
    id,
    displayName: wire.displayName?.text,
    formattedAddress: wire.formattedAddress,
    postalAddress: wire.postalAddress ? defined(wire.postalAddress) : undefined,
    location: wire.location,
    types: wire.types,
    businessStatus: wire.businessStatus,
    nationalPhoneNumber: wire.nationalPhoneNumber,
    internationalPhoneNumber: wire.internationalPhoneNumber,
    websiteUri: wire.websiteUri,
    googleMapsUri: wire.googleMapsUri,
    rating: wire.rating,
    userRatingCount: wire.userRatingCount,
    priceLevel: priceLevelNumber(wire.priceLevel),
    regularOpeningHours: wire.regularOpeningHours,
    // Google returns at most 10 photos and 5 reviews a place; a longer answer is cut to that.
    photos: wire.photos?.slice(0, 10),
    reviews: wire.reviews?.slice(0, 5).map((review) =>
      defined({
        rating: review.rating,
        text: review.text?.text,
        authorName: review.authorAttribution?.displayName,
        publishTime: review.publishTime,
      }),
    ),
    editorialSummary: wire.editorialSummary?.text,
    takeout: wire.takeout,
    delivery: wire.delivery,
    dineIn: wire.dineIn,
    reservable: wire.reservable,
    outdoorSeating: wire.outdoorSeating,
    servesVegetarianFood: wire.servesVegetarianFood,
  });
}

/** A details answer as a Place; undefined when it is not one. */
export function toPlace(json: unknown): Place | undefined {
  const parsed = wirePlaceSchema.safeParse(json);
  return parsed.success ? placeOf(parsed.data) : undefined;
}

/** A search answer: the places that are places (others dropped), and the next page's token. */
export function toSearchResult(json: unknown): PlaceSearchResult | undefined {
  const parsed = wireSearchSchema.safeParse(json ?? {});
  if (!parsed.success) return undefined;
  const places = parsed.data.places.map(toPlace).filter((place): place is Place => place !== undefined);
  return defined({ places, nextPageToken: parsed.data.nextPageToken });
}
