import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { usePlatform } from '../platform';
import { authAddress } from './auth-address';
import { clearClientAuthState, type SignOutEvent, signOut, watchCrossAppSignOut } from './sign-out';

/** Sign-out with a pending flag ("Signing Out..." on buttons). */
export function useSignOut(options: { admin?: boolean; returnUrl?: string; redirectTo?: string } = {}) {
  const { client, authUrl } = usePlatform();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const { admin, returnUrl, redirectTo } = options;
  const run = useCallback(async () => {
    setPending(true);
    await signOut(client, {
      admin,
      clearCache: () => queryClient.clear(),
      redirectTo: redirectTo ?? authAddress(authUrl, { returnUrl, fromLogout: true }),
    });
  }, [client, authUrl, queryClient, admin, returnUrl, redirectTo]);
  return { signOut: run, pending };
}

/**
 * Acts on sign-outs broadcast by other apps and tabs. By default: client state cleared, then the
 * auth service with a return URL and the from-logout flag.
 */
export function useCrossAppSignOut(onSignOut?: (event: SignOutEvent) => void) {
  const { authUrl } = usePlatform();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      watchCrossAppSignOut((event) => {
        if (onSignOut) return onSignOut(event);
        queryClient.clear();
        clearClientAuthState();
        window.location.assign(authAddress(authUrl, { returnUrl: window.location.href, fromLogout: true }));
      }),
    [authUrl, queryClient, onSignOut],
  );
}
