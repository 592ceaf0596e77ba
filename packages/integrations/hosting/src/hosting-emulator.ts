import { type Answer, json } from '@brigade/integration-kit/emulator/answers';
import { isObject } from '@brigade/integration-kit/emulator/body';
import { FaultPlan } from '@brigade/integration-kit/emulator/faults';
import {
  type EmulatorRequest as Request,
  startEmulatorServer,
} from '@brigade/integration-kit/emulator/server';
import { openState } from '@brigade/integration-kit/emulator/state-file';
import { type Call, type EmulatorState, HANDLERS, problem, type Reply } from './hosting-emulator-routes';

const MAX_REQUESTS = 200;

/**
 * An in-memory emulator of the Vercel domains API (decision 010): project domains
 * (add, get, verify, remove), domain config, DNS records and the registrar's domain list/get/create/update/
 * delete. `npm start` and the tests use it when no HOSTING_TOKEN is configured. `txt` plays the DNS: a
 * project domain verifies once `_vercel.<apex>` holds its challenge value.
 *
 * It speaks what `@vercel/sdk` (the version in packages/core/package.json) sends, and nothing else: exactly
 * the SDK's method, version and path per operation (another version is 404, as an unknown route), `teamId`
 * in the query, request bodies with only the fields the API documents (others are 400, as Vercel's
 * validation answers). Its answers carry every field the SDK's response schemas require, with the values
 * the SDK's enums allow, so the SDK never has to fill a gap with a zero value
 * (hosting-client.int.test.ts checks that per call). Errors are Vercel's `{error:{code,message}}`.
 *
 * It runs on the kit's emulator server (decision 060); with `stateFile` its memory (the DNS records, project
 * domains and the registrar's domains) is kept on disk and found again after a restart.
 */
export interface HostingEmulator {
  url: string;
  txt: Map<string, string[]>;
  /** The last requests received (at most 200), for tests of what a client really sends. */
  requests: EmulatedRequest[];
  /**
   * Makes matching requests fail (tests of what Brigade does when the provider fails halfway): the first
   * `skip` matching requests pass, the next `times` (default 1) get `status` with the provider's error shape.
   */
  injectFailure(failure: InjectedFailure): void;
  close(): Promise<void>;
}

export interface EmulatedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body, undefined when there was none. The authorization header is not kept. */
  body: unknown;
}

export interface InjectedFailure {
  method: string;
  /** Matched against the request path, e.g. /\/projects\/[^/]+\/domains$/. */
  path: RegExp;
  skip?: number;
  times?: number;
  status: number;
  code: string;
  message?: string;
}

export interface HostingEmulatorOptions {
  port?: number;
  /** When set, only `Authorization: Bearer <token>` is accepted (otherwise any bearer token is). */
  token?: string;
  /** Keep the emulator's memory in this file: loaded at start when it exists, written before each answer. */
  stateFile?: string;
}

/** The JSON body: undefined when there was none, null when it is not JSON. */
function parsedBody(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The request an injected failure is matched against. */
interface Target {
  method: string;
  path: string;
}

const answerOf = (reply: Reply): Answer => json(reply.status, reply.body);

/** Authorization, injected failures and the body's shape, before any route sees the request. */
function gatekeeper(
  req: Request,
  raw: unknown,
  failures: FaultPlan<Target>,
  token: string | undefined,
): Answer | undefined {
  const auth = /^Bearer (\S+)$/.exec(req.header('authorization') ?? '');
  if (!auth || (token !== undefined && auth[1] !== token))
    return answerOf(problem(403, 'forbidden', 'Not authorized'));
  const failure = failures.take({ method: req.method, path: req.path });
  if (failure?.kind === 'answer') return failure.answer;
  if (raw === null) return answerOf(problem(400, 'bad_request', 'Invalid JSON body'));
  if (raw !== undefined && !isObject(raw))
    return answerOf(problem(400, 'bad_request', 'Invalid request body'));
  return undefined;
}

function callOf(method: string, url: URL, raw: unknown): Call {
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [version, area] = parts;
  return {
    method,
    version,
    area,
    parts,
    route: `${method} /${version}/${area}`,
    input: isObject(raw) ? raw : {},
    teamId: url.searchParams.get('teamId'),
  };
}

export async function startHostingEmulator(options: HostingEmulatorOptions = {}): Promise<HostingEmulator> {
  const store = openState<EmulatorState>(options.stateFile, () => ({
    startedAt: Date.now(),
    txt: new Map(),
    projectDomains: new Map(),
    domains: new Map(),
  }));
  const { state } = store;
  const requests: EmulatedRequest[] = [];
  const failures = new FaultPlan<Target>();
  const server = await startEmulatorServer({
    name: 'Hosting emulator',
    port: options.port,
    persist: store.save,
    internalError: () => answerOf(problem(500, 'internal_server_error', 'Internal error')),
    handle: (req) => {
      const raw = parsedBody(req.text);
      requests.push({ method: req.method, path: req.path, query: req.query, body: raw });
      if (requests.length > MAX_REQUESTS) requests.splice(0, requests.length - MAX_REQUESTS);
      const call = callOf(req.method, req.url, raw);
      return (
        gatekeeper(req, raw, failures, options.token) ??
        answerOf(
          HANDLERS.reduce<Reply | undefined>((found, handle) => found ?? handle(state, call), undefined) ??
            problem(404, 'not_found', 'Not found'),
        )
      );
    },
  });
  return {
    url: server.url,
    txt: state.txt,
    requests,
    injectFailure: (failure) =>
      failures.add({
        fault: {
          kind: 'answer',
          answer: answerOf(
            problem(failure.status, failure.code, failure.message ?? `Injected failure (${failure.code})`),
          ),
        },
        match: (target) => target.method === failure.method && failure.path.test(target.path),
        times: failure.times,
        skip: failure.skip,
      }),
    close: server.close,
  };
}
