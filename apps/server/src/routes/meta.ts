import { getApiInfo } from '@brigade/contracts/meta';
import { implement } from '../plugins/contract-routes';

export const metaRoutes = [
  implement(getApiInfo, ({ deps }) => ({
    name: 'Brigade' as const,
    version: deps.version,
    apiVersion: 'v1' as const,
  })),
];
