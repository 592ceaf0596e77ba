import { Badge } from '@brigade/ui/app-kit/badge';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { Button } from '@brigade/ui/components/button';
import { cardLabel, formatDateTime } from '../../payments-kit/format';
import type { StoredProfile, useStoredProfiles } from '../../payments-kit/profiles-api';

/** "12/30" of the gateway's MMYY. */
export const expiryLabel = (expiry: string | null) =>
  expiry && /^\d{4}$/.test(expiry) ? `${expiry.slice(0, 2)}/${expiry.slice(2)}` : '—';

const COLUMNS: readonly Column<StoredProfile>[] = [
  { header: 'Customer', primary: true, cell: (p) => p.name ?? 'No name' },
  {
    header: 'Card',
    cell: (p) => (
      <>
        {cardLabel(p.cardBrand, p.lastFour)} {p.isDefault && <Badge>Default</Badge>}
      </>
    ),
  },
  { header: 'Expires', cell: (p) => expiryLabel(p.expiry) },
  { header: 'Profile', cell: (p) => `${p.profileId}/${p.acctId}`, hideOnMobile: true },
  {
    header: 'Added',
    cell: (p) => <time dateTime={p.createdAt}>{formatDateTime(p.createdAt)}</time>,
    hideOnMobile: true,
  },
];

/** The stored cards, newest first: loading rows, the error with "Try Again", the empty state, delete. */
export function ProfileList({
  list,
  manage,
  onDelete,
  onAdd,
}: {
  list: ReturnType<typeof useStoredProfiles>;
  manage: boolean;
  onDelete: (profile: StoredProfile) => void;
  onAdd: () => void;
}) {
  return (
    <DataTable
      label="Customer profiles"
      rows={list.data}
      columns={COLUMNS}
      rowKey={(p) => `${p.profileId}/${p.acctId}`}
      isLoading={list.isPending}
      error={list.isError && !list.data ? list.error : undefined}
      onRetry={() => void list.refetch()}
      empty={{
        title: 'No cards on file',
        message: 'Store a customer’s card to charge it later without typing it again.',
        actions: manage && <Button onClick={onAdd}>Add a card</Button>,
      }}
      {...(manage
        ? {
            rowActions: (p: StoredProfile) => (
              <Button
                variant="secondary"
                size="sm"
                onClick={() => onDelete(p)}
                aria-label={`Delete ${p.name ?? 'the card'} ${cardLabel(p.cardBrand, p.lastFour)}`}
              >
                Delete
              </Button>
            ),
          }
        : {})}
    />
  );
}
