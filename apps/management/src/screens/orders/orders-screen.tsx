import { errorMessage } from '@brigade/api-client/problem-error';
import { getSalesSummary, updateOrderingSettings } from '@brigade/contracts/ordering';
import { type OrderStatus, RESTAURANT_STATUSES, STATUS_LABELS } from '@brigade/domain/ordering/order-status';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { Alert, ErrorView } from '@brigade/ui/components/alert';
import { Button, buttonClass } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { Link, useSearchParams } from 'react-router';
import { formatDay, formatMinor } from '../../payments-kit/format';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import { useOrderStream } from './live-orders';
import { useNewOrderAlert, useSoundBlocked } from './new-order-alert';
import { OrderActions, OrderStatusBadge } from './order-actions';
import { OrderingControls } from './ordering-controls';
import { type Order, useOrderingAlerts, useOrders } from './orders-api';
import { cardLine, ORDER_PATHS, orderTitle, pickupLabel, timeOf } from './paths';
import { TicketAlerts } from './ticket-alerts';

/** The filter chips: every status the restaurant sees, "Active" (new to ready) first. */
type Filter = 'active' | 'all' | OrderStatus;
const FILTERS: readonly { value: Filter; label: string }[] = [
  { value: 'active', label: 'Active' },
  ...RESTAURANT_STATUSES.map((status) => ({ value: status as Filter, label: STATUS_LABELS[status] })),
  { value: 'all', label: 'All' },
];
const ACTIVE: readonly OrderStatus[] = ['new', 'accepted', 'in_preparation', 'ready'];

const matches = (filter: Filter, status: OrderStatus) =>
  filter === 'all' || (filter === 'active' ? ACTIVE.includes(status) : status === filter);

/** The business day's online orders, live: grouped by status, new orders first, with their next moves. */
export function OrdersScreen() {
  const [search, setSearch] = useSearchParams();
  const filter = (FILTERS.find((f) => f.value === search.get('status'))?.value ?? 'active') as Filter;
  useOrderStream();
  const orders = useOrders();
  const list = orders.data?.data;
  useNewOrderAlert(list?.filter((order) => order.status === 'new').map((order) => order.orderId));
  const canSummary = useCan(getSalesSummary);
  const canSettings = useCan(updateOrderingSettings);
  return (
    <>
      <PageHeader
        title="Orders"
        description={
          orders.data
            ? `Online orders of ${formatDay(orders.data.businessDate)}. The list updates by itself.`
            : 'Online orders of today. The list updates by itself.'
        }
        actions={
          <>
            <Link className={buttonClass('secondary')} to={ORDER_PATHS.kitchen}>
              Kitchen display
            </Link>
            {canSummary && (
              <Link className={buttonClass('secondary')} to={ORDER_PATHS.summary}>
                Sales summary
              </Link>
            )}
            {canSettings && (
              <Link className={buttonClass('secondary')} to={ORDER_PATHS.settings}>
                Settings
              </Link>
            )}
          </>
        }
      />
      <SoundBanner />
      <TicketAlerts />
      <CheckoutAlerts />
      <OrderingControls />
      <nav className="ord-filters" aria-label="Filter orders by status">
        {FILTERS.map(({ value, label }) => {
          const count = list?.filter((order) => matches(value, order.status)).length;
          return (
            <button
              key={value}
              type="button"
              className="ord-filter"
              aria-pressed={filter === value}
              onClick={() => setSearch(value === 'active' ? {} : { status: value }, { replace: true })}
            >
              {label}
              {count !== undefined && <span className="ord-filter__count">{count}</span>}
            </button>
          );
        })}
      </nav>
      <OrderGroups orders={orders} filter={filter} />
    </>
  );
}

/** Where the browser keeps the new-order chime silent until a tap, a one-tap way to turn it on. */
function SoundBanner() {
  const sound = useSoundBlocked();
  if (!sound.blocked) return null;
  return (
    <Alert tone="info" title="Sound is off in this browser">
      New orders chime only after someone taps this page.{' '}
      <Button variant="secondary" onClick={sound.enable}>
        Turn sound on
      </Button>
    </Alert>
  );
}

/** The latest alert about online checkout (docs/behaviour/ordering.md#checkout-limits), while it is recent. */
function CheckoutAlerts() {
  const alerts = useOrderingAlerts();
  const { timezone } = useCurrentRestaurant();
  const latest = alerts.data?.[0];
  if (!latest) return null;
  return (
    <Alert tone="warning" title={`Many declined cards at ${timeOf(String(latest.createdAt), timezone)}`}>
      {latest.message}
    </Alert>
  );
}

function OrderGroups({ orders, filter }: { orders: ReturnType<typeof useOrders>; filter: Filter }) {
  if (orders.isPending) return <SkeletonRows count={4} label="Loading the orders" />;
  if (orders.isError)
    return (
      <ErrorView
        title="Could not load the orders"
        message={errorMessage(orders.error)}
        actions={<Button onClick={() => void orders.refetch()}>Try Again</Button>}
      />
    );
  const shown = orders.data.data.filter((order) => matches(filter, order.status));
  if (shown.length === 0)
    return (
      <EmptyState
        title={filter === 'active' ? 'No open orders' : 'No orders here'}
        message="New online orders appear here as guests place them, with a sound."
      />
    );
  const later = (order: Order) => isScheduled(order, orders.data.businessDate);
  const groups = RESTAURANT_STATUSES.map((status) => ({
    key: status,
    title: STATUS_LABELS[status],
    orders: shown.filter((order) => order.status === status && !later(order)).reverse(),
  }));
  const scheduled = { key: 'scheduled', title: 'Scheduled', orders: shown.filter(later).reverse() };
  return (
    <div className="ord-groups">
      {[...groups, scheduled]
        .filter((group) => group.orders.length > 0)
        .map((group) => (
          <section key={group.key} className="ord-group" aria-labelledby={`ord-group-${group.key}`}>
            <h2 id={`ord-group-${group.key}`} className="ord-group__title">
              {group.title} <span className="ord-group__count">{group.orders.length}</span>
            </h2>
            <ul className="ord-cards">
              {group.orders.map((order) => (
                <OrderCard key={order.orderId} order={order} day={group.key === 'scheduled'} />
              ))}
            </ul>
          </section>
        ))}
    </div>
  );
}

/** An order of a later business day than the board's, due more than an hour from now: shown apart, with its day. */
export const isScheduled = (
  order: Pick<Order, 'businessDate' | 'pickupAt'>,
  boardDate: string,
  now = Date.now(),
) => order.businessDate > boardDate && Date.parse(String(order.pickupAt)) - now > 3_600_000;

function OrderCard({ order, day = false }: { order: Order; day?: boolean }) {
  const { timezone } = useCurrentRestaurant();
  const items = order.lines.reduce((sum, line) => sum + line.quantity, 0);
  return (
    <li className={`ui-card ord-card ord-card--${order.status}`}>
      <div className="ord-card__head">
        <Link className="ord-card__number" to={ORDER_PATHS.order(order.orderId)}>
          {orderTitle(order)}
        </Link>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="ord-card__meta">
        {day && `${formatDay(order.businessDate)} · `}
        {pickupLabel(order, timezone)} · {items} {items === 1 ? 'item' : 'items'} ·{' '}
        {formatMinor(order.totals.total, order.currency)}
      </p>
      <p className="ord-card__lines">{order.lines.map(cardLine).join(', ')}</p>
      {order.notes && <p className="ord-card__notes">Note: {order.notes}</p>}
      <OrderActions order={order} compact />
    </li>
  );
}
