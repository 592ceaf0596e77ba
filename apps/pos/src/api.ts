import { createApiClient } from '@brigade/api-client/client';
import { createQueryClient } from '@brigade/api-client/query-defaults';
import { watchedFetch } from './network';

// Same origin: `npm start` serves /api beside /pos on every port, and the Vite dev server proxies it.
export const apiClient = createApiClient({ baseUrl: '', fetch: watchedFetch });
// The shared query defaults: stale 5 min, cache 10 min, 3 retries except on 4xx.
export const queryClient = createQueryClient();

/** The app's base path (Vite `base`), without the trailing slash: react-router's basename. */
export const BASE = '/pos';
