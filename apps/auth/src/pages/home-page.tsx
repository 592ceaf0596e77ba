import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { BuildingIcon } from '@brigade/ui/components/icons';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useMyTenants } from '@brigade/ui/lib/queries';
import type { SessionUser } from '@brigade/ui/lib/types';
import { initials } from '@brigade/ui/tenant-picker';
import { AuthLayout } from '../layout';
import { useTitle } from '../router';
import { ProfileRow, SignOutButton } from './signed-in-parts';

const ROLE_LABELS: Record<string, string> = {
  owner: 'Owner',
  admin: 'Admin',
  manager: 'Manager',
  employee: 'Employee',
};

/** Signed in without a return URL: who you are, your organizations, sign out. */
export function HomePage({ user }: { user: SessionUser }) {
  useTitle('Your account');
  const tenants = useMyTenants();
  return (
    <AuthLayout wide>
      <Card
        titleAs="h1"
        title="You're signed in"
        description="Open one of your Brigade apps, or sign out here."
      >
        <div className="ui-stack">
          <ProfileRow user={user} />
          <h2 className="auth-section-title">Your organizations</h2>
          {tenants.isPending ? (
            <SkeletonRows count={3} label="Loading organizations" />
          ) : tenants.isError ? (
            <ErrorView
              title="Error loading organizations"
              message={tenants.error.message}
              actions={
                <Button variant="secondary" onClick={() => void tenants.refetch()}>
                  Try Again
                </Button>
              }
            />
          ) : tenants.data.length === 0 ? (
            <EmptyState
              icon={<BuildingIcon />}
              title="No organizations available"
              message="Ask your administrator to add you to an organization."
            />
          ) : (
            <ul className="ui-list" aria-label="Your organizations">
              {tenants.data.map((tenant) => (
                <li key={tenant.tenantId} className="auth-tenant">
                  <span className="ui-option__avatar" aria-hidden="true">
                    {initials(tenant.displayName)}
                  </span>
                  <span className="ui-option__text">
                    <span className="ui-option__title">{tenant.displayName}</span>
                    <span className="ui-option__meta">{tenant.name}</span>
                  </span>
                  <span className="ui-badge">{tenant.role ? ROLE_LABELS[tenant.role] : 'Site admin'}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <footer className="ui-card__footer">
          <span>Signed in on this browser</span>
          <SignOutButton />
        </footer>
      </Card>
    </AuthLayout>
  );
}
