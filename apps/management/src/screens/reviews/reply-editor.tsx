import { REVIEW_REPLY_MAX_LENGTH } from '@brigade/domain/listing/review';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { errorText } from '../domains/error-text';
import { replyProblem } from '../google-business/review-filters';
import { type ListingReview, useReplyMutations } from '../google-business/review-queries';

export interface Draft {
  text: string;
  source: string;
}

/**
 * The reply editor: 1-4096 characters ("Response too long"), a live count, and Post. A draft (AI) only
 * fills the text: nothing reaches Google until the person presses Post.
 */
interface ReplyEditorProps {
  review: ListingReview;
  connectionId: string;
  onPosted: () => void;
  onCancel?: () => void;
  /** Renders the "Draft with AI" control; it calls `fill` with the draft. */
  drafter?: (fill: (draft: Draft) => void) => ReactNode;
}

export function ReplyEditor({ review, connectionId, onPosted, onCancel, drafter }: ReplyEditorProps) {
  const { post } = useReplyMutations(connectionId);
  const toast = useToast();
  const [text, setText] = useState(review.response ?? '');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [touched, setTouched] = useState(false);
  const id = useId();
  const problem = replyProblem(text);
  const shownProblem = touched || text.length > REVIEW_REPLY_MAX_LENGTH ? problem : null;
  const fill = (next: Draft) => {
    setText(next.text);
    setDraft(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (problem) return;
    try {
      await post.mutateAsync({ reviewId: review.reviewId, response: text, isAiGenerated: draft !== null });
      toast.success(review.response ? 'Reply updated on Google' : 'Reply posted to Google');
      onPosted();
    } catch {
      // Shown below.
    }
  };
  return (
    <form
      className="rv-card rv-editor"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <h2 id={`${id}-title`} className="rv-heading">
        {review.response ? 'Edit your reply' : 'Reply to this review'}
      </h2>
      <ReplyField
        id={id}
        text={text}
        problem={shownProblem}
        drafted={draft !== null}
        onChange={setText}
        onBlur={() => setTouched(true)}
      />
      {draft && (
        <p id={`${id}-draft`} className="rv-editor__draft" role="status">
          Drafted by AI — review before posting ({draft.source === 'llm' ? 'language model' : 'local drafter'}
          )
        </p>
      )}
      {post.error && (
        <Alert tone="error" title="The reply was not posted">
          {errorText(post.error)}
        </Alert>
      )}
      <div className="rv-actions">
        {drafter?.(fill)}
        <Button type="submit" loading={post.isPending}>
          {review.response ? 'Post updated reply' : 'Post reply'}
        </Button>
        {onCancel && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}

function ReplyField({
  id,
  text,
  problem,
  drafted,
  onChange,
  onBlur,
}: {
  id: string;
  text: string;
  problem: string | null;
  drafted: boolean;
  onChange: (text: string) => void;
  onBlur: () => void;
}) {
  return (
    <div className="ui-field">
      <label className="ui-field__label" htmlFor={`${id}-text`}>
        Your reply
      </label>
      <textarea
        id={`${id}-text`}
        className="ui-field__input rv-editor__text"
        rows={6}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onBlur={onBlur}
        aria-invalid={problem ? true : undefined}
        aria-describedby={`${id}-count${problem ? ` ${id}-error` : ''}${drafted ? ` ${id}-draft` : ''}`}
      />
      <div className="rv-editor__under">
        {problem ? (
          <p id={`${id}-error`} className="ui-field__error">
            {problem}
          </p>
        ) : (
          <span />
        )}
        <span
          id={`${id}-count`}
          className="rv-editor__count"
          data-over={text.length > REVIEW_REPLY_MAX_LENGTH || undefined}
        >
          {text.length}/{REVIEW_REPLY_MAX_LENGTH} characters
        </span>
      </div>
    </div>
  );
}
