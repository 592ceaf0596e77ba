import { errorMessage, isProblemError } from '@brigade/api-client/problem-error';
import { STATUS_LABELS } from '@brigade/domain/ordering/order-status';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { Link } from 'react-router';
import { cardLabel, formatDateTime, formatMinor } from '../../payments-kit/format';
import { Fact, PAYMENT_PATHS, StatusBadge } from '../../payments-kit/ui';
import { useCurrentRestaurant } from '../../restaurant-context';
import { useOrderStream } from './live-orders';
import { OrderActions, OrderStatusBadge } from './order-actions';
import { OrderTickets } from './order-tickets';
import { type Order, useOrder } from './orders-api';
import { ORDER_PATHS, orderTitle, pickupLabel, registerPaidLabel } from './paths';

const BACK = { to: ORDER_PATHS.orders, label: 'Orders' };

/** One order: its moves, items, customer, pickup, totals, payment and history (live). */
export function OrderPage({ orderId }: { orderId: number }) {
  useOrderStream();
  const detail = useOrder(orderId);
  if (detail.isPending)
    return (
      <>
        <PageHeader title="Order" back={BACK} />
        <SkeletonRows count={4} label="Loading the order" />
      </>
    );
  if (detail.isError)
    return (
      <>
        <PageHeader title="Order" back={BACK} />
        {isProblemError(detail.error) && [400, 404].includes(detail.error.status) ? (
          <ErrorView
            title="Order not found"
            message="It may belong to another restaurant, or the link is wrong."
          />
        ) : (
          <ErrorView
            title="Could not load the order"
            message={errorMessage(detail.error)}
            actions={<Button onClick={() => void detail.refetch()}>Try Again</Button>}
          />
        )}
      </>
    );
  const order = detail.data;
  return (
    <>
      <PageHeader
        title={`Order ${orderTitle(order)}`}
        description={<OrderStatusBadge status={order.status} />}
        back={BACK}
        actions={<OrderActions order={order} />}
      />
      <div className="pay-detail">
        <div className="pay-summary">
          <OrderItems order={order} />
          <OrderTotals order={order} />
        </div>
        <div className="pay-detail__side">
          <OrderFacts order={order} />
          <OrderTickets orderId={order.orderId} />
          <OrderTimeline order={order} />
        </div>
      </div>
    </>
  );
}

function OrderItems({ order }: { order: Order }) {
  return (
    <section className="ui-card" aria-labelledby="ord-items-title">
      <h2 id="ord-items-title" className="pay-section-title">
        Items
      </h2>
      <ul className="ord-lines">
        {order.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never change order
          <li key={index} className="ord-line">
            <p className="ord-line__head">
              <span>
                <strong>{line.quantity}×</strong> {line.name}
                {line.sizeName && <span className="ord-line__size"> · {line.sizeName}</span>}
              </span>
              <span className="ord-money">{formatMinor(line.lineTotal, order.currency)}</span>
            </p>
            {line.modifiers.length > 0 && (
              <ul className="ord-line__modifiers">
                {line.modifiers.map((modifier) => (
                  <li key={`${modifier.modifierGroupId}-${modifier.modifierId}`}>
                    {modifier.quantity > 1 ? `${modifier.quantity}× ` : ''}
                    {modifier.name}
                    {modifier.price > 0 && ` (+${formatMinor(modifier.price, order.currency)})`}
                  </li>
                ))}
              </ul>
            )}
            {line.notes && <p className="ord-line__notes">Note: {line.notes}</p>}
          </li>
        ))}
      </ul>
      {order.notes && <p className="ord-card__notes">Order note: {order.notes}</p>}
    </section>
  );
}

function OrderTotals({ order }: { order: Order }) {
  const money = (minor: number) => formatMinor(minor, order.currency);
  const { totals } = order;
  return (
    <section className="ui-card" aria-labelledby="ord-totals-title">
      <h2 id="ord-totals-title" className="pay-section-title">
        Totals
      </h2>
      <dl className="ord-totals">
        <TotalRow label="Subtotal" value={money(totals.subtotal)} />
        {totals.taxes.map((tax) => (
          <TotalRow
            key={tax.taxRateId}
            label={tax.included > 0 ? `${tax.name} (included)` : tax.name}
            value={money(tax.amount + tax.included)}
          />
        ))}
        {totals.serviceCharge > 0 && <TotalRow label="Service charge" value={money(totals.serviceCharge)} />}
        <TotalRow label="Tip" value={money(totals.tip)} />
        <TotalRow label="Total" value={money(totals.total)} strong />
        {order.refundedAmount ? (
          <TotalRow label="Refunded" value={`−${money(order.refundedAmount)}`} />
        ) : null}
      </dl>
    </section>
  );
}

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={strong ? 'ord-totals__row ord-totals__row--total' : 'ord-totals__row'}>
      <dt>{label}</dt>
      <dd className="ord-money">{value}</dd>
    </div>
  );
}

function OrderFacts({ order }: { order: Order }) {
  const { timezone } = useCurrentRestaurant();
  return (
    <section className="ui-card" aria-labelledby="ord-facts-title">
      <h2 id="ord-facts-title" className="pay-section-title">
        Pickup and payment
      </h2>
      <dl className="pay-facts">
        <Fact label="Pickup">{pickupLabel(order, timezone)}</Fact>
        <Fact label="Placed">{formatDateTime(order.createdAt)}</Fact>
        <Fact label="Customer">{order.customer.name || '—'}</Fact>
        {order.channel !== 'online' ? (
          <Fact label="Paid">
            <span data-testid="order-register-paid">{registerPaidLabel(order)}</span>
          </Fact>
        ) : (
          <>
            <Fact label="Phone">
              <a className="pay-link" href={`tel:${order.customer.phone}`}>
                {order.customer.phone}
              </a>
            </Fact>
            <Fact label="Email">
              <a className="pay-link" href={`mailto:${order.customer.email}`}>
                {order.customer.email}
              </a>
            </Fact>
            <Fact label="Card">{cardLabel(order.cardBrand, order.cardLastFour)}</Fact>
          </>
        )}
        <Fact label="Payment">
          {order.paymentStatus ? <StatusBadge status={order.paymentStatus} /> : '—'}
        </Fact>
        <Fact label="Transaction">
          {order.transactionId ? (
            <Link className="pay-link" to={PAYMENT_PATHS.transaction(order.transactionId)}>
              View the payment
            </Link>
          ) : (
            '—'
          )}
        </Fact>
      </dl>
    </section>
  );
}

type OrderEvent = NonNullable<Order['events']>[number];

/** A history line's title: its status, or "Refunded in part" for a refund that left the status as it was. */
export function eventLabel(event: OrderEvent, before: OrderEvent | undefined): string {
  if (before?.status === event.status && event.note?.startsWith('Refunded ')) return 'Refunded in part';
  return STATUS_LABELS[event.status];
}

function OrderTimeline({ order }: { order: Order }) {
  const events = order.events ?? [];
  return (
    <section className="ui-card" aria-labelledby="ord-history-title">
      <h2 id="ord-history-title" className="pay-section-title">
        History
      </h2>
      <ol className="pay-timeline">
        {events.map((event, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: history only grows at its end
          <li key={index} className="pay-timeline__event" data-testid="order-event">
            <p className="pay-timeline__head">
              <strong>{eventLabel(event, events[index - 1])}</strong>
            </p>
            <p className="pay-muted">
              <time dateTime={event.at}>{formatDateTime(event.at)}</time> ·{' '}
              {event.actor === 'guest' ? 'Guest' : (event.actorName ?? event.actor)}
            </p>
            {event.note && <p className="pay-muted">{event.note}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
