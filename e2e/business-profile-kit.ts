import {
  EMULATOR_CLIENT_ID,
  EMULATOR_CLIENT_SECRET,
  type GoogleBusinessEmulator,
  startGoogleBusinessEmulator,
} from '@brigade/google-business/emulator';
import { afterAll, beforeAll, expect } from 'vitest';
import { apiCall, type FileHarness } from './harness';
import { HARBOR_GRILL_PATH } from './helpers';

/**
 * What the Google Business Profile browser tests share (issue 19): an emulator this test process runs, which
 * the server reaches as "Google", and the demo restaurant's scope as the listing routes name it (GUIDs).
 */

/** Starts an emulator for the file; pass `env` to `useHarness({ env })` and read the emulator with `get()`. */
export function useGoogleBusinessEmulator(): {
  env: Record<string, string>;
  get: () => GoogleBusinessEmulator;
} {
  const env: Record<string, string> = {};
  let emulator: GoogleBusinessEmulator | undefined;
  beforeAll(async () => {
    emulator = await startGoogleBusinessEmulator();
    Object.assign(env, {
      GOOGLE_BUSINESS_CLIENT_ID: EMULATOR_CLIENT_ID,
      GOOGLE_BUSINESS_CLIENT_SECRET: EMULATOR_CLIENT_SECRET,
      GOOGLE_BUSINESS_URL: emulator.baseUrl,
    });
  });
  afterAll(async () => emulator?.close());
  return {
    env,
    get: () => {
      if (!emulator) throw new Error('The Google Business Profile emulator has not started');
      return emulator;
    },
  };
}

/** Harbor Grill's `tenantId=…&restaurantId=…` query (GUIDs), read through the API as the owner. */
export async function harborGrillScopeQuery(harness: FileHarness): Promise<string> {
  const restaurant = await apiCall<{ data: { restaurant: { guid: string; tenantId: number } } }>(
    harness,
    'GET',
    HARBOR_GRILL_PATH,
    { token: harness.ownerToken },
  );
  const { guid, tenantId } = restaurant.body.data.restaurant;
  const tenant = await apiCall<{ data: { tenant: { guid: string } } }>(
    harness,
    'GET',
    `/tenants/${tenantId}`,
    {
      token: harness.ownerToken,
    },
  );
  expect(tenant.status).toBe(200);
  return `tenantId=${tenant.body.data.tenant.guid}&restaurantId=${guid}`;
}
