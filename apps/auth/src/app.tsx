import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { LoadingView } from '@brigade/ui/components/spinner';
import { authAddress } from '@brigade/ui/lib/auth-address';
import { useSession } from '@brigade/ui/lib/session';
import { clearClientAuthState } from '@brigade/ui/lib/sign-out';
import { useCrossAppSignOut } from '@brigade/ui/lib/use-sign-out';
import { PlatformProvider } from '@brigade/ui/platform';
import { SelectionProvider } from '@brigade/ui/selection';
import { TokenHandler } from '@brigade/ui/token-handler';
import { QueryClientProvider } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient, queryClient } from './api';
import { AuthLayout } from './layout';
import { AdminRequiredPage, AwaitingActivationPage } from './pages/account-states';
import { ContinuePage } from './pages/continue-page';
import { readFlow } from './pages/flow';
import { ForgotPasswordPage } from './pages/forgot-password-page';
import { HomePage } from './pages/home-page';
import { InvitePage } from './pages/invite-page';
import { ResetPasswordPage } from './pages/reset-password-page';
import { SignInPage } from './pages/sign-in-page';
import { SignUpPage } from './pages/sign-up-page';
import { BASE, useLocation } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <PlatformProvider client={apiClient} authUrl={BASE}>
        <SelectionProvider>
          <Routes />
        </SelectionProvider>
      </PlatformProvider>
    </QueryClientProvider>
  );
}

function Routes() {
  const { path } = useLocation();
  // Another app or tab signed out: drop what we hold and show the sign-in screen.
  useCrossAppSignOut(
    useCallback(() => {
      queryClient.clear();
      clearClientAuthState();
      window.location.assign(authAddress(BASE, { fromLogout: true }));
    }, []),
  );
  // The reset link's ?token= is a password-reset token, not a handoff code: keep it away from the handler.
  if (path === '/reset-password') return <ResetPasswordPage />;
  // Likewise the invitation link's ?token= (issue 23).
  if (path === '/invite') return <InvitePage />;
  return (
    // the auth app can itself be a handoff target (a sign-in on another origin sent back here)
    <TokenHandler>
      <Screen path={path} />
    </TokenHandler>
  );
}

function Screen({ path }: { path: string }) {
  switch (path) {
    case '/signup':
      return <SignedOutOnly page={<SignUpPage />} />;
    case '/forgot-password':
      return <ForgotPasswordPage />;
    default:
      return <Root />;
  }
}

/** Sign-up while signed in makes no sense: show the signed-in flow instead. */
function SignedOutOnly({ page }: { page: React.ReactNode }) {
  const session = useSession();
  return session.state.status === 'authenticated' ? <Root /> : page;
}

function Root() {
  const { search } = useLocation();
  const session = useSession();
  const { state } = session;
  if (state.status === 'loading') {
    return (
      <AuthLayout>
        <LoadingView page />
      </AuthLayout>
    );
  }
  if (state.status === 'error') {
    return (
      <AuthLayout>
        <Card>
          <ErrorView
            title="Authentication Error"
            message={state.error.message || 'Session validation failed'}
            actions={<Button onClick={() => void session.refetch()}>Try Again</Button>}
          />
        </Card>
      </AuthLayout>
    );
  }
  if (state.status === 'unauthenticated') return <SignInPage />;

  const { user } = state;
  const flow = readFlow(search);
  const justSignedUp = (window.history.state as { justSignedUp?: boolean } | null)?.justSignedUp === true;
  if (!user.isActive) return <AwaitingActivationPage user={user} justSignedUp={justSignedUp} />;
  if (flow.adminAccess && !user.isSiteAdmin)
    return <AdminRequiredPage user={user} returnUrl={flow.returnUrl} />;
  if (flow.returnUrl) return <ContinuePage flow={{ ...flow, returnUrl: flow.returnUrl }} />;
  return <HomePage user={user} />;
}
