import { errorMessage } from '@brigade/api-client/problem-error';
import { loadError } from '@brigade/api-client/query-defaults';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { useEffect, useMemo, useState } from 'react';
import { StatusBadge } from '../../components/labels';
import { Paging } from '../../components/paging';
import { searchTerm } from '../../components/search';
import { useDebounced } from '../../components/use-debounced';
import {
  managementUrl,
  RESTAURANT_PAGE_SIZE,
  type RestaurantRow,
  useAllRestaurants,
  useRestaurantStatus,
  useTenants,
} from '../../queries';

type Row = RestaurantRow & { tenantName: string; tenantDisplayName: string };

function columns(tenantGuids: Map<number, string>): Column<Row>[] {
  return [
    { header: 'Restaurant', primary: true, cell: (r) => r.name },
    { header: 'Tenant', cell: (r) => r.tenantDisplayName },
    { header: 'City', hideOnMobile: true, cell: (r) => r.address.city },
    { header: 'Slug', hideOnMobile: true, cell: (r) => r.slug },
    { header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
    {
      header: 'Management',
      cell: (r) => {
        const tenantGuid = tenantGuids.get(r.tenantId);
        return tenantGuid ? (
          <a className="admin-link admin-nowrap" href={managementUrl(tenantGuid, r.guid)}>
            Open in management<span className="ui-visually-hidden"> ({r.name})</span>
          </a>
        ) : (
          '—'
        );
      },
    },
  ];
}

/** Restaurants across tenants: search (≥ 2 characters), status on and off, a way into management. */
export default function RestaurantsScreen() {
  const [text, setText] = useState('');
  const [offset, setOffset] = useState(0);
  const search = searchTerm(useDebounced(text));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts at the first page
  useEffect(() => setOffset(0), [search]);
  const restaurants = useAllRestaurants(search, offset);
  const tenants = useTenants();
  const guids = useMemo(() => new Map((tenants.data ?? []).map((t) => [t.tenantId, t.guid])), [tenants.data]);
  const status = useRestaurantStatus();
  const toast = useToast();
  const rows = restaurants.data as Row[] | undefined;
  const full = (rows?.length ?? 0) >= RESTAURANT_PAGE_SIZE;
  return (
    <>
      <PageHeader
        title="Restaurants"
        description="Every tenant's restaurants. Searches match the restaurant's name, slug and city and the tenant's names."
      />
      <DataTable
        label="Restaurants"
        rows={rows}
        columns={columns(guids)}
        rowKey={(r) => r.restaurantId}
        isLoading={restaurants.isPending}
        error={loadError(restaurants)}
        onRetry={() => void restaurants.refetch()}
        search={{ value: text, onChange: setText, placeholder: 'Search restaurants or tenants...' }}
        empty={{ title: 'No restaurants yet' }}
        rowActions={(r) => {
          const next = r.status === 'active' ? 'inactive' : 'active';
          return (
            <Button
              variant="ghost"
              size="sm"
              disabled={status.isPending}
              onClick={() =>
                status.mutate(
                  { tenantId: r.tenantId, restaurantId: r.restaurantId, status: next },
                  {
                    onSuccess: () => toast.success(`${r.name} is now ${next}`),
                    onError: (error) => toast.error(errorMessage(error)),
                  },
                )
              }
            >
              {next === 'inactive' ? 'Deactivate' : 'Activate'}
              <span className="ui-visually-hidden"> {r.name}</span>
            </Button>
          );
        }}
      />
      {text.trim().length === 1 && (
        <p className="admin-note" role="status">
          Type at least 2 characters to search.
        </p>
      )}
      {(offset > 0 || full) && (
        <Paging
          label="Pages of restaurants"
          page={offset / RESTAURANT_PAGE_SIZE + 1}
          hasPrevious={offset > 0}
          hasNext={full}
          onPrevious={() => setOffset(Math.max(0, offset - RESTAURANT_PAGE_SIZE))}
          onNext={() => setOffset(offset + RESTAURANT_PAGE_SIZE)}
        />
      )}
    </>
  );
}
