import { createHash } from 'node:crypto';
import type { Actor } from '@brigade/domain/access';
import { INVALID_CURSOR } from '@brigade/domain/catalogue/paging';
import { validationErrorOf } from '@brigade/domain/errors';
import type {
  ReviewFilterQuery,
  ReviewListQuery,
  ReviewSort,
  ReviewSummaryQuery,
  ReviewTrendUnit,
} from '@brigade/domain/listing/review-query';
import { managedConnection } from './listing-access';
import type { ListingDeps } from './listing-deps';
import {
  pageReviews,
  type ReviewFigures,
  type ReviewKey,
  reviewFigures,
  reviewTrend,
  type TrendBucket,
} from './review-inbox-repository';
import { type ReviewView, reviewView } from './review-reply';

/**
 * The reviews inbox's use-cases (issue 19): a page of the connection's restaurant's reviews and the summary
 * of a filter. Same access as every listing read (a manager or above of the tenant; anyone else gets 404).
 */

export interface ReviewPage {
  data: ReviewView[];
  nextCursor: string | null;
}

const filterOf = (query: ReviewFilterQuery): ReviewFilterQuery => ({
  status: query.status,
  rating: query.rating,
  sentiment: query.sentiment,
  from: query.from,
  to: query.to,
  search: query.search,
  reviewId: query.reviewId,
});

/** What a cursor continues: the connection, the sort and the filters (hashed), so it fits no other list. */
function listOf(connectionId: string, sort: ReviewSort, filter: ReviewFilterQuery): string {
  const hash = createHash('sha256').update(JSON.stringify(filter)).digest('base64url').slice(0, 16);
  return `${connectionId}/${sort}/${hash}`;
}

const TIME_KEY = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isTime = (value: unknown) =>
  value === null || (typeof value === 'string' && TIME_KEY.test(value) && !Number.isNaN(Date.parse(value)));
const isRating = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 5;
const isId = (value: unknown) => typeof value === 'string' && UUID.test(value);

const invalidCursor = () => validationErrorOf([{ path: 'query.cursor', message: INVALID_CURSOR }]);

export function encodeReviewCursor(list: string, key: ReviewKey): string {
  return Buffer.from(JSON.stringify({ l: list, k: key }), 'utf8').toString('base64url');
}

/** The key a cursor continues after; 400 "Invalid cursor" unless it is one of this list's. */
export function decodeReviewCursor(cursor: string, list: string, sort: ReviewSort): ReviewKey {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const { l, k } = (body ?? {}) as { l?: unknown; k?: unknown };
  const checks = sort === 'lowest' || sort === 'highest' ? [isRating, isTime, isId] : [isTime, isId];
  if (l !== list || !Array.isArray(k) || k.length !== checks.length || !checks.every((ok, i) => ok(k[i])))
    throw invalidCursor();
  return k as ReviewKey;
}

/** GET …/connections/{id}/reviews: a page of the filter's reviews in the sort's order, and the next cursor. */
export async function listStoredReviews(
  deps: ListingDeps,
  actor: Actor,
  input: ReviewListQuery & { connectionId: string },
): Promise<ReviewPage> {
  const filter = filterOf(input);
  const list = listOf(input.connectionId, input.sort, filter);
  const key = input.cursor ? decodeReviewCursor(input.cursor, list, input.sort) : null;
  return deps.transact(async (tx) => {
    const connection = await managedConnection(tx, actor, input.connectionId);
    const rows = await pageReviews(
      tx,
      connection,
      { ...filter, sort: input.sort, limit: input.limit + 1 },
      key,
    );
    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    return {
      data: page.map(({ row }) => reviewView(row)),
      nextCursor: rows.length > input.limit && last ? encodeReviewCursor(list, last.key) : null,
    };
  });
}

export type ReviewSummary = Omit<ReviewFigures, 'months'> & {
  trendUnit: ReviewTrendUnit;
  trend: TrendBucket[];
};

/** GET …/connections/{id}/reviews/summary: the filter's figures and trend, in two statements. */
export async function summariseStoredReviews(
  deps: ListingDeps,
  actor: Actor,
  input: ReviewSummaryQuery & { connectionId: string },
): Promise<ReviewSummary> {
  return deps.transact(async (tx) => {
    const connection = await managedConnection(tx, actor, input.connectionId);
    const filter = filterOf(input);
    const { months, ...figures } = await reviewFigures(tx, connection, filter);
    const trendUnit = input.trend ?? (months >= 3 ? 'month' : 'week');
    const trend = figures.count === 0 ? [] : await reviewTrend(tx, connection, filter, trendUnit);
    return { ...figures, trendUnit, trend };
  });
}
