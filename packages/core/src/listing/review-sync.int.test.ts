import { BusinessProfileClient } from '@brigade/google-business/business-client';
import { type GoogleBusinessEmulator, startGoogleBusinessEmulator } from '@brigade/google-business/emulator';
import { issueAccessToken, issueRefreshToken } from '@brigade/google-business/emulator-state';
import { EMULATOR_ACCOUNT } from '@brigade/google-business/emulator-world';
import { BUSINESS_MANAGE_SCOPE } from '@brigade/google-business/endpoints';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchAllReviews } from './review-sync';

// Google's later review pages occasionally leave reviews out: the sync reads the pages
// again when fewer came back than Google counts. Real HTTP to the emulator; the client's fetch drops one
// review from the second page of the first reading, as Google sometimes does.

let emulator: GoogleBusinessEmulator;
let token: string;
beforeAll(async () => {
  emulator = await startGoogleBusinessEmulator();
  token = issueAccessToken(emulator.state, issueRefreshToken(emulator.state, BUSINESS_MANAGE_SCOPE));
  const reviews = emulator.state.reviews.get('4001')!;
  const template = reviews[0]!;
  for (let i = 0; i < 50; i++) reviews.push({ ...template, reviewId: `emu-more-${i}` });
});
afterAll(async () => emulator?.close());

/** A fetch that removes the first review of the first later page it sees. */
function droppingFetch() {
  let dropped: string | undefined;
  const wrapped: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const url = new URL(String(input));
    if (dropped || !url.pathname.endsWith('/reviews') || !url.searchParams.get('pageToken')) return response;
    const body = (await response.json()) as { reviews: { reviewId: string }[] };
    dropped = body.reviews.shift()?.reviewId;
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch: wrapped, dropped: () => dropped };
}

describe('fetchAllReviews', () => {
  const where = { accountId: EMULATOR_ACCOUNT.name, locationId: 'locations/4001' };

  it('reads the pages again when a page missed a review, and finds it', async () => {
    const lossy = droppingFetch();
    const api = new BusinessProfileClient({ urls: emulator.urls, fetch: lossy.fetch });
    const before = emulator.requests.length;
    const fetched = await fetchAllReviews(api, token, where);
    // 75 reviews at 50 a page, in the emulator's stored order: the 51st, first of the second page, was dropped
    expect(lossy.dropped()).toBe(emulator.state.reviews.get('4001')?.[50]?.reviewId);
    expect(fetched.totalReviewCount).toBe(75);
    expect(fetched.reviews.size).toBe(75);
    expect(fetched.reviews.has(lossy.dropped() ?? '')).toBe(true);
    // Two pages, then the same two again.
    expect(emulator.requests.slice(before).filter((r) => r.path.endsWith('/reviews'))).toHaveLength(4);
  });

  it('reads each page once when nothing was missed', async () => {
    const api = new BusinessProfileClient({ urls: emulator.urls });
    const before = emulator.requests.length;
    const fetched = await fetchAllReviews(api, token, where);
    expect(fetched.reviews.size).toBe(75);
    expect(emulator.requests.slice(before).filter((r) => r.path.endsWith('/reviews'))).toHaveLength(2);
  });
});
