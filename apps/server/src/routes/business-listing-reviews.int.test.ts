import { businessListingReviews } from '@brigade/db/schema/business-listing';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { api, connect, makeWorld, type Place } from './test-business-listing';

// Reviews (issue 19) against the in-process emulator over HTTP: a sync stores every
// review once with its derivations, a second sync changes nothing, pages are followed; replies go to Google
// first and keep whether the AI drafted them; another tenant's users and employees get 404.

const t = useTestApp();
let world: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  world = await makeWorld(t);
});

const emulator = async () => (await t.deps.businessListing.emulator())!;
const trattoriaReviews = async () => (await emulator()).state.reviews.get('4001')!;

async function syncedPlace(): Promise<{ place: Place; connectionId: string }> {
  const place = await world.newPlace();
  const { connectionId } = await connect(t, world.owner, place);
  const chosen = await api(t, world.owner, 'PATCH', '/locations/select', {
    tenantId: place.tenantGuid,
    restaurantId: place.restaurantGuid,
    locationId: '4001',
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return { place, connectionId };
}

const sync = (connectionId: string) =>
  api(t, world.owner, 'POST', `/connections/${connectionId}/sync/reviews`);
const stored = async (restaurantId: number) =>
  t.database.db
    .select()
    .from(businessListingReviews)
    .where(eq(businessListingReviews.restaurantId, restaurantId));
const reviewsOf = async (connectionId: string) =>
  (await api(t, world.owner, 'GET', `/connections/${connectionId}/reviews?limit=500`)).json().data as {
    reviewId: string;
    rating: number;
    comment: string | null;
    response: string | null;
    sentiment: string;
    needsResponse: boolean;
    isReviewerAnonymous: boolean;
    isAiGenerated: boolean;
  }[];

describe('review sync', () => {
  it('stores every review once with its fields and derivations, and a second sync changes nothing', async () => {
    const { place, connectionId } = await syncedPlace();
    const first = await sync(connectionId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      fetched: 25,
      created: 25,
      updated: 0,
      unchanged: 0,
      missing: 0,
    });
    expect(first.json().data.totalReviewCount).toBe(25);
    const reviews = await reviewsOf(connectionId);
    const byId = new Map(reviews.map((review) => [review.reviewId, review]));
    // emu-review-001: one star, replied; -002: four stars, no reply; -003: two stars, no reply.
    expect(byId.get('google_emu-review-001')).toMatchObject({
      rating: 1,
      sentiment: 'negative',
      response: 'Thank you for visiting!',
      needsResponse: false,
    });
    expect(byId.get('google_emu-review-002')).toMatchObject({
      rating: 4,
      sentiment: 'positive',
      needsResponse: false,
    });
    expect(byId.get('google_emu-review-003')).toMatchObject({
      rating: 2,
      needsResponse: true,
      response: null,
    });
    expect(byId.get('google_emu-review-005')?.comment).toBeNull();
    expect(byId.get('google_emu-review-007')?.isReviewerAnonymous).toBe(true);
    expect(reviews.filter((review) => review.rating === 3).every((r) => r.sentiment === 'neutral')).toBe(
      true,
    );

    const before = await stored(place.restaurantId);
    const second = await sync(connectionId);
    expect(second.json().data).toMatchObject({ fetched: 25, created: 0, updated: 0, unchanged: 25 });
    const after = await stored(place.restaurantId);
    expect(after).toHaveLength(25);
    expect(after.map((row) => row.updatedAt.getTime()).sort()).toEqual(
      before.map((row) => row.updatedAt.getTime()).sort(),
    );
    const got = await api(t, world.owner, 'GET', `/connections/${connectionId}`);
    expect(got.json().data.lastSyncAt).not.toBeNull();
  });

  it('refuses to sync before a location is chosen', async () => {
    const place = await world.newPlace();
    const { connectionId } = await connect(t, world.owner, place);
    const answer = await sync(connectionId);
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      code: 'LOCATION_NOT_SELECTED',
      detail: 'Choose a location before syncing reviews',
    });
  });
});

describe('POST /business-listing/reviews/reply', () => {
  it('posts the reply to Google, stores it as AI-drafted, and forgets that once it changes on Google', async () => {
    const { place, connectionId } = await syncedPlace();
    expect((await sync(connectionId)).statusCode).toBe(200);
    const text = 'We are sorry the pasta was cold. Please come back and let us make it right.';
    const body = { reviewId: 'google_emu-review-003', response: text, isAiGenerated: true };
    // Several restaurants of this tenant hold the emulator's location: the review id alone is ambiguous.
    const ambiguous = await api(t, world.manager, 'POST', '/reviews/reply', body);
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json().code).toBe('REVIEW_AMBIGUOUS');
    const answer = await api(t, world.manager, 'POST', '/reviews/reply', {
      ...body,
      tenantId: place.tenantGuid,
      restaurantId: place.restaurantGuid,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ response: text, isAiGenerated: true, needsResponse: false });
    const atGoogle = (await trattoriaReviews()).find((r) => r.reviewId === 'emu-review-003');
    expect(atGoogle?.reviewReply?.comment).toBe(text);
    const [row] = (await stored(place.restaurantId)).filter((r) => r.reviewId === 'google_emu-review-003');
    expect(row?.respondedBy).not.toBeNull();

    // A sync that finds the same reply keeps it as AI-drafted ...
    expect((await sync(connectionId)).json().data.updated).toBe(0);
    expect(
      (await reviewsOf(connectionId)).find((r) => r.reviewId === 'google_emu-review-003')?.isAiGenerated,
    ).toBe(true);
    // ... and one that finds it changed on Google takes Google's text and no longer calls it AI-drafted.
    atGoogle!.reviewReply = { comment: 'Edited on Google', updateTime: new Date().toISOString() };
    expect((await sync(connectionId)).json().data.updated).toBe(1);
    const synced = (await reviewsOf(connectionId)).find((r) => r.reviewId === 'google_emu-review-003');
    expect(synced).toMatchObject({ response: 'Edited on Google', isAiGenerated: false });
  });

  it('refuses replies that are empty or too long (4096 characters or UTF-8 bytes)', async () => {
    const { place, connectionId } = await syncedPlace();
    expect((await sync(connectionId)).statusCode).toBe(200);
    const scope = { tenantId: place.tenantGuid, restaurantId: place.restaurantGuid };
    const reply = (response: string) =>
      api(t, world.owner, 'POST', '/reviews/reply', {
        reviewId: 'google_emu-review-002',
        response,
        ...scope,
      });
    for (const long of ['x'.repeat(4097), '€'.repeat(1400)]) {
      const answer = await reply(long);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().detail).toBe('Response too long');
    }
    expect((await reply('   ')).json().detail).toBe('Response is required');
    expect((await reply('x'.repeat(4096))).statusCode).toBe(200);
    const unknown = await api(t, world.owner, 'POST', '/reviews/reply', {
      reviewId: 'google_nope',
      response: 'Hi',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Review not found');
  });

  it("gives another tenant's users and employees 404 and changes nothing", async () => {
    const { place, connectionId } = await syncedPlace();
    expect((await sync(connectionId)).statusCode).toBe(200);
    const before = await stored(place.restaurantId);
    const repliesBefore = JSON.stringify(await trattoriaReviews());
    for (const session of [world.outsider, world.employee]) {
      const answers = [
        await api(t, session, 'POST', `/connections/${connectionId}/sync/reviews`),
        await api(t, session, 'GET', `/connections/${connectionId}/reviews`),
        await api(t, session, 'POST', '/reviews/reply', {
          reviewId: 'google_emu-review-004',
          response: 'Not yours',
          tenantId: place.tenantGuid,
          restaurantId: place.restaurantGuid,
        }),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(404);
        expect(answer.body).not.toContain('emu-review');
      }
    }
    expect(JSON.stringify(await trattoriaReviews())).toBe(repliesBefore);
    expect(await stored(place.restaurantId)).toEqual(before);
  });
});

describe('DELETE /business-listing/reviews/reply', () => {
  it('deletes the reply on Google and here; a low rating needs a response again', async () => {
    const { place, connectionId } = await syncedPlace();
    expect((await sync(connectionId)).statusCode).toBe(200);
    const scope = `tenantId=${place.tenantGuid}&restaurantId=${place.restaurantGuid}`;
    // emu-review-001: one star, replied in the emulator's world.
    const answer = await api(
      t,
      world.owner,
      'DELETE',
      `/reviews/reply?reviewId=google_emu-review-001&${scope}`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ response: null, needsResponse: true, isAiGenerated: false });
    expect(
      (await trattoriaReviews()).find((r) => r.reviewId === 'emu-review-001')?.reviewReply,
    ).toBeUndefined();
    const outsider = await api(
      t,
      world.outsider,
      'DELETE',
      `/reviews/reply?reviewId=google_emu-review-004&${scope}`,
    );
    expect(outsider.statusCode).toBe(404);
    expect((await api(t, world.owner, 'DELETE', '/reviews/reply')).json().detail).toBe(
      'reviewId is required',
    );
  });
});

describe('review sync over several pages', () => {
  it('follows the pages (50 a page) and stores reviews added since', async () => {
    const { place, connectionId } = await syncedPlace();
    expect((await sync(connectionId)).json().data.created).toBe(25);
    const reviews = await trattoriaReviews();
    const template = reviews[1]!;
    for (let i = 0; i < 40; i++)
      reviews.push({ ...template, reviewId: `emu-extra-${i}`, reviewReply: undefined } as typeof template);
    const requests = (await emulator()).requests;
    const pagesBefore = requests.filter((r) => r.path.endsWith('/reviews')).length;
    const answer = await sync(connectionId);
    expect(answer.json().data).toMatchObject({ fetched: 65, created: 40, unchanged: 25, missing: 0 });
    const pages = requests.filter((r) => r.path.endsWith('/reviews')).slice(pagesBefore);
    expect(pages.map((r) => r.query.pageSize)).toEqual(['50', '50']);
    expect(pages[1]?.query.pageToken).toBe('50');
    expect(await stored(place.restaurantId)).toHaveLength(65);
  });
});
