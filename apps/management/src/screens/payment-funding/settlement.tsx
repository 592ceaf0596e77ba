import { errorMessage } from '@brigade/api-client/problem-error';
import { Badge } from '@brigade/ui/app-kit/badge';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { Link } from 'react-router';
import { useMoneyCurrency } from '../../payments-kit/currency';
import { formatDay, formatMinor, words } from '../../payments-kit/format';
import { type SettlementBatch, useSettlement } from '../../payments-kit/payments-api';
import { PAYMENT_PATHS } from '../../payments-kit/ui';

/** The day's settlement batches and, per transaction, whether the processor accepted or rejected it. */
export function SettlementSection({ date }: { date: string }) {
  const settlement = useSettlement(date, true);
  let body: React.ReactNode;
  if (settlement.isPending) body = <SkeletonRows count={2} label="Loading the settlement" />;
  else if (settlement.isError)
    body = (
      <ErrorView
        title="Could not load the settlement"
        message={errorMessage(settlement.error)}
        actions={<Button onClick={() => void settlement.refetch()}>Try Again</Button>}
      />
    );
  else if (settlement.data.length === 0)
    body = (
      <EmptyState
        title="Nothing settled on this day"
        message="Captured payments settle in the evening batch."
      />
    );
  else body = settlement.data.map((batch, index) => <Batch key={batch.batchid ?? index} batch={batch} />);
  return (
    <section className="ui-card pay-settlement" aria-labelledby="pay-settlement-title">
      <h2 id="pay-settlement-title" className="section-title">
        Settlement of {formatDay(date)}
      </h2>
      {body}
    </section>
  );
}

function Batch({ batch }: { batch: SettlementBatch }) {
  const currency = useMoneyCurrency();
  return (
    <div className="pay-batch">
      <p className="pay-batch__head">
        <strong>Batch {batch.batchid ?? '—'}</strong>
        <Badge tone={batch.accepted ? 'success' : 'danger'}>
          {batch.accepted ? 'Accepted' : 'Not accepted'}
        </Badge>
        {batch.hoststat && <span className="pay-muted">Host status {batch.hoststat}</span>}
      </p>
      <ul className="pay-batch__list" aria-label={`Transactions of batch ${batch.batchid ?? ''}`}>
        {batch.transactions.map((t, index) => (
          <li key={t.retref ?? index} className="pay-batch__item">
            <span>
              {t.transactionId ? (
                <Link className="pay-link" to={PAYMENT_PATHS.transaction(t.transactionId)}>
                  {formatMinor(t.amount, currency)}
                </Link>
              ) : (
                formatMinor(t.amount, currency)
              )}
            </span>
            <span className="pay-muted">
              {t.cardtype ?? 'Card'} · {t.retref ?? 'no reference'}
            </span>
            <Badge
              tone={t.outcome === 'accepted' ? 'success' : t.outcome === 'rejected' ? 'danger' : 'warning'}
            >
              {words(t.outcome)}
            </Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}
