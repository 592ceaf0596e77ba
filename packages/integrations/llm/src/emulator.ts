import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { choicesOf, chunksOf, completionOf } from './emulator-answer';
import type { EmulatedMessage } from './emulator-reply';
import { type EmulatedRequest, invalid, openAiError, type Reply, validateChatBody } from './emulator-wire';

/**
 * A local OpenAI-compatible chat-completions server (docs/operations/llm.md#the-emulator), faithful enough that
 * OpenAI's own `openai` package works against it unmodified: `POST /v1/chat/completions` checks the request as
 * OpenAI does (emulator-wire.ts: messages with text or content parts, tool results, n, response_format, tools,
 * the token limits, unknown parameters refused) and answers OpenAI's shapes, whole or as server-sent events
 * (`stream: true`), with a deterministic text derived from the prompt (emulator-reply.ts, emulator-answer.ts). `npm start` uses it when no LLM_BASE_URL is
 * configured. With `apiKey` set, any other bearer key gets 401 `invalid_api_key`; without, no key is needed
 * (as a self-hosted server).
 *
 * Forcing failures: `injectFailure` (in process; a status, a retry-after, a hang, or a malformed answer), or
 * the request header `x-emulator-status: 429` (any 4xx/5xx).
 */

export interface LlmEmulatorOptions {
  port?: number;
  /** The only bearer key accepted; by default no key is needed and any is accepted. */
  apiKey?: string;
  /** Replaces the emulated text (tests of the answer's post-processing). */
  answer?: (messages: EmulatedMessage[]) => string;
}

export interface InjectedFailure {
  status?: number;
  times?: number;
  retryAfterSeconds?: number;
  /** Sent as OpenAI's `retry-after-ms`. */
  retryAfterMs?: number;
  /** The error's code (e.g. `insufficient_quota` on a 429). */
  code?: string;
  /** Never answer (a hang) instead of a status. */
  hang?: boolean;
  /** Answer 200 with this raw body instead (a malformed answer). */
  rawBody?: string;
}

export interface LlmEmulator {
  url: string;
  /** The base the client takes: `${url}/v1`. */
  apiUrl: string;
  /** Chat-completion requests received (whatever their outcome). */
  calls: number;
  /** The last requests (at most 200), without the key. */
  requests: EmulatedRequest[];
  injectFailure(failure: InjectedFailure): void;
  close(): Promise<void>;
}

export type { EmulatedRequest } from './emulator-wire';

const MAX_REQUESTS = 200;
const MAX_BODY_BYTES = 1_000_000;

async function readText(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, reply: Reply): void {
  res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
  res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
}

interface State {
  options: LlmEmulatorOptions;
  failures: InjectedFailure[];
  hung: Set<ServerResponse>;
  emulator: LlmEmulator;
}

function authFailure(state: State, req: IncomingMessage): Reply | undefined {
  const expected = state.options.apiKey;
  if (expected === undefined) return undefined;
  if (req.headers.authorization === `Bearer ${expected}`) return undefined;
  return openAiError(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
}

function takeFailure(state: State, req: IncomingMessage): InjectedFailure | undefined {
  const planned = state.failures[0];
  if (planned) {
    planned.times = (planned.times ?? 1) - 1;
    if (planned.times <= 0) state.failures.shift();
    return planned;
  }
  const asked = Number(req.headers['x-emulator-status']);
  if (asked >= 400 && asked <= 599)
    return { status: asked, ...(asked === 429 ? { retryAfterSeconds: 1 } : {}) };
  return undefined;
}

function failureReply(failure: InjectedFailure): Reply {
  if (failure.rawBody !== undefined) return { status: 200, body: failure.rawBody };
  const status = failure.status ?? 500;
  const headers = {
    ...(failure.retryAfterSeconds === undefined ? {} : { 'retry-after': String(failure.retryAfterSeconds) }),
    ...(failure.retryAfterMs === undefined ? {} : { 'retry-after-ms': String(failure.retryAfterMs) }),
  };
  if (failure.code === 'insufficient_quota')
    return openAiError(
      429,
      'You exceeded your current quota, please check your plan and billing details.',
      'insufficient_quota',
      'insufficient_quota',
      headers,
    );
  return status === 429
    ? openAiError(429, 'Rate limit reached for requests.', 'requests', 'rate_limit_exceeded', headers)
    : openAiError(
        status,
        'The server had an error while processing your request.',
        'server_error',
        null,
        headers,
      );
}

const modelOf = (id: string) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'brigade' });

async function handle(state: State, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://emulator').pathname.replace(/\/+$/, '');
  if (req.method === 'GET' && path === '/v1/models')
    return send(res, { status: 200, body: { object: 'list', data: [modelOf('brigade-emulator')] } });
  if (req.method === 'GET' && path.startsWith('/v1/models/'))
    return send(res, { status: 200, body: modelOf(decodeURIComponent(path.slice('/v1/models/'.length))) });
  if (path !== '/v1/chat/completions' && path !== '/chat/completions')
    return send(
      res,
      openAiError(404, `Unknown request URL: ${req.method} ${path}.`, 'invalid_request_error', 'unknown_url'),
    );
  if (req.method !== 'POST') return send(res, invalid('Only POST is supported on chat/completions.'));
  const text = await readText(req);
  state.emulator.calls += 1;
  const auth = authFailure(state, req);
  if (auth) return send(res, auth);
  const checked = validateChatBody(text);
  if ('error' in checked) return send(res, checked.error);
  state.emulator.requests.push(checked.request);
  if (state.emulator.requests.length > MAX_REQUESTS) state.emulator.requests.shift();
  const failure = takeFailure(state, req);
  if (failure?.hang) {
    state.hung.add(res);
    return;
  }
  if (failure) return send(res, failureReply(failure));
  const { request } = checked;
  const choices = choicesOf(request, state.options.answer);
  if (!request.stream) return send(res, { status: 200, body: completionOf(request, choices) });
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
  for (const chunk of chunksOf(request, choices)) res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  res.end('data: [DONE]\n\n');
}

export async function startLlmEmulator(options: LlmEmulatorOptions = {}): Promise<LlmEmulator> {
  let origin = '';
  const state = { options, failures: [], hung: new Set() } as unknown as State;
  const server = createServer((req, res) => {
    handle(state, req, res).catch(() => {
      if (!res.headersSent) send(res, openAiError(500, 'Internal error.', 'server_error', null));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.emulator = {
    url: origin,
    apiUrl: `${origin}/v1`,
    calls: 0,
    requests: [],
    injectFailure: (failure) => state.failures.push({ ...failure, times: failure.times ?? 1 }),
    close: async () => {
      for (const res of state.hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return state.emulator;
}
