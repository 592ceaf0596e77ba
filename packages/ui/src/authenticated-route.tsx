import type { ReactNode } from 'react';
import { ErrorView } from './components/alert';
import { Button } from './components/button';
import { CenteredCard } from './components/centered-card';
import { LockIcon } from './components/icons';
import { LoadingView } from './components/spinner';
import { authAddress } from './lib/auth-address';
import type { SelectionContext } from './lib/selection-wording';
import { useSession } from './lib/session';
import { usePlatform } from './platform';
import { SelectionGuard } from './selection-guard';
import { TokenHandler } from './token-handler';

export interface AuthenticatedRouteProps {
  children: ReactNode;
  /** Require a tenant and restaurant selection first (a selection wizard may be required). */
  requireSelection?: boolean;
  context?: SelectionContext;
}

/** Token handoff, then the sign-in check. */
export function AuthenticatedRoute(props: AuthenticatedRouteProps) {
  return (
    <TokenHandler>
      <AuthenticatedGate {...props} />
    </TokenHandler>
  );
}

function AuthenticatedGate({ children, requireSelection = false, context }: AuthenticatedRouteProps) {
  const { authUrl } = usePlatform();
  const session = useSession();
  const { state } = session;
  if (state.status === 'loading') return <LoadingView page />;
  if (state.status === 'error') {
    return (
      <CenteredCard label="Authentication Error">
        <ErrorView
          title="Authentication Error"
          message={state.error.message || 'Session validation failed'}
          actions={<Button onClick={() => void session.refetch()}>Try Again</Button>}
        />
      </CenteredCard>
    );
  }
  if (state.status === 'unauthenticated') {
    return (
      <CenteredCard label="Authentication Required">
        <ErrorView
          icon={<LockIcon />}
          title="Authentication Required"
          message="Please sign in to access this page."
          actions={
            <Button
              onClick={() =>
                window.location.assign(authAddress(authUrl, { returnUrl: window.location.href }))
              }
            >
              Sign In
            </Button>
          }
        />
      </CenteredCard>
    );
  }
  if (!requireSelection) return children;
  return <SelectionGuard context={context}>{children}</SelectionGuard>;
}
