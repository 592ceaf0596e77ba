import { roleAtLeast } from '@brigade/domain/access';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { Alert, ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { Link, useParams } from 'react-router';
import { useCurrentRestaurant } from '../../restaurant-context';
import { errorText } from '../domains/error-text';
import { useConnection } from '../google-business/queries';
import { useReview } from '../google-business/review-queries';
import { ReviewsInbox } from './inbox';
import { ReviewThread } from './thread';
import './reviews.css';

/**
 * The reviews inbox (issue 19 item 6): the restaurant's Google reviews with filters, the average and its
 * trend, and each review's thread with the reply editor. Replies are posted only when someone presses Post.
 */
export default function ReviewsScreen() {
  const { restaurantName, role, isSiteAdmin } = useCurrentRestaurant();
  const mayManage = isSiteAdmin || (role !== null && roleAtLeast(role, 'manager'));
  return (
    <>
      <PageHeader title="Reviews" description={`What guests say about ${restaurantName} on Google.`} />
      {mayManage ? (
        <Reviews />
      ) : (
        <Alert tone="info" title="Only owners, admins and managers answer reviews">
          Ask a manager of your organization to answer the restaurant's Google reviews.
        </Alert>
      )}
    </>
  );
}

function Reviews() {
  const { reviewId } = useParams();
  const connection = useConnection();
  const connectionId = connection.data?.locationId ? connection.data.connectionId : undefined;
  const review = useReview(connectionId, reviewId);
  if (connection.isPending || (connectionId && reviewId && review.isPending))
    return <SkeletonRows count={6} label="Loading reviews" />;
  const failed = connection.error ?? (reviewId ? review.error : null);
  if (failed)
    return (
      <ErrorView
        title="Failed to load the reviews"
        message={errorText(failed)}
        actions={
          <Button onClick={() => void (connection.isError ? connection.refetch() : review.refetch())}>
            Try Again
          </Button>
        }
      />
    );
  if (!connection.data || !connectionId)
    return (
      <EmptyState
        title="Connect Google Business Profile to see reviews"
        message="Connect the restaurant's Business Profile and choose its location: its Google reviews then show here."
        actions={
          <Link className="ui-button ui-button--primary" to="/google-business">
            Go to Google Business Profile
          </Link>
        }
      />
    );
  const needsReconnect =
    connection.data.status === 'error' && connection.data.statusReason === 'reconnect_needed';
  const banner = needsReconnect && (
    <Alert tone="warning" title="Reconnect needed">
      Google no longer accepts the connection, so replies cannot be posted.{' '}
      <Link to="/google-business">Reconnect Google Business Profile</Link>
    </Alert>
  );
  if (reviewId)
    return (
      <>
        {banner}
        {review.data ? (
          <ReviewThread review={review.data} connectionId={connectionId} />
        ) : (
          <EmptyState
            title="Review not found"
            message="It may have been removed on Google."
            actions={<Link to="/reviews">Back to reviews</Link>}
          />
        )}
      </>
    );
  return (
    <>
      {banner}
      <ReviewsInbox connection={connection.data} />
    </>
  );
}
