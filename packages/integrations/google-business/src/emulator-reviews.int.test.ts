import { afterEach, describe, expect, it } from 'vitest';
import { BusinessProfileClient } from './business-client';
import { type GoogleBusinessEmulator, startGoogleBusinessEmulator } from './emulator';
import { issueAccessToken, issueRefreshToken } from './emulator-state';
import { EMULATOR_ACCOUNT } from './emulator-world';
import { BUSINESS_MANAGE_SCOPE } from './endpoints';

// The emulator's load control (issue 19, bench): a location given many generated reviews, read back over
// real HTTP page by page as Brigade's sync reads them; the fixed world stays as it was.

let emulator: GoogleBusinessEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function readAll(location: string) {
  if (!emulator) throw new Error('no emulator');
  const token = issueAccessToken(emulator.state, issueRefreshToken(emulator.state, BUSINESS_MANAGE_SCOPE));
  const api = new BusinessProfileClient({ urls: emulator.urls });
  const items: Awaited<ReturnType<typeof api.listReviews>>['items'] = [];
  let pageToken: string | undefined;
  let total = 0;
  do {
    const page = await api.listReviews(
      token,
      EMULATOR_ACCOUNT.name,
      location,
      pageToken ? { pageToken } : {},
    );
    items.push(...page.items);
    total = page.totalReviewCount ?? 0;
    pageToken = page.nextPageToken;
  } while (pageToken);
  return { items, total };
}

describe('GoogleBusinessEmulator.addReviews', () => {
  it('gives a location varied, deterministic reviews, newest first, and leaves the others alone', async () => {
    emulator = await startGoogleBusinessEmulator();
    expect(emulator.addReviews('4002', 300)).toBe(300);
    const { items, total } = await readAll('locations/4002');
    expect(total).toBe(300);
    expect(new Set(items.map((r) => r.reviewId)).size).toBe(300);
    for (const stars of [1, 2, 3, 4, 5])
      expect(items.filter((r) => r.rating === stars).length).toBeGreaterThan(40);
    expect(items.filter((r) => r.reviewReply).length).toBe(75);
    expect(items.filter((r) => r.reviewer.isAnonymous).length).toBe(27);
    expect(items.filter((r) => !r.comment).length).toBe(50);
    const times = items.map((r) => Date.parse(r.createTime ?? ''));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]! - times.at(-1)!).toBeGreaterThan(30 * 24 * 3600 * 1000);
    expect((await readAll('locations/4001')).total).toBe(25);

    // More reviews continue the series (older, new ids); a second emulator makes the same ones.
    expect(emulator.addReviews('4002', 20)).toBe(320);
    const more = await readAll('locations/4002');
    expect(new Set(more.items.map((r) => r.reviewId)).size).toBe(320);
    await emulator.close();
    emulator = await startGoogleBusinessEmulator({ extraReviews: { '4002': 320 } });
    expect((await readAll('locations/4002')).items).toEqual(more.items);
  });

  it('refuses a location it does not have', async () => {
    emulator = await startGoogleBusinessEmulator();
    expect(() => emulator?.addReviews('9999', 1)).toThrow('The emulator has no location 9999');
  });
});

describe('reviews as Google documents them (accounts.locations.reviews)', () => {
  async function call(path: string) {
    if (!emulator) throw new Error('no emulator');
    const token = issueAccessToken(emulator.state, issueRefreshToken(emulator.state, BUSINESS_MANAGE_SCOPE));
    const answer = await fetch(
      `${emulator.urls.reviewsUrl}/${EMULATOR_ACCOUNT.name}/locations/4002/${path}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
  }
  const ratings = (body: Record<string, unknown>) =>
    (body.reviews as { starRating: string }[]).map(
      (r) => ['ONE', 'TWO', 'THREE', 'FOUR', 'FIVE'].indexOf(r.starRating) + 1,
    );

  it('sorts by rating, rating desc or updateTime desc (orderBy), and refuses another order', async () => {
    emulator = await startGoogleBusinessEmulator();
    emulator.addReviews('4002', 40);
    const up = ratings((await call('reviews?orderBy=rating')).body);
    expect(up).toEqual([...up].sort((a, b) => a - b));
    expect(up[0]).toBeLessThan(up.at(-1)!);
    const down = ratings((await call('reviews?orderBy=rating%20desc')).body);
    expect(down).toEqual([...down].sort((a, b) => b - a));
    const newest = (await call('reviews?orderBy=updateTime%20desc')).body.reviews as { updateTime: string }[];
    const times = newest.map((r) => Date.parse(r.updateTime));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect((await call('reviews?orderBy=comment')).status).toBe(400);
  });

  it('gets one review by its id (reviews.get), and 404 for an unknown one', async () => {
    emulator = await startGoogleBusinessEmulator();
    emulator.addReviews('4002', 3);
    const [first] = (await call('reviews')).body.reviews as { reviewId: string; name: string }[];
    const one = await call(`reviews/${first!.reviewId}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ reviewId: first!.reviewId, name: first!.name });
    expect((await call('reviews/no-such-review')).status).toBe(404);
  });
});
