import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BusinessProfileClient } from './business-client';
import { type GoogleBusinessEmulator, startGoogleBusinessEmulator } from './emulator';
import { EDIT_QUOTA_MESSAGE } from './emulator-posts';
import { issueAccessToken, issueRefreshToken } from './emulator-state';
import { EMULATOR_ACCOUNT } from './emulator-world';
import { BUSINESS_MANAGE_SCOPE } from './endpoints';
import { GoogleBusinessError } from './http-call';

// Local posts (issue 19) between the client and the emulator over real HTTP: create, list with
// pages, patch with updateMask, delete; Google's checks (400 INVALID_ARGUMENT with a field violation) and the
// 10 edits a minute per profile (429 RESOURCE_EXHAUSTED with retry-after).

let emulator: GoogleBusinessEmulator;
let api: BusinessProfileClient;
let token: string;
const where = { accountId: EMULATOR_ACCOUNT.name, locationId: 'locations/4002' };
beforeEach(async () => {
  emulator = await startGoogleBusinessEmulator();
  api = new BusinessProfileClient({ urls: emulator.urls });
  token = issueAccessToken(emulator.state, issueRefreshToken(emulator.state, BUSINESS_MANAGE_SCOPE));
});
afterEach(async () => emulator.close());

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(GoogleBusinessError);
  return error as GoogleBusinessError;
};

const post = (summary: string, callToAction: { actionType: string; url?: string } | null = null) =>
  api.createLocalPost(token, where, { summary, callToAction });

describe('local posts ↔ emulator', () => {
  it('creates a live standard post with Google’s fields, lists it, patches and deletes it', async () => {
    const created = await post('Truffle week starts Monday', {
      actionType: 'BOOK',
      url: 'https://sellwood.example/book',
    });
    expect(created).toMatchObject({
      languageCode: 'en',
      summary: 'Truffle week starts Monday',
      callToAction: { actionType: 'BOOK', url: 'https://sellwood.example/book' },
      topicType: 'STANDARD',
      state: 'LIVE',
    });
    expect(created.name).toMatch(/^accounts\/108000000000000000001\/locations\/4002\/localPosts\/\d+$/);
    expect(created.searchUrl).toContain('lpsid=');
    expect(created.createTime).toBe(created.updateTime);
    const last = emulator.requests.at(-1);
    expect(last).toMatchObject({
      method: 'POST',
      path: `/v4/${EMULATOR_ACCOUNT.name}/locations/4002/localPosts`,
      authorization: `Bearer ${token}`,
    });

    emulator.advanceClock(5_000);
    const id = created.name.split('/').at(-1) ?? '';
    const changed = await api.updateLocalPost(token, where, id, {
      summary: 'Truffle week, now with a call',
      callToAction: { actionType: 'CALL' },
    });
    expect(emulator.requests.at(-1)?.query).toEqual({ updateMask: 'summary,callToAction' });
    expect(changed).toMatchObject({
      summary: 'Truffle week, now with a call',
      callToAction: { actionType: 'CALL' },
    });
    expect(Date.parse(changed.updateTime ?? '')).toBeGreaterThan(Date.parse(created.createTime ?? ''));
    // Patching with no call-to-action removes it (the mask names it).
    const bare = await api.updateLocalPost(token, where, created.name, {
      summary: 'Plain',
      callToAction: null,
    });
    expect(bare.callToAction).toBeUndefined();

    expect((await api.listLocalPosts(token, where)).items.map((p) => p.summary)).toEqual(['Plain']);
    await api.deleteLocalPost(token, where, id);
    expect((await api.listLocalPosts(token, where)).items).toEqual([]);
    expect((await failure(api.deleteLocalPost(token, where, id))).kind).toBe('not-found');
    expect((await failure(api.listLocalPosts(token, { ...where, locationId: '9999' }))).kind).toBe(
      'not-found',
    );
  });

  it('pages the list newest first, at most 100 a page', async () => {
    for (let i = 1; i <= 5; i++) await post(`Post ${i}`);
    const first = await api.listLocalPosts(token, where, { pageSize: 2 });
    expect(first.items.map((p) => p.summary)).toEqual(['Post 5', 'Post 4']);
    const second = await api.listLocalPosts(token, where, {
      pageSize: 2,
      pageToken: first.nextPageToken ?? '',
    });
    expect(second.items.map((p) => p.summary)).toEqual(['Post 3', 'Post 2']);
    await api.listLocalPosts(token, where, { pageSize: 500 });
    expect(emulator.requests.at(-1)?.query.pageSize).toBe('100');
    const raw = await fetch(
      `${emulator.urls.reviewsUrl}/${EMULATOR_ACCOUNT.name}/locations/4002/localPosts?pageSize=101`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(raw.status).toBe(400);
  });

  it('refuses what Google refuses with 400 INVALID_ARGUMENT and a field violation', async () => {
    const bad: [string, { actionType: string; url?: string } | null, string][] = [
      ['', null, 'summary'],
      ['x'.repeat(1501), null, 'summary'],
      ['ok', { actionType: 'ORDER' }, 'call_to_action.url'],
      ['ok', { actionType: 'SIGN_UP', url: 'ftp://x.example' }, 'call_to_action.url'],
      ['ok', { actionType: 'GET_OFFER', url: 'https://x.example' }, 'call_to_action.action_type'],
    ];
    for (const [summary, action, field] of bad) {
      const res = await fetch(
        `${emulator.urls.reviewsUrl}/${EMULATOR_ACCOUNT.name}/locations/4002/localPosts`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            summary,
            topicType: 'STANDARD',
            ...(action ? { callToAction: action } : {}),
          }),
        },
      );
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { error: { details: { fieldViolations: { field: string }[] }[] } };
      expect(answer).toMatchObject({ error: { code: 400, status: 'INVALID_ARGUMENT' } });
      expect(answer.error.details[0]?.fieldViolations[0]?.field).toBe(field);
      expect((await failure(post(summary, action))).kind).toBe('invalid-argument');
    }
    // 1500 characters (an emoji counting as one) and a CALL without a URL are fine.
    await post('🍝'.repeat(1500), { actionType: 'CALL' });
    expect((await api.listLocalPosts(token, where)).items).toHaveLength(1);
    const created = (await api.listLocalPosts(token, where)).items[0]!;
    expect(
      (await failure(api.updateLocalPost(token, where, created.name, { summary: '', callToAction: null })))
        .kind,
    ).toBe('invalid-argument');
    const res = await fetch(`${emulator.urls.reviewsUrl}/${created.name}?updateMask=topicType`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(400);
  });

  it('allows 10 edits a minute per profile, then 429 RESOURCE_EXHAUSTED with retry-after; other profiles are apart', async () => {
    for (let i = 0; i < 10; i++) await post(`Post ${i}`);
    const over = await failure(post('eleventh'));
    expect(over.kind).toBe('rate-limited');
    expect(over.details).toMatchObject({ httpStatus: 429, googleStatus: 'RESOURCE_EXHAUSTED' });
    expect(over.message).toContain(EDIT_QUOTA_MESSAGE);
    expect(over.details.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(over.details.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Reading is not an edit; another location has its own quota.
    expect((await api.listLocalPosts(token, where)).items).toHaveLength(10);
    await api.createLocalPost(
      token,
      { ...where, locationId: '4003' },
      { summary: 'Elsewhere', callToAction: null },
    );
    // A refused edit changed nothing; a minute later the profile may edit again.
    emulator.advanceClock(60_001);
    await post('eleventh');
    expect((await api.listLocalPosts(token, where)).items).toHaveLength(11);
  });

  it('needs a valid access token', async () => {
    expect((await failure(api.listLocalPosts('ya29.nope', where))).kind).toBe('unauthorized');
  });
});
