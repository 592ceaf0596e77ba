import { createApiClient } from '@brigade/api-client/client';
import { createQueryClient } from '@brigade/api-client/query-defaults';

// Same origin: `npm start` and the Vite dev server both put /api next to /manage.
export const apiClient = createApiClient({ baseUrl: '' });
// The shared query defaults: stale 5 min, cache 10 min, 3 retries except on 4xx, mutations never retry.
export const queryClient = createQueryClient();
