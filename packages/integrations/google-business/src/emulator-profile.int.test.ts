import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BusinessProfileClient } from './business-client';
import { type GoogleBusinessEmulator, startGoogleBusinessEmulator } from './emulator';
import { issueAccessToken, issueRefreshToken } from './emulator-state';
import { BUSINESS_MANAGE_SCOPE } from './endpoints';
import { GoogleBusinessError } from './http-call';
import { GoogleOAuthClient } from './oauth';

// Editing a location (issue 19): the client's Business Information PATCH against the emulator over real
// HTTP, which checks like Google (description ≤ 750, hours periods, 10 edits a minute per location) and
// keeps what it accepted. Also the emulator's own controls the browser tests use (revoke, read a location).

let emulator: GoogleBusinessEmulator;
let api: BusinessProfileClient;
let refresh: string;
let token: string;
beforeAll(async () => {
  emulator = await startGoogleBusinessEmulator();
  api = new BusinessProfileClient({ urls: emulator.urls });
});
beforeEach(() => {
  refresh = issueRefreshToken(emulator.state, BUSINESS_MANAGE_SCOPE);
  token = issueAccessToken(emulator.state, refresh);
  emulator.forgetEdits();
});
afterAll(async () => emulator?.close());

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GoogleBusinessError);
  return error as GoogleBusinessError;
};

const periods = [
  { openDay: 'MONDAY', openTime: { hours: 8, minutes: 30 }, closeDay: 'MONDAY', closeTime: { hours: 15 } },
  { openDay: 'FRIDAY', openTime: { hours: 18 }, closeDay: 'SATURDAY', closeTime: { hours: 1 } },
];

describe('PATCH locations/{id}?updateMask=…', () => {
  it("sends the mask and Google's shapes, and the location keeps the new values", async () => {
    const description = 'd'.repeat(750);
    const answer = await api.updateLocation(token, 'locations/4002', {
      fields: {
        title: 'Sellwood Pizza',
        profile: { description },
        phoneNumbers: { primaryPhone: '+1 503 555 0100' },
        websiteUri: 'https://pizza.example/menu',
        regularHours: { periods },
      },
      updateMask: ['title', 'profile.description', 'phoneNumbers', 'websiteUri', 'regularHours'],
    });
    expect(answer).toMatchObject({ title: 'Sellwood Pizza', profile: { description } });
    const sent = emulator.requests.at(-1);
    expect(sent).toMatchObject({
      method: 'PATCH',
      path: '/businessinformation/v1/locations/4002',
      query: { updateMask: 'title,profile.description,phoneNumbers,websiteUri,regularHours' },
    });
    expect(emulator.location('4002')).toMatchObject({
      title: 'Sellwood Pizza',
      profile: { description },
      phoneNumbers: { primaryPhone: '+1 503 555 0100' },
      websiteUri: 'https://pizza.example/menu',
      regularHours: { periods },
      // Fields outside the mask stay.
      storefrontAddress: { locality: 'Portland' },
    });
    const read = await api.getLocation(token, '4002', 'name,title,profile,regularHours');
    expect(read.profile?.description).toBe(description);
    expect(read.storefrontAddress).toBeUndefined();
  });

  it('refuses a description over 750 characters as INVALID_ARGUMENT, naming the field, and keeps the old one', async () => {
    const before = structuredClone(emulator.location('4001'));
    const error = await failure(
      api.updateLocation(token, '4001', {
        fields: { profile: { description: 'x'.repeat(751) } },
        updateMask: ['profile.description'],
      }),
    );
    expect(error.kind).toBe('invalid-argument');
    expect(error.details).toMatchObject({ httpStatus: 400, googleStatus: 'INVALID_ARGUMENT' });
    const raw = await fetch(`${emulator.urls.businessInformationUrl}/locations/4001?updateMask=profile`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ profile: { description: 'x'.repeat(751) } }),
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({
      error: {
        code: 400,
        message: 'Request contains an invalid argument.',
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.BadRequest',
            fieldViolations: [
              { field: 'profile.description', description: 'description must be at most 750 characters' },
            ],
          },
        ],
      },
    });
    expect(emulator.location('4001')).toEqual(before);
  });

  it('refuses bad hours, a field it cannot edit, and a missing mask', async () => {
    const badHours = await failure(
      api.updateLocation(token, '4001', {
        fields: {
          regularHours: {
            periods: [{ openDay: 'MONDAY', openTime: { hours: 25 }, closeDay: 'MONDAY', closeTime: {} }],
          },
        },
        updateMask: ['regularHours'],
      }),
    );
    expect(badHours.kind).toBe('invalid-argument');
    expect(
      (await failure(api.updateLocation(token, '4001', { fields: {}, updateMask: ['latlng'] }))).kind,
    ).toBe('invalid-argument');
    expect((await failure(api.updateLocation(token, '4001', { fields: {}, updateMask: [] }))).kind).toBe(
      'invalid-argument',
    );
  });

  it('takes 10 edits a minute per location, then answers 429 RESOURCE_EXHAUSTED with retry-after', async () => {
    for (let edit = 0; edit < 10; edit += 1)
      await api.updateLocation(token, '4003', {
        fields: { title: `Alberta Noodle Bar ${edit}` },
        updateMask: ['title'],
      });
    const error = await failure(
      api.updateLocation(token, '4003', { fields: { title: 'One too many' }, updateMask: ['title'] }),
    );
    expect(error.kind).toBe('rate-limited');
    expect(error.details.googleStatus).toBe('RESOURCE_EXHAUSTED');
    expect(error.details.retryAfterSeconds).toBeGreaterThan(0);
    expect(emulator.location('4003')?.title).toBe('Alberta Noodle Bar 9');
    // Another location has its own quota.
    await api.updateLocation(token, '4002', { fields: { title: 'Sellwood' }, updateMask: ['title'] });
  });

  it('needs a valid access token', async () => {
    const error = await failure(
      api.updateLocation('ya29.not-issued', '4001', { fields: { title: 'x' }, updateMask: ['title'] }),
    );
    expect(error.kind).toBe('unauthorized');
  });
});

describe('the emulator controls', () => {
  it('POST /emulator/revoke-grants revokes every grant: the refresh token then gets invalid_grant', async () => {
    const oauth = new GoogleOAuthClient({
      clientId: emulator.state.clientId,
      clientSecret: emulator.state.clientSecret,
      urls: emulator.urls,
    });
    await oauth.refresh(refresh, new Date());
    const answer = await fetch(`${emulator.baseUrl}/emulator/revoke-grants`, { method: 'POST' });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { revoked: number }).revoked).toBeGreaterThan(0);
    expect((await failure(oauth.refresh(refresh, new Date()))).kind).toBe('invalid-grant');
    expect((await failure(api.getLocation(token, '4001'))).kind).toBe('unauthorized');
  });

  it('GET /emulator/locations/{id} shows a location as it stands', async () => {
    const answer = await fetch(`${emulator.baseUrl}/emulator/locations/4001`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toMatchObject({ name: 'locations/4001', title: 'Rose City Trattoria' });
    expect((await fetch(`${emulator.baseUrl}/emulator/locations/9999`)).status).toBe(404);
  });
});
