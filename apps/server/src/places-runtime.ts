import { type CacheCounters, createCacheCounters } from '@brigade/core/places/places-cache';
import type { PlacesDeps } from '@brigade/core/places/places-service';
import { BrigadeError } from '@brigade/domain/errors';
import { startOnFirstUse } from '@brigade/integration-kit/start-on-first-use';
import { PlacesClient } from '@brigade/places/client';
import { type PlacesEmulator, startPlacesEmulator } from '@brigade/places/emulator';
import type { PlacesApi } from '@brigade/places/places-api';
import type { Config } from './config';

/**
 * Google Places' side of the running server (docs/operations/places.md): Places API (New) with
 * GOOGLE_PLACES_API_KEY, or — with no key outside production — the in-process emulator, started on first use
 * (as the CardPointe emulator is). Production without a key answers places calls with 503. The key lives in
 * the client only; nothing here logs or answers it.
 */
export interface PlacesRuntime {
  mode: 'google' | 'emulator' | 'off';
  api(): Promise<PlacesApi>;
  /** The emulator (started on first call) when it stands in for Google; null otherwise. */
  emulator(): Promise<PlacesEmulator> | null;
  /** This process's cache hits and misses (the bench and operators read them). */
  counters: CacheCounters;
  /** Where answers come from, for the cache keys. */
  source(): Promise<string>;
  /** Searches that reach Google per tenant in 24 hours (PLACES_DAILY_SEARCHES_PER_TENANT). */
  dailySearchesPerTenant: number;
  close(): Promise<void>;
}

export function createPlacesRuntime(config: Config): PlacesRuntime {
  const { places } = config;
  const emulator = startOnFirstUse<PlacesEmulator>(
    'the Places emulator',
    () => startPlacesEmulator(),
    (started) => started.close(),
  );
  const startEmulator = () => emulator.get();
  const mode = places.apiKey ? 'google' : places.emulator ? 'emulator' : 'off';
  // A failed emulator start fails this one too, and both are tried again on the next call.
  const client = startOnFirstUse('the Places client', () =>
    mode === 'google'
      ? Promise.resolve(
          new PlacesClient({ baseUrl: places.url, apiKey: places.apiKey!, timeoutMs: places.timeoutMs }),
        )
      : startEmulator().then(
          (e) => new PlacesClient({ baseUrl: e.apiUrl, apiKey: 'emulator', timeoutMs: places.timeoutMs }),
        ),
  );
  const api = (): Promise<PlacesClient> => {
    if (mode === 'off')
      return Promise.reject(
        new BrigadeError(
          'unavailable',
          'PLACES_NOT_CONFIGURED',
          'Google Places is not configured (GOOGLE_PLACES_API_KEY)',
        ),
      );
    return client.get();
  };
  return {
    mode,
    api,
    emulator: () => (mode === 'emulator' ? startEmulator() : null),
    counters: createCacheCounters(),
    source: async () => (mode === 'emulator' ? (await startEmulator()).apiUrl : places.url),
    dailySearchesPerTenant: places.dailySearchesPerTenant,
    close: () => emulator.close(),
  };
}

/** The places use-cases' deps for one request. */
export async function placesDepsOf(runtime: PlacesRuntime, db: PlacesDeps['db']): Promise<PlacesDeps> {
  return {
    db,
    places: runtime.api,
    counters: runtime.counters,
    source: await runtime.source(),
    dailySearchesPerTenant: runtime.dailySearchesPerTenant,
  };
}
