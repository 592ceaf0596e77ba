import { useParams } from 'react-router';
import TenantDetail from './tenant-detail';
import TenantsList from './tenants-list';

/** /tenants (the list) and /tenants/:tenantId (one tenant). */
export default function TenantsScreen() {
  const { tenantId } = useParams();
  const id = Number(tenantId);
  return tenantId && Number.isInteger(id) ? <TenantDetail tenantId={id} /> : <TenantsList />;
}
