import { type Actor, activeRoleIn } from '@brigade/domain/access';
import { BrigadeError } from '@brigade/domain/errors';
import {
  distanceMetres,
  type PhotoMedia,
  type PhotoMediaRequest,
  PLACE_FIELDS,
  PLACES_CACHE_TTL_MS,
  PLACES_DEFAULT_RADIUS_M,
  PLACES_QUOTA_MESSAGE,
  type Place,
  type PlaceField,
  type PlaceNearbyQuery,
  type PlaceSearchQuery,
  type PlaceSearchResult,
} from '@brigade/domain/places';
import type { PlacesApi } from '@brigade/places/places-api';
import { reserveAttempt } from '../identity/index';
import type { UseCaseDeps } from '../use-case';
import { type CacheCounters, type CacheKind, cacheKeyOf, readCached, writeCached } from './places-cache';
import { PlacesProblem, placesProblem } from './places-problem';

/**
 * Google Places for signed-in staff (issue 18): search, nearby, details and photo addresses, each answer
 * cached in the shared database (search 10 minutes, details and photos 30). The key stays on the
 * server (the PlacesApi holds it); failures become problems (places-problem.ts), never a 500.
 */
export interface PlacesDeps extends UseCaseDeps {
  /** The client (the emulator's, started on first use, when no key is configured). */
  places: () => Promise<PlacesApi>;
  counters: CacheCounters;
  /** Where answers come from (the API's base): part of every cache key, so an emulator's never pass for Google's. */
  source: string;
  /** Searches that reach Google per tenant in 24 hours (docs/behaviour/places.md#quota); no quota when absent. */
  dailySearchesPerTenant?: number | undefined;
}

/** An answer and whether the cache had it. */
export interface Cached<T> {
  value: T;
  cache: 'hit' | 'miss';
}

/** What search results carry: enough for a result list (name, address, rating, a photo). */
export const SEARCH_FIELDS: readonly PlaceField[] = [
  'displayName',
  'formattedAddress',
  'location',
  'types',
  'businessStatus',
  'rating',
  'userRatingCount',
  'priceLevel',
  'photos',
];

async function cached<T>(
  deps: PlacesDeps,
  kind: CacheKind,
  request: unknown,
  fetchAnswer: (api: PlacesApi) => Promise<T>,
  /** Counts a call that will reach Google against its quota, or refuses it (searches: chargeSearch). */
  charge?: () => Promise<void>,
): Promise<Cached<T>> {
  const key = cacheKeyOf(kind, { source: deps.source, request });
  const held = await readCached(deps.db, key);
  if (held !== undefined) {
    deps.counters.hits += 1;
    return { value: held as T, cache: 'hit' };
  }
  await charge?.();
  deps.counters.misses += 1;
  let value: T;
  try {
    value = await fetchAnswer(await deps.places());
  } catch (error) {
    throw placesProblem(error);
  }
  // The answer is good whether or not the cache keeps it: a failed write only costs the next caller a miss.
  await writeCached(deps.db, { key, kind, answer: value, ttlMs: PLACES_CACHE_TTL_MS[kind] }).catch(
    () => undefined,
  );
  return { value, cache: 'miss' };
}

const circleOf = (location: { latitude: number; longitude: number }, radius: number | undefined) => ({
  circle: { center: location, radius: radius ?? PLACES_DEFAULT_RADIUS_M },
});

/** GET /places/search: a text search, biased to `location` (within `radius`) when given. */
export function searchPlaces(
  deps: PlacesDeps,
  actor: Actor,
  query: PlaceSearchQuery,
): Promise<Cached<PlaceSearchResult>> {
  const request = {
    textQuery: query.query,
    pageSize: query.pageSize,
    pageToken: query.pageToken,
    minRating: query.minRating,
    includedType: query.type,
    locationBias: query.location ? circleOf(query.location, query.radius) : undefined,
  };
  return cached(
    deps,
    'search',
    request,
    (api) => api.searchText(request, SEARCH_FIELDS),
    () => chargeSearch(deps, actor, query.tenantId),
  );
}

/**
 * GET /places/nearby: places within `radius` of `location`, nearest first. Places API (New) has no keyword
 * in a nearby search, so a keyword makes it a text search biased to the circle, cut to the circle here.
 */
export function nearbyPlaces(
  deps: PlacesDeps,
  actor: Actor,
  query: PlaceNearbyQuery,
): Promise<Cached<PlaceSearchResult>> {
  const circle = circleOf(query.location, query.radius);
  const request = { ...circle, type: query.type, keyword: query.keyword, count: query.maxResultCount };
  const charge = () => chargeSearch(deps, actor, query.tenantId);
  return cached(
    deps,
    'nearby',
    request,
    async (api) => {
      if (!query.keyword)
        return api.searchNearby(
          {
            locationRestriction: circle,
            includedTypes: query.type ? [query.type] : undefined,
            maxResultCount: query.maxResultCount,
            rankPreference: 'DISTANCE',
          },
          SEARCH_FIELDS,
        );
      const found = await api.searchText(
        {
          textQuery: query.keyword,
          locationBias: circle,
          includedType: query.type,
          pageSize: query.maxResultCount,
        },
        SEARCH_FIELDS,
      );
      const within = (place: Place) =>
        place.location !== undefined &&
        distanceMetres(query.location, place.location) <= circle.circle.radius;
      return { places: found.places.filter(within) };
    },
    charge,
  );
}

const DAY_MS = 24 * 3600_000;

/**
 * The tenant a search is made for: the one asked for (the caller must hold an active role there, or be a
 * site administrator), else the caller's first tenant; null for a site administrator outside any tenant.
 */
function searchTenantOf(actor: Actor, asked: number | undefined): number | null {
  if (actor.kind !== 'user') return null;
  if (asked !== undefined) {
    if ((actor.isSiteAdmin && actor.isActive) || activeRoleIn(actor, asked) !== null) return asked;
    throw new BrigadeError('forbidden', 'FORBIDDEN', 'You do not have access to this');
  }
  const tenants = actor.assignments.filter((a) => a.isActive).map((a) => a.tenantId);
  return actor.isActive && tenants.length > 0 ? Math.min(...tenants) : null;
}

/**
 * A search that will reach Google, counted against its tenant's quota for 24 hours from the first
 * (docs/behaviour/places.md#quota), in the throttle table sign-in uses, so every instance counts the same.
 */
async function chargeSearch(deps: PlacesDeps, actor: Actor, asked: number | undefined): Promise<void> {
  const tenantId = searchTenantOf(actor, asked);
  if (!deps.dailySearchesPerTenant || tenantId === null) return;
  const key = `places-searches:${tenantId}`;
  const taken = await reserveAttempt(deps.db, key, deps.dailySearchesPerTenant, DAY_MS);
  if (!taken.granted)
    throw new PlacesProblem(
      'rate_limited',
      'PLACES_QUOTA_EXCEEDED',
      PLACES_QUOTA_MESSAGE,
      taken.retryAfterSeconds,
    );
}

/** GET /places/details/{placeId}: the place's details, the asked fields (all by default). */
export function placeDetails(
  deps: PlacesDeps,
  _actor: Actor,
  input: { placeId: string; fields?: readonly PlaceField[] | undefined },
): Promise<Cached<Place>> {
  const fields = [...(input.fields ?? PLACE_FIELDS)].sort();
  return cached(deps, 'details', { placeId: input.placeId, fields }, (api) =>
    api.getPlace(input.placeId, fields),
  );
}

/** POST /places/photos/media: the photo's address (skipHttpRedirect). */
export function placePhotoMedia(
  deps: PlacesDeps,
  _actor: Actor,
  request: PhotoMediaRequest,
): Promise<Cached<PhotoMedia>> {
  const call = { name: request.name, maxWidthPx: request.maxWidthPx, maxHeightPx: request.maxHeightPx };
  return cached(deps, 'photo', call, (api) => api.getPhotoMedia(call));
}
