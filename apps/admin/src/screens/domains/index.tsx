import { errorMessage } from '@brigade/api-client/problem-error';
import { loadError } from '@brigade/api-client/query-defaults';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useToast } from '@brigade/ui/app-kit/toast';
import { Button } from '@brigade/ui/components/button';
import { useEffect, useState } from 'react';
import { FilterSelect } from '../../components/filter-select';
import { Paging } from '../../components/paging';
import { useDebounced } from '../../components/use-debounced';
import { AddDomainDialog } from './add-dialog';
import { BulkBar } from './bulk-bar';
import {
  DOMAIN_PAGE_SIZE,
  type DomainFilters,
  type DomainRow,
  NO_FILTERS,
  useDomainPage,
  useDomainWrites,
} from './domains-api';
import { activeOptions, StatusBadges, sslOptions, typeOptions, verificationOptions } from './labels';
import { StatusDialog } from './status-dialog';
import { TransferDialog } from './transfer-dialog';

function columns(selected: Set<string>, toggle: (guid: string) => void): Column<DomainRow>[] {
  return [
    {
      header: 'Select',
      cell: (r) => (
        <input
          type="checkbox"
          className="domain-select"
          checked={selected.has(r.mapping.guid)}
          aria-label={`Select ${r.mapping.domain}`}
          onChange={() => toggle(r.mapping.guid)}
        />
      ),
    },
    { header: 'Domain', primary: true, cell: (r) => r.mapping.domain },
    {
      header: 'Restaurant',
      cell: (r) => (
        <>
          {r.restaurantName} <span className="admin-muted">({r.tenantDisplayName})</span>
        </>
      ),
    },
    {
      header: 'Type',
      hideOnMobile: true,
      cell: (r) => (r.mapping.domainType === 'custom' ? 'Custom' : 'Subdomain'),
    },
    { header: 'Status', cell: (r) => <StatusBadges {...r.mapping} /> },
  ];
}

function Filters({
  filters,
  onChange,
}: {
  filters: DomainFilters;
  onChange: (filters: DomainFilters) => void;
}) {
  const set = (key: keyof DomainFilters) => (value: string) => onChange({ ...filters, [key]: value });
  return (
    <div className="admin-filters">
      <FilterSelect
        label="Verification"
        value={filters.verificationStatus}
        onChange={set('verificationStatus')}
        options={verificationOptions}
      />
      <FilterSelect label="SSL" value={filters.sslStatus} onChange={set('sslStatus')} options={sslOptions} />
      <FilterSelect
        label="Type"
        value={filters.domainType}
        onChange={set('domainType')}
        options={typeOptions}
      />
      <FilterSelect
        label="Active"
        value={filters.isActive}
        onChange={set('isActive')}
        options={activeOptions}
      />
    </div>
  );
}

function RowActions({
  row,
  onTransfer,
  onStatus,
}: {
  row: DomainRow;
  onTransfer: () => void;
  onStatus: () => void;
}) {
  const { verify } = useDomainWrites();
  const toast = useToast();
  const { mapping } = row;
  return (
    <span className="admin-row-actions">
      {mapping.domainType === 'custom' && mapping.verificationStatus !== 'verified' && (
        <Button
          variant="ghost"
          size="sm"
          disabled={verify.isPending}
          onClick={() =>
            verify.mutate(mapping.guid, {
              onSuccess: ({ verification }) =>
                verification.verified
                  ? toast.success(`${mapping.domain} is verified`)
                  : toast.error(verification.verificationError ?? `${mapping.domain} is not verified yet`),
              onError: (error) => toast.error(errorMessage(error)),
            })
          }
        >
          Verify<span className="ui-visually-hidden"> {mapping.domain}</span>
        </Button>
      )}
      <Button variant="ghost" size="sm" onClick={onStatus}>
        Status<span className="ui-visually-hidden"> of {mapping.domain}</span>
      </Button>
      <Button variant="ghost" size="sm" onClick={onTransfer}>
        Transfer<span className="ui-visually-hidden"> {mapping.domain}</span>
      </Button>
    </span>
  );
}

/**
 * Domain mappings across tenants (issue 17): search and filters on the server, verification,
 * status here and at the hosting provider, transfer to another restaurant, bulk actions on the selection.
 */
export default function DomainsScreen() {
  const [text, setText] = useState('');
  const [filters, setFilters] = useState<DomainFilters>(NO_FILTERS);
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<{ kind: 'transfer' | 'status'; row: DomainRow } | null>(null);
  const [adding, setAdding] = useState(false);
  const search = useDebounced(text).trim();
  const query = { ...filters, search };
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or filter starts at the first page
  useEffect(() => {
    setOffset(0);
    setSelected(new Set());
  }, [search, filters]);
  const page = useDomainPage(query, offset);
  const rows = page.data;
  const toggle = (guid: string) => {
    const next = new Set(selected);
    if (!next.delete(guid)) next.add(guid);
    setSelected(next);
  };
  const full = (rows?.length ?? 0) >= DOMAIN_PAGE_SIZE;
  return (
    <>
      <PageHeader
        title="Domains"
        description="Every tenant's custom domains and subdomains. Searches match the domain and the restaurant's and tenant's names."
        actions={<Button onClick={() => setAdding(true)}>Add domain</Button>}
      />
      <BulkBar
        selected={rows?.filter((r) => selected.has(r.mapping.guid)) ?? []}
        onDone={() => setSelected(new Set())}
      />
      <DataTable
        label="Domain mappings"
        rows={rows}
        columns={columns(selected, toggle)}
        rowKey={(r) => r.mapping.guid}
        isLoading={page.isPending}
        error={loadError(page)}
        onRetry={() => void page.refetch()}
        search={{ value: text, onChange: setText, placeholder: 'Search domains, restaurants or tenants...' }}
        toolbar={<Filters filters={filters} onChange={setFilters} />}
        empty={{
          title: 'No domain mappings',
          message:
            'Restaurants add their domains in management; add one here for any tenant with Add domain.',
        }}
        rowActions={(row) => (
          <RowActions
            row={row}
            onTransfer={() => setDialog({ kind: 'transfer', row })}
            onStatus={() => setDialog({ kind: 'status', row })}
          />
        )}
      />
      {(offset > 0 || full) && (
        <Paging
          label="Pages of domain mappings"
          page={offset / DOMAIN_PAGE_SIZE + 1}
          hasPrevious={offset > 0}
          hasNext={full}
          onPrevious={() => setOffset(Math.max(0, offset - DOMAIN_PAGE_SIZE))}
          onNext={() => setOffset(offset + DOMAIN_PAGE_SIZE)}
        />
      )}
      {dialog?.kind === 'transfer' && <TransferDialog row={dialog.row} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'status' && <StatusDialog row={dialog.row} onClose={() => setDialog(null)} />}
      {adding && <AddDomainDialog onClose={() => setAdding(false)} />}
    </>
  );
}
