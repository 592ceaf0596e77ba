import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { findPlace, googleError, invalidKey, type Reply } from './emulator-answers';
import { getPhotoMedia, getPlace, type RouteCall, searchNearby, searchText } from './emulator-routes';
import { ENDPOINT_NAMES, type Endpoint, endpointOf } from './endpoints';

/**
 * A local Places API (New) (docs/operations/places.md): the four
 * calls under /v1 over a fixed world of a dozen Portland, Oregon restaurants and the demo's two (emulator-world.ts), the key header and
 * field masks checked as Google does, and generated JPEGs behind photo addresses. `npm start` uses it when
 * no GOOGLE_PLACES_API_KEY is configured.
 *
 * Forcing failures, for tests and demos: `injectFailure` (in process), the request header
 * `x-emulator-status: 429` (any 4xx/5xx), or a text query containing RESOURCE_EXHAUSTED (quota, 429 with
 * retry-after 30).
 */

export interface PlacesEmulatorOptions {
  port?: number;
  /** The only key accepted; by default any non-empty key is. */
  apiKey?: string;
}

export interface EmulatedRequest {
  endpoint: Endpoint;
  method: string;
  path: string;
  fieldMask: string | undefined;
  body?: unknown;
}

export interface InjectedFailure {
  endpoint?: Endpoint;
  status: number;
  times?: number;
  retryAfterSeconds?: number;
  /** Never answer (a hang) instead of a status. */
  hang?: boolean;
  /** Let this many matching requests through first. */
  after?: number;
}

export interface PlacesEmulator {
  url: string;
  /** The base the client takes: `${url}/v1`. */
  apiUrl: string;
  calls: Record<Endpoint, number>;
  /** The last requests (at most 200), without the key. */
  requests: EmulatedRequest[];
  injectFailure(failure: InjectedFailure): void;
  close(): Promise<void>;
}

const MAX_REQUESTS = 200;
export const QUOTA_QUERY = 'RESOURCE_EXHAUSTED';

async function readBody(req: IncomingMessage): Promise<Record<string, unknown> | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function send(res: ServerResponse, reply: Reply): void {
  const body = reply.body === undefined ? '' : JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    ...(reply.body === undefined ? {} : { 'content-type': 'application/json; charset=UTF-8' }),
    ...reply.headers,
  });
  res.end(body);
}

const ROUTES: Record<Endpoint, (call: RouteCall) => Reply> = {
  searchText,
  searchNearby,
  getPlace,
  getPhotoMedia,
};

/** A generated JPEG for a photo address (the photo's colour, its size from the address). */
async function servePhoto(res: ServerResponse, url: URL): Promise<void> {
  const [, , , placeId, reference] = url.pathname.split('/');
  const photo = findPlace(placeId ?? '')?.photos.find((p) => p.reference === reference);
  const width = Number(url.searchParams.get('w'));
  const height = Number(url.searchParams.get('h'));
  const valid = (n: number) => Number.isInteger(n) && n >= 1 && n <= 4800;
  if (!photo || !valid(width) || !valid(height)) {
    res.writeHead(404).end();
    return;
  }
  const jpeg = await sharp({ create: { width, height, channels: 3, background: photo.colour } })
    .jpeg({ quality: 70 })
    .toBuffer();
  res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(jpeg.length) }).end(jpeg);
}

class FailurePlan {
  private readonly planned: InjectedFailure[] = [];
  add(failure: InjectedFailure) {
    this.planned.push({ ...failure, times: failure.times ?? 1 });
  }
  /** The failure this request meets, if any (each use counts down). */
  take(endpoint: Endpoint): InjectedFailure | undefined {
    const index = this.planned.findIndex((f) => f.endpoint === undefined || f.endpoint === endpoint);
    if (index < 0) return undefined;
    const failure = this.planned[index]!;
    if ((failure.after ?? 0) > 0) {
      failure.after = failure.after! - 1;
      return undefined;
    }
    failure.times = (failure.times ?? 1) - 1;
    if (failure.times <= 0) this.planned.splice(index, 1);
    return failure;
  }
}

function failureReply(failure: InjectedFailure): Reply {
  const headers =
    failure.retryAfterSeconds === undefined
      ? undefined
      : { 'retry-after': String(failure.retryAfterSeconds) };
  const message =
    failure.status === 429
      ? 'Quota exceeded for quota metric of service places.googleapis.com.'
      : 'Injected failure.';
  return googleError(failure.status, message, headers);
}

interface Handling {
  options: PlacesEmulatorOptions;
  failures: FailurePlan;
  hung: Set<ServerResponse>;
  record(request: EmulatedRequest): void;
}

/** The failure a request meets before its route: key, injected or asked-for failures, quota. */
function gate(
  h: Handling,
  req: IncomingMessage,
  url: URL,
  endpoint: Endpoint,
  body: Record<string, unknown>,
) {
  // the header, or Google's `key` system parameter in the query (its documented photo and details URLs)
  const header = req.headers['x-goog-api-key'];
  const key = typeof header === 'string' && header !== '' ? header : url.searchParams.get('key');
  if (!key) return googleError(403, 'The request is missing a valid API key.');
  if (h.options.apiKey !== undefined && key !== h.options.apiKey) return invalidKey();
  const injected = h.failures.take(endpoint);
  if (injected) return injected.hang ? 'hang' : failureReply(injected);
  const asked = Number(req.headers['x-emulator-status']);
  if (asked >= 400 && asked <= 599)
    return failureReply({ status: asked, ...(asked === 429 ? { retryAfterSeconds: 30 } : {}) });
  if (typeof body.textQuery === 'string' && body.textQuery.includes(QUOTA_QUERY))
    return failureReply({ status: 429, retryAfterSeconds: 30 });
  return undefined;
}

async function handle(h: Handling, req: IncomingMessage, res: ServerResponse, origin: string): Promise<void> {
  const url = new URL(req.url ?? '/', origin);
  if (req.method === 'GET' && url.pathname.startsWith('/emulator/media/')) return servePhoto(res, url);
  const matched = url.pathname.startsWith('/v1/')
    ? endpointOf(req.method ?? 'GET', url.pathname.slice('/v1/'.length))
    : undefined;
  if (!matched) return send(res, googleError(404, `Method not found: ${req.method} ${url.pathname}`));
  const body = await readBody(req);
  if (body === undefined) return send(res, googleError(400, 'Invalid JSON payload received.'));
  const fieldMask =
    (req.headers['x-goog-fieldmask'] as string | undefined) ??
    url.searchParams.get('fields') ??
    url.searchParams.get('$fields') ??
    undefined;
  h.record({
    endpoint: matched.endpoint,
    method: req.method ?? 'GET',
    path: url.pathname,
    fieldMask,
    ...(req.method === 'POST' ? { body } : {}),
  });
  const failure = gate(h, req, url, matched.endpoint, body);
  if (failure === 'hang') {
    h.hung.add(res);
    return;
  }
  if (failure) return send(res, failure);
  const call = {
    fieldMask,
    body,
    query: url.searchParams,
    placeId: matched.placeId,
    photo: matched.photo,
    origin,
  };
  send(res, ROUTES[matched.endpoint](call));
}

export async function startPlacesEmulator(options: PlacesEmulatorOptions = {}): Promise<PlacesEmulator> {
  const calls = Object.fromEntries(ENDPOINT_NAMES.map((e) => [e, 0])) as Record<Endpoint, number>;
  const requests: EmulatedRequest[] = [];
  const h: Handling = {
    options,
    failures: new FailurePlan(),
    hung: new Set(),
    record: (request) => {
      calls[request.endpoint] += 1;
      requests.push(request);
      if (requests.length > MAX_REQUESTS) requests.shift();
    },
  };
  let origin = '';
  const server = createServer((req, res) => {
    handle(h, req, res, origin).catch(() => {
      if (!res.headersSent) send(res, googleError(500, 'Internal error.'));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    apiUrl: `${origin}/v1`,
    calls,
    requests,
    injectFailure: (failure) => h.failures.add(failure),
    close: async () => {
      for (const res of h.hung) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
