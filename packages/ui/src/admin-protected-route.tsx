import type { ReactNode } from 'react';
import { AdminGuard } from './admin-guard';
import { ErrorView } from './components/alert';
import { Button } from './components/button';
import { CenteredCard } from './components/centered-card';
import { ShieldIcon } from './components/icons';
import { LoadingView } from './components/spinner';
import { authAddress } from './lib/auth-address';
import { useSession } from './lib/session';
import { usePlatform } from './platform';
import { TokenHandler } from './token-handler';

/** Token handling, then the sign-in guard, then the admin guard. */
export function AdminProtectedRoute({ children }: { children: ReactNode }) {
  return (
    <TokenHandler>
      <AdminSignInGate>{children}</AdminSignInGate>
    </TokenHandler>
  );
}

function AdminSignInGate({ children }: { children: ReactNode }) {
  const { authUrl } = usePlatform();
  const session = useSession();
  if (session.state.status === 'loading') return <LoadingView page />;
  if (session.state.status === 'unauthenticated') {
    return (
      <CenteredCard label="Admin Access Required">
        <ErrorView
          level={1}
          icon={<ShieldIcon />}
          title="Admin Access Required"
          message="Site administrator privileges are required to access this page."
          actions={
            <Button
              onClick={() =>
                window.location.assign(
                  authAddress(authUrl, { returnUrl: window.location.href, adminAccess: true }),
                )
              }
            >
              Sign In as Admin
            </Button>
          }
        />
      </CenteredCard>
    );
  }
  return <AdminGuard>{children}</AdminGuard>;
}
