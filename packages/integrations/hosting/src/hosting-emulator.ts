import { createServer, type IncomingMessage } from 'node:http';
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
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    return null;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Injected failures, consumed as matching requests arrive. */
class FailurePlan {
  private readonly failures: (InjectedFailure & { skip: number; times: number })[] = [];

  add(failure: InjectedFailure): void {
    this.failures.push({ ...failure, skip: failure.skip ?? 0, times: failure.times ?? 1 });
  }

  /** The injected failure this request meets, if any (counting it). */
  take(method: string, path: string): InjectedFailure | undefined {
    const failure = this.failures.find((f) => f.method === method && f.path.test(path));
    if (!failure) return undefined;
    if (failure.skip > 0) {
      failure.skip -= 1;
      return undefined;
    }
    failure.times -= 1;
    if (failure.times <= 0) this.failures.splice(this.failures.indexOf(failure), 1);
    return failure;
  }
}

/** Authorization, injected failures and the body's shape, before any route sees the request. */
function gatekeeper(
  req: IncomingMessage,
  raw: unknown,
  url: URL,
  failures: FailurePlan,
  token: string | undefined,
): Reply | undefined {
  const auth = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
  if (!auth || (token !== undefined && auth[1] !== token)) return problem(403, 'forbidden', 'Not authorized');
  const failure = failures.take(req.method ?? 'GET', url.pathname);
  if (failure)
    return problem(failure.status, failure.code, failure.message ?? `Injected failure (${failure.code})`);
  if (raw === null) return problem(400, 'bad_request', 'Invalid JSON body');
  if (raw !== undefined && !isObject(raw)) return problem(400, 'bad_request', 'Invalid request body');
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
  const state: EmulatorState = {
    startedAt: Date.now(),
    txt: new Map(),
    projectDomains: new Map(),
    domains: new Map(),
  };
  const requests: EmulatedRequest[] = [];
  const failures = new FailurePlan();

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    requests.push({ method, path: url.pathname, query: Object.fromEntries(url.searchParams), body: raw });
    if (requests.length > MAX_REQUESTS) requests.splice(0, requests.length - MAX_REQUESTS);
    const call = callOf(method, url, raw);
    const reply =
      gatekeeper(req, raw, url, failures, options.token) ??
      HANDLERS.reduce<Reply | undefined>((found, handle) => found ?? handle(state, call), undefined) ??
      problem(404, 'not_found', 'Not found');
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    txt: state.txt,
    requests,
    injectFailure: (failure) => failures.add(failure),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
