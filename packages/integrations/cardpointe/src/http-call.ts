import { type Answer, exchange, NoAnswerError, retryAfterMs } from '@brigade/integration-kit/http';
import type { z } from 'zod';
import type { Endpoint } from './endpoints';
import { type CallOptions, GatewayCallError } from './gateway';

/**
 * One HTTP exchange with the gateway and the typed failures of docs/operations/cardpointe.md: the status
 * decides the failure kind, a timeout or the caller's signal aborts, an answer that is not JSON or not the
 * expected shape is `bad-answer`. Messages name the endpoint and the status only: never a body, an account
 * number, a CVV or the credentials.
 */

export interface HttpCall {
  endpoint: Endpoint;
  url: string;
  method: string;
  authorization: string;
  body?: unknown;
  timeoutMs: number;
  fetch: typeof fetch;
  options?: CallOptions;
  /** What an answer that is not JSON stands for, if the endpoint has such answers (else `bad-answer`). */
  plainText?: (text: string) => unknown;
}

/** The failure a non-2xx status is. */
export function statusFailure(endpoint: Endpoint, status: number, headers: Headers): GatewayCallError {
  const details = { status, endpoint };
  // The gateway's 401 is an HTML page, not JSON: the status alone says what went wrong.
  if (status === 401)
    return new GatewayCallError(
      'unauthorized',
      `CardPointe ${endpoint}: HTTP 401 (unauthorized: check the API username and password)`,
      details,
    );
  if (status === 429) {
    const waitMs = retryAfterMs(headers);
    const retryAfterSeconds = waitMs === undefined ? undefined : Math.ceil(waitMs / 1000);
    return new GatewayCallError('rate-limited', `CardPointe ${endpoint}: HTTP 429 (rate limited)`, {
      ...details,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
  }
  if (status >= 500) return new GatewayCallError('server', `CardPointe ${endpoint}: HTTP ${status}`, details);
  return new GatewayCallError('rejected', `CardPointe ${endpoint}: HTTP ${status}`, details);
}

/** The failure an exchange without an answer is (a cancel by the caller counts as a timeout). */
const noAnswerFailure = (endpoint: Endpoint, error: NoAnswerError) =>
  new GatewayCallError(
    error.reason === 'network' ? 'network' : 'timeout',
    `CardPointe ${endpoint}: ${error.message}`,
    {
      endpoint,
    },
  );

/** Sends the call and answers its JSON body (undefined for an empty one); rejects with GatewayCallError. */
export async function sendCall(call: HttpCall): Promise<unknown> {
  let response: Answer;
  try {
    response = await exchange({
      url: call.url,
      method: call.method,
      headers: {
        authorization: call.authorization,
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
      timeoutMs: call.options?.timeoutMs ?? call.timeoutMs,
      signal: call.options?.signal,
      fetch: call.fetch,
    });
  } catch (error) {
    if (error instanceof NoAnswerError) throw noAnswerFailure(call.endpoint, error);
    throw error;
  }
  const text = response.text;
  if (!response.ok) throw statusFailure(call.endpoint, response.status, response.headers);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    const read = call.plainText?.(text);
    if (read !== undefined) return read;
    throw new GatewayCallError('bad-answer', `CardPointe ${call.endpoint}: the answer is not JSON`, {
      status: response.status,
      endpoint: call.endpoint,
    });
  }
}

/** Reads an answer with a lenient schema; `bad-answer` when even that fails. */
export function readAnswer<S extends z.ZodType>(endpoint: Endpoint, schema: S, json: unknown): z.output<S> {
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  throw new GatewayCallError(
    'bad-answer',
    `CardPointe ${endpoint}: the answer is not of the expected shape`,
    {
      endpoint,
    },
  );
}
