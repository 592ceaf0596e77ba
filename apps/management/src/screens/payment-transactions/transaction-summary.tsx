import { Alert } from '@brigade/ui/components/alert';
import { Link } from 'react-router';
import { cardLabel, formatDateTime, formatMinor, kindLabel } from '../../payments-kit/format';
import type { Transaction } from '../../payments-kit/payments-api';
import { Fact, PAYMENT_PATHS } from '../../payments-kit/ui';

const yesNo = (value: boolean | null) => (value === null ? 'Not known yet' : value ? 'Yes' : 'No');

/** The transaction's amounts, card, gateway answer and dates; a decline's words and advice; reconciliation. */
export function TransactionSummary({ transaction: t }: { transaction: Transaction }) {
  const money = (minor: number | null) => formatMinor(minor, t.currency);
  return (
    <section className="ui-card pay-summary" aria-labelledby="pay-summary-title">
      <h2 id="pay-summary-title" className="section-title">
        Summary
      </h2>
      <SummaryNotes transaction={t} />
      <dl className="pay-facts">
        <Fact label="Type">{kindLabel(t.kind)}</Fact>
        <Fact label="Amount (tip included)">{money(t.amount)}</Fact>
        <Fact label="Of which tip">{money(t.tipAmount)}</Fact>
        <Fact label="Authorised">{money(t.authorisedAmount)}</Fact>
        <Fact label="Captured">{money(t.capturedAmount)}</Fact>
        <Fact label="Refunded">{money(t.refundedAmount)}</Fact>
        <Fact label="Card">{cardLabel(t.cardBrand, t.lastFour)}</Fact>
        <Fact label="Gateway answer">
          {t.processorText ? `${t.processorText}${t.processorCode ? ` (${t.processorCode})` : ''}` : null}
        </Fact>
        <Fact label="Authorisation code">{t.authorisationCode}</Fact>
        <Fact label="Address / CVV check">
          {[t.avsResult, t.cvvResult].filter(Boolean).join(' / ') || null}
        </Fact>
        <Fact label="Order reference">{t.orderReference}</Fact>
        <Fact label="Payment order id">{t.paymentOrderId}</Fact>
        <Fact label="Processor reference">{t.processorReference}</Fact>
        <Fact label="Settlement">{t.settlementStatus}</Fact>
        <Fact label="Batch">{t.settlementBatch}</Fact>
        <Fact label="Voidable">{yesNo(t.voidable)}</Fact>
        <Fact label="Refundable">{yesNo(t.refundable)}</Fact>
        <Fact label="Taken by">{t.createdByName ?? t.createdBy}</Fact>
        <Fact label="Taken">{formatDateTime(t.createdAt)}</Fact>
        <Fact label="Captured at">{t.capturedAt ? formatDateTime(t.capturedAt) : null}</Fact>
        <Fact label="Settled at">{t.settledAt ? formatDateTime(t.settledAt) : null}</Fact>
        {t.parentTransactionId && (
          <Fact label="Refund of">
            <Link className="pay-link" to={PAYMENT_PATHS.transaction(t.parentTransactionId)}>
              The original payment
            </Link>
          </Fact>
        )}
      </dl>
    </section>
  );
}

function SummaryNotes({ transaction: t }: { transaction: Transaction }) {
  const reconciling = t.reconciliation.state === 'in_progress' || t.reconciliation.state === 'unresolved';
  return (
    <>
      {(t.status === 'declined' || t.status === 'failed') && (
        <Alert title={t.processorText ?? 'Declined'}>{t.advice}</Alert>
      )}
      {reconciling && (
        <Alert tone="warning" title="The card processor's answer is not confirmed">
          {t.reconciliation.detail ?? 'Use "Check status" to ask the card processor again.'}
        </Alert>
      )}
      {t.status === 'unknown' && !reconciling && (
        <Alert tone="warning" title="The outcome is not known">
          Do not charge the card again. Use "Check status" to ask the card processor.
        </Alert>
      )}
    </>
  );
}
