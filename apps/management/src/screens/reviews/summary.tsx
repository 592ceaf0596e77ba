import type { ReviewSummaryData } from '../google-business/review-queries';
import { Stars } from './stars';

/** The average rating, how many reviews, how many need a response, and how the ratings spread. */
export function RatingSummary({ summary: figures }: { summary: ReviewSummaryData }) {
  const byRating = [1, 2, 3, 4, 5].map((stars) => figures.ratingDistribution[String(stars) as '1'] ?? 0);
  const average = figures.averageRating === null ? null : Math.round(figures.averageRating * 10) / 10;
  const summary = { count: figures.count, average, needsResponse: figures.needsResponse, byRating };
  const most = Math.max(1, ...byRating);
  return (
    <section className="rv-card rv-summary" aria-labelledby="rv-summary-title">
      <h2 id="rv-summary-title" className="rv-heading">
        Average rating
      </h2>
      <div className="rv-summary__average">
        <span className="rv-summary__number">{summary.average?.toFixed(1) ?? '–'}</span>
        {summary.average !== null && <Stars rating={summary.average} size="lg" />}
      </div>
      <p className="rv-muted">
        {summary.count.toLocaleString('en-US')} {summary.count === 1 ? 'review' : 'reviews'} ·{' '}
        {summary.needsResponse.toLocaleString('en-US')} need a response
      </p>
      <ul className="rv-spread" aria-label="Reviews per rating">
        {[5, 4, 3, 2, 1].map((stars) => {
          const count = summary.byRating[stars - 1] ?? 0;
          return (
            <li key={stars}>
              <span>{stars}★</span>
              <span className="rv-spread__bar" aria-hidden="true">
                <span style={{ width: `${(count / most) * 100}%` }} />
              </span>
              <span>
                {count}
                <span className="ui-visually-hidden"> with {stars} stars</span>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
