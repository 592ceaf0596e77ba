import type { PhotoMedia, Place, PlaceField, PlaceSearchResult } from '@brigade/domain/places';
import { IntegrationError, type IntegrationErrorKind } from '@brigade/integration-kit/http';
import type { Endpoint } from './endpoints';

/**
 * What Brigade asks of Places API (New) (docs/behaviour/places.md):
 * the real client (client.ts) and the tests' fakes implement it. Every method either resolves with Google's
 * answer, read leniently and mapped to the domain's Place (price levels as 0-4), or rejects
 * with a `PlacesCallError`.
 */
export interface PlacesApi {
  searchText(
    request: SearchTextRequest,
    fields: readonly PlaceField[],
    options?: CallOptions,
  ): Promise<PlaceSearchResult>;
  searchNearby(
    request: SearchNearbyRequest,
    fields: readonly PlaceField[],
    options?: CallOptions,
  ): Promise<PlaceSearchResult>;
  getPlace(placeId: string, fields: readonly PlaceField[], options?: CallOptions): Promise<Place>;
  /** The photo's address (always with skipHttpRedirect=true: photoUri is read from the answer). */
  getPhotoMedia(request: PhotoMediaCall, options?: CallOptions): Promise<PhotoMedia>;
}

export interface Circle {
  center: { latitude: number; longitude: number };
  /** Metres, 0-50,000. */
  radius: number;
}

/** POST places:searchText. */
export interface SearchTextRequest {
  textQuery: string;
  /** 1-20; larger values are sent as 20. */
  pageSize?: number | undefined;
  pageToken?: string | undefined;
  locationBias?: { circle: Circle } | undefined;
  minRating?: number | undefined;
  includedType?: string | undefined;
  openNow?: boolean | undefined;
}

/** POST places:searchNearby. */
export interface SearchNearbyRequest {
  locationRestriction: { circle: Circle };
  includedTypes?: string[] | undefined;
  /** 1-20; larger values are sent as 20. */
  maxResultCount?: number | undefined;
  rankPreference?: 'DISTANCE' | 'POPULARITY' | undefined;
}

/** GET places/{id}/photos/{ref}/media: sizes 1-4800, default 800 by 600. */
export interface PhotoMediaCall {
  /** `places/{placeId}/photos/{reference}`. */
  name: string;
  maxWidthPx?: number | undefined;
  maxHeightPx?: number | undefined;
}

export interface CallOptions {
  /** Overrides the client's timeout for this call (milliseconds). */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * Why a call brought no usable answer:
 * - `invalid-argument`: 400 INVALID_ARGUMENT (a missing field mask, a bad radius…);
 * - `forbidden`: 403, or 400 with the reason API_KEY_INVALID: the key is wrong, restricted, or the API is not
 *   enabled for its project;
 * - `not-found`: 404 NOT_FOUND, no such place or photo;
 * - `rate-limited`: 429 RESOURCE_EXHAUSTED, with `retryAfterSeconds` when Google said;
 * - `server`: a 5xx;
 * - `rejected`: another 4xx;
 * - `timeout`: no answer within the timeout; `network`: the connection failed;
 * - `bad-answer`: an answer that is not JSON or not a place.
 */
export type PlacesFailure =
  | 'invalid-argument'
  | 'forbidden'
  | 'not-found'
  | 'rate-limited'
  | 'server'
  | 'rejected'
  | 'timeout'
  | 'network'
  | 'bad-answer';

const CATEGORY: Record<PlacesFailure, IntegrationErrorKind> = {
  'invalid-argument': 'bad-request',
  forbidden: 'unauthorized',
  'not-found': 'not-found',
  'rate-limited': 'rate-limited',
  server: 'server',
  rejected: 'bad-request',
  timeout: 'timeout',
  network: 'network',
  'bad-answer': 'bad-answer',
};

export class PlacesCallError extends IntegrationError {
  override readonly name = 'PlacesCallError';
  constructor(
    readonly failure: PlacesFailure,
    message: string,
    readonly details: {
      status?: number;
      retryAfterSeconds?: number;
      endpoint?: Endpoint;
      googleStatus?: string;
      /** The reason of Google's ErrorInfo detail (API_KEY_INVALID…). */
      reason?: string;
    } = {},
  ) {
    super(CATEGORY[failure], message, {
      service: 'Places',
      call: details.endpoint ?? '',
      status: details.status,
      code: details.reason ?? details.googleStatus,
      retryAfterMs: details.retryAfterSeconds === undefined ? undefined : details.retryAfterSeconds * 1000,
    });
  }
}

export const DEFAULT_TIMEOUT_MS = 10_000;
