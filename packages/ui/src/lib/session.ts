import { ProblemError } from '@brigade/api-client/problem-error';
import { getSessionState } from '@brigade/contracts/auth';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { usePlatform } from '../platform';
import type { SessionUser } from './types';

export const SESSION_QUERY_KEY = ['auth', 'session'] as const;
// Session validation stale 5 min, cache 10 min.
const SESSION_STALE_MS = 5 * 60 * 1000;
const SESSION_GC_MS = 10 * 60 * 1000;
// Other errors are raised after one retry at 500 ms.
const SESSION_RETRY_DELAY_MS = 500;

/** A 401, 403 or network failure means "no session"; anything else is an error. */
export const meansNoSession = (error: unknown): boolean =>
  error instanceof ProblemError && (error.status === 401 || error.status === 403 || error.status === 0);

export type AuthState =
  | { status: 'loading' }
  | { status: 'authenticated'; user: SessionUser }
  | { status: 'unauthenticated' }
  | { status: 'error'; error: Error };

export function useSession() {
  const { client } = usePlatform();
  const query = useQuery({
    queryKey: SESSION_QUERY_KEY,
    queryFn: async ({ signal }): Promise<SessionUser | null> => {
      try {
        // 200 with null when signed out: a signed-out visitor leaves no 401 in the browser's console
        return (await client.call(getSessionState, { signal })).data.user;
      } catch (error) {
        if (meansNoSession(error)) return null;
        throw error;
      }
    },
    staleTime: SESSION_STALE_MS,
    gcTime: SESSION_GC_MS,
    retry: 1,
    retryDelay: SESSION_RETRY_DELAY_MS,
    refetchOnWindowFocus: true,
  });
  const state: AuthState = query.isPending
    ? { status: 'loading' }
    : query.isError
      ? { status: 'error', error: query.error }
      : query.data
        ? { status: 'authenticated', user: query.data }
        : { status: 'unauthenticated' };
  return { ...query, state };
}

/** Puts a freshly signed-in user into the session cache (after sign-in, sign-up or a handoff exchange). */
export function useSetSessionUser() {
  const queryClient = useQueryClient();
  return useCallback(
    (user: SessionUser | null) => {
      queryClient.setQueryData(SESSION_QUERY_KEY, user);
      if (!user) queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_QUERY_KEY[0] });
    },
    [queryClient],
  );
}
