import type { Endpoint } from './endpoint';
import { getApiInfo } from './meta';

/** Every endpoint of the API. The server refuses to start if one lacks an implementation. */
export const ENDPOINTS: readonly Endpoint[] = [getApiInfo];
