import { DEFAULT_AUTH_PATH } from './constants';

export interface AuthAddressOptions {
  returnUrl?: string | undefined;
  adminAccess?: boolean;
  fromLogout?: boolean;
}

/**
 * The central auth service's address with its query parameters: returnUrl,
 * adminAccess=true, fromLogout=true. `authUrl` may be a path (same origin) or an absolute address.
 */
export function authAddress(authUrl: string = DEFAULT_AUTH_PATH, options: AuthAddressOptions = {}): string {
  const url = new URL(authUrl, window.location.origin);
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  if (options.returnUrl) url.searchParams.set('returnUrl', options.returnUrl);
  if (options.adminAccess) url.searchParams.set('adminAccess', 'true');
  if (options.fromLogout) url.searchParams.set('fromLogout', 'true');
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : url.toString();
}
