import { businessListingConnections } from '@brigade/db/schema/business-listing';
import { restaurants } from '@brigade/db/schema/tenancy';
import { WEEKDAYS } from '@brigade/domain/weekdays';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { api, connect, makeWorld, type Place } from './test-business-listing';

// Editing the Google profile from Brigade (issue 19): PATCH …/connections/{id}/profile checks the edit
// (its rules and messages, 400), calls the emulator's Business Information PATCH over HTTP, and keeps what
// Google answered in the connection's profile; the emulator holds the new values. When Google refuses or
// fails nothing is stored. Another tenant's users and employees get 404 and nothing changes.

const t = useTestApp();
let world: Awaited<ReturnType<typeof makeWorld>>;
const google = async () => (await t.deps.businessListing.emulator())!;

beforeAll(async () => {
  world = await makeWorld(t);
});
afterEach(async () => {
  const e = await google();
  e.forgetEdits();
  e.exhaustQuota(0);
  e.failNextCalls(0);
});

async function withLocation(locationId = '4001'): Promise<{ place: Place; connectionId: string }> {
  const place = await world.newPlace();
  const { connectionId } = await connect(t, world.owner, place);
  const chosen = await api(t, world.owner, 'PATCH', '/locations/select', {
    tenantId: place.tenantGuid,
    restaurantId: place.restaurantGuid,
    locationId,
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return { place, connectionId };
}

const storedProfile = async (connectionId: string) =>
  (
    await t.database.db
      .select({ profile: businessListingConnections.profile })
      .from(businessListingConnections)
      .where(eq(businessListingConnections.connectionId, connectionId))
  )[0]?.profile;

const week = (openTime = '10:00', closeTime = '21:00') =>
  Object.fromEntries(WEEKDAYS.map((day) => [day, { open: day !== 'sunday', openTime, closeTime }]));

const edit = (connectionId: string, body: object, session = world.owner) =>
  api(t, session, 'PATCH', `/connections/${connectionId}/profile`, body);

describe('PATCH /business-listing/connections/{id}/profile', () => {
  it('changes the profile on Google, keeps what Google answered, and the comparison shows it', async () => {
    const { connectionId } = await withLocation();
    expect((await api(t, world.owner, 'POST', `/connections/${connectionId}/sync/profile`)).statusCode).toBe(
      200,
    );
    const description = `Fresh pasta every day. ${'x'.repeat(700)}`;
    const hours = { ...week(), friday: { open: true, openTime: '17:00', closeTime: '01:00' } };
    const answer = await edit(connectionId, {
      description,
      phone: '(503) 555-0199',
      website: 'https://rose.example/menu',
      hours,
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const { profile, differences } = answer.json().data;
    expect(profile).toMatchObject({
      title: 'Rose City Trattoria',
      description,
      phone: '(503) 555-0199',
      website: 'https://rose.example/menu',
    });
    expect(profile.hours.monday).toMatchObject({ open: '10:00', close: '21:00', closed: false });
    expect(profile.hours.friday).toMatchObject({ open: '17:00', close: '01:00', closed: false });
    expect(profile.hours.sunday.closed).toBe(true);
    expect(differences.map((d: { field: string }) => d.field)).toContain('phone');

    const held = (await google()).location('4001');
    expect(held).toMatchObject({
      profile: { description },
      phoneNumbers: { primaryPhone: '(503) 555-0199' },
      websiteUri: 'https://rose.example/menu',
    });
    expect((held?.regularHours as { periods: unknown[] } | undefined)?.periods).toContainEqual({
      openDay: 'FRIDAY',
      openTime: { hours: 17, minutes: 0 },
      closeDay: 'SATURDAY',
      closeTime: { hours: 1, minutes: 0 },
    });
    expect(await storedProfile(connectionId)).toMatchObject({ description, phone: '(503) 555-0199' });
    // A sync reads the same back from Google.
    const synced = await api(t, world.owner, 'POST', `/connections/${connectionId}/sync/profile`);
    expect(synced.json().data.profile).toMatchObject({ description, website: 'https://rose.example/menu' });
    expect(synced.json().data.profile.hours).toEqual(profile.hours);
  });

  it("sends Brigade's value for a differing field, after which it no longer differs", async () => {
    const { place, connectionId } = await withLocation('4002');
    const [restaurant] = await t.database.db
      .select()
      .from(restaurants)
      .where(and(eq(restaurants.tenantId, place.tenantId), eq(restaurants.restaurantId, place.restaurantId)));
    const before = await api(t, world.manager, 'POST', `/connections/${connectionId}/sync/profile`);
    const fields = before.json().data.differences.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'phone', 'website']));
    const answer = await edit(
      connectionId,
      { title: restaurant!.name, phone: restaurant!.contact.phone },
      world.manager,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const after = answer.json().data.differences.map((d: { field: string }) => d.field);
    expect(after).not.toContain('name');
    expect(after).not.toContain('phone');
    expect(after).toContain('website');
    expect((await google()).location('4002')?.title).toBe(restaurant!.name);
    const connection = await api(t, world.owner, 'GET', `/connections/${connectionId}`);
    expect(connection.json().data.locationTitle).toBe(restaurant!.name);
  });

  it('refuses each bad edit with 400 and its message, calling Google for none', async () => {
    const { connectionId } = await withLocation();
    const patches = async () => (await google()).requests.filter((r) => r.method === 'PATCH').length;
    const before = await patches();
    const tuesdayMissing = { ...week(), tuesday: { open: true, openTime: '10:00' } };
    const cases: [object, string][] = [
      [{ description: 'x'.repeat(751) }, 'Business description must be at most 750 characters'],
      [{ hours: tuesdayMissing }, 'Open and close times are required when business is open'],
      [
        { hours: { ...week(), monday: { open: true, openTime: '9am', closeTime: '17:00' } } },
        'Time must be in HH:MM format',
      ],
      [{ hours: { monday: { open: false } } }, 'Hours are required for every day of the week'],
      [{ phone: '12' }, 'Phone must be a valid phone number'],
      [{ website: 'not a site' }, 'Website must be a valid URL'],
      [{ title: ' ' }, 'Business name is required'],
      [{}, 'Choose at least one detail to change on Google'],
    ];
    for (const [body, message] of cases) {
      const answer = await edit(connectionId, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.headers['content-type']).toContain('application/problem+json');
      expect(answer.json().detail).toContain(message);
    }
    expect(await patches()).toBe(before);
    expect(await storedProfile(connectionId)).toBeNull();
  });

  it("shows another tenant's user and an employee nothing, and changes nothing", async () => {
    const { connectionId } = await withLocation('4003');
    const before = structuredClone((await google()).location('4003'));
    for (const session of [world.outsider, world.employee]) {
      const refused = await edit(connectionId, { description: 'Taken over' }, session);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('Noodle');
    }
    expect((await google()).location('4003')).toEqual(before);
    expect(await storedProfile(connectionId)).toBeNull();
  });

  it('stores nothing when Google fails (502), is over its edit quota (429) or the grant is gone (409)', async () => {
    const { connectionId } = await withLocation('4002');
    const e = await google();
    const synced = await api(t, world.owner, 'POST', `/connections/${connectionId}/sync/profile`);
    const stored = await storedProfile(connectionId);
    const onGoogle = structuredClone(e.location('4002'));

    e.failNextCalls(1);
    const failed = await edit(connectionId, { description: 'Never stored' });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ code: 'GOOGLE_BUSINESS_ERROR' });
    expect(await storedProfile(connectionId)).toEqual(stored);

    // Google's 10 edits a minute per profile: the 11th is refused even after the backoff.
    for (let n = 0; n < 10; n += 1)
      expect((await edit(connectionId, { description: `Edit ${n}` })).statusCode).toBe(200);
    const afterTen = await storedProfile(connectionId);
    const limited = await edit(connectionId, { description: 'Eleventh' });
    expect(limited.statusCode).toBe(429);
    // Google's wait (until the first of the ten is a minute old), in the header and in the message alike
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(60);
    expect(limited.json()).toMatchObject({
      code: 'GOOGLE_BUSINESS_RATE_LIMITED',
      detail: `Google Business Profile is limiting requests (quota); try again in ${wait} seconds`,
    });
    expect(await storedProfile(connectionId)).toEqual(afterTen);
    expect(e.location('4002')).toMatchObject({ profile: { description: 'Edit 9' } });
    e.forgetEdits();

    for (const grant of e.state.refreshTokens.values()) grant.revoked = true;
    const gone = await edit(connectionId, { description: 'After revoke' });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({ code: 'RECONNECT_NEEDED' });
    expect(await storedProfile(connectionId)).toEqual(afterTen);
    expect(e.location('4002')).toMatchObject({ profile: { description: 'Edit 9' } });
    expect(synced.statusCode).toBe(200);
    expect(onGoogle?.profile).toBeUndefined();
  });

  it('refuses before a location is chosen', async () => {
    const place = await world.newPlace();
    const { connectionId } = await connect(t, world.owner, place);
    const answer = await edit(connectionId, { description: 'Hello' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().detail).toBe('Choose a location before editing the profile');
  });
});
