import { type Answer, exchange, NoAnswerError, retryAfterMs } from '@brigade/integration-kit/http';
import type { Endpoint } from './endpoints';
import { type CallOptions, PlacesCallError } from './places-api';

/**
 * One HTTP exchange with Places API (New) and its typed failures: the status (and Google's error status
 * word) decides the failure kind, a timeout or the caller's signal aborts. Messages name the endpoint, the
 * status and Google's status word only: never the key, never the request's text.
 */

export interface HttpCall {
  endpoint: Endpoint;
  url: string;
  method: 'GET' | 'POST';
  apiKey: string;
  fieldMask?: string | undefined;
  body?: unknown;
  timeoutMs: number;
  fetch: typeof fetch;
  options?: CallOptions | undefined;
}

const WORD = /^[A-Z_]{1,64}$/;

/**
 * Google's `{error:{status}}` word (INVALID_ARGUMENT, NOT_FOUND, RESOURCE_EXHAUSTED…) and the reason of its
 * ErrorInfo detail (API_KEY_INVALID…), when the body has them; plain words only.
 */
function googleWordsOf(text: string): { status?: string; reason?: string } {
  try {
    const error = (JSON.parse(text) as { error?: { status?: unknown; details?: unknown } })?.error;
    const details = Array.isArray(error?.details) ? (error.details as { reason?: unknown }[]) : [];
    const reason = details.map((detail) => detail?.reason).find((word) => typeof word === 'string');
    return {
      ...(typeof error?.status === 'string' && WORD.test(error.status) ? { status: error.status } : {}),
      ...(typeof reason === 'string' && WORD.test(reason) ? { reason } : {}),
    };
  } catch {
    return {};
  }
}

/** The failure a non-2xx answer is. */
export function statusFailure(
  endpoint: Endpoint,
  status: number,
  headers: Headers,
  text: string,
): PlacesCallError {
  const { status: googleStatus, reason } = googleWordsOf(text);
  const details = {
    status,
    endpoint,
    ...(googleStatus ? { googleStatus } : {}),
    ...(reason ? { reason } : {}),
  };
  const words = [googleStatus, reason].filter(Boolean).join(' ');
  const message = `Places ${endpoint}: HTTP ${status}${words ? ` ${words}` : ''}`;
  if (status === 429) {
    const waitMs = retryAfterMs(headers);
    const retryAfterSeconds = waitMs === undefined ? undefined : Math.ceil(waitMs / 1000);
    return new PlacesCallError('rate-limited', message, {
      ...details,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
  }
  // Google answers a key that is no key with 400, not 403: it is the key, not the request, that is wrong
  if (reason === 'API_KEY_INVALID') return new PlacesCallError('forbidden', message, details);
  if (status === 400) return new PlacesCallError('invalid-argument', message, details);
  if (status === 401 || status === 403) return new PlacesCallError('forbidden', message, details);
  if (status === 404) return new PlacesCallError('not-found', message, details);
  if (status >= 500) return new PlacesCallError('server', message, details);
  return new PlacesCallError('rejected', message, details);
}

/** The failure an exchange without an answer is (a cancel by the caller counts as a timeout). */
const noAnswerFailure = (endpoint: Endpoint, error: NoAnswerError) =>
  new PlacesCallError(
    error.reason === 'network' ? 'network' : 'timeout',
    `Places ${endpoint}: ${error.message}`,
    {
      endpoint,
    },
  );

/** Sends the call and answers its JSON body; rejects with PlacesCallError. */
export async function sendCall(call: HttpCall): Promise<unknown> {
  let response: Answer;
  try {
    response = await exchange({
      url: call.url,
      method: call.method,
      headers: {
        'x-goog-api-key': call.apiKey,
        accept: 'application/json',
        ...(call.fieldMask === undefined ? {} : { 'x-goog-fieldmask': call.fieldMask }),
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      // A photo's media answers a redirect unless skipHttpRedirect: never followed here.
      redirect: 'manual',
      timeoutMs: call.options?.timeoutMs ?? call.timeoutMs,
      signal: call.options?.signal,
      fetch: call.fetch,
    });
  } catch (error) {
    if (error instanceof NoAnswerError) throw noAnswerFailure(call.endpoint, error);
    throw error;
  }
  const text = response.text;
  if (!response.ok) throw statusFailure(call.endpoint, response.status, response.headers, text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new PlacesCallError('bad-answer', `Places ${call.endpoint}: the answer is not JSON`, {
      status: response.status,
      endpoint: call.endpoint,
    });
  }
}
