import { roleAtLeast } from '@brigade/domain/access';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Alert, ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Card } from '@brigade/ui/components/card';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { Link } from 'react-router';
import { useCurrentRestaurant } from '../../restaurant-context';
import { errorText } from '../domains/error-text';
import { type Connection, useConnection } from '../google-business/queries';
import { PostEditor } from './post-editor';
import { emptyPost } from './post-form';
import { PostList } from './post-list';
import { usePostMutations, usePosts } from './queries';
import './posts.css';

/**
 * Google Business Profile posts (issue 19): write a post with an optional button, publish it on
 * the restaurant's Google profile, and change or delete what was published. For owners, admins and managers
 * (the server answers anyone else 404), once the profile is connected and its location chosen.
 */
export default function GooglePostsScreen() {
  const { restaurantName, role, isSiteAdmin } = useCurrentRestaurant();
  const mayManage = isSiteAdmin || (role !== null && roleAtLeast(role, 'manager'));
  return (
    <>
      <PageHeader
        title="Google posts"
        description={`Publish news, offers and events on ${restaurantName}'s Google Business Profile.`}
        actions={
          <Link className="ui-button ui-button--secondary" to="/google-business">
            Google Business Profile
          </Link>
        }
      />
      {mayManage ? (
        <Posts />
      ) : (
        <Alert tone="info" title="Only owners, admins and managers publish Google posts">
          Ask a manager of your organization to publish posts on the restaurant's Google profile.
        </Alert>
      )}
    </>
  );
}

const needsReconnect = (connection: Connection) =>
  connection.status === 'error' && connection.statusReason === 'reconnect_needed';

function Posts() {
  const connection = useConnection();
  const connectionId = connection.data?.locationId ? connection.data.connectionId : undefined;
  const posts = usePosts(connectionId);
  if (connection.isPending || (connectionId && posts.isPending))
    return <SkeletonRows count={5} label="Loading the Google posts" />;
  const failed = connection.error ?? posts.error;
  if (failed)
    return (
      <ErrorView
        title="Failed to load the Google posts"
        message={errorText(failed)}
        actions={
          <Button onClick={() => void (connection.isError ? connection.refetch() : posts.refetch())}>
            Try Again
          </Button>
        }
      />
    );
  if (!connection.data || !connectionId || !posts.data)
    return (
      <EmptyState
        title="Connect Google Business Profile to publish posts"
        message="Connect the restaurant's Business Profile and choose its location: you can then publish posts on it from here."
        actions={
          <Link className="ui-button ui-button--primary" to="/google-business">
            Go to Google Business Profile
          </Link>
        }
      />
    );
  return (
    <div className="gp-screen">
      {needsReconnect(connection.data) && (
        <Alert tone="warning" title="Reconnect needed">
          Google no longer accepts the connection, so posts cannot be published, changed or deleted.{' '}
          <Link to="/google-business">Reconnect Google Business Profile</Link>
        </Alert>
      )}
      <Card title="New post" titleAs="h2" description={connection.data.locationTitle ?? undefined}>
        <Composer connectionId={connectionId} />
      </Card>
      <Card title="Published posts" titleAs="h2">
        <PostList connectionId={connectionId} posts={posts.data} />
      </Card>
    </div>
  );
}

function Composer({ connectionId }: { connectionId: string }) {
  const { create } = usePostMutations(connectionId);
  const toast = useToast();
  return (
    <PostEditor
      label="New post"
      defaults={emptyPost}
      submitLabel="Publish on Google"
      pendingLabel="Publishing..."
      onSubmit={async (body) => {
        await create.mutateAsync(body);
        toast.success('Post published on Google');
      }}
    />
  );
}
