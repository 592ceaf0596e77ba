import { Card } from '@brigade/ui/components/card';
import { initials } from '@brigade/ui/lib/initials';
import { useMyTenants } from '@brigade/ui/lib/queries';
import type { SessionUser } from '@brigade/ui/lib/types';
import { SelectionAvatar, SelectionText } from '@brigade/ui/selection-list';
import { TenantList } from '@brigade/ui/tenant-picker';
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
          <TenantList
            query={tenants}
            label="Your organizations"
            onRetry={() => void tenants.refetch()}
            itemClassName="auth-tenant"
          >
            {(tenant) => (
              <>
                <SelectionAvatar>{initials(tenant.displayName)}</SelectionAvatar>
                <SelectionText title={tenant.displayName} meta={tenant.name} />
                <span className="ui-badge">{tenant.role ? ROLE_LABELS[tenant.role] : 'Site admin'}</span>
              </>
            )}
          </TenantList>
        </div>
        <footer className="ui-card__footer">
          <span>Signed in on this browser</span>
          <SignOutButton />
        </footer>
      </Card>
    </AuthLayout>
  );
}
