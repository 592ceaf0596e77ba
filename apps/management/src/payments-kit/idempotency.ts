import { isProblemError } from '@brigade/api-client/problem-error';
import { useRef } from 'react';

/*
 * Idempotency keys of the writes that move money (docs/behaviour/payments.md, the payments API): one key
 * per attempt. When an attempt got no answer (the network failed, or the server said the same key is still
 * being worked on) the user's retry of the SAME request reuses its key, so the server answers the stored
 * result instead of charging twice. Any answer the server gave closes the attempt; the next request (or a
 * changed one) gets a new key.
 */

/** Whether a failed call may have reached the gateway without us hearing the answer: retry with the same key. */
export function isUnanswered(error: unknown): boolean {
  return isProblemError(error) && (error.isNetworkError || error.status === 409);
}

export class IdempotentAttempts {
  private open: { key: string; fingerprint: string } | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  /** The key for a request: the open attempt's key when it is the same request, else a new one. */
  keyFor(request: unknown): string {
    const fingerprint = JSON.stringify(request ?? null);
    if (this.open?.fingerprint === fingerprint) return this.open.key;
    this.open = { key: this.newKey(), fingerprint };
    return this.open.key;
  }

  /** After the call: an answer closes the attempt; no answer keeps it open for a retry. */
  settle(error?: unknown): void {
    if (error === undefined || !isUnanswered(error)) this.open = null;
  }

  /** Forget the open attempt (the user starts a new payment). */
  reset(): void {
    this.open = null;
  }

  /** Whether the next request equal to the last one would reuse its key. */
  get pending(): boolean {
    return this.open !== null;
  }
}

/** One IdempotentAttempts per component (a form, an action dialog). */
export function useIdempotentAttempts(): IdempotentAttempts {
  const ref = useRef<IdempotentAttempts | null>(null);
  if (ref.current === null) ref.current = new IdempotentAttempts();
  return ref.current;
}

/**
 * Runs a money-moving call with its Idempotency-Key: `run(request, (key) => call(key))`. The key comes
 * from `attempts` for this request and the attempt is settled by the outcome.
 */
export async function withIdempotencyKey<T>(
  attempts: IdempotentAttempts,
  request: unknown,
  call: (headers: { 'Idempotency-Key': string }) => Promise<T>,
): Promise<T> {
  const key = attempts.keyFor(request);
  try {
    const result = await call({ 'Idempotency-Key': key });
    attempts.settle();
    return result;
  } catch (error) {
    attempts.settle(error);
    throw error;
  }
}
