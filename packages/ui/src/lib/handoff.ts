import type { ApiClient } from '@brigade/api-client/client';
import { createHandoff } from '@brigade/contracts/auth';

/**
 * The address to send the browser to after sign-in: the return URL with a fresh single-use handoff code as
 * `token` (docs/behaviour/identity-and-sessions.md#handoff-between-apps; the server refuses return URLs outside the allowed origins with a 400) and, after
 * a selection, restaurantId and tenantId as guids.
 */
export async function handoffRedirectUrl(
  client: ApiClient,
  returnUrl: string,
  selection?: { tenantGuid: string; restaurantGuid: string },
  options: { rememberMe?: boolean } = {},
): Promise<string> {
  const handoff = await client.call(createHandoff, { body: { returnUrl } });
  const url = new URL(handoff.redirectUrl, window.location.origin);
  if (!url.searchParams.has('token')) url.searchParams.set('token', handoff.code);
  if (selection) {
    url.searchParams.set('restaurantId', selection.restaurantGuid);
    url.searchParams.set('tenantId', selection.tenantGuid);
  }
  // The token handler reads rememberMe, so the target's session lasts as long as this one
  if (options.rememberMe) url.searchParams.set('rememberMe', 'true');
  return url.toString();
}
