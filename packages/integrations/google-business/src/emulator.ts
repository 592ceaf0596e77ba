import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  accounts,
  apiError,
  location,
  locations,
  reply,
  reviews,
  UNAUTHENTICATED_MESSAGE,
} from './emulator-api';
import { approve, consentPage, readBody, revokeEndpoint, tokenEndpoint } from './emulator-oauth';
import { type EmulatorState, isAccessTokenValid, newState } from './emulator-state';
import { EMULATOR_LOCATIONS, generatedReviews } from './emulator-world';
import { type GoogleBusinessUrls, urlsUnder } from './endpoints';

/**
 * An emulator of Google's OAuth endpoints and the Business Profile APIs Brigade uses, over real HTTP, with a
 * small fixed world (emulator-world.ts). Every URL lives under one base (endpoints.ts `urlsUnder`).
 */

export const EMULATOR_CLIENT_ID = 'emulator-client.apps.googleusercontent.com';
export const EMULATOR_CLIENT_SECRET = 'emulator-client-secret';

export interface GoogleBusinessEmulatorOptions {
  clientId?: string;
  clientSecret?: string;
  port?: number;
  /** Generated reviews to add at start, by location id (e.g. `{ '4002': 2000 }`); see `addReviews`. */
  extraReviews?: Record<string, number>;
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
  /**
   * Gives a location `count` more reviews (emulator-world.ts `generatedReviews`: deterministic, varied,
   * older than those it has), for load and pagination; returns how many reviews the location has now.
   */
  addReviews(locationId: string, count: number): number;
  close(): Promise<void>;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

const LOCATIONS = /^\/businessinformation\/v1\/accounts\/([^/]+)\/locations$/;
const LOCATION = /^\/businessinformation\/v1\/locations\/([^/]+)$/;
const REVIEWS = /^\/v4\/accounts\/([^/]+)\/locations\/([^/]+)\/reviews$/;
const REPLY = /^\/v4\/accounts\/([^/]+)\/locations\/([^/]+)\/reviews\/([^/]+)\/reply$/;

async function oauthRoute(
  state: EmulatorState,
  req: IncomingMessage,
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
  const form = new URLSearchParams(await readBody(req));
  if (path === '/token') tokenEndpoint(state, form, res, send);
  else if (path === '/revoke') revokeEndpoint(state, form, res, send);
  else approve(state, form, res);
  return true;
}

const QUOTA_MESSAGE =
  "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service 'mybusiness.googleapis.com'.";

async function apiRoute(state: EmulatorState, req: IncomingMessage, url: URL, res: ServerResponse) {
  if (state.quota.exhausted > 0) {
    state.quota.exhausted -= 1;
    res.setHeader('retry-after', String(state.quota.retryAfterSeconds));
    return apiError(send, res, 429, QUOTA_MESSAGE);
  }
  const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
  if (!isAccessTokenValid(state, bearer)) return apiError(send, res, 401, UNAUTHENTICATED_MESSAGE);
  const path = url.pathname;
  const replyMatch = REPLY.exec(path);
  if (replyMatch && (req.method === 'PUT' || req.method === 'DELETE')) {
    const raw = await readBody(req);
    let body: unknown = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      return apiError(send, res, 400, 'Invalid JSON payload received.');
    }
    return reply(
      state,
      {
        location: replyMatch[2] ?? '',
        review: decodeURIComponent(replyMatch[3] ?? ''),
        method: req.method,
        body,
      },
      res,
      send,
    );
  }
  if (req.method !== 'GET') return apiError(send, res, 404, 'Requested entity was not found.');
  if (path === '/accountmanagement/v1/accounts') return accounts(url, res, send);
  const match = LOCATIONS.exec(path) ?? undefined;
  if (match) return locations(match[1] ?? '', url, res, send);
  const one = LOCATION.exec(path);
  if (one) return location(one[1] ?? '', url, res, send);
  const list = REVIEWS.exec(path);
  if (list) return reviews(state, { account: list[1] ?? '', location: list[2] ?? '' }, url, res, send);
  apiError(send, res, 404, 'Requested entity was not found.');
}

export async function startGoogleBusinessEmulator(
  options: GoogleBusinessEmulatorOptions = {},
): Promise<GoogleBusinessEmulator> {
  const state = newState(
    options.clientId ?? EMULATOR_CLIENT_ID,
    options.clientSecret ?? EMULATOR_CLIENT_SECRET,
  );
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
  for (const [locationId, count] of Object.entries(options.extraReviews ?? {})) addReviews(locationId, count);
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://emulator');
    requests.push({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
    });
    void (async () => {
      if (!(await oauthRoute(state, req, url, res))) await apiRoute(state, req, url, res);
    })().catch(() => apiError(send, res, 500, 'Internal error encountered.'));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl,
    urls: urlsUnder(baseUrl),
    state,
    requests,
    exhaustQuota: (count, retryAfterSeconds = 1) => {
      state.quota = { exhausted: count, retryAfterSeconds };
    },
    addReviews,
    expireAccessTokens: () => {
      for (const entry of state.accessTokens.values()) entry.valid = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
