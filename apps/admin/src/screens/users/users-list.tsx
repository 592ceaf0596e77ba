import { loadError } from '@brigade/api-client/query-defaults';
import { USER_SEARCH_MIN_CHARS } from '@brigade/domain/user';
import { Badge } from '@brigade/ui/app-kit/badge';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { PlusIcon } from '@brigade/ui/app-shell/icons';
import { Button } from '@brigade/ui/components/button';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { FilterSelect } from '../../components/filter-select';
import { formatDate, roleLabel } from '../../components/labels';
import { Paging } from '../../components/paging';
import { searchTerm } from '../../components/search';
import { useDebounced } from '../../components/use-debounced';
import { type AdminUser, type TenantRow, useTenants, useUserPage } from '../../queries';
import { CreateUserDialog } from './create-user-dialog';
import { type Filters, filterQuery, hasFilters, NO_FILTERS, type YesNoFilter } from './user-filters';

function columns(tenants: Map<number, TenantRow>): Column<AdminUser>[] {
  return [
    {
      header: 'Name',
      primary: true,
      cell: (user) => (
        <Link to={`/users/${encodeURIComponent(user.uid)}`} className="admin-link">
          {user.displayName || user.email}
        </Link>
      ),
    },
    { header: 'Email', cell: (user) => user.email },
    {
      header: 'Status',
      cell: (user) => (
        <span className="admin-badges">
          <Badge tone={user.isActive ? 'success' : 'warning'}>{user.isActive ? 'Active' : 'Inactive'}</Badge>
          {user.isSiteAdmin && <Badge tone="brand">Site admin</Badge>}
          {!user.emailVerified && <Badge>Unverified</Badge>}
        </span>
      ),
    },
    {
      header: 'Tenants',
      hideOnMobile: true,
      cell: (user) =>
        user.tenantAssignments.length === 0
          ? '—'
          : user.tenantAssignments
              .map((a) => `${tenants.get(a.tenantId)?.displayName ?? a.tenantId} (${roleLabel(a.role)})`)
              .join(', '),
    },
    { header: 'Last sign-in', hideOnMobile: true, cell: (user) => formatDate(user.lastLogin) },
  ];
}

function UserFilters({
  filters,
  onChange,
  tenants,
}: {
  filters: Filters;
  onChange: (filters: Filters) => void;
  tenants: readonly TenantRow[];
}) {
  const yesNo = (yes: string, no: string) => [
    { value: 'all', label: 'All' },
    { value: 'yes', label: yes },
    { value: 'no', label: no },
  ];
  return (
    <div className="admin-filters">
      <FilterSelect
        label="Status"
        value={filters.active}
        onChange={(active) => onChange({ ...filters, active: active as YesNoFilter })}
        options={yesNo('Active', 'Inactive')}
      />
      <FilterSelect
        label="Site admin"
        value={filters.siteAdmin}
        onChange={(siteAdmin) => onChange({ ...filters, siteAdmin: siteAdmin as YesNoFilter })}
        options={yesNo('Site admins', 'Not site admins')}
      />
      <FilterSelect
        label="Tenant"
        value={filters.tenantId}
        onChange={(tenantId) => onChange({ ...filters, tenantId })}
        options={[
          { value: '', label: 'All tenants' },
          ...tenants.map((t) => ({ value: String(t.tenantId), label: t.displayName })),
        ]}
      />
    </div>
  );
}

/** Previous / Next over the server's page tokens (the list; a search answers one page). */
function usePaging() {
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  return {
    token: tokens[tokens.length - 1] ?? null,
    page: tokens.length,
    next: (token: string) => setTokens((all) => [...all, token]),
    previous: () => setTokens((all) => (all.length > 1 ? all.slice(0, -1) : all)),
    reset: () => setTokens([null]),
  };
}

/** Users: search (≥ 2 characters, by name and email), filters (answered by the server), paging, create. */
export default function UsersList() {
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [creating, setCreating] = useState(false);
  const search = searchTerm(useDebounced(text));
  const paging = usePaging();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or filter starts at the first page
  useEffect(() => paging.reset(), [search, filters]);
  const page = useUserPage(search, search ? null : paging.token, filterQuery(filters));
  const tenants = useTenants();
  const byId = useMemo(() => new Map((tenants.data ?? []).map((t) => [t.tenantId, t])), [tenants.data]);
  const rows = page.data?.users;
  const short = text.trim().length > 0 && text.trim().length < USER_SEARCH_MIN_CHARS;
  const nextToken = search ? null : page.data?.nextPageToken;
  return (
    <>
      <PageHeader
        title="Users"
        description="Everyone who can sign in to Brigade: their access, their tenants and their roles."
        actions={
          <Button onClick={() => setCreating(true)}>
            <PlusIcon /> Create user
          </Button>
        }
      />
      <DataTable
        label="Users"
        rows={rows}
        columns={columns(byId)}
        rowKey={(user) => user.uid}
        isLoading={page.isPending}
        error={loadError(page)}
        onRetry={() => void page.refetch()}
        search={{ value: text, onChange: setText, placeholder: 'Search by name or email...' }}
        toolbar={<UserFilters filters={filters} onChange={setFilters} tenants={tenants.data ?? []} />}
        empty={{
          title: hasFilters(filters) ? 'No users match the filters' : 'No users yet',
          message: hasFilters(filters) ? 'Clear a filter to see more.' : 'Create the first user.',
        }}
      />
      {short && (
        <p className="admin-note" role="status">
          Type at least {USER_SEARCH_MIN_CHARS} characters to search.
        </p>
      )}
      {!search && (paging.page > 1 || nextToken) && (
        <Paging
          label="Pages of users"
          page={paging.page}
          hasPrevious={paging.page > 1}
          hasNext={Boolean(nextToken)}
          onPrevious={paging.previous}
          onNext={() => nextToken && paging.next(nextToken)}
        />
      )}
      {creating && <CreateUserDialog tenants={tenants.data ?? []} onClose={() => setCreating(false)} />}
    </>
  );
}
