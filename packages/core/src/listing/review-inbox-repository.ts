import type { Executor } from '@brigade/db/database';
import { businessListingReviews } from '@brigade/db/schema/business-listing';
import { restaurants, tenants } from '@brigade/db/schema/tenancy';
import {
  type ReviewFilterQuery,
  type ReviewSort,
  type ReviewTrendUnit,
  reviewTimeBounds,
  searchWords,
} from '@brigade/domain/listing/review-query';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { tenantIs } from '../tenant-scope';
import type { ReviewRow } from './review-repository';

/**
 * The reviews inbox's reads (issue 19): a filtered, sorted page of a restaurant's reviews after a keyset, and
 * the summary of what a filter selects, each in SQL over the indexes of migration 0024.
 */

const r = businessListingReviews;
type Scope = { tenantId: number; restaurantId: number };

/** Needs a response: no reply (or only blanks) and three stars or fewer. */
export const NEEDS_RESPONSE = sql`((${r.response} IS NULL OR btrim(${r.response}) = '') AND ${r.rating} <= 3)`;
const HAS_RESPONSE = sql`(${r.response} IS NOT NULL AND btrim(${r.response}) <> '')`;

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterConditions(scope: Scope, filter: ReviewFilterQuery): SQL[] {
  const conditions = [tenantIs(r.tenantId, scope.tenantId), eq(r.restaurantId, scope.restaurantId)];
  if (filter.reviewId) conditions.push(eq(r.reviewId, filter.reviewId));
  if (filter.status === 'needs-response') conditions.push(NEEDS_RESPONSE);
  if (filter.status === 'unanswered') conditions.push(sql`NOT ${HAS_RESPONSE}`);
  if (filter.status === 'replied') conditions.push(HAS_RESPONSE);
  if (filter.rating?.length) conditions.push(inArray(r.rating, filter.rating));
  if (filter.sentiment === 'positive') conditions.push(sql`${r.rating} >= 4`);
  if (filter.sentiment === 'neutral') conditions.push(sql`${r.rating} = 3`);
  if (filter.sentiment === 'negative') conditions.push(sql`${r.rating} <= 2`);
  const { from, before } = reviewTimeBounds(filter);
  if (from) conditions.push(sql`${r.reviewTime} >= ${from.toISOString()}::timestamptz`);
  if (before) conditions.push(sql`${r.reviewTime} < ${before.toISOString()}::timestamptz`);
  for (const word of searchWords(filter.search)) {
    const pattern = likePattern(word);
    conditions.push(sql`(${r.reviewerName} ILIKE ${pattern} OR ${r.comment} ILIKE ${pattern})`);
  }
  return conditions;
}

/** The order key of a row: [rating?, review time (µs text, UTC) or null, row id]. */
export type ReviewKey = (string | number | null)[];

interface KeyPart {
  column: PgColumn;
  /** desc sorts nulls last, asc nulls first: each order is the exact reverse of its mirror. */
  dir: 'asc' | 'desc';
  cast: string;
  /**
   * The ORDER BY's nulls clause, as the index has it (the index is read only when they match): review time
   * and id as above; the rating (never null) as the rating index, ascending nulls last.
   */
  nulls: 'NULLS FIRST' | 'NULLS LAST';
}

const mirrored = (dir: 'asc' | 'desc') => (dir === 'desc' ? 'NULLS LAST' : 'NULLS FIRST');
const TIME = (dir: 'asc' | 'desc'): KeyPart => ({
  column: r.reviewTime,
  dir,
  cast: 'timestamptz',
  nulls: mirrored(dir),
});
const ID = (dir: 'asc' | 'desc'): KeyPart => ({ column: r.id, dir, cast: 'uuid', nulls: mirrored(dir) });
const RATING = (dir: 'asc' | 'desc'): KeyPart => ({
  column: r.rating,
  dir,
  cast: 'smallint',
  nulls: dir === 'asc' ? 'NULLS LAST' : 'NULLS FIRST',
});

export const SORT_KEYS: Record<ReviewSort, KeyPart[]> = {
  newest: [TIME('desc'), ID('desc')],
  oldest: [TIME('asc'), ID('asc')],
  lowest: [RATING('asc'), TIME('desc'), ID('desc')],
  highest: [RATING('desc'), TIME('desc'), ID('desc')],
};

const value = (part: KeyPart, key: string | number) => sql`${key}::${sql.raw(part.cast)}`;

/** Whether the column's value comes strictly after `key` in the part's order. */
function after(part: KeyPart, key: string | number | null): SQL {
  if (part.dir === 'desc')
    return key === null ? sql`false` : sql`(${part.column} < ${value(part, key)} OR ${part.column} IS NULL)`;
  return key === null ? sql`${part.column} IS NOT NULL` : sql`${part.column} > ${value(part, key)}`;
}

const same = (part: KeyPart, key: string | number | null) =>
  key === null ? sql`${part.column} IS NULL` : sql`${part.column} = ${value(part, key)}`;

/** Rows after the key in the sort's total order (the row id breaks every tie). */
export function afterKey(sort: ReviewSort, key: ReviewKey): SQL {
  const parts = SORT_KEYS[sort];
  const options = parts.map((part, index) =>
    and(
      ...parts.slice(0, index).map((earlier, j) => same(earlier, key[j] ?? null)),
      after(part, key[index] ?? null),
    ),
  );
  return sql`(${sql.join(options as SQL[], sql` OR `)})`;
}

const TIME_KEY = sql<
  string | null
>`to_char(${r.reviewTime} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** `limit` reviews of the filter after `key`, in the sort's order, each with its order key. */
export async function pageReviews(
  ex: Executor,
  scope: Scope,
  query: ReviewFilterQuery & { sort: ReviewSort; limit: number },
  key: ReviewKey | null,
): Promise<{ row: ReviewRow; key: ReviewKey }[]> {
  const conditions = filterConditions(scope, query);
  if (key) conditions.push(afterKey(query.sort, key));
  const order = SORT_KEYS[query.sort].map(
    (part) => sql`${part.dir === 'desc' ? desc(part.column) : asc(part.column)} ${sql.raw(part.nulls)}`,
  );
  const found = await ex
    .select({ row: r, tenantGuid: tenants.guid, restaurantGuid: restaurants.guid, timeKey: TIME_KEY })
    .from(r)
    .innerJoin(tenants, eq(tenants.tenantId, r.tenantId))
    .innerJoin(
      restaurants,
      and(eq(restaurants.tenantId, r.tenantId), eq(restaurants.restaurantId, r.restaurantId)),
    )
    .where(and(...conditions))
    .orderBy(...order)
    .limit(query.limit);
  return found.map(({ row, tenantGuid, restaurantGuid, timeKey }) => ({
    row: { ...row, tenantGuid, restaurantGuid },
    key:
      query.sort === 'lowest' || query.sort === 'highest' ? [row.rating, timeKey, row.id] : [timeKey, row.id],
  }));
}

export interface ReviewFigures {
  count: number;
  averageRating: number | null;
  ratingDistribution: Record<1 | 2 | 3 | 4 | 5, number>;
  needsResponse: number;
  /** How many calendar months (UTC) the dated reviews span, first to last (to choose the trend's unit). */
  months: number;
}

type FigureRow = Record<'rating' | 'count' | 'needs', number | string> & {
  first: string | null;
  last: string | null;
};

const monthIndex = (yearMonth: string) => Number(yearMonth.slice(0, 4)) * 12 + Number(yearMonth.slice(5, 7));

/**
 * The filter's count, average (two decimals, half up), spread of ratings, needs-response count and the months
 * its dates span: one statement, grouped by rating (at most five rows), summed here.
 */
export async function reviewFigures(
  ex: Executor,
  scope: Scope,
  filter: ReviewFilterQuery,
): Promise<ReviewFigures> {
  const month = (value: SQL) => sql`to_char(${value} AT TIME ZONE 'UTC', 'YYYY-MM')`;
  const result = (await ex.execute(sql`
    SELECT ${r.rating} AS rating, count(*)::int AS count, count(*) FILTER (WHERE ${NEEDS_RESPONSE})::int AS needs,
      ${month(sql`min(${r.reviewTime})`)} AS first, ${month(sql`max(${r.reviewTime})`)} AS last
    FROM ${r} WHERE ${and(...filterConditions(scope, filter))}
    GROUP BY ${r.rating}`)) as unknown as { rows: FigureRow[] };
  const ratingDistribution = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let count = 0;
  let stars = 0;
  let needsResponse = 0;
  const firsts: string[] = [];
  const lasts: string[] = [];
  for (const row of result.rows) {
    const rating = Number(row.rating) as 1 | 2 | 3 | 4 | 5;
    ratingDistribution[rating] = Number(row.count);
    count += Number(row.count);
    stars += rating * Number(row.count);
    needsResponse += Number(row.needs);
    if (row.first) firsts.push(row.first);
    if (row.last) lasts.push(row.last);
  }
  const first = firsts.sort()[0];
  const last = lasts.sort().at(-1);
  return {
    count,
    // Integers until the one division: an exact half rounds up, as PostgreSQL's round(numeric) does.
    averageRating: count ? Math.round((stars * 100) / count) / 100 : null,
    ratingDistribution,
    needsResponse,
    months: first && last ? monthIndex(last) - monthIndex(first) + 1 : 0,
  };
}

export interface TrendBucket {
  period: string;
  count: number;
  averageRating: number;
}

/** Count and average (two decimals) per UTC week (from Monday) or month of the dated reviews, oldest first. */
export async function reviewTrend(
  ex: Executor,
  scope: Scope,
  filter: ReviewFilterQuery,
  unit: ReviewTrendUnit,
): Promise<TrendBucket[]> {
  const bucket = sql`date_trunc(${sql.raw(`'${unit === 'week' ? 'week' : 'month'}'`)}, ${r.reviewTime} AT TIME ZONE 'UTC')`;
  const result = (await ex.execute(sql`
    SELECT to_char(${bucket}, 'YYYY-MM-DD') AS period, count(*)::int AS count,
      round(avg(${r.rating}), 2)::float8 AS average
    FROM ${r} WHERE ${and(...filterConditions(scope, filter), sql`${r.reviewTime} IS NOT NULL`)}
    GROUP BY 1 ORDER BY 1`)) as unknown as {
    rows: { period: string; count: number | string; average: number | string }[];
  };
  return result.rows.map((row) => ({
    period: row.period,
    count: Number(row.count),
    averageRating: Number(row.average),
  }));
}
