import { errorMessage } from '@brigade/api-client/problem-error';
import { Badge } from '@brigade/ui/app-kit/badge';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { LoadingView } from '@brigade/ui/components/spinner';
import { formatDate } from '../../components/labels';
import { useTenants, useUser } from '../../queries';
import { AccessSection, ProfileSection } from './user-account';
import { AssignmentsSection } from './user-assignments';
import { StatusSection } from './user-status';

/** One user: profile, access (verified, site admin, site role), tenants, deactivate and delete. */
export default function UserDetail({ uid }: { uid: string }) {
  const user = useUser(uid);
  const tenants = useTenants();
  if (user.isPending) return <LoadingView page />;
  if (user.error || !user.data)
    return (
      <ErrorView
        title="Could not load the user"
        message={errorMessage(user.error)}
        actions={<Button onClick={() => void user.refetch()}>Try Again</Button>}
      />
    );
  const data = user.data;
  return (
    <>
      <PageHeader
        back={{ to: '/users', label: 'Users' }}
        title={data.displayName || data.email}
        description={
          <span className="admin-badges">
            <span>{data.email}</span>
            <Badge tone={data.isActive ? 'success' : 'warning'}>
              {data.isActive ? 'Active' : 'Inactive'}
            </Badge>
            {data.isSiteAdmin && <Badge tone="brand">Site admin</Badge>}
            <Badge tone={data.emailVerified ? 'info' : undefined}>
              {data.emailVerified ? 'Email verified' : 'Email not verified'}
            </Badge>
          </span>
        }
      />
      <dl className="admin-facts">
        <div>
          <dt>User ID</dt>
          <dd>
            <code>{data.uid}</code>
          </dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatDate(data.createdAt)}</dd>
        </div>
        <div>
          <dt>Last sign-in</dt>
          <dd>{formatDate(data.lastLogin)}</dd>
        </div>
      </dl>
      <div className="admin-sections">
        <ProfileSection key={`profile-${data.updatedAt}`} user={data} />
        <AccessSection key={`access-${data.updatedAt}`} user={data} />
        <AssignmentsSection user={data} tenants={tenants.data ?? []} />
        <StatusSection user={data} />
      </div>
    </>
  );
}
