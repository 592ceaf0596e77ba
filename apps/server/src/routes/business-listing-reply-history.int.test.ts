import { businessListingReviewReplies } from '@brigade/db/schema/business-listing';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { api, connect, makeWorld, type Place, scopeQuery } from './test-business-listing';

// A review's reply history (issue 19; migration 0022): every reply posted, edited or deleted from Brigade is
// recorded with the review change in one transaction, a reply changed on Google is recorded by the sync that
// finds it, a failed Google call records nothing, and only the restaurant's owners, admins and managers see it.
// Google is the in-process emulator over HTTP.

const t = useTestApp();
let world: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  world = await makeWorld(t);
});

const emulator = async () => (await t.deps.businessListing.emulator())!;

async function syncedPlace(): Promise<{ place: Place; connectionId: string }> {
  const place = await world.newPlace();
  const { connectionId } = await connect(t, world.owner, place);
  const body = { tenantId: place.tenantGuid, restaurantId: place.restaurantGuid, locationId: '4001' };
  expect((await api(t, world.owner, 'PATCH', '/locations/select', body)).statusCode).toBe(200);
  expect((await api(t, world.owner, 'POST', `/connections/${connectionId}/sync/reviews`)).statusCode).toBe(
    200,
  );
  return { place, connectionId };
}

type Event = {
  action: string;
  response: string | null;
  isAiGenerated: boolean;
  autoPosted: boolean;
  userId: string | null;
  userName: string | null;
};

const history = async (session: typeof world.owner, connectionId: string, reviewId: string) =>
  api(t, session, 'GET', `/connections/${connectionId}/reviews/${reviewId}/history`);
const eventsOf = async (connectionId: string, reviewId: string) => {
  const answer = await history(world.owner, connectionId, reviewId);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as Event[];
};
const reply = (place: Place, reviewId: string, response: string, isAiGenerated = false) =>
  api(t, world.manager, 'POST', '/reviews/reply', {
    reviewId,
    response,
    isAiGenerated,
    tenantId: place.tenantGuid,
    restaurantId: place.restaurantGuid,
  });

describe('GET /business-listing/connections/{connectionId}/reviews/{reviewId}/history', () => {
  it('lists posted, edited and deleted newest first, with who did each, and a change found on Google', async () => {
    const { place, connectionId } = await syncedPlace();
    const id = 'google_emu-review-008';
    expect(await eventsOf(connectionId, id)).toEqual([]);
    expect((await reply(place, id, 'Thank you, see you soon!', true)).statusCode).toBe(200);
    expect((await reply(place, id, 'Thank you for the kind words.')).statusCode).toBe(200);
    const deleted = await api(t, world.owner, 'DELETE', `/reviews/reply?reviewId=${id}&${scopeQuery(place)}`);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const events = await eventsOf(connectionId, id);
    expect(events.map((event) => [event.action, event.response, event.isAiGenerated])).toEqual([
      ['deleted', null, false],
      ['edited', 'Thank you for the kind words.', false],
      ['posted', 'Thank you, see you soon!', true],
    ]);
    expect(events.every((event) => event.userId !== null && event.userName && !event.autoPosted)).toBe(true);
    // The manager posted and edited, the owner deleted.
    expect(events[1]!.userId).toBe(events[2]!.userId);
    expect(events[0]!.userId).not.toBe(events[1]!.userId);

    // A reply written on Google itself is recorded by the next sync, without a user.
    const atGoogle = (await emulator()).state.reviews
      .get('4001')!
      .find((r) => r.reviewId === 'emu-review-008')!;
    atGoogle.reviewReply = { comment: 'Written on Google', updateTime: new Date().toISOString() };
    expect((await api(t, world.owner, 'POST', `/connections/${connectionId}/sync/reviews`)).statusCode).toBe(
      200,
    );
    const [changed, ...rest] = await eventsOf(connectionId, id);
    expect(changed).toMatchObject({
      action: 'changed-on-google',
      response: 'Written on Google',
      userId: null,
    });
    expect(rest).toHaveLength(3);
    // A sync that finds nothing changed records nothing.
    await api(t, world.owner, 'POST', `/connections/${connectionId}/sync/reviews`);
    expect(await eventsOf(connectionId, id)).toHaveLength(4);
  });

  it('records nothing when Google refuses the reply', async () => {
    const { place, connectionId } = await syncedPlace();
    const id = 'google_emu-review-006';
    (await emulator()).exhaustQuota(3, 1);
    const answer = await reply(place, id, 'Sorry to hear that.');
    expect(answer.statusCode).toBe(429);
    expect(await eventsOf(connectionId, id)).toEqual([]);
  });

  it("gives another tenant's users and employees 404, and an unknown review 404", async () => {
    const { place, connectionId } = await syncedPlace();
    const id = 'google_emu-review-009';
    expect((await reply(place, id, 'Grazie mille!')).statusCode).toBe(200);
    for (const session of [world.outsider, world.employee]) {
      const answer = await history(session, connectionId, id);
      expect(answer.statusCode).toBe(404);
      expect(answer.body).not.toContain('Grazie');
    }
    const unknown = await history(world.owner, connectionId, 'google_nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe('Review not found');
    // The rows carry the restaurant's tenant (the wall of decision 018 keeps them in).
    const rows = await t.database.db
      .select()
      .from(businessListingReviewReplies)
      .where(eq(businessListingReviewReplies.restaurantId, place.restaurantId));
    expect(rows.map((row) => row.tenantId)).toEqual([place.tenantId]);
  });
});
