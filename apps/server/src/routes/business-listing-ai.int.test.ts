import { businessListingReviews } from '@brigade/db/schema/business-listing';
import { restaurants } from '@brigade/db/schema/tenancy';
import { CUSTOM_TONE_REQUIRED_MESSAGE } from '@brigade/domain/listing/connection';
import type { PlatformEntry } from '@brigade/domain/platform-sync';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { api, connect, makeWorld, type Place } from './test-business-listing';

// AI review replies (issue 19): the connection's AI config (404 while none is stored, then saved
// with its defaults and the custom-tone rule) and drafts on request from the language model emulator over
// HTTP. A draft is never posted: Google sees no reply call and the stored review keeps no reply. Another
// tenant's users and employees get 404.

const t = useTestApp();
let world: Awaited<ReturnType<typeof makeWorld>>;
let place: Place;
let connectionId: string;

const llm = async () => (await t.deps.llm.emulator())!;
const google = async () => (await t.deps.businessListing.emulator())!;

beforeAll(async () => {
  world = await makeWorld(t);
  place = await world.newPlace();
  ({ connectionId } = await connect(t, world.owner, place));
  const body = { tenantId: place.tenantGuid, restaurantId: place.restaurantGuid, locationId: '4001' };
  expect((await api(t, world.owner, 'PATCH', '/locations/select', body)).statusCode).toBe(200);
  expect((await api(t, world.owner, 'POST', `/connections/${connectionId}/sync/reviews`)).statusCode).toBe(
    200,
  );
});

const generate = (reviewId: string, session = world.owner, id = connectionId) =>
  api(t, session, 'POST', '/reviews/generate-ai-response', { connectionId: id, reviewId });

describe('AI config', () => {
  it('is 404 until saved, then answers what was saved with the defaults filled in', async () => {
    const none = await api(t, world.manager, 'GET', `/connections/${connectionId}/ai-config`);
    expect(none.statusCode).toBe(404);
    expect(none.json().code).toBe('AI_CONFIG_NOT_FOUND');

    const saved = await api(t, world.manager, 'POST', '/ai-config', {
      connectionId,
      isEnabled: true,
      responseStyle: 'friendly',
      responseTemplates: { '5': 'Thanks {firstName}, see you soon at {businessName}!' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const expected = {
      isEnabled: true,
      responseStyle: 'friendly',
      autoRespondToRatings: [1, 2, 3, 4, 5],
      responseTemplates: { '5': 'Thanks {firstName}, see you soon at {businessName}!' },
      includeBusinessInfo: true,
      reviewThreshold: 24,
    };
    expect(saved.json().data).toEqual(expected);
    const got = await api(t, world.owner, 'GET', `/connections/${connectionId}/ai-config`);
    expect(got.statusCode).toBe(200);
    expect(got.json().data).toEqual(expected);

    // A save replaces the whole config: what is left out goes back to its default.
    const replaced = await api(t, world.owner, 'POST', '/ai-config', { connectionId, reviewThreshold: 48 });
    expect(replaced.json().data).toMatchObject({
      isEnabled: false,
      reviewThreshold: 48,
      responseTemplates: {},
    });
  });

  it('refuses a custom style without a custom tone, and other bad values, with 400', async () => {
    const custom = await api(t, world.owner, 'POST', '/ai-config', { connectionId, responseStyle: 'custom' });
    expect(custom.statusCode).toBe(400);
    expect(custom.json().detail).toContain(CUSTOM_TONE_REQUIRED_MESSAGE);
    const blank = { connectionId, responseStyle: 'custom', customTone: '   ' };
    expect((await api(t, world.owner, 'POST', '/ai-config', blank)).json().detail).toContain(
      'Custom tone is required when using custom response style',
    );
    for (const hours of [-1, 8761, 1.5]) {
      const answer = await api(t, world.owner, 'POST', '/ai-config', {
        connectionId,
        reviewThreshold: hours,
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().detail).toContain('Review threshold must be between 0 and 8760 hours');
    }
    for (const bad of [
      { connectionId, autoRespondToRatings: [0, 6] },
      { connectionId, responseStyle: 'rude' },
      { isEnabled: true },
    ]) {
      const answer = await api(t, world.owner, 'POST', '/ai-config', bad);
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const ok = { connectionId, responseStyle: 'custom', customTone: 'Warm, brief, a little playful' };
    const saved = await api(t, world.owner, 'POST', '/ai-config', ok);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ responseStyle: 'custom', customTone: ok.customTone });
  });

  it("gives another tenant's users and employees 404 and changes nothing", async () => {
    const before = (await api(t, world.owner, 'GET', `/connections/${connectionId}/ai-config`)).json().data;
    for (const session of [world.outsider, world.employee]) {
      expect((await api(t, session, 'GET', `/connections/${connectionId}/ai-config`)).statusCode).toBe(404);
      const save = await api(t, session, 'POST', '/ai-config', { connectionId, isEnabled: true });
      expect(save.statusCode).toBe(404);
      expect((await generate('google_emu-review-003', session)).statusCode).toBe(404);
    }
    const after = (await api(t, world.owner, 'GET', `/connections/${connectionId}/ai-config`)).json().data;
    expect(after).toEqual(before);
    expect((await api(t, world.owner, 'GET', '/connections/not-a-uuid/ai-config')).statusCode).toBe(404);
  });

  it("saves the restaurant's reply settings in the same write, keeping what a sync stored meanwhile", async () => {
    const own = await world.newPlace();
    const { connectionId: id } = await connect(t, world.owner, own);
    // What a sync writes into the entry while the form is open: it must survive the save.
    const before = await platformEntry(own);
    await setPlatformEntry(own, { ...before, syncStatus: 'error', lastError: 'kept' });
    const reply = { responseLength: 'long', autoReply: true };
    const saved = await api(t, world.owner, 'POST', '/ai-config', {
      connectionId: id,
      isEnabled: true,
      reply,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await platformEntry(own);
    expect(after).toMatchObject({ syncStatus: 'error', lastError: 'kept' });
    expect(after?.aiReplyConfig).toMatchObject({ enabled: true, responseLength: 'long', autoReply: true });
    // Only the fields given change; a bad one is refused and changes nothing.
    await api(t, world.owner, 'POST', '/ai-config', {
      connectionId: id,
      reply: { includeBusinessName: false },
    });
    expect((await platformEntry(own))?.aiReplyConfig).toMatchObject({
      enabled: false,
      responseLength: 'long',
      autoReply: true,
      includeBusinessName: false,
    });
    for (const bad of [{ responseLength: 'huge' }, { autoReply: 'yes' }, { somethingElse: 1 }]) {
      const answer = await api(t, world.owner, 'POST', '/ai-config', { connectionId: id, reply: bad });
      expect(answer.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await platformEntry(own))?.aiReplyConfig?.includeBusinessName).toBe(false);
    // Another tenant's owner changes nothing on this restaurant.
    const outsider = { connectionId: id, isEnabled: true, reply: { autoReply: false } };
    expect((await api(t, world.outsider, 'POST', '/ai-config', outsider)).statusCode).toBe(404);
    expect((await platformEntry(own))?.aiReplyConfig?.autoReply).toBe(true);
  });
});

async function platformEntry(place: Place) {
  const [row] = await t.database.db
    .select({ platformSync: restaurants.platformSync })
    .from(restaurants)
    .where(eq(restaurants.restaurantId, place.restaurantId));
  return row!.platformSync.platforms.googleMyBusiness;
}

async function setPlatformEntry(place: Place, entry: Partial<PlatformEntry>) {
  const [row] = await t.database.db
    .select({ platformSync: restaurants.platformSync })
    .from(restaurants)
    .where(eq(restaurants.restaurantId, place.restaurantId));
  const platformSync = structuredClone(row!.platformSync);
  platformSync.platforms.googleMyBusiness = { enabled: true, syncStatus: 'connected', ...entry };
  await t.database.db
    .update(restaurants)
    .set({ platformSync })
    .where(eq(restaurants.restaurantId, place.restaurantId));
}

describe('POST /business-listing/reviews/generate-ai-response', () => {
  it("drafts with the language model from the connection's and restaurant's settings, and posts nothing", async () => {
    await api(t, world.owner, 'POST', '/ai-config', { connectionId, responseStyle: 'casual' });
    const googleCalls = (await google()).requests.length;
    const modelCalls = (await llm()).requests.length;
    const answer = await generate('google_emu-review-003');
    expect(answer.statusCode, answer.body).toBe(200);
    const { response, source } = answer.json().data as { response: string; source: string };
    expect(source).toBe('llm');
    expect(response.length).toBeGreaterThan(20);
    expect(response.length).toBeLessThanOrEqual(4096);
    expect((await llm()).requests.length).toBe(modelCalls + 1);
    const prompt = JSON.stringify((await llm()).requests.at(-1));
    expect(prompt).toMatch(/casual/i);
    // Nothing reached Google, and the review still waits for a person's reply.
    expect((await google()).requests.length).toBe(googleCalls);
    const [row] = await t.database.db
      .select()
      .from(businessListingReviews)
      .where(eq(businessListingReviews.restaurantId, place.restaurantId))
      .then((rows) => rows.filter((r) => r.reviewId === 'google_emu-review-003'));
    expect(row).toMatchObject({ response: null, responseAutoPosted: false, autoReplyClaimedAt: null });
  });

  it('answers 404 for an unknown review or connection, and another restaurant’s review', async () => {
    expect((await generate('google_no-such-review')).statusCode).toBe(404);
    expect((await generate('google_emu-review-003', world.owner, crypto.randomUUID())).statusCode).toBe(404);
    const other = await world.newPlace();
    const { connectionId: bare } = await connect(t, world.owner, other);
    // The other restaurant never synced: its connection holds no review with this id.
    expect((await generate('google_emu-review-003', world.owner, bare)).statusCode).toBe(404);
    const missing = await api(t, world.owner, 'POST', '/reviews/generate-ai-response', { connectionId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toContain('reviewId is required');
  });

  it("says the model's failure as 429 or 502, never a local draft", async () => {
    (await llm()).injectFailure({ status: 429, retryAfterSeconds: 30 });
    const limited = await generate('google_emu-review-003');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('AI_RATE_LIMITED');
    expect(limited.headers['retry-after']).toBe('30');
    (await llm()).injectFailure({ status: 401 });
    const refused = await generate('google_emu-review-003');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().code).toBe('AI_UNAUTHORIZED');
    expect(refused.json().data).toBeUndefined();
    const again = await generate('google_emu-review-003');
    expect(again.statusCode).toBe(200);
  });
});
