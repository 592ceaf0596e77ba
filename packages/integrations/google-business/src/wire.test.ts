import { describe, expect, it } from 'vitest';
import { wireReviewsSchema } from './wire';

// A page of reviews as Google documents it (accounts.locations.reviews.list), one of them unrated.
const review = (id: string, starRating: string) => ({
  name: `accounts/1/locations/2/reviews/${id}`,
  reviewId: id,
  reviewer: { displayName: 'Ana', isAnonymous: false },
  starRating,
  comment: 'Lovely',
  createTime: '2026-11-01T12:00:00Z',
  updateTime: '2026-11-01T12:00:00Z',
});

describe('a page of reviews from Google', () => {
  it('leaves out and counts a review it cannot read (STAR_RATING_UNSPECIFIED), keeping the others', () => {
    const page = wireReviewsSchema.parse({
      reviews: [review('r1', 'FIVE'), review('r2', 'STAR_RATING_UNSPECIFIED'), review('r3', 'TWO')],
      averageRating: 3.5,
      totalReviewCount: 3,
      nextPageToken: 'next',
    });
    expect(page.items.map((r) => [r.reviewId, r.rating])).toEqual([
      ['r1', 5],
      ['r3', 2],
    ]);
    expect(page).toMatchObject({ unreadable: 1, totalReviewCount: 3, nextPageToken: 'next' });
  });

  it('says nothing of unreadable reviews when every review is read', () => {
    expect(wireReviewsSchema.parse({ reviews: [review('r1', 'ONE')] })).not.toHaveProperty('unreadable');
  });
});
