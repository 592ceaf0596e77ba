import { type ReactNode, useEffect } from 'react';
import { ErrorView } from './components/alert';
import { Button } from './components/button';
import { CenteredCard } from './components/centered-card';
import { LoadingView } from './components/spinner';
import { authAddress } from './lib/auth-address';
import { useSession } from './lib/session';
import { isLogoutInProgress } from './lib/sign-out';
import { usePlatform } from './platform';

/** Sends unauthenticated users to the auth service with returnUrl, unless a logout is in progress. */
export function AuthGuard({ children }: { children: ReactNode }) {
  const { authUrl } = usePlatform();
  const session = useSession();
  const unauthenticated = session.state.status === 'unauthenticated';

  useEffect(() => {
    if (!unauthenticated || isLogoutInProgress()) return;
    window.location.assign(authAddress(authUrl, { returnUrl: window.location.href }));
  }, [unauthenticated, authUrl]);

  if (session.state.status === 'authenticated') return <>{children}</>;
  if (session.state.status === 'error') {
    return (
      <CenteredCard label="Authentication Error">
        <ErrorView
          title="Authentication Error"
          message={session.state.error.message || 'Session validation failed'}
          actions={<Button onClick={() => void session.refetch()}>Try Again</Button>}
        />
      </CenteredCard>
    );
  }
  return <LoadingView page message={unauthenticated ? 'Redirecting to sign in...' : 'Loading...'} />;
}
