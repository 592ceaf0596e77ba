import { buttonClass } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { Link } from 'react-router';

export function NotFoundScreen() {
  return (
    <EmptyState
      title="Page not found"
      message="This page does not exist in the site administration app."
      actions={
        <Link className={buttonClass('primary')} to="/">
          Go to the overview
        </Link>
      }
    />
  );
}
