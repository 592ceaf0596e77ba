import { listingPosts } from '@brigade/db/schema/business-listing';
import {
  CALL_TO_ACTION_TYPE_MESSAGE,
  CALL_TO_ACTION_URL_INVALID_MESSAGE,
  CALL_TO_ACTION_URL_REQUIRED_MESSAGE,
  POST_CONTENT_REQUIRED_MESSAGE,
  POST_CONTENT_TOO_LONG_MESSAGE,
} from '@brigade/domain/listing/post';
import type { EmulatorPost } from '@brigade/google-business/emulator-posts';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { api, connect, makeWorld, type Place } from './test-business-listing';

// Google Business Profile posts (issue 19) against the in-process emulator over HTTP:
// published on Google first and stored with Google's answer; every rule's message a 400; another tenant's
// users and employees get 404 and nothing; a failed Google call (reconnect needed, quota, Google's error)
// stores nothing.

const t = useTestApp();
let world: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  world = await makeWorld(t);
});
const emulator = async () => (await t.deps.businessListing.emulator())!;
const LOCATION = '4002';
// Each test starts with a fresh minute of Google's 10 edits a minute for the location.
beforeEach(async () => (await emulator()).advanceClock(61_000));

const atGoogle = async (): Promise<EmulatorPost[]> => (await emulator()).state.posts.get(LOCATION) ?? [];
const stored = (restaurantId: number) =>
  t.database.db.select().from(listingPosts).where(eq(listingPosts.restaurantId, restaurantId));

async function connectedPlace(): Promise<{ place: Place; connectionId: string }> {
  const place = await world.newPlace();
  const { connectionId } = await connect(t, world.owner, place);
  const chosen = await api(t, world.owner, 'PATCH', '/locations/select', {
    tenantId: place.tenantGuid,
    restaurantId: place.restaurantGuid,
    locationId: LOCATION,
  });
  expect(chosen.statusCode, chosen.body).toBe(200);
  return { place, connectionId };
}

const posts = (connectionId: string) => `/connections/${connectionId}/posts`;

describe('posts: publish, list, change, delete', () => {
  it('publishes on Google, stores its answer, changes and deletes it there and here', async () => {
    const { place, connectionId } = await connectedPlace();
    const body = {
      content: '  Truffle week starts Monday.\nBook a table!  ',
      callToAction: { type: 'book', url: 'https://harbor.example/book' },
    };
    const created = await api(t, world.manager, 'POST', posts(connectionId), body);
    expect(created.statusCode, created.body).toBe(201);
    const post = created.json().data;
    expect(post).toMatchObject({
      connectionId,
      content: 'Truffle week starts Monday.\nBook a table!',
      callToAction: { type: 'book', url: 'https://harbor.example/book' },
      state: 'live',
      createdByName: expect.any(String),
    });
    expect(post.googleName).toMatch(/^accounts\/\d+\/locations\/4002\/localPosts\/\d+$/);
    expect(post.searchUrl).toContain('lpsid=');
    const google = (await atGoogle()).find((p) => p.name === post.googleName);
    expect(google).toMatchObject({
      summary: 'Truffle week starts Monday.\nBook a table!',
      callToAction: { actionType: 'BOOK', url: 'https://harbor.example/book' },
      topicType: 'STANDARD',
      state: 'LIVE',
    });
    const [row] = await stored(place.restaurantId);
    expect(row).toMatchObject({ tenantId: place.tenantId, googleName: post.googleName, state: 'live' });
    expect(row?.createdBy).not.toBeNull();

    const listed = await api(t, world.owner, 'GET', posts(connectionId));
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((p: { postId: string }) => p.postId)).toEqual([post.postId]);

    // A call needs no URL; one sent with it is dropped, here and at Google.
    const changed = await api(t, world.owner, 'PATCH', `${posts(connectionId)}/${post.postId}`, {
      content: 'Call us for truffle week',
      callToAction: { type: 'call', url: 'https://ignored.example' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({
      content: 'Call us for truffle week',
      callToAction: { type: 'call', url: null },
    });
    expect((await atGoogle()).find((p) => p.name === post.googleName)).toMatchObject({
      summary: 'Call us for truffle week',
      callToAction: { actionType: 'CALL' },
    });
    const plain = await api(t, world.owner, 'PATCH', `${posts(connectionId)}/${post.postId}`, {
      content: 'No button now',
    });
    expect(plain.json().data.callToAction).toBeNull();
    expect((await atGoogle()).find((p) => p.name === post.googleName)?.callToAction).toBeUndefined();

    const deleted = await api(t, world.owner, 'DELETE', `${posts(connectionId)}/${post.postId}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await atGoogle()).some((p) => p.name === post.googleName)).toBe(false);
    expect(await stored(place.restaurantId)).toEqual([]);
    const again = await api(t, world.owner, 'DELETE', `${posts(connectionId)}/${post.postId}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().detail).toBe('Post not found');
  });

  it('deletes here a post already deleted on Google', async () => {
    const { place, connectionId } = await connectedPlace();
    const created = await api(t, world.owner, 'POST', posts(connectionId), { content: 'Gone soon' });
    const list = await atGoogle();
    list.splice(
      list.findIndex((p) => p.name === created.json().data.googleName),
      1,
    );
    const answer = await api(
      t,
      world.owner,
      'DELETE',
      `${posts(connectionId)}/${created.json().data.postId}`,
    );
    expect(answer.statusCode, answer.body).toBe(204);
    expect(await stored(place.restaurantId)).toEqual([]);
  });

  it('answers 409 before a location is chosen, and stores nothing', async () => {
    const place = await world.newPlace();
    const { connectionId } = await connect(t, world.owner, place);
    const answer = await api(t, world.owner, 'POST', posts(connectionId), { content: 'Hello' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      code: 'LOCATION_NOT_SELECTED',
      detail: 'Choose a location before publishing posts',
    });
    expect(await stored(place.restaurantId)).toEqual([]);
  });
});

describe('posts: the rules', () => {
  it('answers every rule with 400 and its message, sending nothing to Google and storing nothing', async () => {
    const { place, connectionId } = await connectedPlace();
    const created = await api(t, world.owner, 'POST', posts(connectionId), { content: 'Kept as it is' });
    expect(created.statusCode).toBe(201);
    const postId = created.json().data.postId;
    const cases: [unknown, string][] = [
      [{ content: '' }, POST_CONTENT_REQUIRED_MESSAGE],
      [{ content: '   \n  ' }, POST_CONTENT_REQUIRED_MESSAGE],
      [{}, POST_CONTENT_REQUIRED_MESSAGE],
      [{ content: 'x'.repeat(1501) }, POST_CONTENT_TOO_LONG_MESSAGE],
      [{ content: 'x', callToAction: { type: 'order' } }, CALL_TO_ACTION_URL_REQUIRED_MESSAGE],
      [{ content: 'x', callToAction: { type: 'learn_more', url: ' ' } }, CALL_TO_ACTION_URL_REQUIRED_MESSAGE],
      [
        { content: 'x', callToAction: { type: 'sign_up', url: 'ftp://x.example' } },
        CALL_TO_ACTION_URL_INVALID_MESSAGE,
      ],
      [
        { content: 'x', callToAction: { type: 'shop', url: 'not a url' } },
        CALL_TO_ACTION_URL_INVALID_MESSAGE,
      ],
      [
        { content: 'x', callToAction: { type: 'GET_OFFER', url: 'https://x.example' } },
        CALL_TO_ACTION_TYPE_MESSAGE,
      ],
    ];
    const googleBefore = JSON.stringify(await atGoogle());
    const rowsBefore = await stored(place.restaurantId);
    for (const [body, message] of cases) {
      for (const [method, url] of [
        ['POST', posts(connectionId)],
        ['PATCH', `${posts(connectionId)}/${postId}`],
      ] as const) {
        const answer = await api(t, world.owner, method, url, body as object);
        expect(answer.statusCode, `${method} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
        expect(answer.json().errors.map((e: { message: string }) => e.message)).toContain(message);
      }
    }
    expect(JSON.stringify(await atGoogle())).toBe(googleBefore);
    expect(await stored(place.restaurantId)).toEqual(rowsBefore);
    // The limits themselves are fine: 1500 characters, every type with a URL.
    const longest = await api(t, world.owner, 'PATCH', `${posts(connectionId)}/${postId}`, {
      content: 'é'.repeat(1500),
      callToAction: { type: 'learn_more', url: 'http://harbor.example/menu' },
    });
    expect(longest.statusCode, longest.body).toBe(200);
  });
});

describe('posts: who may', () => {
  it("gives another tenant's users and employees 404 and nothing, changing nothing", async () => {
    const { place, connectionId } = await connectedPlace();
    const created = await api(t, world.owner, 'POST', posts(connectionId), {
      content: 'Secret menu',
      callToAction: { type: 'order', url: 'https://harbor.example/order' },
    });
    const postId = created.json().data.postId;
    const googleBefore = JSON.stringify(await atGoogle());
    const rowsBefore = await stored(place.restaurantId);
    for (const session of [world.outsider, world.employee]) {
      const answers = [
        await api(t, session, 'GET', posts(connectionId)),
        await api(t, session, 'POST', posts(connectionId), { content: 'Not yours' }),
        await api(t, session, 'PATCH', `${posts(connectionId)}/${postId}`, { content: 'Not yours' }),
        await api(t, session, 'DELETE', `${posts(connectionId)}/${postId}`),
      ];
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(404);
        expect(answer.body).not.toContain('Secret menu');
      }
    }
    expect(JSON.stringify(await atGoogle())).toBe(googleBefore);
    expect(await stored(place.restaurantId)).toEqual(rowsBefore);
    // A post id under another connection of the same tenant is not found there either.
    const other = await connectedPlace();
    const crossed = await api(t, world.owner, 'DELETE', `${posts(other.connectionId)}/${postId}`);
    expect(crossed.statusCode).toBe(404);
    expect(
      (await api(t, world.owner, 'PATCH', `${posts(connectionId)}/nope`, { content: 'x' })).statusCode,
    ).toBe(404);
  });
});

describe('posts: Google failing stores nothing', () => {
  it("answers 429 with Google's retry-after over the 10 edits a minute, and stores nothing", async () => {
    const { place, connectionId } = await connectedPlace();
    const e = await emulator();
    for (let i = 0; i < 10; i++)
      expect(
        (await api(t, world.owner, 'POST', posts(connectionId), { content: `Post ${i}` })).statusCode,
      ).toBe(201);
    const over = await api(t, world.owner, 'POST', posts(connectionId), { content: 'Eleventh' });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(over.json().code).toBe('GOOGLE_BUSINESS_RATE_LIMITED');
    expect(await stored(place.restaurantId)).toHaveLength(10);
    expect((await atGoogle()).some((p) => p.summary === 'Eleventh')).toBe(false);
    // The quota as the existing emulator sets it (every API call) answers the same.
    e.advanceClock(61_000);
    e.exhaustQuota(5, 30);
    try {
      const answer = await api(t, world.owner, 'POST', posts(connectionId), { content: 'Twelfth' });
      expect(answer.statusCode).toBe(429);
      expect(answer.headers['retry-after']).toBe('30');
    } finally {
      e.exhaustQuota(0);
    }
    expect(await stored(place.restaurantId)).toHaveLength(10);
  });

  it('answers 409 reconnect needed when Google refuses the grant, and stores nothing', async () => {
    const { place, connectionId } = await connectedPlace();
    const e = await emulator();
    const created = await api(t, world.owner, 'POST', posts(connectionId), { content: 'Before' });
    for (const grant of e.state.refreshTokens.values()) grant.revoked = true;
    const answers = [
      await api(t, world.owner, 'POST', posts(connectionId), { content: 'After' }),
      await api(t, world.owner, 'PATCH', `${posts(connectionId)}/${created.json().data.postId}`, {
        content: 'After',
      }),
      await api(t, world.owner, 'DELETE', `${posts(connectionId)}/${created.json().data.postId}`),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().code).toBe('RECONNECT_NEEDED');
    }
    const rows = await stored(place.restaurantId);
    expect(rows.map((row) => row.content)).toEqual(['Before']);
  });

  it('answers 502 when Google fails, and stores nothing', async () => {
    const { place, connectionId } = await connectedPlace();
    const e = await emulator();
    const posts_ = e.state.posts;
    // The emulator breaks inside (its answer is Google's 500 "Internal error encountered.").
    e.state.posts = {
      get: () => {
        throw new Error('broken');
      },
    } as unknown as typeof posts_;
    try {
      const answer = await api(t, world.owner, 'POST', posts(connectionId), { content: 'Lost' });
      expect(answer.statusCode).toBe(502);
      expect(answer.json()).toMatchObject({ code: 'GOOGLE_BUSINESS_ERROR' });
    } finally {
      e.state.posts = posts_;
    }
    expect(await stored(place.restaurantId)).toEqual([]);
  });
});
