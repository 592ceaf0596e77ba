import { Badge } from '@brigade/ui/app-kit/badge';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { Button } from '@brigade/ui/components/button';
import { cardLabel, formatDateTime } from '../../payments-kit/format';
import type { StoredProfile, useStoredProfiles } from '../../payments-kit/profiles-api';

/** "12/30" of the gateway's MMYY. */
export const expiryLabel = (expiry: string | null) =>
  expiry && /^\d{4}$/.test(expiry) ? `${expiry.slice(0, 2)}/${expiry.slice(2)}` : '—';

const columns = (merchid: string): readonly Column<StoredProfile>[] => [
  { header: 'Customer', primary: true, cell: (p) => p.name ?? 'No name' },
  {
    header: 'Card',
    cell: (p) => (
      <>
        {cardLabel(p.cardBrand, p.lastFour)} {p.isDefault && <Badge>Default</Badge>}{' '}
        {p.merchid !== merchid && <Badge tone="warning">Other merchant account</Badge>}
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

export type ProfileAction = 'edit' | 'add-account' | 'delete';
const ACTIONS: readonly { action: ProfileAction; label: string }[] = [
  { action: 'edit', label: 'Edit' },
  { action: 'add-account', label: 'Add card' },
  { action: 'delete', label: 'Delete' },
];

/**
 * The stored cards, newest first: loading rows, the error with "Try Again", the empty state, and per card
 * edit, add another card to the profile, and delete. A card stored under another merchant account than the
 * current one (`merchid`) is marked and offers nothing: only its own merchant can charge or change it.
 */
export function ProfileList({
  list,
  merchid,
  manage,
  onAction,
  onAdd,
}: {
  list: ReturnType<typeof useStoredProfiles>;
  merchid: string;
  manage: boolean;
  onAction: (action: ProfileAction, profile: StoredProfile) => void;
  onAdd: () => void;
}) {
  return (
    <DataTable
      label="Customer profiles"
      rows={list.data}
      columns={columns(merchid)}
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
            rowActions: (p: StoredProfile) =>
              p.merchid === merchid &&
              ACTIONS.map(({ action, label }) => (
                <Button
                  key={action}
                  variant="secondary"
                  size="sm"
                  onClick={() => onAction(action, p)}
                  aria-label={`${label}: ${p.name ?? 'the card'} ${cardLabel(p.cardBrand, p.lastFour)}`}
                >
                  {label}
                </Button>
              )),
          }
        : {})}
    />
  );
}
