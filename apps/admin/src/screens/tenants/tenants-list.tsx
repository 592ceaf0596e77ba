import { loadError } from '@brigade/api-client/query-defaults';
import { type Column, DataTable, matchesSearch } from '@brigade/ui/app-kit/data-table';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { PlusIcon } from '@brigade/ui/app-shell/icons';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, planLabel, StatusBadge } from '../../components/labels';
import { type TenantRow, useTenants } from '../../queries';
import { CreateTenantDialog } from './create-tenant-dialog';
import { SeedTenantDialog } from './seed-tenant-dialog';

const COLUMNS: Column<TenantRow>[] = [
  {
    header: 'Tenant',
    primary: true,
    cell: (t) => (
      <Link className="admin-link" to={`/tenants/${t.tenantId}`}>
        {t.displayName}
      </Link>
    ),
  },
  { header: 'Business name', hideOnMobile: true, cell: (t) => t.name },
  { header: 'ID', cell: (t) => t.tenantId },
  { header: 'Plan', cell: (t) => planLabel(t.plan) },
  { header: 'Status', cell: (t) => <StatusBadge status={t.status} /> },
  { header: 'Created', hideOnMobile: true, cell: (t) => formatDate(t.createdAt) },
];

/** Tenants: every organisation, searchable by name and id; create one. */
export default function TenantsList() {
  const tenants = useTenants();
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState<'tenant' | 'seed' | null>(null);
  const rows = tenants.data?.filter((t) => matchesSearch(search, t.displayName, t.name, t.tenantId));
  return (
    <>
      <PageHeader
        title="Tenants"
        description="The organisations on Brigade: their plan decides how many restaurants they may have."
        actions={
          <>
            <Button variant="secondary" onClick={() => setCreating('seed')}>
              Seed tenant with restaurants
            </Button>
            <Button onClick={() => setCreating('tenant')}>
              <PlusIcon /> Create tenant
            </Button>
          </>
        }
      />
      <DataTable
        label="Tenants"
        rows={rows}
        columns={COLUMNS}
        rowKey={(t) => t.tenantId}
        isLoading={tenants.isPending}
        error={loadError(tenants)}
        onRetry={() => void tenants.refetch()}
        search={{ value: search, onChange: setSearch, placeholder: 'Search by name or ID...' }}
        empty={{ title: 'No tenants yet', message: 'Create the first tenant.' }}
      />
      {creating === 'tenant' && <CreateTenantDialog onClose={() => setCreating(null)} />}
      {creating === 'seed' && <SeedTenantDialog onClose={() => setCreating(null)} />}
    </>
  );
}
