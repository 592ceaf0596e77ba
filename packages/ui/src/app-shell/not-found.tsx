import { Link } from 'react-router';
import { buttonClass } from '../components/button';
import { EmptyState } from '../components/empty-state';

/** The 404 screen of an app; `appTitle` ("management", "site administration") and the home link's label differ. */
export function NotFoundScreen({ appTitle, homeLabel }: { appTitle: string; homeLabel: string }) {
  return (
    <EmptyState
      title="Page not found"
      message={`This page does not exist in the ${appTitle} app.`}
      actions={
        <Link className={buttonClass('primary')} to="/">
          {homeLabel}
        </Link>
      }
    />
  );
}
