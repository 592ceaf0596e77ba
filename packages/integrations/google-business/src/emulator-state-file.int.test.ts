import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BusinessProfileClient } from './business-client';
import { startGoogleBusinessEmulator } from './emulator';
import { issueAccessToken, issueRefreshToken } from './emulator-state';
import { EMULATOR_ACCOUNT } from './emulator-world';
import { BUSINESS_MANAGE_SCOPE } from './endpoints';

// Issue 43 / decision 060: with a state file the emulator's memory outlives its process — a grant, a reply, a
// post and a profile edit made before a restart are all there after it.

const dir = mkdtempSync(join(tmpdir(), 'google-business-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the Google Business emulator with a state file', () => {
  it('finds its grants, replies, posts and profile edits again after a restart on the same file', async () => {
    const stateFile = join(dir, 'google-business.json');
    const first = await startGoogleBusinessEmulator({ stateFile, extraReviews: { '4002': 5 } });
    const reviewsAt4002 = first.addReviews('4002', 0);
    first.advanceClock(90_000);
    const token = issueAccessToken(first.state, issueRefreshToken(first.state, BUSINESS_MANAGE_SCOPE));
    const api = new BusinessProfileClient({ urls: first.urls });
    const where = { accountId: EMULATOR_ACCOUNT.name, locationId: 'locations/4001' };
    await api.putReply(token, { ...where, reviewId: 'emu-review-001' }, 'Thank you, see you soon');
    const post = await api.createLocalPost(token, where, {
      summary: 'Kept across restarts',
      callToAction: null,
    });
    await first.close();

    const second = await startGoogleBusinessEmulator({ stateFile, extraReviews: { '4002': 5 } });
    try {
      const again = new BusinessProfileClient({ urls: second.urls });
      // the access token issued before the restart still works: the grant was kept
      const reviews = await again.listReviews(token, where.accountId, where.locationId);
      const replied = reviews.items.find((review) => review.reviewId === 'emu-review-001');
      expect(replied?.reviewReply?.comment).toBe('Thank you, see you soon');
      const posts = await again.listLocalPosts(token, where);
      expect(posts.items.map((item) => item.name)).toContain(post.name);
      expect(second.state.clockOffsetMs).toBe(90_000);
      // the generated reviews asked for at start were added once, not again at the restart
      expect(second.addReviews('4002', 0)).toBe(reviewsAt4002);
      expect(second.state.locations).toBeInstanceOf(Map);
    } finally {
      await second.close();
    }
  });
});
