import { IntegrationError, type IntegrationErrorKind } from './http';

/**
 * Retries of a call that may be repeated (a read, or a write the service deduplicates), for every client:
 * exponential backoff with jitter, or the service's own Retry-After when it gives one short enough. Only
 * failures that waiting can mend are retried (rate limits, server errors, timeouts, lost connections); an
 * account out of quota, a bad request or a wrong key fails at once.
 */
export interface RetryPolicy {
  /** Retries after the first attempt (0: none). */
  retries: number;
  /** The first pause; doubled each time, plus up to as much again at random. */
  backoffMs: number;
  /** A Retry-After longer than this is not waited for: the call fails with it. */
  maxRetryAfterMs: number;
  random?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal | undefined;
  /** The kinds worth another try; by default rate limits, server errors, timeouts and lost connections. */
  retryOn?: ReadonlySet<IntegrationErrorKind> | undefined;
}

const RETRYABLE: ReadonlySet<IntegrationErrorKind> = new Set([
  'rate-limited',
  'server',
  'timeout',
  'network',
]);

/** The pause before retry number `retry` (1-based), or undefined when `failure` is not worth another try. */
export function pauseBefore(
  retry: number,
  failure: IntegrationError,
  policy: RetryPolicy,
): number | undefined {
  if (retry > policy.retries || !(policy.retryOn ?? RETRYABLE).has(failure.category)) return undefined;
  const asked = failure.facts.retryAfterMs;
  if (asked !== undefined) return asked > policy.maxRetryAfterMs ? undefined : asked;
  return policy.backoffMs * 2 ** (retry - 1) * (1 + (policy.random ?? Math.random)());
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });

/**
 * Runs `attempt` (given its 1-based number) until it succeeds or fails in a way not worth retrying; the last
 * failure is thrown. Failures that are not IntegrationErrors are thrown at once.
 */
export async function withRetries<T>(
  attempt: (number: number) => Promise<T>,
  policy: RetryPolicy,
): Promise<T> {
  for (let number = 1; ; number += 1) {
    try {
      return await attempt(number);
    } catch (error) {
      if (!(error instanceof IntegrationError)) throw error;
      const pause = pauseBefore(number, error, policy);
      if (pause === undefined) throw error;
      await (policy.sleep ?? sleep)(pause, policy.signal);
    }
  }
}
