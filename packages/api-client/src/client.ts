import { API_BASE_PATH, type Endpoint } from '@brigade/contracts/endpoint';
import type { z } from 'zod';
import { type ProblemBody, ProblemError } from './problem-error';

// biome-ignore lint/suspicious/noExplicitAny: the widest endpoint, for generic constraints only
export type AnyEndpoint = Endpoint<any, any, any, any>;

/** What JSON.stringify makes of a value: dates travel as ISO strings (the response schemas use z.date()). */
export type Jsonify<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Jsonify<U>[]
    : T extends object
      ? { [K in keyof T]: Jsonify<T[K]> }
      : T;

type InputOf<S> = [S] extends [z.ZodNever] ? never : S extends z.ZodType ? z.input<S> : never;

export type ParamsInput<E> =
  E extends Endpoint<infer P, z.ZodType, z.ZodType, z.ZodType> ? InputOf<P> : never;
export type QueryInput<E> = E extends Endpoint<z.ZodType, infer Q, z.ZodType, z.ZodType> ? InputOf<Q> : never;
export type BodyInput<E> = E extends Endpoint<z.ZodType, z.ZodType, infer B, z.ZodType> ? InputOf<B> : never;
/** The parsed JSON answer of an endpoint; `undefined` for endpoints without a body (204). */
export type ResponseOf<E> =
  E extends Endpoint<z.ZodType, z.ZodType, z.ZodType, infer R>
    ? [R] extends [z.ZodNever]
      ? undefined
      : Jsonify<z.output<R>>
    : never;

type Slot<K extends string, T, Optional extends boolean = false> = [T] extends [never]
  ? { [P in K]?: undefined }
  : Optional extends true
    ? { [P in K]?: T }
    : { [P in K]: T };

export type CallOptions<E> = Slot<'params', ParamsInput<E>> &
  Slot<'query', QueryInput<E>, true> &
  Slot<'body', BodyInput<E>> & {
    signal?: AbortSignal;
    /** Extra request headers (e.g. `Idempotency-Key` on payment writes); they cannot replace accept/auth. */
    headers?: Record<string, string>;
  };

type CallArgs<E> = object extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>];

export interface ApiClientOptions {
  /** Origin (or origin plus prefix) of the API; '' means same origin, which the dev proxies provide. */
  baseUrl?: string;
  /** Scripts and tests may use a bearer token; browsers rely on the HttpOnly session cookie. */
  getToken?: () => string | null | undefined;
  fetch?: typeof fetch;
}

export interface ApiClient {
  call<E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>>;
  url(endpoint: AnyEndpoint, params?: Record<string, unknown>, query?: Record<string, unknown>): string;
}

function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null)
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

function queryString(query: Record<string, unknown> = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readProblem(response: Response): Promise<ProblemBody> {
  try {
    const text = await response.text();
    if (!text) return { status: response.status, title: response.statusText };
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as ProblemBody) : {};
  } catch {
    return { status: response.status, title: response.statusText };
  }
}

/** A typed client over the contract's endpoint objects: `client.call(getSession)`. */
export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/$/, '');
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args));

  const url: ApiClient['url'] = (endpoint, params, query) =>
    `${baseUrl}${API_BASE_PATH}${fillPath(endpoint.path, params)}${queryString(query)}`;

  async function call<E extends AnyEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>> {
    const opts = (args[0] ?? {}) as {
      params?: object;
      query?: object;
      body?: unknown;
      signal?: AbortSignal;
      headers?: Record<string, string>;
    };
    const headers: Record<string, string> = { ...opts.headers, accept: 'application/json' };
    const token = options.getToken?.();
    if (token) headers.authorization = `Bearer ${token}`;
    const hasBody = opts.body !== undefined;
    if (hasBody) headers['content-type'] = 'application/json';

    let response: Response;
    try {
      response = await doFetch(
        url(endpoint, opts.params as Record<string, unknown>, opts.query as Record<string, unknown>),
        {
          method: endpoint.method,
          headers,
          body: hasBody ? JSON.stringify(opts.body) : undefined,
          credentials: 'include',
          signal: opts.signal,
        },
      );
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ProblemError(0, {
        title: 'Network error',
        detail: 'Unable to reach the server. Check your connection and try again.',
      });
    }

    if (!response.ok) throw new ProblemError(response.status, await readProblem(response));
    if (response.status === 204) return undefined as ResponseOf<E>;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as ResponseOf<E>;
  }

  return { call, url };
}
