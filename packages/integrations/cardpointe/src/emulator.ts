import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { CARD_ENTRY_PATH, cardEntryPage, TOKENIZE_PATH } from './card-entry-page';
import type { Context, Reply } from './emulator-answers';
import { CONTROL_PREFIX, control } from './emulator-control';
import { FailurePlan, type InjectedFailure, RateLimiter } from './emulator-gate';
import { tokenize } from './emulator-lookups';
import { loadState, saveState } from './emulator-persistence';
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
import { tolerateStrayBytes } from './emulator-wire';
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
 * move over HTTP: emulator-control.ts, a route the real gateway does not have). Card numbers
 * stay in memory; the request log never holds account, CVV or track data.
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
   * Keep the gateway's memory in this file (emulator-persistence.ts): loaded at start when it exists, written
   * after each request. Without it the memory lives and dies with the process.
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
const CARD_FIELDS = new Set(['account', 'cvv2', 'cvv', 'track']);
const DEFAULT_CREDENTIALS = { username: 'testing', password: 'testing123' };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const withoutCardData = (body: unknown): unknown =>
  isObject(body) ? Object.fromEntries(Object.entries(body).filter(([key]) => !CARD_FIELDS.has(key))) : body;

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The JSON object of a body ({} when empty); undefined when it is not one. */
function parseBody(text: string): Record<string, unknown> | undefined {
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, reply: Reply, noise: boolean): void {
  if (reply.html !== undefined) {
    res.writeHead(reply.status, { 'content-length': Buffer.byteLength(reply.html), ...reply.headers });
    res.end(reply.html);
    return;
  }
  const body = reply.body === undefined ? '' : JSON.stringify(noise ? addNoise(reply.body) : reply.body);
  res.writeHead(reply.status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    ...reply.headers,
  });
  res.end(body);
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
  failures: FailurePlan;
  limiter: RateLimiter | undefined;
  hung: Set<ServerResponse>;
}

/** What a REST request meets before its route: credentials, injected failures, hangs, the rate limit. */
function gateOf(
  gate: Gate,
  req: IncomingMessage,
  res: ServerResponse,
  endpoint: Endpoint,
): Reply | 'hang' | 'lose' | undefined {
  if (req.headers.authorization !== gate.authorization) return unauthorizedPage();
  const failure = gate.failures.take(endpoint);
  if (failure === 'hang' || failure === 'lose') {
    gate.hung.add(res);
    res.on('close', () => gate.hung.delete(res));
    return failure;
  }
  if (failure)
    return { status: failure, body: failure >= 500 ? { error: 'Internal Server Error' } : undefined };
  const retryAfter = gate.limiter?.take(endpoint, req.socket.remoteAddress ?? '', gate.state.clock.now);
  if (retryAfter !== undefined)
    return { status: 429, headers: { 'x-rate-limit-retry-after-seconds': String(retryAfter) }, body: {} };
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
  req: IncomingMessage,
  url: URL,
  text: string,
): Promise<Reply | undefined> {
  const method = req.method ?? 'GET';
  if (url.pathname.startsWith(TERMINAL_API_PREFIX)) {
    const header = (name: string) => {
      const value = req.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    return terminalCommand(
      context(),
      desk,
      {
        method,
        path: url.pathname,
        authorization: header('authorization'),
        sessionKey: header('x-cardconnect-sessionkey'),
      },
      parseBody(text),
    );
  }
  if (!url.pathname.startsWith('/terminal')) return undefined;
  if (method === 'GET') {
    const page = terminalPageOf(desk.terminals, url.pathname);
    if (page) return page;
  }
  return shopperControl(desk.terminals, method, url.pathname, parseBody(text));
}

/** The server's request handler: the hosted page, CardSecure, then the REST routes behind the gate. */
function requestHandler({ gate, calls, requests, noise, context, desk }: Handling) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = req.method ?? 'GET';
    const text = await readText(req);
    const terminal = await terminalAnswer(desk, context, req, url, text);
    if (terminal) return send(res, terminal, false);
    if (method === 'GET' && url.pathname === CARD_ENTRY_PATH)
      return send(res, cardEntryPage(url.searchParams), false);
    if (method === 'POST' && url.pathname === TOKENIZE_PATH) {
      const body = parseBody(text);
      return send(
        res,
        body ? tokenize(context(), body) : { status: 400, body: { message: 'Invalid JSON' } },
        false,
      );
    }
    if (url.pathname.startsWith(CONTROL_PREFIX))
      return send(res, control(gate.state, method, url.pathname, parseBody(text)), false);
    if (!url.pathname.startsWith(REST_PREFIX)) return send(res, { status: 404, body: {} }, false);
    const segments = url.pathname.slice(REST_PREFIX.length).split('/').map(decodeURIComponent);
    const endpoint = endpointOf(method, segments);
    const query = Object.fromEntries(url.searchParams);
    // A look-up's body, framed or not, means nothing to the gateway (emulator-wire.ts).
    const body = endpoint && ENDPOINTS[endpoint].method !== 'write' ? {} : parseBody(text);
    requests.push({
      method,
      path: url.pathname,
      ...(endpoint ? { endpoint } : {}),
      query,
      body: withoutCardData(body),
    });
    if (requests.length > MAX_REQUESTS) requests.splice(0, requests.length - MAX_REQUESTS);
    if (!endpoint) return send(res, { status: 404, body: {} }, false);
    calls[endpoint] += 1;
    const gated = gateOf(gate, req, res, endpoint);
    if (gated === 'hang') return;
    if (gated === 'lose') {
      if (body) ROUTES[endpoint](context(), { params: segments.slice(1), query, body });
      return;
    }
    if (gated) return send(res, gated, false);
    if (!body) return send(res, { status: 400, body: { message: 'Malformed JSON' } }, false);
    send(res, ROUTES[endpoint](context(), { params: segments.slice(1), query, body }), noise);
  };
}

/** The gateway's memory: from the state file when it has one, else fresh. */
const initialState = (options: CardPointeEmulatorOptions): EmulatorState =>
  (options.stateFile ? loadState(options.stateFile) : null) ??
  createState(
    (options.merchants ?? [DEFAULT_MERCHANT]).map(merchantOf),
    (options.now ?? new Date()).getTime(),
  );

export async function startCardPointeEmulator(
  options: CardPointeEmulatorOptions = {},
): Promise<CardPointeEmulator> {
  const credentials = options.credentials ?? DEFAULT_CREDENTIALS;
  const state = initialState(options);
  const persist = () => {
    if (options.stateFile) saveState(state, options.stateFile);
  };
  const calls = Object.fromEntries(ENDPOINT_NAMES.map((name) => [name, 0])) as Record<Endpoint, number>;
  const requests: EmulatedRequest[] = [];
  const gate: Gate = {
    state,
    authorization: `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`,
    failures: new FailurePlan(),
    limiter: options.uatRateLimit ? new RateLimiter() : undefined,
    hung: new Set(),
  };
  const noise = options.noise ?? false;
  const context = (): Context => {
    settleUpTo(state, state.clock.now);
    return { state, now: state.clock.now };
  };

  const desk = createDesk(options.terminal ?? {});
  const handle = requestHandler({ gate, calls, requests, noise, context, desk });

  const server = createServer((req, res) => {
    // The gateway records before it answers: the state is written before the answer's bytes go out, so a kill
    // right after an answer never loses what it said (and once more after requests that are never answered).
    if (options.stateFile) {
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      res.end = ((...args: unknown[]) => {
        persist();
        return end(...args);
      }) as typeof res.end;
    }
    handle(req, res)
      .catch((error) => {
        process.stderr.write(`CardPointe emulator: ${String(error?.stack ?? error)}\n`);
        if (!res.headersSent) send(res, { status: 500, body: { error: 'Internal Server Error' } }, false);
      })
      .finally(persist);
  });
  tolerateStrayBytes(server);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    url,
    restUrl: `${url}/cardconnect/rest`,
    cardEntryUrl: `${url}${CARD_ENTRY_PATH}`,
    terminalUrl: `${url}/api`,
    terminalApiKey: desk.apiKey,
    addTerminal: (terminal) => addTerminal(desk, terminal),
    clock: {
      now: () => new Date(state.clock.now),
      advance: (ms) => {
        state.clock.now += ms;
        settleUpTo(state, state.clock.now);
        persist();
      },
    },
    calls,
    requests,
    hang: (endpoint, hangOptions) => gate.failures.add(endpoint, 'hang', hangOptions?.times),
    loseAnswer: (endpoint, loseOptions) => gate.failures.add(endpoint, 'lose', loseOptions?.times),
    injectFailure: (failure) => gate.failures.add(failure.endpoint, failure.status, failure.times),
    addChargeback: (entry: ChargebackEntry) => addChargeback(state, entry),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of gate.hung) res.destroy();
        for (const terminal of desk.terminals.values())
          terminal.pending?.finish({ kind: 'cancel', by: 'pos' });
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
