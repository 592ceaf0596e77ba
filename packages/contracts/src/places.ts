import {
  photoMediaRequestSchema,
  photoMediaSchema,
  placeDetailsQuerySchema,
  placeIdSchema,
  placeNearbyQuerySchema,
  placeSchema,
  placeSearchQuerySchema,
  placeSearchResultSchema,
} from '@brigade/domain/places';
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { successOf } from './envelope';

/**
 * Google Places for staff with an active tenant role (issues 18, 42):
 * the server calls Places API (New) with its own key, which never leaves it. Answers are cached in the shared
 * database (search and nearby for 10 minutes, details and photos for 30); the `X-Cache` answer header
 * says `hit` or `miss`. Searches that reach Google count against the tenant's daily quota (429 with
 * `retry-after` once it is used). Google's failures come back as problems: 404 for an unknown place, 429 with
 * `retry-after` when Google's quota is exhausted, 502/504 when Google fails or is slow.
 */

// Paid outside calls: an active account with a tenant role (issue 42), never a new sign-up.
const member = { kind: 'member' } as const;
const problems = [404, 429, 502, 503, 504];

export const searchPlaces = defineEndpoint({
  id: 'searchPlaces',
  method: 'GET',
  path: '/places/search',
  summary: 'Search Google places by text, optionally near a location (radius in metres, 0-50,000)',
  tags: ['places'],
  access: member,
  outside: true,
  request: { query: placeSearchQuerySchema },
  response: {
    status: 200,
    description: 'The places found (at most 20 a page) and the next page token',
    schema: successOf(placeSearchResultSchema),
  },
  problems,
});

export const getPlaceDetails = defineEndpoint({
  id: 'getPlaceDetails',
  method: 'GET',
  path: '/places/details/{placeId}',
  summary: "A Google place's details; `fields` (comma-separated) narrows them",
  tags: ['places'],
  access: member,
  outside: true,
  request: { params: z.object({ placeId: placeIdSchema }), query: placeDetailsQuerySchema },
  response: { status: 200, description: 'The place', schema: successOf(placeSchema) },
  problems,
});

export const searchNearbyPlaces = defineEndpoint({
  id: 'searchNearbyPlaces',
  method: 'GET',
  path: '/places/nearby',
  summary: 'Google places within a radius of a location, nearest first; `keyword` narrows them',
  tags: ['places'],
  access: member,
  outside: true,
  request: { query: placeNearbyQuerySchema },
  response: {
    status: 200,
    description: 'The places within the radius (at most 20)',
    schema: successOf(placeSearchResultSchema),
  },
  problems,
});

export const getPlacePhotoMedia = defineEndpoint({
  id: 'getPlacePhotoMedia',
  method: 'POST',
  path: '/places/photos/media',
  summary: "A place photo's address at a size (1-4800 px each; default 800 by 600)",
  description:
    'The photo is not redirected to (skipHttpRedirect is always true): the answer carries its photoUri. Show the photo with its authorAttributions, as Google requires.',
  tags: ['places'],
  access: member,
  changes: 'none',
  audit: false,
  outside: true,
  request: { body: photoMediaRequestSchema },
  response: { status: 200, description: "The photo's address", schema: successOf(photoMediaSchema) },
  problems,
});
