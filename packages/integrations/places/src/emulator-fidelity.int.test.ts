import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlacesEmulator, startPlacesEmulator } from './emulator';

/**
 * The emulator as Google's documented requests reach it (issue 43), over raw HTTP: the key in the query, the
 * older `maxResultCount` of Text Search, a field mask naming no field, a key that is no key, and no key.
 */

const KEY = 'AIzaFidelityKey000000000000000000000';
const PLACE = 'ChIJBrigadeEmuPdx0001';
let emulator: PlacesEmulator;
beforeAll(async () => {
  emulator = await startPlacesEmulator({ apiKey: KEY });
});
afterAll(() => emulator?.close());

interface Answer {
  error: { code: number; status: string; message: string; details: { reason: string }[] };
  places: unknown[];
}
const json = async (response: Response) => (await response.json()) as Answer;

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${emulator.apiUrl}/${path}`, { headers });
const searchText = (body: unknown, headers: Record<string, string>) =>
  fetch(`${emulator.apiUrl}/places:searchText`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe('Places emulator fidelity', () => {
  it("takes the key as Google's `key` query parameter, as its documented details and photo URLs do", async () => {
    const answer = await get(`places/${PLACE}?fields=displayName&key=${KEY}`);
    expect(answer.status).toBe(200);
    expect(Object.keys((await answer.json()) as object)).toEqual(['displayName']);
  });

  it('answers 403 PERMISSION_DENIED with no key, and 400 API_KEY_INVALID for a key that is no key', async () => {
    const none = await get(`places/${PLACE}?fields=displayName`);
    expect(none.status).toBe(403);
    expect((await json(none)).error.status).toBe('PERMISSION_DENIED');
    const wrong = await get(`places/${PLACE}?fields=displayName&key=AIzaNotAKey`);
    expect(wrong.status).toBe(400);
    const { error } = await json(wrong);
    expect(error).toMatchObject({
      code: 400,
      status: 'INVALID_ARGUMENT',
      message: 'API key not valid. Please pass a valid API key.',
    });
    expect(error.details[0]).toMatchObject({ reason: 'API_KEY_INVALID', domain: 'googleapis.com' });
  });

  it('refuses a field mask naming a field a place does not have, rather than answering empty places', async () => {
    const details = await get(`places/${PLACE}`, {
      'x-goog-api-key': KEY,
      'x-goog-fieldmask': 'displayName,colour',
    });
    expect(details.status).toBe(400);
    expect((await json(details)).error.status).toBe('INVALID_ARGUMENT');
    const search = await searchText(
      { textQuery: 'pizza in Portland' },
      { 'x-goog-api-key': KEY, 'x-goog-fieldmask': 'places.displayName,places.flavour' },
    );
    expect(search.status).toBe(400);
  });

  it('limits Text Search by the older maxResultCount when no pageSize is given', async () => {
    const headers = { 'x-goog-api-key': KEY, 'x-goog-fieldmask': 'places.id' };
    const all = (await json(await searchText({ textQuery: 'restaurant in Portland' }, headers))).places;
    expect(all.length).toBeGreaterThan(2);
    const two = await json(
      await searchText({ textQuery: 'restaurant in Portland', maxResultCount: 2 }, headers),
    );
    expect(two.places).toEqual(all.slice(0, 2));
  });
});
