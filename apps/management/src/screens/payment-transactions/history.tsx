import { Link } from 'react-router';
import { formatDateTime, formatMinor, words } from '../../payments-kit/format';
import type { Transaction, TransactionEvent } from '../../payments-kit/payments-api';
import { PAYMENT_PATHS, StatusBadge } from '../../payments-kit/ui';

/** What happened to the transaction, in order: each step, its outcome, amount, who and when, and details. */
export function Timeline({ events, currency }: { events: readonly TransactionEvent[]; currency: string }) {
  return (
    <section className="ui-card pay-history" aria-labelledby="pay-history-title">
      <h2 id="pay-history-title" className="section-title">
        History
      </h2>
      {events.length === 0 ? (
        <p className="pay-muted">Nothing recorded yet.</p>
      ) : (
        <ol className="pay-timeline">
          {events.map((event) => (
            <li key={event.eventId} className="pay-timeline__event" data-testid="payment-event">
              <p className="pay-timeline__head">
                <strong>{words(event.step)}</strong>
                <span className="pay-timeline__outcome" data-outcome={event.outcome}>
                  {words(event.outcome)}
                </span>
                {event.amount !== null && <span>{formatMinor(event.amount, currency)}</span>}
              </p>
              <p className="pay-muted">
                <time dateTime={event.occurredAt}>{formatDateTime(event.occurredAt)}</time> ·{' '}
                {event.actorName ?? event.actor}
              </p>
              <EventDetails details={event.details} />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function EventDetails({ details }: { details: TransactionEvent['details'] }) {
  const entries = Object.entries(details).filter(([, value]) => value !== null && value !== '');
  if (entries.length === 0) return null;
  return (
    <dl className="pay-timeline__details">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>{name}</dt>
          <dd>{String(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The refunds of this payment (each a transaction of its own). */
export function RefundList({ refunds }: { refunds: readonly Transaction[] }) {
  if (refunds.length === 0) return null;
  return (
    <section className="ui-card pay-refunds" aria-labelledby="pay-refunds-title">
      <h2 id="pay-refunds-title" className="section-title">
        Refunds
      </h2>
      <ul className="pay-refunds__list">
        {refunds.map((refund) => (
          <li key={refund.transactionId} className="pay-refunds__item">
            <Link className="pay-link" to={PAYMENT_PATHS.transaction(refund.transactionId)}>
              {formatMinor(refund.amount, refund.currency)}
            </Link>
            <StatusBadge status={refund.status} kind={refund.kind} />
            <span className="pay-muted">{formatDateTime(refund.createdAt)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
