import { Card } from '@brigade/ui/components/card';
import { initials } from '@brigade/ui/lib/initials';
import { useMyTenants } from '@brigade/ui/lib/queries';
import type { MyTenant, SessionUser } from '@brigade/ui/lib/types';
import { useSelection } from '@brigade/ui/selection';
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

/** The apps a person may open: management and the menu display with an organization, admin for site admins. */
function appsFor(user: SessionUser) {
  const member = user.isSiteAdmin || user.tenantAssignments.some((assignment) => assignment.isActive);
  return [
    ...(member
      ? [
          { href: '/manage/', title: 'Management', meta: 'Menus, staff, website, orders and payments' },
          { href: '/menu/', title: 'Menu display', meta: 'Your menu on a screen in the restaurant' },
        ]
      : []),
    ...(user.isSiteAdmin
      ? [{ href: '/admin/', title: 'Site administration', meta: 'Users, organizations and the platform' }]
      : []),
  ];
}

/**
 * Signed in without a return URL: who you are, the apps you may open, your organizations (each opens
 * management with that organization chosen), sign out. The apps are served on this origin.
 */
export function HomePage({ user }: { user: SessionUser }) {
  useTitle('Your account');
  const tenants = useMyTenants();
  const { selectTenant } = useSelection();
  const apps = appsFor(user);
  const openTenant = (tenant: MyTenant) => {
    selectTenant(tenant);
    window.location.assign('/manage/');
  };
  return (
    <AuthLayout wide>
      <Card
        titleAs="h1"
        title="You're signed in"
        description={
          apps.length > 0
            ? 'Open one of your Brigade apps, or sign out here.'
            : 'Your account is not part of an organization yet. Ask your administrator to add you.'
        }
      >
        <div className="ui-stack">
          <ProfileRow user={user} />
          {apps.length > 0 ? (
            <>
              <h2 className="auth-section-title">Your apps</h2>
              <ul className="auth-apps" aria-label="Your apps">
                {apps.map((app) => (
                  <li key={app.href}>
                    <a className="auth-app" href={app.href}>
                      <SelectionText title={app.title} meta={app.meta} />
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <h2 className="auth-section-title">Your organizations</h2>
          <TenantList
            query={tenants}
            label="Your organizations"
            onRetry={() => void tenants.refetch()}
            itemClassName="auth-tenant-item"
          >
            {(tenant) => (
              <button type="button" className="auth-tenant" onClick={() => openTenant(tenant)}>
                <SelectionAvatar>{initials(tenant.displayName)}</SelectionAvatar>
                <SelectionText title={tenant.displayName} meta={tenant.name} />
                <span className="ui-badge">{tenant.role ? ROLE_LABELS[tenant.role] : 'Site admin'}</span>
                <span className="ui-visually-hidden">: open in Management</span>
              </button>
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
