import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';

/**
 * Data that could not be loaded: `title`, a message (the spec's "try again" message unless the screen has its
 * own) and a Try Again button.
 */
export function LoadError({
  title,
  message = 'Please try again or contact support',
  onRetry,
}: {
  title: string;
  message?: string;
  onRetry: () => void;
}) {
  return <ErrorView title={title} message={message} actions={<Button onClick={onRetry}>Try Again</Button>} />;
}
