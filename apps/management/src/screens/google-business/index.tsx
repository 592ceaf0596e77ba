import { roleAtLeast } from '@brigade/domain/access';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { Alert, ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useLocation } from 'react-router';
import { useCurrentRestaurant } from '../../restaurant-context';
import { errorText } from '../domains/error-text';
import { ConnectCard, OAuthCallback } from './connect';
import { ConnectionPanel } from './connection';
import { LocationPicker } from './location-picker';
import { useConnection } from './queries';
import './google-business.css';

/**
 * Google Business Profile (issue 19 item 6; docs/behaviour/business-profile.md): connect through Google's
 * consent page, pick the location, see the connection's state, sync, disconnect, and compare Google's
 * profile with the restaurant's record. For owners, admins and managers: the server answers anyone else 404.
 */
export default function GoogleBusinessScreen() {
  const { restaurantName, role, isSiteAdmin } = useCurrentRestaurant();
  const { pathname } = useLocation();
  const mayManage = isSiteAdmin || (role !== null && roleAtLeast(role, 'manager'));
  return (
    <>
      <PageHeader
        title="Google Business Profile"
        description={`Connect ${restaurantName}'s Business Profile to answer its Google reviews here and keep its listing in step.`}
      />
      {!mayManage ? (
        <Alert tone="info" title="Only owners, admins and managers manage the Google Business Profile">
          Ask a manager of your organization to connect it or answer reviews.
        </Alert>
      ) : pathname.endsWith('/callback') ? (
        <OAuthCallback />
      ) : (
        <ConnectionScreen />
      )}
    </>
  );
}

function ConnectionScreen() {
  const connection = useConnection();
  if (connection.isPending) return <SkeletonRows count={4} label="Loading the Google connection" />;
  if (connection.isError)
    return (
      <ErrorView
        title="Failed to load the Google connection"
        message={errorText(connection.error)}
        actions={<Button onClick={() => void connection.refetch()}>Try Again</Button>}
      />
    );
  const current = connection.data;
  if (!current || current.status === 'disconnected' || current.status === 'pending') return <ConnectCard />;
  if (current.status === 'connected' && !current.locationId) return <LocationPicker connection={current} />;
  return <ConnectionPanel connection={current} />;
}
