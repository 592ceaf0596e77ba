import type { ServerResponse } from 'node:http';
import { json, send as sendAnswer } from '@brigade/integration-kit/emulator/answers';
import { offsetClock } from '@brigade/integration-kit/emulator/clock';
import {
  type EmulatorRequest as Request,
  startEmulatorServer,
} from '@brigade/integration-kit/emulator/server';
import { openState } from '@brigade/integration-kit/emulator/state-file';
import {
  account,
  accounts,
  apiError,
  batchReviews,
  location,
  locations,
  reply,
  review,
  reviews,
  UNAUTHENTICATED_MESSAGE,
} from './emulator-api';
import { approve, consentPage, revokeEndpoint, tokenEndpoint } from './emulator-oauth';
import { localPosts } from './emulator-posts';
import { type EmulatorLocation, patchLocation } from './emulator-profile';
import { type EmulatorState, isAccessTokenValid, newState, revokeAllGrants } from './emulator-state';
import { EMULATOR_LOCATIONS, generatedReviews } from './emulator-world';
import { type GoogleBusinessUrls, urlsUnder } from './endpoints';

/**
 * An emulator of Google's OAuth endpoints and the Business Profile APIs Brigade uses, over real HTTP (the kit's
 * emulator server, decision 060), with a small fixed world (emulator-world.ts). Every URL lives under one base
 * (endpoints.ts `urlsUnder`). With `stateFile`, its memory (grants, tokens, reviews and replies, profile edits,
 * posts, the clock) is kept on disk and found again after a restart.
 */

export const EMULATOR_CLIENT_ID = 'emulator-client.apps.googleusercontent.com';
export const EMULATOR_CLIENT_SECRET = 'emulator-client-secret';

export interface GoogleBusinessEmulatorOptions {
  clientId?: string;
  clientSecret?: string;
  port?: number;
  /** Generated reviews to add at start, by location id (e.g. `{ '4002': 2000 }`); see `addReviews`. */
  extraReviews?: Record<string, number>;
  /** Keep the emulator's memory in this file: loaded at start when it exists, written before each answer. */
  stateFile?: string;
}

export interface EmulatedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  authorization?: string;
}

export interface GoogleBusinessEmulator {
  baseUrl: string;
  urls: GoogleBusinessUrls;
  state: EmulatorState;
  requests: EmulatedRequest[];
  /** Makes every access token issued so far stop working (as if an hour had passed). */
  expireAccessTokens(): void;
  /**
   * The next `count` API calls (not OAuth) answer 429 RESOURCE_EXHAUSTED with `retry-after`, as Google does
   * over quota (300 requests a minute per API, 10 edits a minute per profile).
   */
  exhaustQuota(count: number, retryAfterSeconds?: number): void;
  /** The next `count` API calls (not OAuth) answer 500 INTERNAL, as Google does when it fails. */
  failNextCalls(count: number): void;
  /**
   * Gives a location `count` more reviews (emulator-world.ts `generatedReviews`: deterministic, varied,
   * older than those it has), for load and pagination; returns how many reviews the location has now.
   */
  addReviews(locationId: string, count: number): number;
  /**
   * Revokes every grant given so far, as an owner removing Brigade's access on Google does: refreshing then
   * answers invalid_grant. Also over HTTP, for browser tests: `POST {baseUrl}/emulator/revoke-grants`.
   */
  revokeAllGrants(): number;
  /** A location as it stands (PATCHes applied); also `GET {baseUrl}/emulator/locations/{id}`. */
  location(locationId: string): EmulatorLocation | undefined;
  /** Forgets the edits of the last minute, so each location may take 10 more at once. */
  forgetEdits(): void;
  /** Moves the emulator's clock on (post times, the edits-a-minute quota) without waiting. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown) => sendAnswer(res, json(status, body));

const ACCOUNT = /^\/accountmanagement\/v1\/accounts\/([^/]+)$/;
const BATCH_REVIEWS = /^\/v4\/accounts\/([^/]+)\/locations:batchGetReviews$/;
const LOCATIONS = /^\/businessinformation\/v1\/accounts\/([^/]+)\/locations$/;
const LOCATION = /^\/businessinformation\/v1\/locations\/([^/]+)$/;
const REVIEWS = /^\/v4\/accounts\/([^/]+)\/locations\/([^/]+)\/reviews$/;
const REVIEW = /^\/v4\/accounts\/([^/]+)\/locations\/([^/]+)\/reviews\/([^/]+)$/;
const REPLY = /^\/v4\/accounts\/([^/]+)\/locations\/([^/]+)\/reviews\/([^/]+)\/reply$/;
const POSTS = /^\/v4\/accounts\/([^/]+)\/locations\/([^/]+)\/localPosts(?:\/([^/]+))?$/;

async function oauthRoute(
  state: EmulatorState,
  req: Request,
  url: URL,
  res: ServerResponse,
): Promise<boolean> {
  const path = url.pathname;
  if (req.method === 'GET' && path === '/o/oauth2/v2/auth') {
    consentPage(state, url, res, send);
    return true;
  }
  if (req.method !== 'POST') return false;
  if (!['/o/oauth2/v2/auth/approve', '/token', '/revoke'].includes(path)) return false;
  const form = new URLSearchParams(req.text ?? '');
  if (path === '/token') tokenEndpoint(state, form, req.header('authorization'), res, send);
  else if (path === '/revoke') revokeEndpoint(state, form, url.searchParams, res, send);
  else approve(state, form, res);
  return true;
}

const QUOTA_MESSAGE =
  "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service 'mybusiness.googleapis.com'.";

/**
 * The emulator's own controls, which Google does not have (as the CardPointe emulator's /emulator/clock):
 * browser tests, in another process than the server that started the emulator, reach it over HTTP.
 */
function controlRoute(state: EmulatorState, req: Request, url: URL, res: ServerResponse): boolean {
  if (req.method === 'POST' && url.pathname === '/emulator/revoke-grants') {
    send(res, 200, { revoked: revokeAllGrants(state) });
    return true;
  }
  const one = /^\/emulator\/locations\/([^/]+)$/.exec(url.pathname);
  if (req.method === 'GET' && one) {
    const found = state.locations.get(one[1] ?? '');
    if (found) send(res, 200, found);
    else apiError(send, res, 404, 'Requested entity was not found.');
    return true;
  }
  return false;
}

/** The request's JSON body (null when empty); undefined when it is not JSON. */
function jsonBody(req: Request): unknown {
  const raw = req.text ?? '';
  try {
    return raw ? JSON.parse(raw) : null;
  } catch {
    return undefined;
  }
}

async function writeRoute(
  state: EmulatorState,
  req: Request,
  url: URL,
  res: ServerResponse,
): Promise<boolean> {
  const replyMatch = REPLY.exec(url.pathname);
  const patchMatch = req.method === 'PATCH' ? LOCATION.exec(url.pathname) : null;
  if (!patchMatch && !(replyMatch && (req.method === 'PUT' || req.method === 'DELETE'))) return false;
  const body = jsonBody(req);
  if (body === undefined) {
    apiError(send, res, 400, 'Invalid JSON payload received.');
    return true;
  }
  if (patchMatch) patchLocation(state, { locationId: patchMatch[1] ?? '', url, body }, res, send);
  else
    reply(
      state,
      {
        location: replyMatch?.[2] ?? '',
        review: decodeURIComponent(replyMatch?.[3] ?? ''),
        method: req.method ?? 'PUT',
        body,
      },
      res,
      send,
    );
  return true;
}

/**
 * Google serves each API on its own host (mybusinessaccountmanagement.googleapis.com/v1/…,
 * mybusinessbusinessinformation.googleapis.com/v1/…); the emulator serves them all on one, under
 * /accountmanagement and /businessinformation. A client given the emulator's root as every API's root URL (as
 * Google's own libraries take it: `rootUrl`) sends the bare `/v1/…` paths; they are read as Google would.
 */
export function servicePath(path: string): string {
  if (!path.startsWith('/v1/')) return path;
  return /^\/v1\/accounts(\/[^/]+)?$/.test(path)
    ? `/accountmanagement${path}`
    : `/businessinformation${path}`;
}

async function apiRoute(state: EmulatorState, req: Request, url: URL, res: ServerResponse) {
  url.pathname = servicePath(url.pathname);
  if (state.failures > 0) {
    state.failures -= 1;
    return apiError(send, res, 500, 'Internal error encountered.');
  }
  if (state.quota.exhausted > 0) {
    state.quota.exhausted -= 1;
    res.setHeader('retry-after', String(state.quota.retryAfterSeconds));
    return apiError(send, res, 429, QUOTA_MESSAGE);
  }
  const bearer = /^Bearer (.+)$/.exec(req.header('authorization') ?? '')?.[1];
  if (!isAccessTokenValid(state, bearer)) return apiError(send, res, 401, UNAUTHENTICATED_MESSAGE);
  if (await writeRoute(state, req, url, res)) return;
  const path = url.pathname;
  const posts = POSTS.exec(path);
  if (posts) {
    const body = req.method === 'GET' || req.method === 'DELETE' ? null : jsonBody(req);
    if (body === undefined) return apiError(send, res, 400, 'Invalid JSON payload received.');
    const [, account = '', location = '', post] = posts;
    const target = { account, location, method: req.method ?? 'GET', url, body };
    return localPosts(state, post ? { ...target, post: decodeURIComponent(post) } : target, res, send);
  }
  const batch = req.method === 'POST' ? BATCH_REVIEWS.exec(path) : null;
  if (batch) {
    const body = jsonBody(req);
    if (!body || typeof body !== 'object') return apiError(send, res, 400, 'Invalid JSON payload received.');
    return batchReviews(state, batch[1] ?? '', body as Record<string, unknown>, res, send);
  }
  if (req.method !== 'GET') return apiError(send, res, 404, 'Requested entity was not found.');
  if (path === '/accountmanagement/v1/accounts') return accounts(url, res, send);
  const oneAccount = ACCOUNT.exec(path);
  if (oneAccount) return account(oneAccount[1] ?? '', res, send);
  const match = LOCATIONS.exec(path) ?? undefined;
  if (match) return locations(state, match[1] ?? '', url, res, send);
  const one = LOCATION.exec(path);
  if (one) return location(state, one[1] ?? '', url, res, send);
  const list = REVIEWS.exec(path);
  if (list) return reviews(state, { account: list[1] ?? '', location: list[2] ?? '' }, url, res, send);
  const single = REVIEW.exec(path);
  if (single)
    return review(
      state,
      { account: single[1] ?? '', location: single[2] ?? '', review: decodeURIComponent(single[3] ?? '') },
      res,
      send,
    );
  apiError(send, res, 404, 'Requested entity was not found.');
}

export async function startGoogleBusinessEmulator(
  options: GoogleBusinessEmulatorOptions = {},
): Promise<GoogleBusinessEmulator> {
  const store = openState(options.stateFile, () =>
    newState(options.clientId ?? EMULATOR_CLIENT_ID, options.clientSecret ?? EMULATOR_CLIENT_SECRET),
  );
  const { state } = store;
  const requests: EmulatedRequest[] = [];
  const addReviews = (locationId: string, count: number) => {
    if (!EMULATOR_LOCATIONS.some((entry) => entry.name === `locations/${locationId}`))
      throw new Error(`The emulator has no location ${locationId}`);
    const list = state.reviews.get(locationId) ?? [];
    const generated = list.filter((review) => review.reviewId.startsWith('emu-gen-')).length;
    list.push(...generatedReviews(locationId, generated, count));
    state.reviews.set(locationId, list);
    return list.length;
  };
  // once, into a fresh memory: a restart on a state file finds them there already
  if (!store.loaded)
    for (const [locationId, count] of Object.entries(options.extraReviews ?? {}))
      addReviews(locationId, count);
  const server = await startEmulatorServer({
    name: 'Google Business emulator',
    port: options.port,
    persist: store.save,
    clock: offsetClock(state),
    internalError: () =>
      json(500, {
        error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL', details: [] },
      }),
    handle: async (req, { res }) => {
      const url = new URL(req.url.href);
      requests.push({
        method: req.method,
        path: url.pathname,
        query: req.query,
        ...(req.header('authorization') ? { authorization: req.header('authorization') as string } : {}),
      });
      if (controlRoute(state, req, url, res)) return undefined;
      if (!(await oauthRoute(state, req, url, res))) await apiRoute(state, req, url, res);
      return undefined;
    },
  });
  const baseUrl = server.url;
  /** In-process changes are written at once too. */
  const saved = <T>(result: T): T => {
    store.save();
    return result;
  };
  return {
    baseUrl,
    urls: urlsUnder(baseUrl),
    state,
    requests,
    exhaustQuota: (count, retryAfterSeconds = 1) => {
      state.quota = { exhausted: count, retryAfterSeconds };
    },
    failNextCalls: (count) => {
      state.failures = count;
    },
    addReviews: (locationId, count) => saved(addReviews(locationId, count)),
    revokeAllGrants: () => saved(revokeAllGrants(state)),
    location: (locationId) => state.locations.get(locationId),
    forgetEdits: () => saved(state.edits.clear()),
    advanceClock: (ms) => {
      state.clockOffsetMs += ms;
      store.save();
    },
    expireAccessTokens: () => {
      for (const entry of state.accessTokens.values()) entry.valid = false;
      store.save();
    },
    close: server.close,
  };
}
