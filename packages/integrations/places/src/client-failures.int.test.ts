import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlacesClient } from './client';
import { type PlacesEmulator, QUOTA_QUERY, startPlacesEmulator } from './emulator';
import { PlacesCallError, type PlacesFailure } from './places-api';

// The client's typed failures, against the emulator (403, 404, 429, 5xx, hangs) and raw servers.

const KEY = 'AIzaSecretKeyForTests0000000000000000';
let emulator: PlacesEmulator;
let client: PlacesClient;
beforeAll(async () => {
  emulator = await startPlacesEmulator({ apiKey: KEY });
  client = new PlacesClient({ baseUrl: emulator.apiUrl, apiKey: KEY });
});
afterAll(async () => emulator?.close());

async function failureOf(call: Promise<unknown>, failure: PlacesFailure): Promise<PlacesCallError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PlacesCallError);
  const callError = error as PlacesCallError;
  expect(callError.failure).toBe(failure);
  // the key is never part of an error
  expect(`${callError.message} ${callError.stack} ${inspect(callError)}`).not.toContain(KEY);
  return callError;
}

const details = (c = client) => c.getPlace('ChIJBrigadeEmuPdx0001', ['displayName']);

describe('Places call failures', () => {
  it('a wrong key → forbidden: Google answers 400 API_KEY_INVALID, which is the key, not the request', async () => {
    const wrong = new PlacesClient({ baseUrl: emulator.apiUrl, apiKey: 'nope' });
    const error = await failureOf(details(wrong), 'forbidden');
    expect(error.details).toMatchObject({
      status: 400,
      googleStatus: 'INVALID_ARGUMENT',
      reason: 'API_KEY_INVALID',
    });
    expect(inspect(client)).not.toContain(KEY);
  });

  it('an unknown place → not-found (404 NOT_FOUND)', async () => {
    const error = await failureOf(client.getPlace('ChIJnothere', ['displayName']), 'not-found');
    expect(error.details.googleStatus).toBe('NOT_FOUND');
  });

  it('a bad radius → invalid-argument (400 INVALID_ARGUMENT)', async () => {
    const circle = { center: { latitude: 45.5, longitude: -122.6 }, radius: 60_000 };
    const error = await failureOf(
      client.searchNearby({ locationRestriction: { circle } }, ['displayName']),
      'invalid-argument',
    );
    expect(error.details).toMatchObject({ status: 400, googleStatus: 'INVALID_ARGUMENT' });
  });

  it('quota → rate-limited with retry-after (the quota query, and an injected 429)', async () => {
    const quota = await failureOf(
      client.searchText({ textQuery: QUOTA_QUERY }, ['displayName']),
      'rate-limited',
    );
    expect(quota.details).toMatchObject({
      status: 429,
      googleStatus: 'RESOURCE_EXHAUSTED',
      retryAfterSeconds: 30,
    });
    emulator.injectFailure({ endpoint: 'getPlace', status: 429, retryAfterSeconds: 7 });
    const injected = await failureOf(details(), 'rate-limited');
    expect(injected.details.retryAfterSeconds).toBe(7);
    expect((await details()).displayName).toBe('Rose City Trattoria');
  });

  it('5xx → server; other 4xx → rejected', async () => {
    emulator.injectFailure({ endpoint: 'searchText', status: 503 });
    await failureOf(client.searchText({ textQuery: 'pizza' }, ['displayName']), 'server');
    emulator.injectFailure({ endpoint: 'getPhotoMedia', status: 409 });
    await failureOf(
      client.getPhotoMedia({ name: 'places/ChIJBrigadeEmuPdx0001/photos/TrattoriaPhoto1' }),
      'rejected',
    );
  });

  it('a hang → timeout; a closed port → network', async () => {
    emulator.injectFailure({ endpoint: 'getPlace', status: 0, hang: true });
    const quick = new PlacesClient({ baseUrl: emulator.apiUrl, apiKey: KEY, timeoutMs: 150 });
    await failureOf(details(quick), 'timeout');
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const closed = new PlacesClient({ baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: KEY });
    await failureOf(details(closed), 'network');
  });

  it('an answer that is not JSON or not a place → bad-answer; unknown fields are ignored', async () => {
    let answer = 'not json';
    const server = createServer((_req, res) => res.writeHead(200).end(answer));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const raw = new PlacesClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      apiKey: KEY,
    });
    try {
      await failureOf(details(raw), 'bad-answer');
      answer = JSON.stringify({ displayName: { text: 'No id' } });
      await failureOf(details(raw), 'bad-answer');
      answer = JSON.stringify({ id: 'x1', rating: 'high', priceLevel: 'PRICE_LEVEL_NEW', futureField: 1 });
      expect(await details(raw)).toEqual({ id: 'x1' });
      answer = JSON.stringify({
        id: 'x2',
        photos: [{ name: 'places/x2/photos/p', authorAttributions: [{ displayName: 'A\u0000n\ud800n' }] }],
      });
      expect((await details(raw)).photos![0]!.authorAttributions).toEqual([{ displayName: 'Ann' }]);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
