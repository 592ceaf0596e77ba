import { type Answer, events } from '@brigade/integration-kit/emulator/answers';
import { Router } from '@brigade/integration-kit/emulator/router';
import {
  type Exchange,
  meetFault,
  type EmulatorRequest as Request,
  startEmulatorServer,
} from '@brigade/integration-kit/emulator/server';
import { openState } from '@brigade/integration-kit/emulator/state-file';
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
 * Forcing failures: `injectFailure` (in process; a status, a retry-after, a hang, or a malformed answer), the
 * kit's `POST /emulator/faults`, or the request header `x-emulator-status: 429` (any 4xx/5xx).
 *
 * It runs on the kit's emulator server (decision 060). Its answers depend on the prompt only, so its memory
 * is what it was asked (the call count, the request log); with `stateFile` that is kept on disk.
 */

export interface LlmEmulatorOptions {
  port?: number;
  /** The only bearer key accepted; by default no key is needed and any is accepted. */
  apiKey?: string;
  /** Replaces the emulated text (tests of the answer's post-processing). */
  answer?: (messages: EmulatedMessage[]) => string;
  /** Keep the emulator's memory (call count and request log) in this file across restarts. */
  stateFile?: string;
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

const answerOf = (reply: Reply): Answer => ({
  status: reply.status,
  headers: reply.headers,
  text: typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body),
  contentType: 'application/json',
});

/** What the emulator keeps: what it was asked. */
interface Memory {
  calls: number;
  requests: EmulatedRequest[];
}

interface State {
  options: LlmEmulatorOptions;
  failures: InjectedFailure[];
  memory: Memory;
}

function authFailure(state: State, req: Request): Reply | undefined {
  const expected = state.options.apiKey;
  if (expected === undefined) return undefined;
  if (req.header('authorization') === `Bearer ${expected}`) return undefined;
  return openAiError(401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
}

function takeFailure(state: State, req: Request): InjectedFailure | undefined {
  const planned = state.failures[0];
  if (planned) {
    planned.times = (planned.times ?? 1) - 1;
    if (planned.times <= 0) state.failures.shift();
    return planned;
  }
  const asked = Number(req.header('x-emulator-status'));
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

/** A chat completion: the key, the body's checks, planned failures, then the answer (whole or streamed). */
function chat(state: State, req: Request, exchange: Exchange): Promise<Answer | undefined> | Answer {
  if (req.method !== 'POST') return answerOf(invalid('Only POST is supported on chat/completions.'));
  const { memory } = state;
  memory.calls += 1;
  const auth = authFailure(state, req);
  if (auth) return answerOf(auth);
  const checked = validateChatBody(req.text);
  if ('error' in checked) return answerOf(checked.error);
  memory.requests.push(checked.request);
  if (memory.requests.length > MAX_REQUESTS) memory.requests.shift();
  const { request } = checked;
  const carryOut = (): Answer => {
    const choices = choicesOf(request, state.options.answer);
    if (!request.stream) return answerOf({ status: 200, body: completionOf(request, choices) });
    return events(chunksOf(request, choices), '[DONE]');
  };
  const failure = takeFailure(state, req);
  if (failure?.hang) return meetFault({ kind: 'hang' }, exchange, carryOut);
  if (failure) return answerOf(failureReply(failure));
  return carryOut();
}

type Route = (
  state: State,
  req: Request,
  exchange: Exchange,
  params: Record<string, string>,
) => Promise<Answer | undefined> | Answer;

const ROUTER = new Router<Route>()
  .on('GET', '/v1/models', () =>
    answerOf({ status: 200, body: { object: 'list', data: [modelOf('brigade-emulator')] } }),
  )
  .on('GET', '/v1/models/*', (_state, _req, _exchange, params) =>
    answerOf({ status: 200, body: modelOf(params['*'] ?? '') }),
  )
  .on('*', '/v1/chat/completions', chat)
  .on('*', '/chat/completions', chat);

function handle(state: State, req: Request, exchange: Exchange) {
  const path = req.path.replace(/\/+$/, '');
  const found = ROUTER.find(req.method, path);
  if (found.handler) return found.handler(state, req, exchange, found.params);
  return answerOf(
    openAiError(404, `Unknown request URL: ${req.method} ${path}.`, 'invalid_request_error', 'unknown_url'),
  );
}

export async function startLlmEmulator(options: LlmEmulatorOptions = {}): Promise<LlmEmulator> {
  const store = openState<Memory>(options.stateFile, () => ({ calls: 0, requests: [] }));
  const state: State = { options, failures: [], memory: store.state };
  const server = await startEmulatorServer({
    name: 'LLM emulator',
    port: options.port,
    maxBodyBytes: MAX_BODY_BYTES,
    persist: store.save,
    internalError: () => answerOf(openAiError(500, 'Internal error.', 'server_error', null)),
    handle: (req, exchange) => handle(state, req, exchange),
  });
  return {
    url: server.url,
    apiUrl: `${server.url}/v1`,
    get calls() {
      return store.state.calls;
    },
    requests: store.state.requests,
    injectFailure: (failure) => state.failures.push({ ...failure, times: failure.times ?? 1 }),
    close: server.close,
  };
}
