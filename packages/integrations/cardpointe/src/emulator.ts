import type { Answer } from '@brigade/integration-kit/emulator/answers';
import { isObject, jsonObject as parseBody } from '@brigade/integration-kit/emulator/body';
import { heldClock } from '@brigade/integration-kit/emulator/clock';
import { FaultPlan } from '@brigade/integration-kit/emulator/faults';
import {
  type Exchange,
  type EmulatorRequest as HarnessRequest,
  meetFault,
  startEmulatorServer,
} from '@brigade/integration-kit/emulator/server';
import { openState } from '@brigade/integration-kit/emulator/state-file';
import { CARD_ENTRY_PATH, cardEntryPage, TOKENIZE_PATH } from './card-entry-page';
import type { Context, Reply } from './emulator-answers';
import { type InjectedFailure, RateLimiter } from './emulator-gate';
import { tokenize } from './emulator-lookups';
import { ROUTES } from './emulator-routes';
import { addChargeback, settleUpTo } from './emulator-settlement';
import {
  addNoise,
  type ChargebackEntry,
  createState,
  DEFAULT_MERCHANT,
  type EmulatorState,
  type Merchant,
} from './emulator-state';
import { ENDPOINT_NAMES, ENDPOINTS, type Endpoint, endpointOf } from './endpoints';
import {
  addTerminal,
  createDesk,
  type EmulatedTerminal,
  TERMINAL_API_PREFIX,
  type TerminalDesk,
  terminalCommand,
} from './terminal-emulator';
import { terminalPageOf } from './terminal-page';
import { shopperControl } from './terminal-shopper';

/**
 * A local CardPointe Gateway (docs/operations/cardpointe.md#the-emulator): the REST
 * API under /cardconnect/rest with Basic auth and the gateway's test cards and amounts, CardSecure
 * tokenisation, the hosted card-entry page, and settlement and funding on an emulated clock (which tests also
 * move over HTTP: the kit's `/emulator/clock`, a route the real gateway does not have). It runs on the kit's
 * emulator server (decision 060). Card numbers stay in memory (or the state file); the request log never
 * holds account, CVV or track data.
 */

export interface CardPointeEmulatorOptions {
  port?: number;
  credentials?: { username: string; password: string };
  /** Merchant ids (or merchants), default one: 496160873888 with AVS and CVV checks. */
  merchants?: readonly (string | Merchant)[];
  /** The UAT system's limit: funding, inquire, profile and settlestat at 20 requests a minute per address. */
  uatRateLimit?: boolean;
  /** The UAT system's habits: random extra fields, shuffled keys. */
  noise?: boolean;
  /** The emulated clock's start (default: now). The clock moves only by `clock.advance`. */
  now?: Date;
  /**
   * Keep the gateway's memory in this file (the kit's state-file.ts): loaded at start when it exists, written
   * before each answer leaves. Without it the memory lives and dies with the process.
   */
  stateFile?: string;
  /** The Integrated Terminal service (terminal-emulator.ts): its API key, its terminals, its shopper timeout. */
  terminal?: { apiKey?: string; terminals?: readonly EmulatedTerminal[]; shopperTimeoutMs?: number };
}

export interface EmulatedRequest {
  method: string;
  path: string;
  endpoint?: Endpoint;
  query: Record<string, string>;
  /** The JSON body without account, cvv2, cvv and track. */
  body?: unknown;
}

export interface CardPointeEmulator {
  url: string;
  restUrl: string;
  cardEntryUrl: string;
  /** The Integrated Terminal API's base (`…/api`; commands at `/v2/<command>`). */
  terminalUrl: string;
  /** The terminal service's API key (the Authorization header, sent as is). */
  terminalApiKey: string;
  /** Adds an emulated terminal; its screen is at `${url}/terminal/<hsn>`. */
  addTerminal(terminal: EmulatedTerminal): void;
  clock: { now(): Date; advance(ms: number): void };
  /** Requests received per endpoint. */
  calls: Record<Endpoint, number>;
  /** The last requests (at most 200), without card data. */
  requests: EmulatedRequest[];
  /** The next `times` (default 1) requests to `endpoint` never get an answer. */
  hang(endpoint: Endpoint, options?: { times?: number }): void;
  /** The next `times` (default 1) requests to `endpoint` are carried out, but their answers never leave. */
  loseAnswer(endpoint: Endpoint, options?: { times?: number }): void;
  /** The next `times` (default 1) requests to `endpoint` get HTTP `status`. */
  injectFailure(failure: InjectedFailure): void;
  /** A chargeback of the transaction in its merchant's next funding. */
  addChargeback(entry: { retref: string; reasoncode: string; amount?: number }): void;
  close(): Promise<void>;
}

const MAX_REQUESTS = 200;
const REST_PREFIX = '/cardconnect/rest/';
const CONTROL_PREFIX = '/emulator/';
const CARD_FIELDS = new Set(['account', 'cvv2', 'cvv', 'track']);
const DEFAULT_CREDENTIALS = { username: 'testing', password: 'testing123' };

const withoutCardData = (body: unknown): unknown =>
  isObject(body) ? Object.fromEntries(Object.entries(body).filter(([key]) => !CARD_FIELDS.has(key))) : body;

/** The gateway's reply as the kit's answer (noise: the UAT system's extra fields and shuffled keys). */
function answerOf(reply: Reply, noise = false): Answer {
  if (reply.html !== undefined) return { status: reply.status, headers: reply.headers, html: reply.html };
  const body = reply.body === undefined ? '' : JSON.stringify(noise ? addNoise(reply.body) : reply.body);
  return { status: reply.status, headers: reply.headers, text: body, contentType: 'application/json' };
}

const merchantOf = (entry: string | Merchant): Merchant =>
  typeof entry === 'string' ? { ...DEFAULT_MERCHANT, merchid: entry } : entry;

/**
 * Wrong or missing credentials: the gateway answers 401 with an HTML page, not JSON (the page's exact words
 * and the realm are not published; these are the emulator's).
 */
const unauthorizedPage = (): Reply => ({
  status: 401,
  headers: { 'content-type': 'text/html; charset=utf-8', 'www-authenticate': 'Basic realm="CardConnect"' },
  html: '<!doctype html><html lang="en"><head><title>401 Unauthorized</title></head><body><h1>HTTP Status 401 - Unauthorized</h1><p>This request requires HTTP authentication.</p></body></html>',
});

interface Gate {
  state: EmulatorState;
  authorization: string;
  failures: FaultPlan<Endpoint>;
  limiter: RateLimiter | undefined;
}

/** What a REST request meets before its route: credentials, then planned faults, then the rate limit. */
function gateOf(gate: Gate, request: HarnessRequest, endpoint: Endpoint) {
  if (request.header('authorization') !== gate.authorization) return { reply: unauthorizedPage() };
  const fault = gate.failures.take(endpoint);
  if (fault) return { fault };
  const retryAfter = gate.limiter?.take(endpoint, request.remoteAddress, gate.state.clock.now);
  if (retryAfter !== undefined)
    return {
      reply: { status: 429, headers: { 'x-rate-limit-retry-after-seconds': String(retryAfter) }, body: {} },
    };
  return undefined;
}

interface Handling {
  gate: Gate;
  calls: Record<Endpoint, number>;
  requests: EmulatedRequest[];
  noise: boolean;
  context: () => Context;
  desk: TerminalDesk;
}

/** The terminal service's commands, the emulated terminals' pages and their shopper controls. */
async function terminalAnswer(
  desk: TerminalDesk,
  context: () => Context,
  request: HarnessRequest,
  text: string,
): Promise<Reply | undefined> {
  const { method, path } = request;
  if (path.startsWith(TERMINAL_API_PREFIX))
    return terminalCommand(
      context(),
      desk,
      {
        method,
        path,
        authorization: request.header('authorization'),
        sessionKey: request.header('x-cardconnect-sessionkey'),
      },
      parseBody(text),
    );
  if (!path.startsWith('/terminal')) return undefined;
  if (method === 'GET') {
    const page = terminalPageOf(desk.terminals, path);
    if (page) return page;
  }
  return shopperControl(desk.terminals, method, path, parseBody(text));
}

/** The hosted page, CardSecure, the terminal service and the emulator's own routes; undefined for REST. */
async function pageAnswer(h: Handling, request: HarnessRequest, text: string): Promise<Reply | undefined> {
  const terminal = await terminalAnswer(h.desk, h.context, request, text);
  if (terminal) return terminal;
  const { method, path } = request;
  if (method === 'GET' && path === CARD_ENTRY_PATH) return cardEntryPage(request.url.searchParams);
  if (method === 'POST' && path === TOKENIZE_PATH) {
    const body = parseBody(text);
    return body ? tokenize(h.context(), body) : { status: 400, body: { message: 'Invalid JSON' } };
  }
  if (path.startsWith(CONTROL_PREFIX)) return { status: 404, body: { message: 'No such emulator control' } };
  if (!path.startsWith(REST_PREFIX)) return { status: 404, body: {} };
  return undefined;
}

/** The server's request handler: the pages, then the REST routes behind the gate. */
function requestHandler(h: Handling) {
  return async (request: HarnessRequest, exchange: Exchange): Promise<Answer | undefined> => {
    const text = request.text ?? '';
    const page = await pageAnswer(h, request, text);
    if (page) return answerOf(page);
    const { method, path, query } = request;
    const segments = path.slice(REST_PREFIX.length).split('/').map(decodeURIComponent);
    const endpoint = endpointOf(method, segments);
    // A look-up's body, framed or not, means nothing to the gateway (the kit's wire.ts).
    const body = endpoint && ENDPOINTS[endpoint].method !== 'write' ? {} : parseBody(text);
    h.requests.push({ method, path, ...(endpoint ? { endpoint } : {}), query, body: withoutCardData(body) });
    if (h.requests.length > MAX_REQUESTS) h.requests.splice(0, h.requests.length - MAX_REQUESTS);
    if (!endpoint) return answerOf({ status: 404, body: {} });
    h.calls[endpoint] += 1;
    const carryOut = (): Answer => {
      if (!body) return answerOf({ status: 400, body: { message: 'Malformed JSON' } });
      return answerOf(ROUTES[endpoint](h.context(), { params: segments.slice(1), query, body }), h.noise);
    };
    const gated = gateOf(h.gate, request, endpoint);
    if (gated?.reply) return answerOf(gated.reply);
    if (gated?.fault) return meetFault(gated.fault, exchange, carryOut);
    return carryOut();
  };
}

/** The gateway's memory: from the state file when it has one, else fresh. */
const openGatewayState = (options: CardPointeEmulatorOptions) =>
  openState(options.stateFile, () =>
    createState(
      (options.merchants ?? [DEFAULT_MERCHANT]).map(merchantOf),
      (options.now ?? new Date()).getTime(),
    ),
  );

/** An injected status: the gateway's 5xx carry a small JSON error, its 4xx nothing. */
const failureAnswer = (status: number): Answer =>
  answerOf({ status, body: status >= 500 ? { error: 'Internal Server Error' } : undefined });

export async function startCardPointeEmulator(
  options: CardPointeEmulatorOptions = {},
): Promise<CardPointeEmulator> {
  const credentials = options.credentials ?? DEFAULT_CREDENTIALS;
  const store = openGatewayState(options);
  const { state } = store;
  const calls = Object.fromEntries(ENDPOINT_NAMES.map((name) => [name, 0])) as Record<Endpoint, number>;
  const requests: EmulatedRequest[] = [];
  const gate: Gate = {
    state,
    authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
    failures: new FaultPlan(),
    limiter: options.uatRateLimit ? new RateLimiter() : undefined,
  };
  const context = (): Context => {
    settleUpTo(state, state.clock.now);
    return { state, now: state.clock.now };
  };
  const desk = createDesk(options.terminal ?? {});
  const clock = heldClock(state.clock, (now) => settleUpTo(state, now));
  const server = await startEmulatorServer({
    name: 'CardPointe emulator',
    port: options.port,
    handle: requestHandler({ gate, calls, requests, noise: options.noise ?? false, context, desk }),
    // The gateway records before it answers: a kill right after an answer never loses what it said.
    persist: store.save,
    clock,
    onClose: () => {
      for (const terminal of desk.terminals.values()) terminal.pending?.finish({ kind: 'cancel', by: 'pos' });
    },
  });
  const { url } = server;
  const plan = (endpoint: Endpoint, fault: Parameters<typeof meetFault>[0], times?: number) =>
    gate.failures.add({ fault, match: (target) => target === endpoint, times });
  return {
    url,
    restUrl: `${url}/cardconnect/rest`,
    cardEntryUrl: `${url}${CARD_ENTRY_PATH}`,
    terminalUrl: `${url}/api`,
    terminalApiKey: desk.apiKey,
    addTerminal: (terminal) => addTerminal(desk, terminal),
    clock: {
      now: () => new Date(clock.now()),
      advance: (ms) => {
        clock.advance(ms);
        store.save();
      },
    },
    calls,
    requests,
    hang: (endpoint, hangOptions) => plan(endpoint, { kind: 'hang' }, hangOptions?.times),
    loseAnswer: (endpoint, loseOptions) => plan(endpoint, { kind: 'lose' }, loseOptions?.times),
    injectFailure: (failure) =>
      plan(failure.endpoint, { kind: 'answer', answer: failureAnswer(failure.status) }, failure.times),
    addChargeback: (entry: ChargebackEntry) => addChargeback(state, entry),
    close: server.close,
  };
}
