/**
 * The one way Brigade's clients of outside services make an HTTP exchange (issue 43): a timeout per attempt
 * joined with the caller's signal, the answer's status, headers and text, and a failure that says which of
 * three things happened when there is no answer. Each client reads the answer in its service's words and
 * raises its own error (an IntegrationError): the kit knows HTTP, not CardPointe or Google.
 */

/** What went wrong, in the same words for every outside service. */
export type IntegrationErrorKind =
  | 'unauthorized'
  | 'rate-limited'
  | 'quota'
  | 'bad-request'
  | 'not-found'
  | 'server'
  | 'timeout'
  | 'network'
  | 'bad-answer';

/** Facts every integration failure carries; never a credential, a card number or a request's text. */
export interface IntegrationFacts {
  /** The service, e.g. `CardPointe`, `Places`. */
  service: string;
  /** The call, e.g. `auth`, `getPlace`. */
  call: string;
  status?: number | undefined;
  /** The service's own code word, when it gave one (`insufficient_quota`, `API_KEY_INVALID`, `invalid_grant`). */
  code?: string | undefined;
  /** How long the service asked to wait before trying again. */
  retryAfterMs?: number | undefined;
}

/**
 * The base of every client's error: `category` is the shared kind above; a client's subclass keeps its own
 * finer `kind` and `details` for its callers.
 */
export class IntegrationError extends Error {
  constructor(
    readonly category: IntegrationErrorKind,
    message: string,
    readonly facts: IntegrationFacts,
  ) {
    super(message);
    this.name = 'IntegrationError';
  }
}

/** The shared kind of a non-2xx status (a client refines it from the body: quota, invalid grant…). */
export function categoryOfStatus(status: number): IntegrationErrorKind {
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'server';
  return 'bad-request';
}

/**
 * How long the answer asks to wait, in milliseconds: OpenAI's `retry-after-ms`, CardPointe's
 * `x-rate-limit-retry-after-seconds`, then the standard `Retry-After` (seconds or an HTTP date).
 */
export function retryAfterMs(headers: Headers, now = Date.now()): number | undefined {
  const ms = Number(headers.get('retry-after-ms')?.trim() || Number.NaN);
  if (Number.isFinite(ms) && ms >= 0) return Math.round(ms);
  const raw = (headers.get('x-rate-limit-retry-after-seconds') ?? headers.get('retry-after'))?.trim();
  if (raw === undefined || raw === '') return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export interface Exchange {
  url: string;
  method: string;
  headers?: Record<string, string> | undefined;
  body?: string | undefined;
  timeoutMs: number;
  /** The caller's signal (a request that ends, a job that is stopped). */
  signal?: AbortSignal | undefined;
  redirect?: 'follow' | 'manual' | 'error' | undefined;
  fetch?: typeof fetch | undefined;
}

export interface Answer {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
}

/** Why an exchange has no answer: our timeout, the caller's cancel, or the connection. */
export type NoAnswer = 'timeout' | 'cancelled' | 'network';

export class NoAnswerError extends Error {
  constructor(readonly reason: NoAnswer) {
    super(
      reason === 'timeout'
        ? 'no answer within the timeout'
        : reason === 'cancelled'
          ? 'the call was cancelled before an answer'
          : 'the connection failed',
    );
    this.name = 'NoAnswerError';
  }
}

/** One HTTP exchange: the answer (any status), or a NoAnswerError. */
export async function exchange(request: Exchange): Promise<Answer> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([timeout, request.signal]) : timeout;
  const send = request.fetch ?? fetch;
  try {
    const response = await send(request.url, {
      method: request.method,
      headers: request.headers ?? {},
      ...(request.body === undefined ? {} : { body: request.body }),
      ...(request.redirect ? { redirect: request.redirect } : {}),
      signal,
    });
    return {
      status: response.status,
      ok: response.ok,
      headers: response.headers,
      text: await response.text(),
    };
  } catch {
    throw new NoAnswerError(timeout.aborted ? 'timeout' : request.signal?.aborted ? 'cancelled' : 'network');
  }
}
