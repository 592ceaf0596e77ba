import type { Jsonify } from '@brigade/api-client/client';
import { errorMessage } from '@brigade/api-client/problem-error';
import { loadError } from '@brigade/api-client/query-defaults';
import { PLAN_RESTAURANT_CAPS } from '@brigade/domain/tenant';
import { Badge } from '@brigade/ui/app-kit/badge';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { DialogFormFooter } from '@brigade/ui/app-kit/dialog-form-footer';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useToast } from '@brigade/ui/app-kit/toast';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { LoadingView } from '@brigade/ui/components/spinner';
import { NewRestaurantForm } from '@brigade/ui/new-restaurant-form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { planLabel, roleLabel, StatusBadge } from '../../components/labels';
import {
  managementUrl,
  type RestaurantRow,
  type TenantRow,
  type TenantUserRow,
  useTenantRestaurants,
  useTenants,
  useTenantUsers,
} from '../../queries';
import { TenantLocaleForm } from './tenant-locale';
import { TenantSettingsForm } from './tenant-settings';

function restaurantColumns(tenant: TenantRow): Column<RestaurantRow>[] {
  return [
    { header: 'Restaurant', primary: true, cell: (r) => r.name },
    { header: 'City', cell: (r) => r.address.city },
    { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    {
      header: 'Management',
      cell: (r) => (
        <a className="admin-link admin-nowrap" href={managementUrl(tenant.guid, r.guid)}>
          Open in management<span className="ui-visually-hidden"> ({r.name})</span>
        </a>
      ),
    },
  ];
}

function userColumns(): Column<TenantUserRow>[] {
  return [
    {
      header: 'Name',
      primary: true,
      cell: (u) => (
        <Link className="admin-link" to={`/users/${encodeURIComponent(u.uid)}`}>
          {u.displayName || u.email}
        </Link>
      ),
    },
    { header: 'Email', cell: (u) => u.email },
    { header: 'Role', cell: (u) => roleLabel(u.role) },
    {
      header: 'Assignment',
      cell: (u) => (
        <Badge tone={u.assignmentActive ? 'success' : 'warning'}>
          {u.assignmentActive ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
  ];
}

function TenantBody({ tenant }: { tenant: TenantRow }) {
  const restaurants = useTenantRestaurants(tenant.tenantId);
  const users = useTenantUsers(tenant.tenantId);
  const members = users.data;
  const count = restaurants.data?.length;
  const cap = PLAN_RESTAURANT_CAPS[tenant.plan];
  return (
    <>
      <dl className="admin-facts">
        <div>
          <dt>Tenant ID</dt>
          <dd>{tenant.tenantId}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>{planLabel(tenant.plan)}</dd>
        </div>
        <div>
          <dt>Restaurants</dt>
          <dd>{count === undefined ? '…' : `${count} of ${cap}`}</dd>
        </div>
        <div>
          <dt>Settings</dt>
          <dd>
            {tenant.settings.timezone} · {tenant.settings.currency} · {tenant.settings.dateFormat}
          </dd>
        </div>
      </dl>
      <div className="admin-sections">
        <TenantSettingsForm key={tenant.updatedAt} tenant={tenant} restaurantCount={count} />
        <TenantLocaleForm key={`locale-${tenant.updatedAt}`} tenant={tenant} />
        <section className="ui-card admin-section" aria-labelledby="restaurants-title">
          <div className="admin-section__head">
            <h2 id="restaurants-title" className="admin-section__title">
              Restaurants
            </h2>
            {count !== undefined && count < cap && <AddRestaurant tenant={tenant} />}
          </div>
          <DataTable
            label={`Restaurants of ${tenant.displayName}`}
            rows={restaurants.data}
            columns={restaurantColumns(tenant)}
            rowKey={(r) => r.restaurantId}
            isLoading={restaurants.isPending}
            error={loadError(restaurants)}
            onRetry={() => void restaurants.refetch()}
            empty={{ title: 'No restaurants', message: 'This tenant has no restaurant yet.' }}
          />
        </section>
        <section className="ui-card admin-section" aria-labelledby="users-title">
          <h2 id="users-title" className="admin-section__title">
            Users
          </h2>
          <DataTable
            label={`Users of ${tenant.displayName}`}
            rows={members}
            columns={userColumns()}
            rowKey={(u) => u.uid}
            isLoading={users.isPending}
            error={loadError(users)}
            onRetry={() => void users.refetch()}
            empty={{ title: 'No users', message: 'Assign users to this tenant from their page under Users.' }}
          />
        </section>
      </div>
    </>
  );
}

/**
 * Add a restaurant to the tenant (issue 45 item 2): a site administrator may, on any plan, up to its cap —
 * the way a starter tenant gets its one restaurant. New restaurants accept online orders automatically
 * unless unticked.
 */
function AddRestaurant({ tenant }: { tenant: TenantRow }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  const toast = useToast();
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        Add restaurant
      </Button>
      <Dialog
        open={open}
        size="lg"
        onClose={() => setOpen(false)}
        title={`Add a restaurant to ${tenant.displayName}`}
        footer={
          <DialogFormFooter
            formId="add-restaurant-form"
            onCancel={() => setOpen(false)}
            pending={pending}
            submitLabel="Add restaurant"
            pendingLabel="Adding..."
          />
        }
      >
        {open && (
          <NewRestaurantForm
            tenantId={tenant.tenantId}
            id="add-restaurant-form"
            onPendingChange={setPending}
            onCreated={(restaurant) => {
              void queryClient.invalidateQueries();
              toast.success(`${restaurant.name} added`);
              setOpen(false);
            }}
          />
        )}
      </Dialog>
    </>
  );
}

/** One tenant: plan (with its restaurant cap) and status, its restaurants and its users. */
export default function TenantDetail({ tenantId }: { tenantId: number }) {
  const tenants = useTenants();
  const tenant = tenants.data?.find((t) => t.tenantId === tenantId);
  if (tenants.isPending) return <LoadingView page />;
  if (tenants.error || !tenant)
    return (
      <ErrorView
        title={tenants.error ? 'Could not load the tenant' : 'Tenant not found'}
        message={tenants.error ? errorMessage(tenants.error) : `There is no tenant ${tenantId}.`}
        actions={tenants.error && <Button onClick={() => void tenants.refetch()}>Try Again</Button>}
      />
    );
  return (
    <>
      <PageHeader
        back={{ to: '/tenants', label: 'Tenants' }}
        title={tenant.displayName}
        description={
          <span className="admin-badges">
            <span>{tenant.name}</span>
            <StatusBadge status={tenant.status} />
          </span>
        }
      />
      <TenantBody tenant={tenant as Jsonify<typeof tenant>} />
    </>
  );
}
