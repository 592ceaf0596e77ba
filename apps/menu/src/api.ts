import { createApiClient } from '@brigade/api-client/client';
import { createQueryClient } from '@brigade/api-client/query-defaults';

// Same origin: `npm start` serves /api beside /menu on every port, and the Vite dev server proxies it.
export const apiClient = createApiClient({ baseUrl: '' });
// The shared query defaults: stale 5 min, cache 10 min, 3 retries except on 4xx.
export const queryClient = createQueryClient();

/** The app's base path (Vite `base`), without the trailing slash: react-router's basename. */
export const BASE = '/menu';

/** The menu is polled every 30 s; `?refresh=<seconds>` (1–3600) overrides it (tests, busy screens). */
export const DEFAULT_REFRESH_SECONDS = 30;
export function refreshIntervalMs(search: string): number {
  const value = Number(new URLSearchParams(search).get('refresh'));
  const seconds = Number.isFinite(value) && value >= 1 && value <= 3600 ? value : DEFAULT_REFRESH_SECONDS;
  return seconds * 1000;
}

/** The display options worth keeping from page to page (`refresh`, `dwell`; never the handoff parameters). */
export function keptSearch(search: string): string {
  const given = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of ['refresh', 'dwell']) {
    const value = given.get(name);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}
