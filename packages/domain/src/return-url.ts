/**
 * Where a sign-in may send the browser back to (docs/behaviour/identity-and-sessions.md#handoff-between-apps: no open redirect). Only absolute http(s)
 * URLs whose origin is one of Brigade's own apps are honoured.
 */
export function allowedReturnOrigin(returnUrl: string, allowedOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(returnUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return allowedOrigins.includes(url.origin) ? url.origin : null;
}

/** Adds query parameters to a URL, replacing any of the same name. */
export function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) target.searchParams.set(key, value);
  return target.toString();
}

/** The development origins of the six apps (each app's own port), on localhost and 127.0.0.1. */
export const DEVELOPMENT_APP_ORIGINS = [3000, 3001, 3002, 3003, 3004, 3005].flatMap((port) => [
  `http://localhost:${port}`,
  `http://127.0.0.1:${port}`,
]);
