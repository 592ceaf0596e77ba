import { createApiClient } from '@brigade/api-client/client';
import { createQueryClient } from '@brigade/api-client/query-defaults';

// Same origin: `npm start` serves /api beside /kitchen on every port, and the Vite dev server proxies it.
export const apiClient = createApiClient({ baseUrl: '' });
export const queryClient = createQueryClient();

/** The app's base path (Vite `base`), without the trailing slash. */
export const BASE = '/kitchen';
