import { errorMessage } from '@brigade/api-client/problem-error';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cardLabel, formatDateTime, formatMinor, kindLabel } from '../../payments-kit/format';
import type { Transaction, useTransactions } from '../../payments-kit/payments-api';
import { PAYMENT_PATHS, StatusBadge } from '../../payments-kit/ui';

type TransactionsQuery = ReturnType<typeof useTransactions>;

const COLUMNS: readonly Column<Transaction>[] = [
  {
    header: 'Amount',
    primary: true,
    cell: (t) => (
      <Link className="pay-link" to={PAYMENT_PATHS.transaction(t.transactionId)}>
        {formatMinor(t.amount, t.currency)}
      </Link>
    ),
  },
  { header: 'Status', cell: (t) => <StatusBadge status={t.status} kind={t.kind} /> },
  { header: 'Card', cell: (t) => cardLabel(t.cardBrand, t.lastFour) },
  { header: 'Type', cell: (t) => kindLabel(t.kind), hideOnMobile: true },
  { header: 'Reference', cell: (t) => t.orderReference ?? '—', hideOnMobile: true },
  {
    header: 'Time',
    cell: (t) => <time dateTime={t.createdAt}>{formatDateTime(t.createdAt)}</time>,
  },
];

/**
 * The transactions, newest first: a table on wide screens and cards on phones (DataTable), with loading
 * rows, the error with "Try Again", the empty states, and "Load more" while older ones remain.
 */
export function TransactionList({
  list,
  filtering,
  onClearFilters,
}: {
  list: TransactionsQuery;
  filtering: boolean;
  onClearFilters: () => void;
}) {
  const rows = list.data?.pages.flatMap((page) => page.data);
  return (
    <>
      <DataTable
        label="Transactions"
        rows={rows}
        columns={COLUMNS}
        rowKey={(t) => t.transactionId}
        isLoading={list.isPending}
        error={list.isError && !list.data ? list.error : undefined}
        onRetry={() => void list.refetch()}
        empty={
          filtering
            ? {
                title: 'No transactions match these filters',
                message: 'Try fewer filters or a wider range of days.',
                actions: (
                  <Button variant="secondary" onClick={onClearFilters}>
                    Clear filters
                  </Button>
                ),
              }
            : {
                title: 'No card payments yet',
                message: 'Payments taken on the virtual terminal are listed here.',
              }
        }
      />
      {rows && rows.length > 0 && <ListFooter list={list} count={rows.length} />}
    </>
  );
}

function ListFooter({ list, count }: { list: TransactionsQuery; count: number }) {
  let action: ReactNode = null;
  if (list.isFetchNextPageError)
    action = (
      <>
        <Alert title="Could not load more transactions">{errorMessage(list.error)}</Alert>
        <Button variant="secondary" onClick={() => void list.fetchNextPage()}>
          Try Again
        </Button>
      </>
    );
  else if (list.hasNextPage)
    action = (
      <Button
        variant="secondary"
        loading={list.isFetchingNextPage}
        loadingText="Loading..."
        onClick={() => void list.fetchNextPage()}
      >
        Load more
      </Button>
    );
  return (
    <div className="list-footer">
      <p className="list-footer__count" aria-live="polite">
        {list.hasNextPage
          ? `Showing the newest ${count} transactions`
          : `${count} ${count === 1 ? 'transaction' : 'transactions'}, all shown`}
      </p>
      {action}
    </div>
  );
}
