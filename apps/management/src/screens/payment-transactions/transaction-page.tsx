import { errorMessage, isProblemError } from '@brigade/api-client/problem-error';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { errorMessageOf } from '@brigade/ui/app-kit/server-errors';
import { useToast } from '@brigade/ui/app-kit/toast';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useState } from 'react';
import { cardLabel, formatMinor } from '../../payments-kit/format';
import {
  type Transaction,
  type TransactionAction,
  usePaymentRights,
  useRefreshTransaction,
  useTransaction,
} from '../../payments-kit/payments-api';
import { PAYMENT_PATHS, StatusBadge } from '../../payments-kit/ui';
import { ActionDialog } from './action-dialog';
import { RefundList, Timeline } from './history';
import { TransactionSummary } from './transaction-summary';

const BACK = { to: PAYMENT_PATHS.transactions, label: 'Transactions' };

/** One transaction: its summary, the actions its state and the role allow, its history and its refunds. */
export function TransactionPage({ transactionId }: { transactionId: string }) {
  const detail = useTransaction(transactionId);
  if (detail.isPending)
    return (
      <>
        <PageHeader title="Transaction" back={BACK} />
        <SkeletonRows count={4} label="Loading the transaction" />
      </>
    );
  if (detail.isError)
    return (
      <>
        <PageHeader title="Transaction" back={BACK} />
        {isProblemError(detail.error) && (detail.error.status === 404 || detail.error.status === 400) ? (
          <ErrorView
            title="Transaction not found"
            message="It may belong to another restaurant, or the link is wrong."
          />
        ) : (
          <ErrorView
            title="Could not load the transaction"
            message={errorMessage(detail.error)}
            actions={<Button onClick={() => void detail.refetch()}>Try Again</Button>}
          />
        )}
      </>
    );
  const { transaction, events, refunds } = detail.data;
  return (
    <>
      <PageHeader
        title={`${formatMinor(transaction.amount, transaction.currency)} · ${cardLabel(transaction.cardBrand, transaction.lastFour)}`}
        description={<StatusBadge status={transaction.status} kind={transaction.kind} />}
        back={BACK}
        actions={<TransactionActions transaction={transaction} />}
      />
      <div className="pay-detail">
        <TransactionSummary transaction={transaction} />
        <div className="pay-detail__side">
          <Timeline events={events} currency={transaction.currency} />
          <RefundList refunds={refunds} />
        </div>
      </div>
    </>
  );
}

/**
 * "Check status" for everyone; Capture while authorised; Void exactly when the gateway says `voidable`;
 * Refund exactly when it says `refundable` — each only for the roles that may (the server checks too).
 */
function TransactionActions({ transaction }: { transaction: Transaction }) {
  const rights = usePaymentRights();
  const refresh = useRefreshTransaction(transaction.transactionId);
  const toast = useToast();
  const [open, setOpen] = useState<TransactionAction | null>(null);
  const check = async () => {
    try {
      const answer = await refresh.mutateAsync();
      toast.success(`Status checked: ${answer.status.replace(/_/g, ' ')}`);
    } catch (error) {
      toast.error(errorMessageOf(error, 'Could not check the status'));
    }
  };
  const can = {
    capture: rights.capture && transaction.status === 'authorised',
    void: rights.void && transaction.voidable === true,
    refund: rights.refund && transaction.refundable === true,
    voidByOrder: rights.void && (transaction.status === 'unknown' || transaction.status === 'pending'),
  };
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => void check()}
        loading={refresh.isPending}
        loadingText="Checking..."
      >
        Check status
      </Button>
      {can.capture && <Button onClick={() => setOpen('capture')}>Capture</Button>}
      {can.void && (
        <Button variant="danger" onClick={() => setOpen('void')}>
          Void
        </Button>
      )}
      {can.voidByOrder && (
        <Button variant="danger" onClick={() => setOpen('void_by_order')}>
          Void by order ID
        </Button>
      )}
      {can.refund && (
        <Button variant="secondary" onClick={() => setOpen('refund')}>
          Refund
        </Button>
      )}
      {open && <ActionDialog action={open} transaction={transaction} onClose={() => setOpen(null)} />}
    </>
  );
}
