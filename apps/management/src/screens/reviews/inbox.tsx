import { Badge } from '@brigade/ui/app-kit/badge';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../domains/error-text';
import { when } from '../google-business/connection';
import type { Connection } from '../google-business/queries';
import {
  activeFilterCount,
  filterReviews,
  NO_FILTERS,
  parseFilters,
  type ReviewFilters,
  summarise,
} from '../google-business/review-filters';
import { type ListingReview, useReplyMutations } from '../google-business/review-queries';
import { ReviewFilterFields } from './filters';
import { reviewDate, Stars } from './stars';
import { RatingSummary } from './summary';
import { RatingTrend } from './trend-chart';

const KEYS = Object.keys(NO_FILTERS) as (keyof ReviewFilters)[];

/** The filters live in the address, so a review's thread and the browser's Back keep them. */
export function useReviewFilters() {
  const [params, setParams] = useSearchParams();
  const filters = parseFilters((key) => params.get(key));
  const setFilters = (next: ReviewFilters) =>
    setParams(Object.fromEntries(KEYS.filter((key) => next[key] !== '').map((key) => [key, next[key]])), {
      replace: true,
    });
  return { filters, setFilters, search: params.toString() };
}

export function ReviewsInbox({ reviews, connection }: { reviews: ListingReview[]; connection: Connection }) {
  const { filters, setFilters, search } = useReviewFilters();
  const shown = filterReviews(reviews, filters);
  const { sync } = useReplyMutations(connection.connectionId);
  const toast = useToast();
  const syncNow = async () => {
    try {
      const result = await sync.mutateAsync();
      toast.success(`Synced: ${result.fetched} reviews read, ${result.created} new`);
    } catch (error) {
      toast.error(errorText(error));
    }
  };
  return (
    <div className="rv-inbox">
      <div className="rv-overview">
        <RatingSummary summary={summarise(reviews)} />
        <RatingTrend reviews={reviews} />
      </div>
      <section className="rv-list-section" aria-labelledby="rv-list-title">
        <div className="rv-list-head">
          <h2 id="rv-list-title" className="rv-heading">
            {activeFilterCount(filters) > 0
              ? `${shown.length} of ${reviews.length} reviews`
              : `${reviews.length} reviews`}
          </h2>
          <span className="rv-muted">Last sync {when(connection.lastSyncAt)}</span>
          <Button variant="secondary" size="sm" onClick={() => void syncNow()} loading={sync.isPending}>
            Sync reviews
          </Button>
        </div>
        <ReviewFilterFields filters={filters} onChange={setFilters} />
        {shown.length === 0 ? (
          <EmptyState
            title={reviews.length === 0 ? 'No reviews yet' : 'No reviews match these filters'}
            message={
              reviews.length === 0
                ? 'Sync to read the reviews from Google.'
                : 'Clear a filter or search for something else.'
            }
            actions={
              activeFilterCount(filters) > 0 && (
                <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
                  Clear filters
                </Button>
              )
            }
          />
        ) : (
          <ul className="rv-list" aria-label="Reviews">
            {shown.map((review) => (
              <ReviewRow key={review.reviewId} review={review} search={search} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export function ReplyState({ review }: { review: ListingReview }) {
  if (review.response)
    return (
      <Badge tone="success">
        {review.replyAutoPosted
          ? 'Replied · auto-posted'
          : review.isAiGenerated
            ? 'Replied · AI-drafted'
            : 'Replied'}
      </Badge>
    );
  if (review.needsResponse) return <Badge tone="danger">Needs response</Badge>;
  return <Badge tone="info">Unanswered</Badge>;
}

function ReviewRow({ review, search }: { review: ListingReview; search: string }) {
  return (
    <li className="rv-row" data-needs-response={review.needsResponse || undefined}>
      <div className="rv-row__top">
        <Stars rating={review.rating} />
        <Link
          className="rv-row__link"
          to={{ pathname: `/reviews/${encodeURIComponent(review.reviewId)}`, search }}
        >
          {review.reviewerName}
        </Link>
        <span className="rv-muted">{reviewDate(review.reviewTime)}</span>
        <span className="rv-row__state">
          <ReplyState review={review} />
        </span>
      </div>
      <p className="rv-row__text">
        {review.comment ?? <span className="rv-muted">Rating only, no text</span>}
      </p>
    </li>
  );
}
