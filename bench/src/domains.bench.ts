import { load, signInApi, startBrigade, withPostgresDatabase } from './processes';
import { fmt, percentile, printTable } from './stats';

const DURATION_S = 6;
const CONNECTIONS = 50;
const MAPPINGS = 200;
const SAMPLES = 500;
// Subdomain mappings (verified from the start, so served) must be one label under the base domain.
const BASE_DOMAIN = 'bench.brigade.test';

/** Sequential latencies (ms) of `count` GETs built by `urlOf`. */
async function sequential(count: number, urlOf: (i: number) => string): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const t0 = performance.now();
    const response = await fetch(urlOf(i));
    await response.arrayBuffer();
    out.push(performance.now() - t0);
  }
  return out.sort((a, b) => a - b);
}

async function measure(engine: 'pglite' | 'postgres', databaseUrl: string) {
  const brigade = await startBrigade(databaseUrl, { BRIGADE_BASE_DOMAIN: BASE_DOMAIN });
  try {
    const { origin } = brigade;
    const session = await signInApi(origin, { email: 'admin@brigade.local', password: 'brigade-admin' });
    const call = async (method: string, path: string, body?: unknown) =>
      (await session.call(method, path, body)) as { data: Record<string, unknown> };
    const tenants = (await call('GET', '/me/tenants')).data as unknown as { tenantId: number }[];
    const tenantId = tenants[0]!.tenantId;
    const tenant = (await call('GET', `/tenants/${tenantId}`)).data.tenant as { guid: string };
    const restaurants = (await call('GET', `/tenants/${tenantId}/restaurants`)).data.restaurants as {
      guid: string;
    }[];
    const suffix = Date.now().toString(36);
    const mappings = Array.from({ length: MAPPINGS }, (_, i) => ({
      domain: `bench-${i}-${suffix}.${BASE_DOMAIN}`,
      domainType: 'subdomain',
      tenantGuid: tenant.guid,
      restaurantGuid: restaurants[i % restaurants.length]!.guid,
    }));
    for (let i = 0; i < MAPPINGS; i += 50) {
      const bulk = await call('POST', '/domain-mappings/bulk', { mappings: mappings.slice(i, i + 50) });
      const { failed } = (bulk.data as { summary: { failed: number } }).summary;
      if (failed > 0) throw new Error(`${failed} bench mappings were refused`);
    }
    const resolveUrl = (host: string) => `${origin}/api/v1/public/resolve?host=${host}`;
    // Misses of the cache: a host never asked before (one indexed query each). Hits: the same hosts again.
    const miss = await sequential(SAMPLES, (i) =>
      resolveUrl(mappings[i % MAPPINGS]!.domain.replace('bench-', `m${i}-`)),
    );
    await sequential(MAPPINGS, (i) => resolveUrl(mappings[i]!.domain));
    const hit = await sequential(SAMPLES, (i) => resolveUrl(mappings[i % MAPPINGS]!.domain));
    const resolveLoad = await load(resolveUrl(mappings[0]!.domain), {
      connections: CONNECTIONS,
      durationS: DURATION_S,
    });
    const tlsLoad = await load(`${origin}/api/v1/domains/tls-ask?domain=${mappings[1]!.domain}`, {
      connections: CONNECTIONS,
      durationS: DURATION_S,
    });
    return { engine, miss, hit, resolveLoad, tlsLoad };
  } finally {
    await brigade.stop();
  }
}

/** `npm run bench -- domains`: resolution through the host cache (hit and miss) and the tls-ask check. */
export async function benchDomains(postgresUrl: string | undefined) {
  const results = [await measure('pglite', '')];
  if (postgresUrl) {
    results.push(await withPostgresDatabase(postgresUrl, 'domains', (url) => measure('postgres', url)));
  }
  printTable(
    `Domain resolution (${MAPPINGS} mappings; ${SAMPLES} sequential requests; load ${CONNECTIONS} connections, ${DURATION_S} s)`,
    [
      'engine',
      'miss p50 ms',
      'miss p99 ms',
      'hit p50 ms',
      'hit p99 ms',
      'resolve rps',
      'resolve p99',
      'tls-ask rps',
      'tls-ask p50',
      'tls-ask p99',
      'errors',
    ],
    results.map((r) => [
      r.engine,
      fmt(percentile(r.miss, 50), 2),
      fmt(percentile(r.miss, 99), 2),
      fmt(percentile(r.hit, 50), 2),
      fmt(percentile(r.hit, 99), 2),
      fmt(r.resolveLoad.rps, 0),
      r.resolveLoad.p99,
      fmt(r.tlsLoad.rps, 0),
      r.tlsLoad.p50,
      r.tlsLoad.p99,
      r.resolveLoad.errors + r.tlsLoad.errors,
    ]),
  );
}
