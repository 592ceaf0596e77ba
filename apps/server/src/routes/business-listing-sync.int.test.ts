import { businessListingReviews } from '@brigade/db/schema/business-listing';
import { restaurants } from '@brigade/db/schema/tenancy';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { api, connect, makeWorld, type Place } from './test-business-listing';

// Profile and full syncs (issue 19) against the in-process emulator over HTTP: Google's profile
// is kept on the connection and set beside the restaurant's own data, field by field; nothing of the
// restaurant changes.

const t = useTestApp();
let world: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  world = await makeWorld(t);
});

async function withLocation(): Promise<{ place: Place; connectionId: string }> {
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

const restaurantRow = async (place: Place) =>
  (
    await t.database.db
      .select()
      .from(restaurants)
      .where(and(eq(restaurants.tenantId, place.tenantId), eq(restaurants.restaurantId, place.restaurantId)))
  )[0]!;

describe('POST /business-listing/connections/{id}/sync/profile', () => {
  it("keeps Google's profile and names where it differs from the restaurant's record, changing nothing", async () => {
    const { place, connectionId } = await withLocation();
    const before = await restaurantRow(place);
    const answer = await api(t, world.owner, 'POST', `/connections/${connectionId}/sync/profile`);
    expect(answer.statusCode, answer.body).toBe(200);
    const { profile, differences } = answer.json().data;
    expect(profile).toMatchObject({
      title: 'Rose City Trattoria',
      address: {
        street: '1201 SE Hawthorne Blvd',
        city: 'Portland',
        state: 'OR',
        zipCode: '97214',
        country: 'US',
      },
      phone: '(503) 555-0141',
      categories: ['Italian restaurant'],
      website: 'https://rosecitytrattoria.example',
      mapsUri: 'https://maps.google.com/?cid=4001',
      openStatus: 'OPEN',
    });
    expect(profile.hours.monday).toMatchObject({ open: '11:00', close: '22:00', closed: false });
    expect(profile.hours.sunday.closed).toBe(true);
    expect(differences.map((d: { field: string }) => d.field)).toEqual([
      'name',
      'address',
      'phone',
      'website',
      'hours',
    ]);
    expect(differences[0]).toEqual({ field: 'name', google: 'Rose City Trattoria', restaurant: before.name });
    expect(await restaurantRow(place)).toEqual(before);
    const connection = (await api(t, world.owner, 'GET', `/connections/${connectionId}`)).json().data;
    expect(connection).toMatchObject({ locationTitle: 'Rose City Trattoria' });
    expect(connection.lastSyncAt).not.toBeNull();

    // Once the restaurant's name matches (ignoring case), the name is no longer a difference.
    await t.database.db
      .update(restaurants)
      .set({ name: 'ROSE CITY TRATTORIA' })
      .where(and(eq(restaurants.tenantId, place.tenantId), eq(restaurants.restaurantId, place.restaurantId)));
    const again = await api(t, world.owner, 'POST', `/connections/${connectionId}/sync/profile`);
    expect(again.json().data.differences.map((d: { field: string }) => d.field)).not.toContain('name');
  });

  it('refuses before a location is chosen, and shows others nothing', async () => {
    const place = await world.newPlace();
    const { connectionId } = await connect(t, world.owner, place);
    const answer = await api(t, world.owner, 'POST', `/connections/${connectionId}/sync/profile`);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toBe('Choose a location before syncing the profile');
    const chosen = await withLocation();
    for (const session of [world.outsider, world.employee]) {
      for (const kind of ['profile', 'full']) {
        const refused = await api(t, session, 'POST', `/connections/${chosen.connectionId}/sync/${kind}`);
        expect(refused.statusCode).toBe(404);
        expect(refused.body).not.toContain('Trattoria');
      }
    }
  });
});

describe('POST /business-listing/connections/{id}/sync/full', () => {
  it('syncs the profile, then the reviews', async () => {
    const { connectionId } = await withLocation();
    const answer = await api(t, world.manager, 'POST', `/connections/${connectionId}/sync/full`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.profile.profile.title).toBe('Rose City Trattoria');
    expect(answer.json().data.reviews).toMatchObject({ fetched: 25, created: 25 });
    const again = await api(t, world.manager, 'POST', `/connections/${connectionId}/sync/full`);
    expect(again.json().data.reviews).toMatchObject({ created: 0, updated: 0, unchanged: 25 });
  });
});

describe('a full sync of a location with many reviews', () => {
  it('stores each of 300 generated reviews once, and nothing new the second time', async () => {
    const emulator = await t.deps.businessListing.emulator();
    emulator?.addReviews('4002', 300);
    const place = await world.newPlace();
    const { connectionId } = await connect(t, world.owner, place);
    const chosen = await api(t, world.owner, 'PATCH', '/locations/select', {
      tenantId: place.tenantGuid,
      restaurantId: place.restaurantGuid,
      locationId: '4002',
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const first = await api(t, world.manager, 'POST', `/connections/${connectionId}/sync/full`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.reviews).toMatchObject({ fetched: 300, created: 300 });
    const again = await api(t, world.manager, 'POST', `/connections/${connectionId}/sync/full`);
    expect(again.json().data.reviews).toMatchObject({ fetched: 300, created: 0, updated: 0, unchanged: 300 });
    const stored = await t.database.db
      .select({ reviewId: businessListingReviews.reviewId })
      .from(businessListingReviews)
      .where(
        and(
          eq(businessListingReviews.tenantId, place.tenantId),
          eq(businessListingReviews.restaurantId, place.restaurantId),
        ),
      );
    expect(stored).toHaveLength(300);
    expect(new Set(stored.map((row) => row.reviewId)).size).toBe(300);
  });
});
