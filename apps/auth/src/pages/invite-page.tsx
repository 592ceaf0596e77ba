import { ProblemError } from '@brigade/api-client/problem-error';
import { lookupInvitation } from '@brigade/contracts/invitations';
import { listMyTenants } from '@brigade/contracts/me';
import { Alert, ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { LoadingView } from '@brigade/ui/components/spinner';
import { useSession } from '@brigade/ui/lib/session';
import { useSelection } from '@brigade/ui/selection';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiClient } from '../api';
import { AuthLayout } from '../layout';
import { Link, useLocation, useTitle } from '../router';
import { AcceptButton, CreateAccountForm, SignInToAcceptForm } from './invite-forms';
import { SignOutButton } from './signed-in-parts';

const ROLE_NAMES: Record<string, string> = {
  owner: 'an owner',
  admin: 'an admin',
  manager: 'a manager',
  employee: 'an employee',
};

/** Gone (410) and unknown (404) links say why, and never retry. */
const isRefusal = (error: unknown): error is ProblemError =>
  error instanceof ProblemError && error.isClientError;
const retryUnlessRefused = (count: number, error: unknown) => !isRefusal(error) && count < 2;

/** After joining: the organization chosen, on to the management app (served on this origin too). */
function useGoToManagement() {
  const { selectTenant } = useSelection();
  const [leaving, setLeaving] = useState(false);
  const go = async (tenantId: number) => {
    setLeaving(true);
    try {
      const tenants = (await apiClient.call(listMyTenants, {})).data;
      const tenant = tenants.find((candidate) => candidate.tenantId === tenantId);
      if (tenant) selectTenant(tenant);
    } finally {
      window.location.assign('/manage/');
    }
  };
  return { leaving, go: (tenantId: number) => void go(tenantId) };
}

/**
 * The invitation link's page (issue 23): what the invitation offers, then the one way to accept it that
 * fits — create the account, sign in first, or accept as the signed-in invitee — and on to management.
 */
export function InvitePage() {
  useTitle('Invitation');
  const { search } = useLocation();
  const token = search.get('token') ?? '';
  const session = useSession();
  const { leaving, go } = useGoToManagement();
  const invitation = useQuery({
    queryKey: ['invitation', token],
    queryFn: async () => (await apiClient.call(lookupInvitation, { body: { token } })).data.invitation,
    enabled: token !== '',
    retry: retryUnlessRefused,
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (token === '' || invitation.isError) {
    return (
      <UnusableLink
        hasToken={token !== ''}
        error={invitation.error}
        onRetry={() => void invitation.refetch()}
      />
    );
  }
  if (invitation.isPending || session.state.status === 'loading' || leaving) {
    return (
      <AuthLayout>
        <LoadingView page message={leaving ? 'Opening management...' : 'Loading the invitation...'} />
      </AuthLayout>
    );
  }
  const offer = invitation.data;
  const signedIn = session.state.status === 'authenticated' ? session.state.user : null;
  const description = `${offer.invitedBy ?? 'Someone'} invited ${offer.email} to join ${offer.tenant.displayName} as ${ROLE_NAMES[offer.role]}.`;
  return (
    <AuthLayout>
      <Card
        titleAs="h1"
        eyebrow="Invitation"
        title={`Join ${offer.tenant.displayName}`}
        description={description}
      >
        {signedIn && signedIn.email !== offer.email ? (
          <div className="auth-form">
            <Alert tone="warning" title={`You're signed in as ${signedIn.email}`}>
              This invitation is for {offer.email}. Sign out, then open the link again.
            </Alert>
            <SignOutButton redirectTo={window.location.href} variant="primary" />
          </div>
        ) : signedIn ? (
          <AcceptButton token={token} onJoined={go} />
        ) : offer.accountExists ? (
          <SignInToAcceptForm token={token} email={offer.email} onJoined={go} />
        ) : (
          <CreateAccountForm token={token} email={offer.email} onJoined={go} />
        )}
      </Card>
    </AuthLayout>
  );
}

/** A link without a token, unknown, used, withdrawn or expired (the server's words), or not loaded. */
function UnusableLink({
  hasToken,
  error,
  onRetry,
}: {
  hasToken: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const refused = !hasToken || isRefusal(error);
  return (
    <AuthLayout>
      <Card titleAs="h1" title="This invitation can't be used">
        <ErrorView
          title={
            !hasToken
              ? 'The link has no invitation in it'
              : refused
                ? (error as Error).message
                : 'Could not load the invitation'
          }
          message={
            refused
              ? 'Ask the person who invited you to send a new invitation.'
              : 'Check your connection and try again.'
          }
          actions={
            refused ? (
              <Link to="/" className="ui-button ui-button--secondary">
                Go to sign in
              </Link>
            ) : (
              <Button onClick={onRetry}>Try Again</Button>
            )
          }
        />
      </Card>
    </AuthLayout>
  );
}
