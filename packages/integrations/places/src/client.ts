import {
  type PhotoMedia,
  PLACES_MAX_PAGE_SIZE,
  PLACES_PHOTO_DEFAULT_HEIGHT_PX,
  PLACES_PHOTO_DEFAULT_WIDTH_PX,
  PLACES_PHOTO_MAX_PX,
  type Place,
  type PlaceField,
  type PlaceSearchResult,
} from '@brigade/domain/places';
import { ENDPOINT_METHODS, type Endpoint, endpointPath, isSearch, PLACES_API_BASE_URL } from './endpoints';
import { sendCall } from './http-call';
import {
  type CallOptions,
  DEFAULT_TIMEOUT_MS,
  type PhotoMediaCall,
  type PlacesApi,
  PlacesCallError,
  type SearchNearbyRequest,
  type SearchTextRequest,
} from './places-api';
import { toPlace, toSearchResult, wirePhotoMediaSchema } from './wire';

export interface PlacesClientOptions {
  /** `https://places.googleapis.com/v1` (the default), or an emulator's `apiUrl`. */
  baseUrl?: string | undefined;
  apiKey: string;
  timeoutMs?: number | undefined;
  fetch?: typeof fetch;
}

/**
 * The field mask of a call (Google requires one on every call; search masks prefixed `places.`, details masks not).
 * Search masks also ask for `nextPageToken`, so paging works whatever the caller's fields.
 */
export function fieldMaskOf(endpoint: Endpoint, fields: readonly PlaceField[]): string {
  const unique = [...new Set<string>(['id', ...fields])];
  if (!isSearch(endpoint)) return unique.join(',');
  const masked = unique.map((field) => `places.${field}`);
  return endpoint === 'searchText' ? [...masked, 'nextPageToken'].join(',') : masked.join(',');
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.trunc(value)));

/** Photo sizes as Google takes them: 1-4800 each; neither given → 800 by 600. */
export function photoSizes(call: PhotoMediaCall): { maxWidthPx?: number; maxHeightPx?: number } {
  if (call.maxWidthPx === undefined && call.maxHeightPx === undefined)
    return { maxWidthPx: PLACES_PHOTO_DEFAULT_WIDTH_PX, maxHeightPx: PLACES_PHOTO_DEFAULT_HEIGHT_PX };
  const size = (value: number | undefined) =>
    value === undefined ? undefined : clamp(value, 1, PLACES_PHOTO_MAX_PX);
  const maxWidthPx = size(call.maxWidthPx);
  const maxHeightPx = size(call.maxHeightPx);
  return {
    ...(maxWidthPx === undefined ? {} : { maxWidthPx }),
    ...(maxHeightPx === undefined ? {} : { maxHeightPx }),
  };
}

const pageSize = (value: number | undefined) =>
  value === undefined ? undefined : clamp(value, 1, PLACES_MAX_PAGE_SIZE);

const definedOnly = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

/**
 * Places API (New) over HTTP (fetch): the key in `X-Goog-Api-Key`, a field mask on every call, answers read
 * leniently (wire.ts), failures as PlacesCallError (http-call.ts). The key lives in a private field and is
 * never part of an error or a log line.
 */
export class PlacesClient implements PlacesApi {
  readonly #apiKey: string;
  private readonly baseUrl: string;
  private readonly timeoutMs: number;
  private readonly fetchFn: typeof fetch;

  constructor(options: PlacesClientOptions) {
    this.#apiKey = options.apiKey;
    this.baseUrl = (options.baseUrl ?? PLACES_API_BASE_URL).replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetchFn = options.fetch ?? ((input, init) => fetch(input, init));
  }

  private call(
    endpoint: Endpoint,
    request: { param?: string; query?: Record<string, string>; body?: unknown; fieldMask?: string },
    options: CallOptions | undefined,
  ): Promise<unknown> {
    const url = new URL(`${this.baseUrl}/${endpointPath(endpoint, request.param)}`);
    for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
    return sendCall({
      endpoint,
      url: url.toString(),
      method: ENDPOINT_METHODS[endpoint],
      apiKey: this.#apiKey,
      fieldMask: request.fieldMask,
      body: request.body,
      timeoutMs: this.timeoutMs,
      fetch: this.fetchFn,
      options,
    });
  }

  async searchText(
    request: SearchTextRequest,
    fields: readonly PlaceField[],
    options?: CallOptions,
  ): Promise<PlaceSearchResult> {
    const body = definedOnly({ ...request, pageSize: pageSize(request.pageSize) });
    const json = await this.call(
      'searchText',
      { body, fieldMask: fieldMaskOf('searchText', fields) },
      options,
    );
    return searchAnswer('searchText', json);
  }

  async searchNearby(
    request: SearchNearbyRequest,
    fields: readonly PlaceField[],
    options?: CallOptions,
  ): Promise<PlaceSearchResult> {
    const body = definedOnly({ ...request, maxResultCount: pageSize(request.maxResultCount) });
    const json = await this.call(
      'searchNearby',
      { body, fieldMask: fieldMaskOf('searchNearby', fields) },
      options,
    );
    return searchAnswer('searchNearby', json);
  }

  async getPlace(placeId: string, fields: readonly PlaceField[], options?: CallOptions): Promise<Place> {
    const json = await this.call(
      'getPlace',
      { param: placeId, fieldMask: fieldMaskOf('getPlace', fields) },
      options,
    );
    const place = toPlace(json);
    if (!place) throw badAnswer('getPlace');
    return place;
  }

  async getPhotoMedia(request: PhotoMediaCall, options?: CallOptions): Promise<PhotoMedia> {
    const query = Object.fromEntries(
      Object.entries({ ...photoSizes(request), skipHttpRedirect: true }).map(([k, v]) => [k, String(v)]),
    );
    const json = await this.call('getPhotoMedia', { param: request.name, query }, options);
    const parsed = wirePhotoMediaSchema.safeParse(json);
    if (!parsed.success) throw badAnswer('getPhotoMedia');
    return { name: parsed.data.name || `${request.name}/media`, photoUri: parsed.data.photoUri };
  }
}

const badAnswer = (endpoint: Endpoint) =>
  new PlacesCallError('bad-answer', `Places ${endpoint}: the answer is not of the expected shape`, {
    endpoint,
  });

function searchAnswer(endpoint: Endpoint, json: unknown): PlaceSearchResult {
  const result = toSearchResult(json);
  if (!result) throw badAnswer(endpoint);
  return result;
}
