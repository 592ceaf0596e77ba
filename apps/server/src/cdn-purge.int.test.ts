import { createServer, type Server } from 'node:http';
import { type CdnEmulator, startCdnEmulator } from '@brigade/cdn/emulator';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { freePort } from '@brigade/test-utils/ports';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requestListenerOf } from './app';
import { createJobRunner } from './job-runtime';
import { useTestApp } from './test-app';
import { asBearer, type Session, signInAs } from './test-client';

/**
 * A CDN in front of the public sites (issue 48), on both engines: pages carry their organization's and
 * restaurant's surrogate keys and may be kept an hour; a change to a restaurant purges its key at the CDN (the
 * emulator of Cloudflare's purge API) through the `cdn.purge` job, and another restaurant's change does not.
 */
let cdn: CdnEmulator;
const sitePort = await freePort();
beforeAll(async () => {
  cdn = await startCdnEmulator();
});
const t = useTestApp({
  env: {
    SITE_PORT: String(sitePort),
    CDN_PROVIDER: 'cloudflare',
    CDN_ZONE: 'zone-of-the-test',
    CDN_API_TOKEN: 'emulator-cdn-token',
    get CDN_API_URL() {
      return cdn.url;
    },
  } as Record<string, string>,
});

let siteServer: Server;
let stop: () => Promise<void> = async () => {};
let owner: Session;
let tenant: { tenantId: number };
let restaurant: { restaurantId: number; slug: string };
let other: { restaurantId: number };

beforeAll(async () => {
  await cdn.close();
  cdn = await startCdnEmulator({ port: Number(new URL(cdn.url).port), zone: 'zone-of-the-test' });
  const db = t.database.db;
  tenant = await makeTenant(db);
  restaurant = await makeRestaurant(db, tenant.tenantId);
  other = await makeRestaurant(db, tenant.tenantId);
  owner = await signInAs(
    t.app,
    (await makeUser(db, { tenantId: tenant.tenantId, role: 'owner' })).email,
    TEST_PASSWORD,
  );
  siteServer = createServer(requestListenerOf(t.app));
  await new Promise<void>((resolve) => siteServer.listen(sitePort, '127.0.0.1', resolve));
  const runner = createJobRunner(
    t.deps,
    { db, storage: t.deps.imageStorage, instanceId: t.deps.instanceId },
    t.app.log,
  );
  await runner.start();
  stop = () => runner.stop();
});
afterAll(async () => {
  await stop();
  await new Promise((resolve) => siteServer?.close(resolve));
  await cdn?.close();
});

const rename = (restaurantId: number, name: string) =>
  asBearer(t.app, owner, {
    method: 'PATCH',
    url: `/api/v1/tenants/${tenant.tenantId}/restaurants/${restaurantId}`,
    payload: { name },
  });

describe('a CDN in front of the public sites', () => {
  it('names each page by its organization and restaurant, for an hour', async () => {
    const page = await fetch(`http://127.0.0.1:${sitePort}/${restaurant.slug}`);
    expect(page.status).toBe(200);
    const keys = `brigade-t-${tenant.tenantId} brigade-r-${tenant.tenantId}-${restaurant.restaurantId}`;
    expect(page.headers.get('surrogate-key')).toBe(keys);
    expect(page.headers.get('cache-tag')).toBe(keys.replace(' ', ','));
    expect(page.headers.get('cache-control')).toMatch(/s-maxage=3600\b/);
  });

  it("purges a restaurant's pages when it changes, and not another's", async () => {
    cdn.purges.length = 0;
    expect((await rename(restaurant.restaurantId, 'Renamed for the CDN')).statusCode).toBe(200);
    const key = `brigade-r-${tenant.tenantId}-${restaurant.restaurantId}`;
    await vi.waitFor(() => expect(cdn.purges.flatMap((p) => p.keys)).toContain(key), {
      timeout: 15_000,
      interval: 50,
    });
    expect(cdn.purges.every((p) => p.provider === 'cloudflare' && !p.everything)).toBe(true);
    expect(cdn.purges.flatMap((p) => p.keys)).not.toContain(
      `brigade-r-${tenant.tenantId}-${other.restaurantId}`,
    );
  });
});
