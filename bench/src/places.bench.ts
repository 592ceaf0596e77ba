import { startPlacesEmulator } from '@brigade/places/emulator';
import { signInApi, startBrigade, withPostgresDatabase } from './processes';
import { fmt, percentile, printTable } from './stats';

const SAMPLES = 500;
// The emulator's world (packages/integrations/places/src/emulator-world.ts): ChIJBrigadeEmuPdx0001…0012.
const PLACE_IDS = Array.from({ length: 12 }, (_, i) => `ChIJBrigadeEmuPdx${String(i + 1).padStart(4, '0')}`);

interface Timed {
  ms: number;
  cache: string | null;
}

async function timedGet(url: string, token: string): Promise<Timed> {
  const t0 = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status}`);
  return { ms: performance.now() - t0, cache: response.headers.get('x-cache') };
}

async function measure(engine: 'pglite' | 'postgres', databaseUrl: string) {
  // The server runs as in production, which has no built-in emulator: it talks to one here as to Google.
  const emulator = await startPlacesEmulator({ apiKey: 'bench-key' });
  const brigade = await startBrigade(databaseUrl, {
    GOOGLE_PLACES_API_KEY: 'bench-key',
    GOOGLE_PLACES_URL: emulator.apiUrl,
  }).catch(async (error) => {
    await emulator.close();
    throw error;
  });
  try {
    const { token } = await signInApi(brigade.origin, {
      email: 'admin@brigade.local',
      password: 'brigade-admin',
    });
    const url = (id: string) => `${brigade.origin}/api/v1/places/details/${id}`;
    const first: Timed[] = [];
    for (const id of PLACE_IDS) first.push(await timedGet(url(id), token));
    const cached: Timed[] = [];
    for (let i = 0; i < SAMPLES; i++)
      cached.push(await timedGet(url(PLACE_IDS[i % PLACE_IDS.length]!), token));
    const all = [...first, ...cached];
    const hits = all.filter((t) => t.cache === 'hit').length;
    return {
      engine,
      miss: first.map((t) => t.ms).sort((a, b) => a - b),
      hit: cached
        .filter((t) => t.cache === 'hit')
        .map((t) => t.ms)
        .sort((a, b) => a - b),
      ratio: hits / all.length,
      requests: all.length,
    };
  } finally {
    await brigade.stop();
    await emulator.close();
  }
}

/**
 * `npm run bench -- places`: place details through the shared cache (the Places emulator behind it, standing in for Google):
 * the first fetch of each place (a miss), then `SAMPLES` sequential requests over the same places (hits), and
 * the hit ratio read from each answer's X-Cache header.
 */
export async function benchPlaces(postgresUrl: string | undefined) {
  const results = [await measure('pglite', '')];
  if (postgresUrl) {
    results.push(await withPostgresDatabase(postgresUrl, 'places', (u) => measure('postgres', u)));
  }
  printTable(
    `Place details through the shared cache (${PLACE_IDS.length} places; ${SAMPLES} sequential cached requests)`,
    ['engine', 'miss p50 ms', 'cached p50 ms', 'cached p99 ms', 'hit ratio', 'requests'],
    results.map((r) => [
      r.engine,
      fmt(percentile(r.miss, 50)),
      fmt(percentile(r.hit, 50)),
      fmt(percentile(r.hit, 99)),
      `${fmt(r.ratio * 100)} %`,
      r.requests,
    ]),
  );
}
