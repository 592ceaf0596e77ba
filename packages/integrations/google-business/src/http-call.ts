import {
  type Answer,
  categoryOfStatus,
  exchange,
  IntegrationError,
  type IntegrationErrorKind,
  NoAnswerError,
  retryAfterMs,
} from '@brigade/integration-kit/http';

/** One call to Google over fetch with a per-call timeout; failures become GoogleBusinessError. */

export const DEFAULT_TIMEOUT_MS = 15_000;

export type GoogleBusinessErrorKind =
  | 'unauthorized'
  | 'invalid-grant'
  | 'rate-limited'
  | 'not-found'
  | 'invalid-argument'
  | 'http'
  | 'timeout'
  | 'network'
  | 'bad-answer';

const categoryOf = (kind: GoogleBusinessErrorKind, httpStatus: number | undefined): IntegrationErrorKind => {
  if (kind === 'invalid-grant') return 'unauthorized';
  if (kind === 'invalid-argument') return 'bad-request';
  if (kind === 'http') return httpStatus === undefined ? 'server' : categoryOfStatus(httpStatus);
  return kind;
};

/** A failed call. Never carries a token, a code or a secret: only Google's status and message. */
export class GoogleBusinessError extends IntegrationError {
  constructor(
    readonly kind: GoogleBusinessErrorKind,
    message: string,
    readonly details: {
      call: string;
      httpStatus?: number;
      googleStatus?: string;
      /** A 429's `retry-after`, in seconds, when Google sent one. */
      retryAfterSeconds?: number;
    } = { call: '' },
  ) {
    super(categoryOf(kind, details.httpStatus), message, {
      service: 'Google',
      call: details.call,
      status: details.httpStatus,
      code: details.googleStatus,
      retryAfterMs: details.retryAfterSeconds === undefined ? undefined : details.retryAfterSeconds * 1000,
    });
    this.name = 'GoogleBusinessError';
  }
}

export interface HttpCall {
  call: string;
  url: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  fetch: typeof fetch;
}

function kindOf(httpStatus: number, googleStatus: string | undefined): GoogleBusinessErrorKind {
  if (googleStatus === 'invalid_grant') return 'invalid-grant';
  if (httpStatus === 401) return 'unauthorized';
  if (httpStatus === 429) return 'rate-limited';
  if (httpStatus === 404) return 'not-found';
  if (httpStatus === 400) return 'invalid-argument';
  return 'http';
}

/** Google's API shape `{error:{code,message,status}}` or OAuth's `{error, error_description}`. */
function readError(json: unknown): { status?: string; message?: string } {
  if (typeof json !== 'object' || json === null) return {};
  const error = (json as { error?: unknown; error_description?: unknown }).error;
  if (typeof error === 'string') {
    const description = (json as { error_description?: unknown }).error_description;
    return { status: error, message: typeof description === 'string' ? description : error };
  }
  if (typeof error === 'object' && error !== null) {
    const { status, message } = error as { status?: unknown; message?: unknown };
    return {
      ...(typeof status === 'string' ? { status } : {}),
      ...(typeof message === 'string' ? { message } : {}),
    };
  }
  return {};
}

async function fetchOnce(request: HttpCall): Promise<Answer> {
  try {
    return await exchange({
      url: request.url,
      method: request.method,
      headers: request.headers,
      body: request.body,
      timeoutMs: request.timeoutMs,
      fetch: request.fetch,
    });
  } catch (error) {
    if (!(error instanceof NoAnswerError)) throw error;
    const timedOut = error.reason !== 'network';
    throw new GoogleBusinessError(
      timedOut ? 'timeout' : 'network',
      timedOut ? `Google ${request.call}: no answer in time` : `Google ${request.call}: could not be reached`,
      { call: request.call },
    );
  }
}

/** Sends the call; a 2xx answer's JSON (or `{}` when empty) comes back, anything else throws. */
export async function sendCall(request: HttpCall): Promise<unknown> {
  const response = await fetchOnce(request);
  const raw = response.text;
  let json: unknown = {};
  try {
    json = raw ? JSON.parse(raw) : {};
  } catch {
    if (response.ok)
      throw new GoogleBusinessError('bad-answer', `Google ${request.call}: not JSON`, {
        call: request.call,
      });
  }
  if (response.ok) return json;
  const { status, message } = readError(json);
  const waitMs = retryAfterMs(response.headers);
  const retryAfter = waitMs === undefined ? Number.NaN : Math.ceil(waitMs / 1000);
  throw new GoogleBusinessError(
    kindOf(response.status, status),
    `Google ${request.call}: ${message ?? `HTTP ${response.status}`}`,
    {
      call: request.call,
      httpStatus: response.status,
      ...(status ? { googleStatus: status } : {}),
      ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}),
    },
  );
}
