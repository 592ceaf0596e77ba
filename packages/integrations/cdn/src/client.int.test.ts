import Cloudflare from 'cloudflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CdnClient, CdnError } from './client';
import { type CdnEmulator, startCdnEmulator } from './emulator';

/**
 * The CDN purge client against the emulator over real HTTP (issue 48), and the emulator against Cloudflare's
 * own `cloudflare` package: the purge calls of both APIs, their limits per call, and a wrong token refused.
 */
let cdn: CdnEmulator;
beforeAll(async () => {
  cdn = await startCdnEmulator();
});
afterAll(() => cdn.close());

const clientFor = (provider: 'cloudflare' | 'fastly', apiToken = cdn.token) =>
  new CdnClient({ provider, baseUrl: cdn.url, zone: cdn.zone, apiToken });

describe('purging a CDN', () => {
  it('purges keys and everything on Cloudflare, 30 tags a call', async () => {
    cdn.purges.length = 0;
    const keys = Array.from({ length: 31 }, (_, i) => `brigade-r-1-${i}`);
    await clientFor('cloudflare').purgeKeys(keys);
    await clientFor('cloudflare').purgeEverything();
    expect(cdn.purges.map((p) => [p.provider, p.keys.length, p.everything])).toEqual([
      ['cloudflare', 30, false],
      ['cloudflare', 1, false],
      ['cloudflare', 0, true],
    ]);
    expect(cdn.purges.flatMap((p) => p.keys)).toEqual(keys);
  });

  it('purges keys and everything on Fastly', async () => {
    cdn.purges.length = 0;
    await clientFor('fastly').purgeKeys(['brigade-t-1', 'brigade-r-1-2']);
    await clientFor('fastly').purgeEverything();
    expect(cdn.purges).toEqual([
      { provider: 'fastly', zone: cdn.zone, keys: ['brigade-t-1', 'brigade-r-1-2'], everything: false },
      { provider: 'fastly', zone: cdn.zone, keys: [], everything: true },
    ]);
  });

  it('says a wrong token is unauthorized, without the token in the message', async () => {
    for (const provider of ['cloudflare', 'fastly'] as const) {
      const failure = await clientFor(provider, 'wrong-secret-token')
        .purgeKeys(['k'])
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(CdnError);
      expect((failure as CdnError).category).toBe('unauthorized');
      expect(String((failure as Error).message)).not.toMatch(/wrong-secret-token/);
    }
  });

  it("answers Cloudflare's own package as Cloudflare does", async () => {
    cdn.purges.length = 0;
    const sdk = new Cloudflare({ apiToken: cdn.token, baseURL: `${cdn.url}/client/v4`, maxRetries: 0 });
    const answer = await sdk.cache.purge({ zone_id: cdn.zone, tags: ['brigade-t-7'] });
    expect(answer?.id).toMatch(/^[0-9a-f]{32}$/);
    expect(cdn.purges).toEqual([
      { provider: 'cloudflare', zone: cdn.zone, keys: ['brigade-t-7'], everything: false },
    ]);
    const refused = new Cloudflare({ apiToken: 'nope', baseURL: `${cdn.url}/client/v4`, maxRetries: 0 });
    await expect(refused.cache.purge({ zone_id: cdn.zone, tags: ['x'] })).rejects.toMatchObject({
      status: 403,
    });
  });
});
