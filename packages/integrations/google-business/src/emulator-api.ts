import type { ServerResponse } from 'node:http';
import type { EmulatorState } from './emulator-state';
import { EMULATOR_ACCOUNT, EMULATOR_LOCATIONS, type EmulatorReview } from './emulator-world';

type Send = (res: ServerResponse, status: number, body: unknown) => void;

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
};

/** Google's API error shape `{"error":{"code","message","status","details":[]}}`. */
export function apiError(send: Send, res: ServerResponse, code: number, message: string) {
  send(res, code, { error: { code, message, status: STATUS_NAMES[code] ?? 'INTERNAL', details: [] } });
}

export const UNAUTHENTICATED_MESSAGE =
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.';

/** A page of `items` from an offset page token; pageSize out of 1..max is INVALID_ARGUMENT. */
function page<T>(
  items: T[],
  url: URL,
  defaults: { size: number; max: number },
): { slice: T[]; next?: string } | string {
  const raw = url.searchParams.get('pageSize');
  const size = raw === null ? defaults.size : Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > defaults.max)
    return `pageSize must be between 1 and ${defaults.max}`;
  const start = Number(url.searchParams.get('pageToken') ?? '0');
  if (!Number.isInteger(start) || start < 0) return 'Invalid pageToken';
  const slice = items.slice(start, start + size);
  return start + size < items.length ? { slice, next: String(start + size) } : { slice };
}

/** The location's fields the readMask names (a mask naming a sub-field, `profile.description`, gives its field). */
const pick = (location: Record<string, unknown>, readMask: string) => {
  const wanted = readMask.split(',').map((field) => field.trim().split('.')[0]);
  return Object.fromEntries(
    Object.entries(location).filter(([key]) => key === 'name' || wanted.includes(key)),
  );
};

export function accounts(url: URL, res: ServerResponse, send: Send) {
  const result = page([EMULATOR_ACCOUNT], url, { size: 20, max: 20 });
  if (typeof result === 'string') return apiError(send, res, 400, result);
  send(res, 200, { accounts: result.slice, ...(result.next ? { nextPageToken: result.next } : {}) });
}

/** One account (`accounts.get`); the emulator has one. */
export function account(accountId: string, res: ServerResponse, send: Send) {
  if (`accounts/${accountId}` !== EMULATOR_ACCOUNT.name)
    return apiError(send, res, 404, 'Requested entity was not found.');
  send(res, 200, EMULATOR_ACCOUNT);
}

export function locations(
  state: EmulatorState,
  accountId: string,
  url: URL,
  res: ServerResponse,
  send: Send,
) {
  if (`accounts/${accountId}` !== EMULATOR_ACCOUNT.name)
    return apiError(send, res, 404, 'Requested entity was not found.');
  const readMask = url.searchParams.get('readMask');
  if (!readMask)
    return apiError(send, res, 400, 'Request contains an invalid argument. readMask is required');
  const result = page([...state.locations.values()], url, { size: 10, max: 100 });
  if (typeof result === 'string') return apiError(send, res, 400, result);
  send(res, 200, {
    locations: result.slice.map((location) => pick(location, readMask)),
    ...(result.next ? { nextPageToken: result.next } : {}),
  });
}

export function location(
  state: EmulatorState,
  locationId: string,
  url: URL,
  res: ServerResponse,
  send: Send,
) {
  const found = state.locations.get(locationId);
  if (!found) return apiError(send, res, 404, 'Requested entity was not found.');
  const readMask = url.searchParams.get('readMask');
  if (!readMask)
    return apiError(send, res, 400, 'Request contains an invalid argument. readMask is required');
  send(res, 200, pick(found, readMask));
}

const reviewName = (accountId: string, locationId: string, reviewId: string) =>
  `accounts/${accountId}/locations/${locationId}/reviews/${reviewId}`;

const RATING = ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'];
const ratingOf = (review: EmulatorReview) => RATING.indexOf(review.starRating) + 1;

/**
 * The reviews in the order `orderBy` asks: Google's documented values are `updateTime desc` (its default),
 * `rating` and `rating desc`; ties keep the newest first.
 */
function ordered(list: EmulatorReview[], orderBy: string | null): EmulatorReview[] | string {
  const order = orderBy?.trim().replace(/\s+/g, ' ');
  // without orderBy, the order the reviews are kept in: newest first, as they were made
  if (order === undefined || order === '') return list;
  const newest = [...list].sort((a, b) => Date.parse(b.updateTime) - Date.parse(a.updateTime));
  if (order === 'updateTime desc') return newest;
  if (order === 'rating') return newest.sort((a, b) => ratingOf(a) - ratingOf(b));
  if (order === 'rating desc') return newest.sort((a, b) => ratingOf(b) - ratingOf(a));
  return 'Request contains an invalid argument. orderBy must be one of: rating, rating desc, updateTime desc';
}

/** One review (`accounts.locations.reviews.get`). */
export function review(
  state: EmulatorState,
  ids: { account: string; location: string; review: string },
  res: ServerResponse,
  send: Send,
) {
  const found = state.reviews.get(ids.location)?.find((entry) => entry.reviewId === ids.review);
  if (`accounts/${ids.account}` !== EMULATOR_ACCOUNT.name || !found)
    return apiError(send, res, 404, 'Requested entity was not found.');
  send(res, 200, { name: reviewName(ids.account, ids.location, found.reviewId), ...found });
}

export function reviews(
  state: EmulatorState,
  ids: { account: string; location: string },
  url: URL,
  res: ServerResponse,
  send: Send,
) {
  const list = state.reviews.get(ids.location);
  if (
    `accounts/${ids.account}` !== EMULATOR_ACCOUNT.name ||
    !EMULATOR_LOCATIONS.some((l) => l.name === `locations/${ids.location}`)
  )
    return apiError(send, res, 404, 'Requested entity was not found.');
  const all = ordered(list ?? [], url.searchParams.get('orderBy'));
  if (typeof all === 'string') return apiError(send, res, 400, all);
  const result = page(all, url, { size: 50, max: 50 });
  if (typeof result === 'string') return apiError(send, res, 400, result);
  const stars = all.map(ratingOf);
  send(res, 200, {
    reviews: result.slice.map((review) => ({
      name: reviewName(ids.account, ids.location, review.reviewId),
      ...review,
    })),
    averageRating: stars.length ? Math.round((stars.reduce((a, b) => a + b, 0) / stars.length) * 10) / 10 : 0,
    totalReviewCount: all.length,
    ...(result.next ? { nextPageToken: result.next } : {}),
  });
}

export function reply(
  state: EmulatorState,
  ids: { location: string; review: string; method: string; body: unknown },
  res: ServerResponse,
  send: Send,
) {
  const review = state.reviews.get(ids.location)?.find((entry) => entry.reviewId === ids.review);
  if (!review) return apiError(send, res, 404, 'Requested entity was not found.');
  if (ids.method === 'DELETE') {
    delete review.reviewReply;
    return send(res, 200, {});
  }
  const comment = (ids.body as { comment?: unknown } | null)?.comment;
  if (typeof comment !== 'string' || comment.length === 0 || Buffer.byteLength(comment) > 4096)
    return apiError(send, res, 400, 'Request contains an invalid argument.');
  review.reviewReply = { comment, updateTime: new Date().toISOString() };
  send(res, 200, review.reviewReply);
}

/**
 * `accounts.locations.batchGetReviews` (POST, v4): the reviews of several of the account's locations in one
 * list, each with its location's name, newest first unless `orderBy` says otherwise; paged by the body's
 * pageSize (at most 50) and pageToken. An unknown location is NOT_FOUND.
 */
export function batchReviews(
  state: EmulatorState,
  accountId: string,
  body: Record<string, unknown>,
  res: ServerResponse,
  send: Send,
) {
  const names = Array.isArray(body.locationNames) ? body.locationNames.map(String) : [];
  if (names.length === 0)
    return apiError(send, res, 400, 'Request contains an invalid argument. locationNames is required');
  const prefix = `accounts/${accountId}/locations/`;
  const where = new Map<EmulatorReview, { name: string; locationId: string }>();
  for (const name of names) {
    const locationId = name.startsWith(prefix) ? name.slice(prefix.length) : '';
    if (
      `accounts/${accountId}` !== EMULATOR_ACCOUNT.name ||
      !EMULATOR_LOCATIONS.some((l) => l.name === `locations/${locationId}`)
    )
      return apiError(send, res, 404, 'Requested entity was not found.');
    for (const review of state.reviews.get(locationId) ?? [])
      if (body.ignoreRatingOnlyReviews !== true || review.comment) where.set(review, { name, locationId });
  }
  const order = typeof body.orderBy === 'string' && body.orderBy !== '' ? body.orderBy : 'updateTime desc';
  const sorted = ordered([...where.keys()], order);
  if (typeof sorted === 'string') return apiError(send, res, 400, sorted);
  const query = new URL('http://emulator/');
  if (body.pageSize !== undefined) query.searchParams.set('pageSize', String(body.pageSize));
  if (body.pageToken !== undefined) query.searchParams.set('pageToken', String(body.pageToken));
  const result = page(sorted, query, { size: 50, max: 50 });
  if (typeof result === 'string') return apiError(send, res, 400, result);
  const entry = (review: EmulatorReview) => {
    const { name, locationId } = where.get(review)!;
    return { name, review: { name: reviewName(accountId, locationId, review.reviewId), ...review } };
  };
  send(res, 200, {
    locationReviews: result.slice.map(entry),
    ...(result.next ? { nextPageToken: result.next } : {}),
  });
}
