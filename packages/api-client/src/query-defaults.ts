import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';
import { ProblemError } from './problem-error';

// Query defaults: stale 5 min, cache 10 min.
export const QUERY_STALE_TIME_MS = 5 * 60 * 1000;
export const QUERY_GC_TIME_MS = 10 * 60 * 1000;
// Queries retry up to 3 times except on 4xx; mutations never retry.
export const QUERY_MAX_RETRIES = 3;

export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof ProblemError && error.isClientError) return false;
  return failureCount < QUERY_MAX_RETRIES;
}

export const queryClientConfig: QueryClientConfig = {
  defaultOptions: {
    queries: { staleTime: QUERY_STALE_TIME_MS, gcTime: QUERY_GC_TIME_MS, retry: shouldRetryQuery },
    mutations: { retry: false },
  },
};

export const createQueryClient = (): QueryClient => new QueryClient(queryClientConfig);

/**
 * What a screen shows as the failure of a query: its error, or, while it is still retrying (up to
 * 3 times with back-off, ~7 s), the last attempt's failure. The error view appears after the first failed
 * attempt instead of placeholders for the whole back-off; the retries go on behind it, and a success
 * replaces the error with the data.
 */
export const loadError = (query: { error: unknown; failureReason: unknown }): unknown =>
  query.error ?? query.failureReason ?? null;
