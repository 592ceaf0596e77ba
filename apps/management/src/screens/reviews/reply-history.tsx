import { Badge } from '@brigade/ui/app-kit/badge';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { errorText } from '../domains/error-text';
import { type ReplyEvent, useReplyHistory } from '../google-business/review-queries';

const actionLabel: Record<ReplyEvent['action'], string> = {
  posted: 'Posted',
  edited: 'Edited',
  deleted: 'Deleted',
  'changed-on-google': 'Changed on Google',
};

const when = (at: string) =>
  new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Who did it: the person, "Auto-reply" for the job, Google for a change made there. */
function actorOf(event: ReplyEvent): string {
  if (event.autoPosted) return 'Auto-reply';
  if (event.action === 'changed-on-google') return 'On Google';
  return event.userName ?? 'A former team member';
}

/** Every reply posted, edited or deleted on this review, newest first (migration 0022). */
export function ReplyHistory({ connectionId, reviewId }: { connectionId: string; reviewId: string }) {
  const history = useReplyHistory(connectionId, reviewId);
  return (
    <section className="rv-card rv-history" aria-labelledby="rv-history-title">
      <h2 id="rv-history-title" className="rv-heading">
        Reply history
      </h2>
      {history.isPending ? (
        <p className="rv-muted" role="status">
          Loading the reply history…
        </p>
      ) : history.isError ? (
        <Alert>
          {errorText(history.error)}{' '}
          <Button variant="ghost" onClick={() => void history.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : history.data.length === 0 ? (
        <p className="rv-muted">No earlier replies</p>
      ) : (
        <ol className="rv-history__list">
          {history.data.map((event) => (
            <li key={event.id} className="rv-history__item">
              <p className="rv-history__head">
                <strong>{actionLabel[event.action]}</strong>
                <span>by {actorOf(event)}</span>
                {event.isAiGenerated && <Badge tone="info">AI-drafted</Badge>}
                <time className="rv-muted" dateTime={event.at}>
                  {when(event.at)}
                </time>
              </p>
              {event.response && <p className="rv-history__text">{event.response}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
