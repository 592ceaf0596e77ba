import { DEMO_RESTAURANT_GUID, DEMO_TENANT_GUID } from '@brigade/core/seed/demo-seed';
import type { ApiSession } from './processes';

/** The app origin the benches' connect flow returns to (the server's BRIGADE_APP_ORIGINS). */
export const APP_ORIGIN = 'http://bench.invalid';

/** The demo restaurant connected to one of the emulator's locations, as a browser would; its connection id. */
export async function connectDemo(session: ApiSession, locationId: string): Promise<string> {
  const scope = `tenantId=${DEMO_TENANT_GUID}&restaurantId=${DEMO_RESTAURANT_GUID}`;
  const redirectUrl = encodeURIComponent(`${APP_ORIGIN}/manage/business-profile/callback`);
  const { data } = (await session.call(
    'GET',
    `/business-listing/auth/url?${scope}&redirectUrl=${redirectUrl}`,
  )) as {
    data: { url: string };
  };
  const html = await (await fetch(data.url)).text();
  const fields = [...html.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(
    ([, key, value]): [string, string] => [key ?? '', (value ?? '').replaceAll('&#38;', '&')],
  );
  const action = new URL(/action="([^"]+)"/.exec(html)?.[1] ?? '', data.url);
  const approved = await fetch(action, {
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual',
  });
  const back = new URL(approved.headers.get('location') ?? '');
  const connected = (await session.call('POST', '/business-listing/auth/callback', {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  })) as { data: { connectionId: string } };
  const { connectionId } = connected.data;
  await session.call('PATCH', '/business-listing/locations/select', {
    tenantId: DEMO_TENANT_GUID,
    restaurantId: DEMO_RESTAURANT_GUID,
    locationId,
  });
  return connectionId;
}
