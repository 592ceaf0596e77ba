import type { ApiClient } from '@brigade/api-client/client';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { DEFAULT_AUTH_PATH } from './lib/constants';

export interface PlatformConfig {
  client: ApiClient;
  /** The central auth service (default path /auth). */
  authUrl: string;
  /** Where "Go to Main Site" leads on the admin guard, when configured. */
  mainSiteUrl?: string | undefined;
}

const PlatformContext = createContext<PlatformConfig | null>(null);

/** What the shared screens need from their app: the API client and the auth service's address. */
export function PlatformProvider({
  client,
  authUrl = DEFAULT_AUTH_PATH,
  mainSiteUrl,
  children,
}: Partial<PlatformConfig> & { client: ApiClient; children: ReactNode }) {
  const value = useMemo(() => ({ client, authUrl, mainSiteUrl }), [client, authUrl, mainSiteUrl]);
  return <PlatformContext.Provider value={value}>{children}</PlatformContext.Provider>;
}

export function usePlatform(): PlatformConfig {
  const value = useContext(PlatformContext);
  if (!value) throw new Error('usePlatform must be used within a PlatformProvider');
  return value;
}
