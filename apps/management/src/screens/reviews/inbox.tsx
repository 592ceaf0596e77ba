import { Badge } from '@brigade/ui/app-kit/badge';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert, ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../domains/error-text';
import { when } from '../google-business/connection';
import type { Connection } from '../google-business/queries';
import {
  activeFilterCount,
  NO_FILTERS,
  parseFilters,
  type ReviewFilters,
  trendPoints,
} from '../google-business/review-filters';
import {
  type ListingReview,
  useReplyMutations,
  useReviewPages,
  useReviewSummary,
} from '../google-business/review-queries';
import { ReviewFilterFields } from './filters';
import { reviewDate, Stars } from './stars';
import { RatingSummary } from './summary';
import { RatingTrend } from './trend-chart';

const KEYS = Object.keys(NO_FILTERS) as (keyof ReviewFilters)[];
const count = (n: number) => n.toLocaleString('en-US');

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

type Pages = ReturnType<typeof useReviewPages>;
type Summary = ReturnType<typeof useReviewSummary>;

/** The figures and the trend of the filtered reviews, from the summary route. */
function Overview({ summary, onUnit }: { summary: Summary; onUnit: (unit: 'week' | 'month') => void }) {
  if (summary.isError)
    return (
      <Alert tone="error" title="Failed to load the rating summary">
        {errorText(summary.error)}{' '}
        <Button variant="secondary" size="sm" onClick={() => void summary.refetch()}>
          Try Again
        </Button>
      </Alert>
    );
  if (!summary.data) return <SkeletonRows count={3} label="Loading the rating summary" />;
  const { trendUnit, trend } = summary.data;
  return (
    <div className="rv-overview" aria-busy={summary.isFetching || undefined}>
      <RatingSummary summary={summary.data} />
      <RatingTrend points={trendPoints(trend, trendUnit)} unit={trendUnit} onUnit={onUnit} />
    </div>
  );
}

export function ReviewsInbox({ connection }: { connection: Connection }) {
  const { filters, setFilters, search } = useReviewFilters();
  const [unit, setUnit] = useState<'week' | 'month' | null>(null);
  const pages = useReviewPages(connection.connectionId, filters);
  const summary = useReviewSummary(connection.connectionId, filters, unit);
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
  const total = summary.data?.count;
  const filtered = activeFilterCount(filters) > 0;
  return (
    <div className="rv-inbox">
      <Overview summary={summary} onUnit={setUnit} />
      <section className="rv-list-section" aria-labelledby="rv-list-title">
        <div className="rv-list-head">
          <h2 id="rv-list-title" className="rv-heading">
            {total === undefined
              ? 'Reviews'
              : `${count(total)} ${filtered ? 'matching ' : ''}${total === 1 ? 'review' : 'reviews'}`}
          </h2>
          <span className="rv-muted">Last sync {when(connection.lastSyncAt)}</span>
          <Button variant="secondary" size="sm" onClick={() => void syncNow()} loading={sync.isPending}>
            Sync reviews
          </Button>
        </div>
        <ReviewFilterFields filters={filters} onChange={setFilters} />
        <ReviewList pages={pages} total={total} filters={filters} setFilters={setFilters} search={search} />
      </section>
    </div>
  );
}

function ReviewList({
  pages,
  total,
  filters,
  setFilters,
  search,
}: {
  pages: Pages;
  total: number | undefined;
  filters: ReviewFilters;
  setFilters: (next: ReviewFilters) => void;
  search: string;
}) {
  if (pages.isPending) return <SkeletonRows count={6} label="Loading reviews" />;
  if (pages.isError && !pages.data)
    return (
      <ErrorView
        title="Failed to load the reviews"
        message={errorText(pages.error)}
        actions={<Button onClick={() => void pages.refetch()}>Try Again</Button>}
      />
    );
  const shown = pages.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = activeFilterCount(filters) > 0;
  if (shown.length === 0)
    return (
      <EmptyState
        title={filtered ? 'No reviews match these filters' : 'No reviews yet'}
        message={
          filtered ? 'Clear a filter or search for something else.' : 'Sync to read the reviews from Google.'
        }
        actions={
          filtered && (
            <Button variant="secondary" onClick={() => setFilters({ ...NO_FILTERS, sort: filters.sort })}>
              Clear filters
            </Button>
          )
        }
      />
    );
  return (
    <>
      <ul className="rv-list" aria-label="Reviews" aria-busy={pages.isFetching || undefined}>
        {shown.map((review) => (
          <ReviewRow key={review.reviewId} review={review} search={search} />
        ))}
      </ul>
      <ListFooter pages={pages} shown={shown.length} total={total} />
    </>
  );
}

/** "Showing 50 of 1,234" and "Load more" (or its failure and a retry) while more pages remain. */
function ListFooter({ pages, shown, total }: { pages: Pages; shown: number; total: number | undefined }) {
  return (
    <div className="list-footer rv-footer">
      <p className="list-footer__count" aria-live="polite">
        {total !== undefined && (pages.hasNextPage || total !== shown)
          ? `Showing ${count(shown)} of ${count(Math.max(total, shown))}`
          : `${count(shown)} ${shown === 1 ? 'review' : 'reviews'}, all shown`}
      </p>
      {pages.isFetchNextPageError && (
        <Alert tone="error" title="Could not load more reviews">
          {errorText(pages.error)}
        </Alert>
      )}
      {pages.hasNextPage && (
        <Button
          variant="secondary"
          loading={pages.isFetchingNextPage}
          loadingText="Loading..."
          onClick={() => void pages.fetchNextPage()}
        >
          {pages.isFetchNextPageError ? 'Try Again' : 'Load more'}
        </Button>
      )}
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
