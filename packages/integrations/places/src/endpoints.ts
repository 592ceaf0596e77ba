/**
 * The one place that knows the paths of Places API (New) (docs/operations/places.md), below
 * its base `https://places.googleapis.com/v1`. The client builds its URLs from here only; the emulator reads
 * a request's endpoint back with `endpointOf`. Ids are always `encodeURIComponent`ed.
 */

export const PLACES_API_BASE_URL = 'https://places.googleapis.com/v1';

export const ENDPOINT_NAMES = ['searchText', 'searchNearby', 'getPlace', 'getPhotoMedia'] as const;
export type Endpoint = (typeof ENDPOINT_NAMES)[number];

export const ENDPOINT_METHODS: Record<Endpoint, 'GET' | 'POST'> = {
  searchText: 'POST',
  searchNearby: 'POST',
  getPlace: 'GET',
  getPhotoMedia: 'GET',
};

/** Search answers wrap places in `places[]`, so their field masks name `places.<field>`. */
export const isSearch = (endpoint: Endpoint): boolean =>
  endpoint === 'searchText' || endpoint === 'searchNearby';

const PHOTO_NAME = /^places\/([^/]+)\/photos\/([^/]+)$/;

/** The path of a call below the base: `places:searchText`, `places/{id}`, `places/{id}/photos/{ref}/media`. */
export function endpointPath(endpoint: Endpoint, param = ''): string {
  switch (endpoint) {
    case 'searchText':
      return 'places:searchText';
    case 'searchNearby':
      return 'places:searchNearby';
    case 'getPlace':
      return `places/${encodeURIComponent(param)}`;
    case 'getPhotoMedia': {
      // `param` is the photo's resource name, places/{id}/photos/{ref}, as a Place's photos[] give it.
      const match = PHOTO_NAME.exec(param);
      const [place, photo] = match ? [match[1]!, match[2]!] : ['', ''];
      return `places/${encodeURIComponent(place)}/photos/${encodeURIComponent(photo)}/media`;
    }
  }
}

/** Which endpoint a request is, with its decoded path parameters; undefined when none matches. */
export function endpointOf(
  method: string,
  path: string,
): { endpoint: Endpoint; placeId?: string; photo?: string } | undefined {
  if (method === 'POST' && path === 'places:searchText') return { endpoint: 'searchText' };
  if (method === 'POST' && path === 'places:searchNearby') return { endpoint: 'searchNearby' };
  if (method !== 'GET') return undefined;
  const segments = path.split('/').map((segment) => decodeURIComponent(segment));
  if (segments[0] !== 'places') return undefined;
  if (segments.length === 2 && segments[1]) return { endpoint: 'getPlace', placeId: segments[1] };
  if (
    segments.length === 5 &&
    segments[2] === 'photos' &&
    segments[4] === 'media' &&
    segments[1] &&
    segments[3]
  )
    return { endpoint: 'getPhotoMedia', placeId: segments[1], photo: segments[3] };
  return undefined;
}
