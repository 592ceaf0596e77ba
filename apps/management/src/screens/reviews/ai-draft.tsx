import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { errorText } from '../domains/error-text';
import { useDraftReply } from '../google-business/ai-queries';
import type { ListingReview } from '../google-business/review-queries';
import type { Draft } from './reply-editor';

/** "Draft with AI": asks the server for a draft and puts it in the editor. It never posts. */
export function AiDraftButton({
  review,
  connectionId,
  onDraft,
}: {
  review: ListingReview;
  connectionId: string;
  onDraft: (draft: Draft) => void;
}) {
  const draft = useDraftReply(connectionId);
  const toast = useToast();
  const run = async () => {
    try {
      const answer = await draft.mutateAsync(review.reviewId);
      onDraft({ text: answer.response, source: answer.source });
    } catch (error) {
      toast.error(`No draft: ${errorText(error)}`);
    }
  };
  return (
    <Button
      variant="secondary"
      onClick={() => void run()}
      loading={draft.isPending}
      loadingText="Drafting..."
    >
      Draft with AI
    </Button>
  );
}
