import type { ReactNode } from 'react';
import { ErrorView } from './components/alert';
import { Button, buttonClass } from './components/button';
import { CenteredCard } from './components/centered-card';
import { ShieldIcon } from './components/icons';
import { LoadingView } from './components/spinner';
import { authAddress } from './lib/auth-address';
import { useSession } from './lib/session';
import { useSignOut } from './lib/use-sign-out';
import { usePlatform } from './platform';

export type AdminGuardState =
  | 'loading'
  | 'admin_authenticated'
  | 'authenticated_not_admin'
  | 'error'
  | 'unauthenticated';

/**
 * The server session's isSiteAdmin decides; an error shows only once validation has
 * finished; unauthenticated shows the loading placeholder (the sign-in guard in front handles it).
 */
export function AdminGuard({ children }: { children: ReactNode }) {
  const { authUrl, mainSiteUrl } = usePlatform();
  const session = useSession();
  const { signOut, pending } = useSignOut({ admin: true });
  const state: AdminGuardState =
    session.state.status === 'authenticated'
      ? session.state.user.isSiteAdmin
        ? 'admin_authenticated'
        : 'authenticated_not_admin'
      : session.state.status;

  if (state === 'admin_authenticated') return <>{children}</>;
  if (state === 'loading' || state === 'unauthenticated') return <LoadingView page />;

  const actions = (
    <>
      <Button
        onClick={() =>
          window.location.assign(authAddress(authUrl, { returnUrl: window.location.href, adminAccess: true }))
        }
      >
        Try Again
      </Button>
      <Button
        variant="secondary"
        loading={pending}
        loadingText="Signing Out..."
        onClick={() => void signOut()}
      >
        Sign Out
      </Button>
      {mainSiteUrl && (
        <a className={buttonClass('ghost')} href={mainSiteUrl}>
          Go to Main Site
        </a>
      )}
    </>
  );
  if (state === 'error' && session.state.status === 'error') {
    return (
      <CenteredCard label="Authentication Error">
        <ErrorView
          level={1}
          title="Authentication Error"
          message={session.state.error.message || 'Session validation failed'}
          actions={actions}
        />
      </CenteredCard>
    );
  }
  return (
    <CenteredCard label="Access Denied">
      <ErrorView
        level={1}
        icon={<ShieldIcon />}
        title="Access Denied"
        message="You don't have permission to access this admin area. Site administrator privileges are required."
        actions={actions}
      />
    </CenteredCard>
  );
}
