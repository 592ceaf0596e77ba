import { Alert, ErrorView } from '@brigade/ui/components/alert';
import { Card } from '@brigade/ui/components/card';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { InfoIcon, ShieldIcon } from '@brigade/ui/components/icons';
import { authAddress } from '@brigade/ui/lib/auth-address';
import type { SessionUser } from '@brigade/ui/lib/types';
import { AuthLayout } from '../layout';
import { BASE, useTitle } from '../router';
import { ProfileRow, SignOutButton } from './signed-in-parts';

/** Self-signed-up accounts sign in but reach nothing until an administrator activates them. */
export function AwaitingActivationPage({ user, justSignedUp }: { user: SessionUser; justSignedUp: boolean }) {
  useTitle('Awaiting activation');
  return (
    <AuthLayout>
      <Card titleAs="h1" title="Your account awaits activation">
        <div className="ui-stack">
          {justSignedUp && (
            <Alert tone="success" title="Account created">
              Thanks for signing up, {user.firstName || user.email}.
            </Alert>
          )}
          <EmptyState
            icon={<InfoIcon />}
            title="Awaiting activation by an administrator"
            message="An administrator needs to activate your account and add you to an organization before you can continue. Sign in again once you have been told it is ready."
          />
          <ProfileRow user={user} />
        </div>
        <footer className="ui-card__footer">
          <span>Not you?</span>
          <SignOutButton />
        </footer>
      </Card>
    </AuthLayout>
  );
}

/** adminAccess=true and the signed-in user is no site administrator. */
export function AdminRequiredPage({ user, returnUrl }: { user: SessionUser; returnUrl: string | null }) {
  useTitle('Administrator access required');
  // after signing out, come back to the admin sign-in with the same return address
  const redirectTo = authAddress(BASE, {
    returnUrl: returnUrl ?? undefined,
    adminAccess: true,
    fromLogout: true,
  });
  return (
    <AuthLayout>
      <Card titleAs="h1" title="Administrator access required">
        <div className="ui-stack">
          <ErrorView
            icon={<ShieldIcon />}
            title="Administrator privileges are required"
            message="Site administrator privileges are required to access this page. Sign out and sign in with an administrator account."
          />
          <ProfileRow user={user} />
        </div>
        <footer className="ui-card__footer">
          <span>Signed in without administrator rights</span>
          <SignOutButton variant="primary" redirectTo={redirectTo} />
        </footer>
      </Card>
    </AuthLayout>
  );
}
