import { distanceMetres } from '@brigade/domain/places';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMaskOf, PlacesClient } from './client';
import { type PlacesEmulator, startPlacesEmulator } from './emulator';
import { MISSING_FIELD_MASK } from './emulator-answers';
import { WORLD } from './emulator-world';

// The client against the emulator over real HTTP: the four calls, their field masks as the emulator saw
// them, Google's shapes mapped to the domain's (price levels 0-4), and the emulator's own protocol rules.

const KEY = 'emulator-key-123';
let emulator: PlacesEmulator;
let client: PlacesClient;
beforeAll(async () => {
  emulator = await startPlacesEmulator({ apiKey: KEY });
  client = new PlacesClient({ baseUrl: emulator.apiUrl, apiKey: KEY });
});
afterAll(async () => emulator?.close());

const TRATTORIA = WORLD[0]!;
const lastRequest = () => emulator.requests.at(-1)!;

describe('Places client ↔ emulator', () => {
  it('searchText finds places by words, sends places.-prefixed masks and pages at most 20', async () => {
    const result = await client.searchText({ textQuery: 'pizza in Portland', pageSize: 50 }, [
      'displayName',
      'formattedAddress',
      'rating',
      'priceLevel',
    ]);
    expect(result.places.map((p) => p.displayName)).toEqual([
      'Rose City Trattoria',
      'Sellwood Pizza Kitchen',
    ]);
    expect(result.places[0]).toEqual({
      id: TRATTORIA.id,
      displayName: 'Rose City Trattoria',
      formattedAddress: TRATTORIA.address,
      rating: 4.6,
      priceLevel: 2,
    });
    expect(lastRequest().fieldMask).toBe(
      'places.id,places.displayName,places.formattedAddress,places.rating,places.priceLevel,nextPageToken',
    );
    expect((lastRequest().body as { pageSize: number }).pageSize).toBe(20);
  });

  it('searchText pages with nextPageToken', async () => {
    const first = await client.searchText({ textQuery: 'Portland', pageSize: 5 }, ['displayName']);
    expect(first.places).toHaveLength(5);
    expect(first.nextPageToken).toBeTruthy();
    const second = await client.searchText(
      { textQuery: 'Portland', pageSize: 5, pageToken: first.nextPageToken },
      ['displayName'],
    );
    expect(second.places[0]!.id).not.toBe(first.places[0]!.id);
    const none = await client.searchText({ textQuery: 'zanzibar' }, ['displayName']);
    expect(none).toEqual({ places: [] });
  });

  it('searchNearby answers only places within the radius, nearest first by DISTANCE', async () => {
    const center = { latitude: TRATTORIA.latitude, longitude: TRATTORIA.longitude };
    const result = await client.searchNearby(
      { locationRestriction: { circle: { center, radius: 1500 } }, rankPreference: 'DISTANCE' },
      ['displayName', 'location'],
    );
    const distances = result.places.map((p) => distanceMetres(center, p.location!));
    expect(result.places[0]!.id).toBe(TRATTORIA.id);
    expect(distances.every((d) => d <= 1500)).toBe(true);
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    const inside = WORLD.filter((p) => distanceMetres(center, p) <= 1500).length;
    expect(result.places).toHaveLength(inside);
    expect(inside).toBeLessThan(WORLD.length);
    expect(lastRequest().fieldMask).toBe('places.id,places.displayName,places.location');
  });

  it('getPlace answers the details of the mask only, unprefixed, with hours, photos and price level 0-4', async () => {
    const place = await client.getPlace(TRATTORIA.id, [
      'displayName',
      'regularOpeningHours',
      'photos',
      'priceLevel',
      'nationalPhoneNumber',
    ]);
    expect(lastRequest().fieldMask).toBe(
      'id,displayName,regularOpeningHours,photos,priceLevel,nationalPhoneNumber',
    );
    expect(Object.keys(place).sort()).toEqual(
      ['displayName', 'id', 'nationalPhoneNumber', 'photos', 'priceLevel', 'regularOpeningHours'].sort(),
    );
    expect(place.priceLevel).toBe(2);
    expect(place.regularOpeningHours!.periods).toHaveLength(6); // closed on Mondays
    expect(place.regularOpeningHours!.weekdayDescriptions[0]).toBe('Monday: Closed');
    expect(place.photos![0]!.authorAttributions[0]!.displayName).toBe('Rose City Trattoria');
    const sushi = await client.getPlace('ChIJBrigadeEmuPdx0007', ['priceLevel']);
    expect(sushi.priceLevel).toBe(4);
  });

  it('getPhotoMedia answers {name, photoUri} (default 800×600) and the address serves a JPEG', async () => {
    const name = `places/${TRATTORIA.id}/photos/${TRATTORIA.photos[0]!.reference}`;
    const media = await client.getPhotoMedia({ name });
    expect(media.name).toBe(`${name}/media`);
    const sent = new URL(`http://x${lastRequest().path}`);
    expect(sent.pathname).toBe(`/v1/${name}/media`);
    expect(lastRequest().fieldMask).toBeUndefined();
    const image = await fetch(media.photoUri);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    // 1600×1200 shrunk to fit 800×600
    expect(media.photoUri).toContain('w=800&h=600');
    const big = await client.getPhotoMedia({ name, maxWidthPx: 99_999 });
    expect(big.photoUri).toContain('w=1600&h=1200');
  });

  it('the emulator speaks the protocol: missing mask → 400, no skipHttpRedirect → 302, bad sizes → 400', async () => {
    const headers = { 'x-goog-api-key': KEY, 'content-type': 'application/json' };
    const noMask = await fetch(`${emulator.apiUrl}/places:searchText`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ textQuery: 'pizza' }),
    });
    expect(noMask.status).toBe(400);
    expect(await noMask.json()).toEqual({
      error: { code: 400, message: MISSING_FIELD_MASK, status: 'INVALID_ARGUMENT' },
    });
    expect(MISSING_FIELD_MASK.startsWith('FieldMask is a required parameter')).toBe(true);
    const unprefixed = await fetch(`${emulator.apiUrl}/places:searchText`, {
      method: 'POST',
      headers: { ...headers, 'x-goog-fieldmask': 'displayName' },
      body: JSON.stringify({ textQuery: 'pizza' }),
    });
    expect(unprefixed.status).toBe(400);
    const photo = `${emulator.apiUrl}/places/${TRATTORIA.id}/photos/${TRATTORIA.photos[0]!.reference}/media`;
    const redirect = await fetch(`${photo}?maxWidthPx=400`, { headers, redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toContain('/emulator/media/');
    expect((await fetch(`${photo}?maxWidthPx=4801`, { headers })).status).toBe(400);
    expect((await fetch(photo, { headers })).status).toBe(400);
  });

  it('builds field masks as Google wants them', () => {
    expect(fieldMaskOf('getPlace', ['displayName', 'id'])).toBe('id,displayName');
    expect(fieldMaskOf('searchNearby', [])).toBe('places.id');
  });
});
