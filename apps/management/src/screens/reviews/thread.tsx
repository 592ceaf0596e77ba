import { Badge } from '@brigade/ui/app-kit/badge';
import { ConfirmDialog } from '@brigade/ui/app-kit/confirm-dialog';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { errorText } from '../domains/error-text';
import { type ListingReview, useReplyMutations } from '../google-business/review-queries';
import { AiDraftButton } from './ai-draft';
import { ReplyState } from './inbox';
import { ReplyEditor } from './reply-editor';
import { ReplyHistory } from './reply-history';
import { reviewDate, Stars } from './stars';

const sentimentLabel = { positive: 'Positive', neutral: 'Neutral', negative: 'Negative' } as const;

/** One review, its reply (edit = post again; delete with confirmation) and the reply editor. */
export function ReviewThread({ review, connectionId }: { review: ListingReview; connectionId: string }) {
  const { search } = useLocation();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const showEditor = !review.response || editing;
  return (
    <div className="rv-thread">
      <Link className="rv-back" to={{ pathname: '/reviews', search }}>
        ← Back to reviews
      </Link>
      <article className="rv-card rv-review" aria-labelledby="rv-review-title">
        <header className="rv-review__head">
          <h2 id="rv-review-title" className="rv-heading">
            {review.reviewerName}
          </h2>
          <ReplyState review={review} />
        </header>
        <div className="rv-review__meta">
          <Stars rating={review.rating} />
          <span className="rv-muted">{reviewDate(review.reviewTime)}</span>
          <Badge
            tone={
              review.sentiment === 'negative'
                ? 'danger'
                : review.sentiment === 'neutral'
                  ? 'warning'
                  : 'success'
            }
          >
            {sentimentLabel[review.sentiment]}
          </Badge>
        </div>
        <p className="rv-review__text">
          {review.comment ?? <span className="rv-muted">The guest left a rating without text.</span>}
        </p>
        {review.response && !editing && (
          <section className="rv-reply" aria-label="Your reply">
            <h3 className="rv-reply__title">
              Your reply
              {review.isAiGenerated && <Badge tone="info">AI-drafted</Badge>}
            </h3>
            <p className="rv-review__text">{review.response}</p>
            <p className="rv-muted">Posted {reviewDate(review.responseTime)}</p>
            <div className="rv-actions">
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit reply
              </Button>
              <Button variant="ghost" onClick={() => setDeleting(true)}>
                Delete reply
              </Button>
            </div>
          </section>
        )}
      </article>
      {showEditor && (
        <ReplyEditor
          key={`${review.reviewId}-${editing}`}
          review={review}
          connectionId={connectionId}
          onPosted={() => setEditing(false)}
          onCancel={editing ? () => setEditing(false) : undefined}
          drafter={(fill) => <AiDraftButton review={review} connectionId={connectionId} onDraft={fill} />}
        />
      )}
      <ReplyHistory connectionId={connectionId} reviewId={review.reviewId} />
      {deleting && (
        <DeleteReplyDialog review={review} connectionId={connectionId} onClose={() => setDeleting(false)} />
      )}
    </div>
  );
}

function DeleteReplyDialog({
  review,
  connectionId,
  onClose,
}: {
  review: ListingReview;
  connectionId: string;
  onClose: () => void;
}) {
  const { remove } = useReplyMutations(connectionId);
  const toast = useToast();
  const confirm = async () => {
    try {
      await remove.mutateAsync(review.reviewId);
      toast.success('Reply deleted');
      onClose();
    } catch {
      // The dialog shows the error.
    }
  };
  return (
    <ConfirmDialog
      open
      title="Delete this reply?"
      message={`The reply to ${review.reviewerName} is removed from Google too. You can write a new one afterwards.`}
      confirmLabel="Delete reply"
      pending={remove.isPending}
      error={remove.error ? errorText(remove.error) : null}
      onConfirm={() => void confirm()}
      onCancel={onClose}
    />
  );
}
