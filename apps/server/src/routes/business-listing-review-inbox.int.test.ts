import { randomUUID } from 'node:crypto';
import { businessListingReviews } from '@brigade/db/schema/business-listing';
import { TEXT_CHARACTERS_MESSAGE } from '@brigade/domain/text';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { api, connect, makeWorld, type Place } from './test-business-listing';

// The reviews inbox on the server (issue 19): every filter, sort and the keyset paging of
// GET …/connections/{id}/reviews, and the summary route's figures, each checked against the same rules
// computed here in plain TypeScript over the rows the test stored; bad parameters are 400s; another
// tenant's users and employees get 404 and nothing.

const t = useTestApp();
let world: Awaited<ReturnType<typeof makeWorld>>;
let place: Place;
let connectionId: string;

interface Stored {
  id: string;
  reviewId: string;
  reviewerName: string;
  rating: number;
  comment: string | null;
  reviewTime: Date | null;
  response: string | null;
}
const rows: Stored[] = [];

// Deterministic variety: ratings, 130 times over five months with runs of equal timestamps, undated
// reviews, blank replies, and names and comments that need case folding and LIKE escaping.
function makeRows(): Stored[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  const words = ['Pasta', 'pizza', 'slow service', 'lovely staff', '50%_off', 'Tiramisù', 'cold soup'];
  const names = ['Ana Lima', 'Bob Stone', 'Chloé Martin', 'Dev Patel', 'Eve PASTA'];
  const start = Date.UTC(2026, 2, 1);
  return Array.from({ length: 130 }, (_, index) => {
    const rating = 1 + Math.floor(next() * 5);
    const time =
      index % 29 === 0
        ? null
        : index % 5 === 0
          ? start + 40 * 86_400_000
          : start + Math.floor(next() * 150) * 86_400_000;
    const reply = next();
    return {
      id: randomUUID(),
      reviewId: `inbox-${index}`,
      reviewerName: names[index % names.length]!,
      rating,
      comment:
        index % 7 === 3 ? null : `${words[index % words.length]} and ${words[(index * 3) % words.length]}`,
      reviewTime: time === null ? null : new Date(time),
      response: reply < 0.35 ? 'Thanks!' : reply < 0.4 ? '   ' : null,
    };
  });
}

beforeAll(async () => {
  world = await makeWorld(t);
  place = await world.newPlace();
  ({ connectionId } = await connect(t, world.owner, place));
  const chosen = await api(t, world.owner, 'PATCH', '/locations/select', {
    tenantId: place.tenantGuid,
    restaurantId: place.restaurantGuid,
    locationId: '4001',
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  rows.push(...makeRows());
  await t.database.db.insert(businessListingReviews).values(
    rows.map((row) => ({
      ...row,
      tenantId: place.tenantId,
      restaurantId: place.restaurantId,
      connectionId,
      externalId: row.reviewId,
    })),
  );
});

// --- The rules, computed independently ---------------------------------------------------------------
const replied = (row: Stored) => row.response !== null && row.response.trim() !== '';
const needsResponse = (row: Stored) => !replied(row) && row.rating <= 3;
const time = (row: Stored) => row.reviewTime?.getTime() ?? null;
const cmp = (a: number | string, b: number | string) => (a < b ? -1 : a > b ? 1 : 0);
/** Newest first, undated last, then the row id descending. */
const newest = (a: Stored, b: Stored) => {
  const [x, y] = [time(a), time(b)];
  if (x !== y) return x === null ? 1 : y === null ? -1 : y - x;
  return cmp(b.id, a.id);
};
const ORDERS: Record<string, (a: Stored, b: Stored) => number> = {
  newest,
  oldest: (a, b) => newest(b, a),
  lowest: (a, b) => a.rating - b.rating || newest(a, b),
  highest: (a, b) => b.rating - a.rating || newest(a, b),
};

const ids = (list: { reviewId: string }[]) => list.map((one) => one.reviewId);
const expected = (keep: (row: Stored) => boolean, sort = 'newest') =>
  ids(rows.filter(keep).sort(ORDERS[sort]));

// --- The API -----------------------------------------------------------------------------------------
const get = (query: string, session = world.owner) =>
  api(t, session, 'GET', `/connections/${connectionId}/reviews${query ? `?${query}` : ''}`);

/** Every page of a query, following nextCursor; fails on a page over the limit. */
async function everyPage(query: string, limit = 9): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const answer = await get(
      `${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as { data: { reviewId: string }[]; nextCursor: string | null };
    expect(body.data.length).toBeLessThanOrEqual(limit);
    seen.push(...ids(body.data));
    cursor = body.nextCursor;
    if (!cursor) return seen;
    expect(body.data).toHaveLength(limit);
  }
  throw new Error('too many pages');
}

describe('review list: sorts and keyset paging', () => {
  it.each(['newest', 'oldest', 'lowest', 'highest'])(
    'pages through every review sorted by %s with no duplicate or gap, equal times included',
    async (sort) => {
      const all = await everyPage(`sort=${sort}`);
      expect(all).toEqual(expected(() => true, sort));
      expect(new Set(all).size).toBe(rows.length);
    },
  );

  it('answers 50 by default, reads a limit over 100 (older callers) as 100, and says when the list ends', async () => {
    const first = (await get('')).json();
    expect(first.data).toHaveLength(50);
    expect(first.nextCursor).toEqual(expect.any(String));
    expect(ids(first.data)).toEqual(expected(() => true).slice(0, 50));
    const wide = (await get('limit=500')).json();
    expect(wide.data).toHaveLength(100);
    const rest = (await get(`limit=100&cursor=${encodeURIComponent(wide.nextCursor)}`)).json();
    expect(rest.data).toHaveLength(30);
    expect(rest.nextCursor).toBeNull();
  });

  it('continues after the last row seen when a newer review arrives between two pages', async () => {
    const first = (await get('limit=10')).json();
    const fresh = { ...makeRows()[1]!, id: randomUUID(), reviewId: 'inbox-late', reviewTime: new Date() };
    await t.database.db.insert(businessListingReviews).values({
      ...fresh,
      tenantId: place.tenantId,
      restaurantId: place.restaurantId,
      connectionId,
      externalId: fresh.reviewId,
    });
    try {
      const second = (await get(`limit=10&cursor=${encodeURIComponent(first.nextCursor)}`)).json();
      expect(ids(second.data)).toEqual(expected(() => true).slice(10, 20));
    } finally {
      const { eq } = await import('drizzle-orm');
      await t.database.db.delete(businessListingReviews).where(eq(businessListingReviews.id, fresh.id));
    }
  });
});

const DAY = (date: string) => Date.parse(`${date}T00:00:00Z`);
const FILTERS: [string, (row: Stored) => boolean][] = [
  ['status=needs-response', needsResponse],
  ['status=unanswered', (row) => !replied(row)],
  ['status=replied', replied],
  ['rating=2', (row) => row.rating === 2],
  ['rating=1,5', (row) => row.rating === 1 || row.rating === 5],
  ['rating=1&rating=5', (row) => row.rating === 1 || row.rating === 5],
  ['sentiment=positive', (row) => row.rating >= 4],
  ['sentiment=neutral', (row) => row.rating === 3],
  ['sentiment=negative', (row) => row.rating <= 2],
  ['from=2026-04-10', (row) => time(row) !== null && time(row)! >= DAY('2026-04-10')],
  ['to=2026-04-10', (row) => time(row) !== null && time(row)! < DAY('2026-04-11')],
  [
    'from=2026-04-01&to=2026-05-15',
    (row) => time(row) !== null && time(row)! >= DAY('2026-04-01') && time(row)! < DAY('2026-05-16'),
  ],
  ['from=2026-04-10T00:00:00Z&to=2026-04-10T00:00:00Z', (row) => time(row) === DAY('2026-04-10')],
  ['search=pasta', (row) => /pasta/i.test(`${row.reviewerName}\n${row.comment ?? ''}`)],
  [
    'search=%20SLOW%20%20service%20',
    (row) => /slow/i.test(row.comment ?? '') && /service/i.test(row.comment ?? ''),
  ],
  ['search=50%25_', (row) => (row.comment ?? '').includes('50%_')],
  ['search=%25', (row) => (row.comment ?? '').includes('%')],
  ['search=_o', (row) => /_o/i.test(`${row.reviewerName}\n${row.comment ?? ''}`)],
  ['search=bob%20pizza', (row) => /bob/i.test(row.reviewerName) && /pizza/i.test(row.comment ?? '')],
  ['reviewId=inbox-7', (row) => row.reviewId === 'inbox-7'],
  [
    'status=needs-response&rating=1,3&search=soup&sort=oldest',
    (row) => needsResponse(row) && [1, 3].includes(row.rating) && /soup/i.test(row.comment ?? ''),
  ],
];

describe('review list: filters', () => {
  it.each(FILTERS)('%s selects exactly the matching reviews, in order, across pages', async (query, keep) => {
    const sort = /sort=(\w+)/.exec(query)?.[1] ?? 'newest';
    const want = expected(keep, sort);
    if (!query.startsWith('reviewId') && !query.startsWith('from=2026-04-10T'))
      expect(want.length).toBeGreaterThan(1);
    expect(await everyPage(query, 4)).toEqual(want);
  });
});

interface Summary {
  count: number;
  averageRating: number | null;
  ratingDistribution: Record<string, number>;
  needsResponse: number;
  trendUnit: 'week' | 'month';
  trend: { period: string; count: number; averageRating: number }[];
}

/** Two decimals, an exact half up (as numeric rounding): integers until the one division. */
const average = (sum: number, count: number) => Math.round((sum * 100) / count) / 100;
function periodOf(date: Date, unit: 'week' | 'month'): string {
  if (unit === 'month') return `${date.toISOString().slice(0, 7)}-01`;
  const monday = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
  return monday.toISOString().slice(0, 10);
}
function summaryOf(keep: (row: Stored) => boolean, unit: 'week' | 'month'): Summary {
  const chosen = rows.filter(keep);
  const sum = chosen.reduce((total, row) => total + row.rating, 0);
  const buckets = new Map<string, number[]>();
  for (const row of chosen)
    if (row.reviewTime)
      buckets.set(periodOf(row.reviewTime, unit), [
        ...(buckets.get(periodOf(row.reviewTime, unit)) ?? []),
        row.rating,
      ]);
  return {
    count: chosen.length,
    averageRating: chosen.length ? average(sum, chosen.length) : null,
    ratingDistribution: Object.fromEntries(
      [1, 2, 3, 4, 5].map((n) => [String(n), chosen.filter((row) => row.rating === n).length]),
    ),
    needsResponse: chosen.filter(needsResponse).length,
    trendUnit: unit,
    trend: [...buckets.entries()]
      .sort(([a], [b]) => cmp(a, b))
      .map(([period, ratings]) => ({
        period,
        count: ratings.length,
        averageRating: average(
          ratings.reduce((a, b) => a + b, 0),
          ratings.length,
        ),
      })),
  };
}

const summary = (query: string, session = world.owner) =>
  api(t, session, 'GET', `/connections/${connectionId}/reviews/summary${query ? `?${query}` : ''}`);

describe('review summary', () => {
  it('counts, averages, spreads and trends every review (months: they span five)', async () => {
    const answer = await summary('');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual(summaryOf(() => true, 'month'));
  });

  const summaryFilters = FILTERS.filter(([query]) => !query.startsWith('reviewId'));
  it.each(summaryFilters)('with %s, the figures of exactly those reviews, weekly', async (query, keep) => {
    const answer = await summary(`${query}&trend=week`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual(summaryOf(keep, 'week'));
  });

  it('trends weekly on its own when the reviews span fewer than three months, and is empty for none', async () => {
    const narrow = (await summary('from=2026-04-01&to=2026-04-30')).json().data as Summary;
    expect(narrow.trendUnit).toBe('week');
    expect(narrow.trend.length).toBeGreaterThan(1);
    const none = (await summary('search=no-such-words-anywhere')).json().data as Summary;
    expect(none).toEqual({
      count: 0,
      averageRating: null,
      ratingDistribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
      needsResponse: 0,
      trendUnit: 'week',
      trend: [],
    });
  });
});

describe('bad parameters and access', () => {
  const sortedCursor = async (query: string) => (await get(`${query}limit=2`)).json().nextCursor as string;

  it.each([
    ['rating=6', 'query.rating', 'rating must be one or more of 1, 2, 3, 4, 5, separated by commas'],
    ['rating=two', 'query.rating', 'rating must be one or more of 1, 2, 3, 4, 5, separated by commas'],
    ['status=open', 'query.status', 'status must be needs-response, unanswered or replied'],
    ['sentiment=happy', 'query.sentiment', 'sentiment must be positive, neutral or negative'],
    ['sort=random', 'query.sort', 'sort must be newest, oldest, lowest or highest'],
    ['from=2026-13-01', 'query.from', 'from and to must be dates (YYYY-MM-DD) or ISO date-times'],
    ['to=yesterday', 'query.to', 'from and to must be dates (YYYY-MM-DD) or ISO date-times'],
    ['from=2026-05-02&to=2026-05-01', 'query.from', 'from must not be after to'],
    [`search=${'a'.repeat(201)}`, 'query.search', 'search must be at most 200 characters'],
    ['search=a%00b', 'query.search', TEXT_CHARACTERS_MESSAGE],
    ['limit=0', 'query.limit', 'limit must be between 1 and 500'],
    ['limit=501', 'query.limit', 'limit must be between 1 and 500'],
    ['limit=1.5', 'query.limit', 'limit must be between 1 and 500'],
    ['cursor=not-a-cursor', 'query.cursor', 'Invalid cursor'],
  ])('refuses %s with a 400 naming the parameter', async (query, path, message) => {
    for (const route of [get, summary]) {
      if (route === summary && /^(sort|limit|cursor)=/.test(query)) continue;
      const answer = await route(query);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().errors).toContainEqual({ path, message });
    }
  });

  it('refuses a cursor of another sort or other filters, or one with a forged key', async () => {
    const newestCursor = await sortedCursor('');
    for (const query of ['sort=oldest', 'sort=lowest', 'rating=1', 'search=pasta']) {
      const answer = await get(`${query}&cursor=${encodeURIComponent(newestCursor)}`);
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().errors).toEqual([{ path: 'query.cursor', message: 'Invalid cursor' }]);
    }
    const body = JSON.parse(Buffer.from(newestCursor, 'base64url').toString());
    for (const key of [
      ["'; drop table x", body.k[1]],
      [body.k[0], 'not-a-uuid'],
      [1, 2],
    ]) {
      const forged = Buffer.from(JSON.stringify({ l: body.l, k: key })).toString('base64url');
      const answer = await get(`cursor=${forged}`);
      expect(answer.statusCode, answer.body).toBe(400);
    }
    const lowest = await sortedCursor('sort=lowest&');
    expect((await get(`sort=lowest&cursor=${encodeURIComponent(lowest)}`)).statusCode).toBe(200);
  });

  it("gives another tenant's users and employees 404 and no review or figure", async () => {
    for (const session of [world.outsider, world.employee]) {
      for (const answer of [
        await get('', session),
        await summary('', session),
        await get('rating=1', session),
      ]) {
        expect(answer.statusCode, answer.body).toBe(404);
        expect(answer.body).not.toContain('inbox-');
        expect(answer.json().data).toBeUndefined();
      }
    }
    expect((await get('', world.manager)).statusCode).toBe(200);
  });
});
