import { noonZone } from '@brigade/test-utils/clock';
import { expect } from 'vitest';
import { apiCall, type Harness } from './harness';
import { HARBOR_GRILL_PATH } from './helpers';

/** The owner's calls on Harbor Grill (by the API, with the owner's session token). */
export function ownerCalls(harness: Pick<Harness, 'api' | 'authOrigin'> & { ownerToken: string }) {
  const owner = <T = { data: Record<string, unknown> }>(method: string, path: string, body?: unknown) =>
    apiCall<T>(harness, method, `${HARBOR_GRILL_PATH}${path}`, { token: harness.ownerToken, body });
  /** Creates a record and answers its id (`key` of the answer's data). */
  const created = async (path: string, body: object, key: string): Promise<number> => {
    const answer = await owner('POST', path, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.data[key] as number;
  };
  return { owner, created };
}

/**
 * Harbor Grill taking online orders at any hour the tests run: the gateway emulator's merchant account, open
 * all day every day, ordering on its website, and the tenant's clock set to a zone where it is about noon (an
 * ASAP order a few minutes before the restaurant's midnight would fall on tomorrow's board). Answers the
 * gateway's origin, where a guest's card is tokenised.
 */
export async function openForOnlineOrders(
  harness: Pick<Harness, 'api' | 'authOrigin'> & { ownerToken: string },
): Promise<{ gatewayOrigin: string }> {
  const { owner } = ownerCalls(harness);
  const merchant = {
    merchid: '496160873888',
    site: 'fts',
    environment: 'uat',
    username: 'testing',
    password: 'testing123',
  };
  expect((await owner('PUT', '/payments/merchant-account', merchant)).status).toBe(200);
  const allDay = { open: '00:00', close: '00:00', closed: false };
  const days = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
  const patched = await owner('PATCH', '', {
    operatingHours: Object.fromEntries(days.map((day) => [day, allDay])),
    websiteConfig: { enabled: true, ordering: { enabled: true, provider: 'internal' } },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  const tenantPath = `/tenants/${HARBOR_GRILL_PATH.split('/')[2]}`;
  const tenant = await apiCall<{ data: { tenant: { settings: Record<string, unknown> } } }>(
    harness,
    'GET',
    tenantPath,
    { token: harness.ownerToken },
  );
  const clock = await apiCall(harness, 'PATCH', tenantPath, {
    token: harness.ownerToken,
    body: { settings: { ...tenant.body.data.tenant.settings, timezone: noonZone() } },
  });
  expect(clock.status, JSON.stringify(clock.body)).toBe(200);
  const entry = await owner<{ data: { url: string } }>('GET', '/payments/card-entry');
  return { gatewayOrigin: new URL(entry.body.data.url).origin };
}
