import type { Answer } from '@brigade/integration-kit/emulator/answers';
import { jsonObject } from '@brigade/integration-kit/emulator/body';
import { FaultPlan } from '@brigade/integration-kit/emulator/faults';
import {
  type Exchange,
  meetFault,
  type EmulatorRequest as Request,
  startEmulatorServer,
} from '@brigade/integration-kit/emulator/server';
import { openState } from '@brigade/integration-kit/emulator/state-file';
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
 * Forcing failures, for tests and demos: `injectFailure` (in process), the kit's `POST /emulator/faults`, the
 * request header `x-emulator-status: 429` (any 4xx/5xx), or a text query containing RESOURCE_EXHAUSTED
 * (quota, 429 with retry-after 30).
 *
 * It runs on the kit's emulator server (decision 060). Its world is fixed, so its only memory is what it was
 * asked (calls per endpoint, the request log); with `stateFile` that is kept on disk across restarts.
 */

export interface PlacesEmulatorOptions {
  port?: number;
  /** The only key accepted; by default any non-empty key is. */
  apiKey?: string;
  /** Keep the emulator's memory (calls and request log) in this file across restarts. */
  stateFile?: string;
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

const answerOf = (reply: Reply): Answer =>
  reply.body === undefined
    ? { status: reply.status, headers: reply.headers, empty: true }
    : {
        status: reply.status,
        headers: reply.headers,
        text: JSON.stringify(reply.body),
        contentType: 'application/json; charset=UTF-8',
      };

const ROUTES: Record<Endpoint, (call: RouteCall) => Reply> = {
  searchText,
  searchNearby,
  getPlace,
  getPhotoMedia,
};

/** A generated JPEG for a photo address (the photo's colour, its size from the address). */
async function servePhoto(url: URL): Promise<Answer> {
  const [, , , placeId, reference] = url.pathname.split('/');
  const photo = findPlace(placeId ?? '')?.photos.find((p) => p.reference === reference);
  const width = Number(url.searchParams.get('w'));
  const height = Number(url.searchParams.get('h'));
  const valid = (n: number) => Number.isInteger(n) && n >= 1 && n <= 4800;
  if (!photo || !valid(width) || !valid(height)) return { status: 404, empty: true };
  const jpeg = await sharp({ create: { width, height, channels: 3, background: photo.colour } })
    .jpeg({ quality: 70 })
    .toBuffer();
  return { status: 200, bytes: jpeg, contentType: 'image/jpeg' };
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
  failures: FaultPlan<Endpoint>;
  record(request: EmulatedRequest): void;
}

/** What a request meets before its route: the key, then planned or asked-for failures, then quota. */
function gate(h: Handling, req: Request, endpoint: Endpoint, body: Record<string, unknown>) {
  // the header, or Google's `key` system parameter in the query (its documented photo and details URLs)
  const header = req.header('x-goog-api-key');
  const key = header !== undefined && header !== '' ? header : req.url.searchParams.get('key');
  if (!key) return { reply: googleError(403, 'The request is missing a valid API key.') };
  if (h.options.apiKey !== undefined && key !== h.options.apiKey) return { reply: invalidKey() };
  const fault = h.failures.take(endpoint);
  if (fault) return { fault };
  const asked = Number(req.header('x-emulator-status'));
  if (asked >= 400 && asked <= 599)
    return { reply: failureReply({ status: asked, ...(asked === 429 ? { retryAfterSeconds: 30 } : {}) }) };
  if (typeof body.textQuery === 'string' && body.textQuery.includes(QUOTA_QUERY))
    return { reply: failureReply({ status: 429, retryAfterSeconds: 30 }) };
  return undefined;
}

async function handle(
  h: Handling,
  req: Request,
  exchange: Exchange,
  origin: string,
): Promise<Answer | undefined> {
  const { method, url } = req;
  if (method === 'GET' && url.pathname.startsWith('/emulator/media/')) return servePhoto(url);
  const matched = url.pathname.startsWith('/v1/')
    ? endpointOf(method, url.pathname.slice('/v1/'.length))
    : undefined;
  if (!matched) return answerOf(googleError(404, `Method not found: ${method} ${url.pathname}`));
  const body = jsonObject(req.text ?? '');
  if (body === undefined) return answerOf(googleError(400, 'Invalid JSON payload received.'));
  const fieldMask =
    req.header('x-goog-fieldmask') ??
    url.searchParams.get('fields') ??
    url.searchParams.get('$fields') ??
    undefined;
  h.record({
    endpoint: matched.endpoint,
    method,
    path: url.pathname,
    fieldMask,
    ...(method === 'POST' ? { body } : {}),
  });
  const call = {
    fieldMask,
    body,
    query: url.searchParams,
    placeId: matched.placeId,
    photo: matched.photo,
    origin,
  };
  const carryOut = () => answerOf(ROUTES[matched.endpoint](call));
  const gated = gate(h, req, matched.endpoint, body);
  if (gated?.reply) return answerOf(gated.reply);
  if (gated?.fault) return meetFault(gated.fault, exchange, carryOut);
  return carryOut();
}

/** The emulator's memory: what it was asked. */
interface Memory {
  calls: Record<Endpoint, number>;
  requests: EmulatedRequest[];
}

export async function startPlacesEmulator(options: PlacesEmulatorOptions = {}): Promise<PlacesEmulator> {
  const store = openState<Memory>(options.stateFile, () => ({
    calls: Object.fromEntries(ENDPOINT_NAMES.map((e) => [e, 0])) as Record<Endpoint, number>,
    requests: [],
  }));
  const { calls, requests } = store.state;
  const h: Handling = {
    options,
    failures: new FaultPlan(),
    record: (request) => {
      calls[request.endpoint] += 1;
      requests.push(request);
      if (requests.length > MAX_REQUESTS) requests.shift();
    },
  };
  let origin = '';
  const server = await startEmulatorServer({
    name: 'Places emulator',
    port: options.port,
    persist: store.save,
    internalError: () => answerOf(googleError(500, 'Internal error.')),
    handle: (req, exchange) => handle(h, req, exchange, origin),
  });
  origin = server.url;
  return {
    url: origin,
    apiUrl: `${origin}/v1`,
    calls,
    requests,
    injectFailure: (failure) =>
      h.failures.add({
        fault: failure.hang ? { kind: 'hang' } : { kind: 'answer', answer: answerOf(failureReply(failure)) },
        match: (endpoint) => failure.endpoint === undefined || failure.endpoint === endpoint,
        times: failure.times,
        skip: failure.after,
      }),
    close: server.close,
  };
}
