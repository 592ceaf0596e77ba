import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';

/** Data that could not be loaded: `title`, the spec's "try again" message and a Try Again button. */
export function LoadError({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <ErrorView
      title={title}
      message="Please try again or contact support"
      actions={<Button onClick={onRetry}>Try Again</Button>}
    />
  );
}
