import { createApiClient } from '@brigade/api-client/client';
import { createQueryClient } from '@brigade/api-client/query-defaults';

// Same origin: `npm start` and the Vite dev server both put /api next to /auth.
export const apiClient = createApiClient({ baseUrl: '' });
export const queryClient = createQueryClient();
