import { autoReplyDueReviews } from '@brigade/core/listing/auto-reply-job';
import { businessListingConnections, businessListingReviews } from '@brigade/db/schema/business-listing';
import { restaurants } from '@brigade/db/schema/tenancy';
import type { AiReplyConfig } from '@brigade/domain/platform-sync';
import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { scheduledListingDeps } from '../business-listing-runtime';
import { useTestApp } from '../test-app';
import { api, connect, makeWorld, type Place } from './test-business-listing';

// With no language model (LLM_EMULATOR=off): drafts on request come from the local drafter, and the
// auto-reply job (`listing.autoreply`, issue 19; docs/behaviour/ai-review-replies.md) posts a draft only when the
// connection's AI is enabled, the restaurant's auto-reply is on, the rating is selected (and at least the
// minimum rating) and the review threshold has passed — recorded as AI-drafted and auto-posted — and exactly
// once with two runs at the same time. Google is the in-process emulator over HTTP.

const t = useTestApp({ env: { LLM_EMULATOR: 'off' } });
let world: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  world = await makeWorld(t);
});

const HOUR = 60 * 60_000;
const google = async () => (await t.deps.businessListing.emulator())!;
/** One run of the `listing.autoreply` job as one server instance would make it (a new instance each call). */
const autoReplyRun = async (now: Date) =>
  autoReplyDueReviews(
    scheduledListingDeps(t.deps, t.database.db, { warn: () => {} }),
    await t.deps.llm.api(),
    now,
  );

async function syncedPlace(): Promise<{ place: Place; connectionId: string }> {
  const place = await world.newPlace();
  const { connectionId } = await connect(t, world.owner, place);
  const body = { tenantId: place.tenantGuid, restaurantId: place.restaurantGuid, locationId: '4001' };
  expect((await api(t, world.owner, 'PATCH', '/locations/select', body)).statusCode).toBe(200);
  expect((await api(t, world.owner, 'POST', `/connections/${connectionId}/sync/reviews`)).statusCode).toBe(
    200,
  );
  // No scheduled sync during these runs: it would bring Google's review times back.
  await t.database.db
    .update(businessListingConnections)
    .set({ nextSyncAt: new Date(Date.now() + 365 * 24 * HOUR) });
  return { place, connectionId };
}

/** Every review of the place far in the future (never due), then the ones given written `hoursAgo`. */
async function reviewTimes(place: Place, now: Date, hoursAgo: Record<string, number>) {
  const r = businessListingReviews;
  await t.database.db
    .update(r)
    .set({ reviewTime: new Date(now.getTime() + 365 * 24 * HOUR) })
    .where(eq(r.restaurantId, place.restaurantId));
  for (const [id, hours] of Object.entries(hoursAgo))
    await t.database.db
      .update(r)
      .set({ reviewTime: new Date(now.getTime() - hours * HOUR) })
      .where(and(eq(r.restaurantId, place.restaurantId), eq(r.reviewId, `google_emu-review-${id}`)));
}

async function replyConfig(place: Place, config: Partial<AiReplyConfig>) {
  const [row] = await t.database.db
    .select()
    .from(restaurants)
    .where(eq(restaurants.restaurantId, place.restaurantId));
  const platformSync = structuredClone(row!.platformSync);
  platformSync.platforms.googleMyBusiness = {
    enabled: true,
    syncStatus: 'connected',
    aiReplyConfig: {
      enabled: true,
      autoReply: false,
      responseLength: 'short',
      includeBusinessName: true,
      ...config,
    },
  };
  await t.database.db
    .update(restaurants)
    .set({ platformSync })
    .where(eq(restaurants.restaurantId, place.restaurantId));
}

/** The place's reviews the job answered (a sync also brings in replies other places' tests posted). */
const replied = async (place: Place) =>
  (
    await t.database.db
      .select()
      .from(businessListingReviews)
      .where(eq(businessListingReviews.restaurantId, place.restaurantId))
  )
    .filter((row) => row.responseAutoPosted)
    .map((row) => row.reviewId)
    .sort();
const replyPuts = async (id: string) =>
  (await google()).requests.filter((req) => req.method === 'PUT' && req.path.endsWith(`/reviews/${id}/reply`))
    .length;

describe('generate-ai-response without a language model', () => {
  it("answers the local drafter's draft, the same one each time, and posts nothing", async () => {
    const { connectionId } = await syncedPlace();
    const body = { connectionId, reviewId: 'google_emu-review-005' };
    const before = (await google()).requests.length;
    const first = await api(t, world.owner, 'POST', '/reviews/generate-ai-response', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.source).toBe('local');
    expect(first.json().data.response.length).toBeGreaterThan(20);
    const second = await api(t, world.manager, 'POST', '/reviews/generate-ai-response', body);
    expect(second.json().data).toEqual(first.json().data);
    expect((await google()).requests.length).toBe(before);
  });
});

describe('the auto-reply job', () => {
  it('posts only with AI and auto-reply on, for selected ratings at or above the minimum, once the threshold passed', async () => {
    const { place, connectionId } = await syncedPlace();
    const now = new Date();
    // 003 and 008: two stars; 006: one star; 009: five stars. None has a reply on Google.
    await reviewTimes(place, now, { '003': 25, '008': 23, '006': 48, '009': 48 });

    // Nothing is posted while auto-reply is off, or AI is off, or neither was ever set.
    expect(await autoReplyRun(now)).toMatchObject({ posted: 0 });
    await replyConfig(place, { autoReply: true, minimumRating: 2 });
    expect(await autoReplyRun(now)).toMatchObject({ posted: 0 });
    const config = { connectionId, isEnabled: false, autoRespondToRatings: [1, 2], reviewThreshold: 24 };
    expect((await api(t, world.owner, 'POST', '/ai-config', config)).statusCode).toBe(200);
    expect(await autoReplyRun(now)).toMatchObject({ posted: 0 });
    expect(await replied(place)).toEqual([]);

    await api(t, world.owner, 'POST', '/ai-config', { ...config, isEnabled: true });
    const run = await autoReplyRun(now);
    expect(run).toMatchObject({ due: 1, posted: 1, failed: 0 });
    // 008 is too soon, 006 below the minimum rating, 009 a rating auto-reply is not on for.
    expect(await replied(place)).toEqual(['google_emu-review-003']);
    const reviews = (
      await api(t, world.owner, 'GET', `/connections/${connectionId}/reviews?limit=500`)
    ).json().data as {
      reviewId: string;
      response: string;
      isAiGenerated: boolean;
      replyAutoPosted: boolean;
    }[];
    const posted = reviews.find((review) => review.reviewId === 'google_emu-review-003')!;
    expect(posted).toMatchObject({ isAiGenerated: true, replyAutoPosted: true });
    const atGoogle = (await google()).state.reviews.get('4001')!.find((r) => r.reviewId === 'emu-review-003');
    expect(atGoogle?.reviewReply?.comment).toBe(posted.response);
    const [row] = await t.database.db
      .select()
      .from(businessListingReviews)
      .where(
        and(
          eq(businessListingReviews.restaurantId, place.restaurantId),
          eq(businessListingReviews.reviewId, posted.reviewId),
        ),
      );
    expect(row?.respondedBy).toBeNull();
    // Its reply history: one posting with no user, AI-drafted and auto-posted (migration 0022).
    const history = await api(
      t,
      world.owner,
      'GET',
      `/connections/${connectionId}/reviews/${posted.reviewId}/history`,
    );
    expect(history.json().data).toMatchObject([
      { action: 'posted', response: posted.response, userId: null, isAiGenerated: true, autoPosted: true },
    ]);
    expect(history.json().data).toHaveLength(1);
    expect(reviews.filter((review) => review.replyAutoPosted)).toHaveLength(1);

    // Two hours later 008's threshold has passed too; 003 is not answered again.
    expect(await autoReplyRun(new Date(now.getTime() + 2 * HOUR))).toMatchObject({
      posted: 1,
    });
    expect(await replied(place)).toEqual(['google_emu-review-003', 'google_emu-review-008']);
    expect(await replyPuts('emu-review-003')).toBe(1);
  });

  it('posts each due review exactly once with two runs at the same time', async () => {
    const { place, connectionId } = await syncedPlace();
    const now = new Date();
    // 012 and 017: four stars, no reply.
    await reviewTimes(place, now, { '012': 30, '017': 40 });
    await replyConfig(place, { autoReply: true });
    const config = { connectionId, isEnabled: true, autoRespondToRatings: [4] };
    expect((await api(t, world.owner, 'POST', '/ai-config', config)).statusCode).toBe(200);

    const runs = await Promise.all([autoReplyRun(now), autoReplyRun(now)]);
    const posted = runs.map((run) => run.posted);
    expect(posted[0]! + posted[1]!).toBe(2);
    expect(await replied(place)).toEqual(['google_emu-review-012', 'google_emu-review-017']);
    expect(await replyPuts('emu-review-012')).toBe(1);
    expect(await replyPuts('emu-review-017')).toBe(1);
    const rows = await t.database.db
      .select()
      .from(businessListingReviews)
      .where(
        and(
          eq(businessListingReviews.restaurantId, place.restaurantId),
          inArray(businessListingReviews.reviewId, ['google_emu-review-012', 'google_emu-review-017']),
        ),
      );
    expect(
      rows.every((row) => row.responseAutoPosted && row.responseIsAiGenerated && row.autoReplyClaimedAt),
    ).toBe(true);
    // A later run finds nothing left to post.
    expect(await autoReplyRun(new Date(now.getTime() + HOUR))).toMatchObject({
      posted: 0,
    });
  });

  it('gives the claim back when Google fails, and posts on the next run', async () => {
    const { place, connectionId } = await syncedPlace();
    const now = new Date();
    // 020: three stars, no reply.
    await reviewTimes(place, now, { '020': 30 });
    await replyConfig(place, { autoReply: true });
    await api(t, world.owner, 'POST', '/ai-config', {
      connectionId,
      isEnabled: true,
      autoRespondToRatings: [3],
    });
    (await google()).exhaustQuota(3, 1);
    expect(await autoReplyRun(now)).toMatchObject({ due: 1, posted: 0, failed: 1 });
    const [row] = await t.database.db
      .select()
      .from(businessListingReviews)
      .where(
        and(
          eq(businessListingReviews.restaurantId, place.restaurantId),
          eq(businessListingReviews.reviewId, 'google_emu-review-020'),
        ),
      );
    expect(row).toMatchObject({ response: null, autoReplyClaimedAt: null, responseAutoPosted: false });
    expect(await autoReplyRun(now)).toMatchObject({ posted: 1 });
    expect(await replied(place)).toEqual(['google_emu-review-020']);
  });
});
