import { PRICE_LEVELS } from '@brigade/domain/places';

import { WORLD, type WorldPlace } from './emulator-world';

/**
 * What the emulator answers (docs/operations/places.md#the-emulator-in-tests): places in Google's wire shape, cut
 * to the request's field mask, text search by words, nearby search by distance, and Google's error bodies.
 */

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

const STATUS_WORDS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

/** Google's error body: `{error:{code, message, status}}`. */
export const googleError = (code: number, message: string, headers?: Record<string, string>): Reply => ({
  status: code,
  body: { error: { code, message, status: STATUS_WORDS[code] ?? 'UNKNOWN' } },
  ...(headers ? { headers } : {}),
});

/** Google's answer to a key that is not a key of any project: 400, with the reason API_KEY_INVALID. */
export const invalidKey = (): Reply => {
  const reply = googleError(400, 'API key not valid. Please pass a valid API key.');
  (reply.body as { error: Record<string, unknown> }).error.details = [
    {
      '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
      reason: 'API_KEY_INVALID',
      domain: 'googleapis.com',
      metadata: { service: 'places.googleapis.com' },
    },
  ];
  return reply;
};

/** The fields of a Place (Places API (New)); a mask naming another is refused, as Google does. */
const PLACE_FIELDS = new Set(
  (
    'id name displayName types primaryType primaryTypeDisplayName nationalPhoneNumber internationalPhoneNumber ' +
    'formattedAddress shortFormattedAddress postalAddress addressComponents plusCode location viewport rating ' +
    'googleMapsUri googleMapsLinks websiteUri reviews reviewSummary regularOpeningHours currentOpeningHours ' +
    'currentSecondaryOpeningHours regularSecondaryOpeningHours utcOffsetMinutes timeZone adrFormatAddress ' +
    'businessStatus priceLevel priceRange attributions userRatingCount iconMaskBaseUri iconBackgroundColor ' +
    'takeout delivery dineIn curbsidePickup reservable servesBreakfast servesLunch servesDinner servesBeer ' +
    'servesWine servesBrunch servesVegetarianFood outdoorSeating liveMusic menuForChildren servesCocktails ' +
    'servesDessert servesCoffee goodForChildren allowsDogs restroom goodForGroups goodForWatchingSports ' +
    'paymentOptions parkingOptions subDestinations accessibilityOptions fuelOptions evChargeOptions ' +
    'evChargeAmenitySummary generativeSummary neighborhoodSummary areaSummary containingPlaces ' +
    'addressDescriptor pureServiceAreaBusiness movedPlace movedPlaceId photos editorialSummary consumerAlert'
  ).split(' '),
);

export const MISSING_FIELD_MASK =
  'FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters on how to ' +
  "provide it. As an example, you can set the header 'X-Goog-FieldMask' to 'displayName' to return the place " +
  'display name.';

const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const clock = (hour: number) =>
  `${hour % 12 === 0 ? 12 : hour % 12}:00 ${hour < 12 || hour === 24 ? 'AM' : 'PM'}`;

function openingHours(place: WorldPlace) {
  const periods = place.hours.flatMap((hours, day) =>
    hours ? [{ open: { day, hour: hours[0], minute: 0 }, close: { day, hour: hours[1], minute: 0 } }] : [],
  );
  // Google lists the descriptions Monday first.
  const weekdayDescriptions = [1, 2, 3, 4, 5, 6, 0].map((day) => {
    const hours = place.hours[day];
    return `${DAYS[day]}: ${hours ? `${clock(hours[0])} – ${clock(hours[1])}` : 'Closed'}`;
  });
  return { periods, weekdayDescriptions };
}

/** The world's addresses are "street, city, ST 12345, USA". */
function postalAddressOf(address: string) {
  const [street, city, stateZip] = address.split(', ');
  const [state, zip] = (stateZip ?? '').split(' ');
  return {
    regionCode: 'US',
    languageCode: 'en',
    postalCode: zip,
    administrativeArea: state,
    locality: city,
    addressLines: [street],
  };
}

/** A world place in Places API (New)'s shape, every field. */
export function wirePlace(place: WorldPlace): Record<string, unknown> {
  return {
    name: `places/${place.id}`,
    id: place.id,
    displayName: { text: place.name, languageCode: 'en' },
    formattedAddress: place.address,
    postalAddress: postalAddressOf(place.address),
    location: { latitude: place.latitude, longitude: place.longitude },
    types: place.types,
    businessStatus: place.businessStatus ?? 'OPERATIONAL',
    nationalPhoneNumber: place.phone,
    internationalPhoneNumber: `+1 ${place.phone.replace(/[()]/g, '').replace(' ', '-')}`,
    ...(place.website ? { websiteUri: place.website } : {}),
    googleMapsUri: `https://maps.google.com/?cid=${place.id}`,
    rating: place.rating,
    userRatingCount: place.userRatingCount,
    priceLevel: PRICE_LEVELS[place.priceLevel],
    regularOpeningHours: openingHours(place),
    photos: place.photos.map((photo) => ({
      name: `places/${place.id}/photos/${photo.reference}`,
      widthPx: photo.widthPx,
      heightPx: photo.heightPx,
      authorAttributions: [
        {
          displayName: photo.author,
          uri: `https://maps.google.com/maps/contrib/${encodeURIComponent(photo.author)}`,
          photoUri: '//lh3.googleusercontent.com/a/emulated',
        },
      ],
    })),
    reviews: [
      {
        name: `places/${place.id}/reviews/r1`,
        rating: Math.round(place.rating),
        text: { text: `Lovely food at ${place.name}.`, languageCode: 'en' },
        authorAttribution: { displayName: 'A. Diner' },
        publishTime: '2026-01-15T19:00:00Z',
      },
    ],
    editorialSummary: { text: place.summary, languageCode: 'en' },
    takeout: true,
    delivery: place.priceLevel <= 2,
    dineIn: true,
    reservable: place.priceLevel >= 2,
    outdoorSeating: place.hours.every((hours) => hours !== null),
    servesVegetarianFood: true,
  };
}

/** The top-level fields a mask keeps; undefined for `*` (all), null when the mask is not valid here. */
export function maskedFields(mask: string, search: boolean): Set<string> | undefined | null {
  const paths = mask
    .split(',')
    .map((path) => path.trim())
    .filter(Boolean);
  if (paths.includes('*') || (search && paths.includes('places.*')) || (search && paths.includes('places')))
    return undefined;
  const fields = new Set<string>();
  for (const path of paths) {
    if (search && path === 'nextPageToken') continue;
    const parts = path.split('.');
    if (search && parts[0] !== 'places') return null;
    const field = search ? parts[1] : parts[0];
    if (!field || !PLACE_FIELDS.has(field)) return null;
    fields.add(field);
  }
  return fields;
}

export const cut = (place: Record<string, unknown>, fields: Set<string> | undefined) =>
  fields ? Object.fromEntries(Object.entries(place).filter(([key]) => fields.has(key))) : place;

const STOP_WORDS = new Set([
  'in',
  'near',
  'the',
  'a',
  'an',
  'of',
  'and',
  'at',
  'or',
  'restaurant',
  'restaurants',
]);

/** Whether every word of the query (stop words aside) is in the place's name, address, types or cuisine. */
export function matchesText(place: WorldPlace, query: string): boolean {
  const haystack = [place.name, place.address, ...place.types, ...place.keywords].join(' ').toLowerCase();
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !STOP_WORDS.has(word));
  return words.every((word) => haystack.includes(word));
}

export const findPlace = (id: string) => WORLD.find((place) => place.id === id);
