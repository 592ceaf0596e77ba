import { Alert } from '@brigade/ui/components/alert';
import { Button, buttonClass } from '@brigade/ui/components/button';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { cardLabel, formatMinor, kindLabel } from '../../payments-kit/format';
import type { Transaction } from '../../payments-kit/payments-api';
import { Fact, PAYMENT_PATHS, StatusBadge } from '../../payments-kit/ui';

type Outcome = 'approved' | 'declined' | 'unknown';

/** What the gateway's answer means for the person at the terminal. */
export function outcomeOf(transaction: Transaction): Outcome {
  if (transaction.status === 'declined' || transaction.status === 'failed') return 'declined';
  if (
    transaction.status === 'unknown' ||
    transaction.status === 'pending' ||
    (transaction.reconciliation.state !== 'none' && transaction.reconciliation.state !== 'resolved')
  )
    return 'unknown';
  return 'approved';
}

const HEADINGS: Record<Outcome, string> = {
  approved: 'Approved',
  declined: 'Declined',
  unknown: 'Outcome not known yet',
};

/**
 * The answer to a payment: approved (amount, card, authorisation code), declined (the gateway's words and
 * what to do), or not known yet (reconciliation); with a link to the transaction and the next step.
 */
export function PaymentResult({
  transaction,
  onNewPayment,
  onTryAgain,
}: {
  transaction: Transaction;
  onNewPayment: () => void;
  onTryAgain: () => void;
}) {
  const outcome = outcomeOf(transaction);
  const section = useRef<HTMLElement>(null);
  // the answer replaces the form: focus moves to it, so keyboard and screen reader users land on it
  useEffect(() => section.current?.focus(), []);
  const total = transaction.amount; // the total: the tip is part of it
  return (
    <section
      ref={section}
      className={`ui-card pay-result pay-result--${outcome}`}
      aria-labelledby="pay-result-title"
      tabIndex={-1}
    >
      <header className="pay-result__header">
        <h2 id="pay-result-title" className="pay-result__title">
          {HEADINGS[outcome]}
        </h2>
        <StatusBadge status={transaction.status} />
      </header>
      <p className="pay-result__amount">{formatMinor(total, transaction.currency)}</p>
      <dl className="pay-facts">
        <Fact label="Card">{cardLabel(transaction.cardBrand, transaction.lastFour)}</Fact>
        <Fact label="Type">{kindLabel(transaction.kind)}</Fact>
        {transaction.tipAmount > 0 && (
          <Fact label="Of which tip">{formatMinor(transaction.tipAmount, transaction.currency)}</Fact>
        )}
        {transaction.authorisationCode && (
          <Fact label="Authorisation code">{transaction.authorisationCode}</Fact>
        )}
        {transaction.orderReference && <Fact label="Order reference">{transaction.orderReference}</Fact>}
      </dl>
      <OutcomeNote transaction={transaction} outcome={outcome} />
      <div className="form-footer">
        <Link className={buttonClass('secondary')} to={PAYMENT_PATHS.transaction(transaction.transactionId)}>
          View transaction
        </Link>
        {outcome === 'declined' && (
          <Button variant="secondary" onClick={onTryAgain}>
            Try another card
          </Button>
        )}
        <Button onClick={onNewPayment}>New payment</Button>
      </div>
    </section>
  );
}

function OutcomeNote({ transaction, outcome }: { transaction: Transaction; outcome: Outcome }) {
  if (outcome === 'declined') {
    const retry =
      transaction.declineCategory === 'retry_later' || transaction.declineCategory === 'fix_data_and_retry';
    return (
      <Alert title={transaction.processorText ?? 'The card was declined'}>
        {transaction.advice ?? (retry ? 'You can try again.' : 'Ask for another card.')}
        {transaction.declineCategory === 'never_retry' && ' Do not retry this card.'}
      </Alert>
    );
  }
  if (outcome === 'unknown')
    return (
      <Alert tone="warning" title="The card processor has not confirmed this payment">
        {transaction.reconciliation.detail ??
          'Do not charge the card again. Open the transaction and use "Check status" in a moment.'}
      </Alert>
    );
  if (transaction.status === 'authorised')
    return (
      <Alert tone="info" title="Authorised only">
        The amount is held on the card. Capture it from the transaction page when the bill is final.
      </Alert>
    );
  return null;
}
