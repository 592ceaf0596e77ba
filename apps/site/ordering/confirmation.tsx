/** @jsxImportSource preact */
import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiProblem, fetchOrder, type OrderData, orderEventsUrl } from './api';
import { money, pickupLabel, sitePath } from './money';
import { TotalsList } from './totals';

const STEPS = [
  { status: 'new', label: 'Received' },
  { status: 'accepted', label: 'Accepted' },
  { status: 'in_preparation', label: 'Preparing' },
  { status: 'ready', label: 'Ready for pickup' },
  { status: 'completed', label: 'Picked up' },
] as const;

const HEADLINES: Record<string, string> = {
  new: 'Thanks! The restaurant has your order.',
  accepted: 'Your order is accepted.',
  in_preparation: 'Your order is being prepared.',
  ready: 'Your order is ready for pickup!',
  completed: 'Enjoy your meal!',
  cancelled: 'This order was cancelled.',
  refunded: 'This order was refunded.',
  payment_failed: 'This order was not placed.',
  placing: 'Placing your order…',
};

const notLoaded = (e: unknown) => (e instanceof ApiProblem ? e.message : 'Your order could not be loaded.');

/** The order, kept current: server-sent events, or polling where the browser has none. */
function useLiveOrder(token: string): { order: OrderData | null; problem: string | null } {
  const [order, setOrder] = useState<OrderData | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const load = () =>
      fetchOrder(token)
        .then(setOrder)
        .catch((e: unknown) => setProblem(notLoaded(e)));
    if (typeof EventSource === 'undefined') {
      load();
      const timer = setInterval(load, 5000);
      return () => clearInterval(timer);
    }
    const source = new EventSource(orderEventsUrl(token));
    let seen = false;
    source.addEventListener('order', (event) => {
      seen = true;
      setOrder(JSON.parse((event as MessageEvent).data) as OrderData);
      setProblem(null);
    });
    // A stream that ends (a final order) or drops: EventSource reconnects by itself while it can.
    source.onerror = () => {
      if (source.readyState === EventSource.CLOSED && !seen) load();
    };
    return () => source.close();
  }, [token]);
  useEffect(() => {
    if (order) document.title = `${orderName(order)}: ${HEADLINES[order.status] ?? ''}`;
  }, [order]);
  return { order, problem };
}

/** "Order #12"; an order that never went live (its payment failed) took no number. */
const orderName = (order: OrderData) => (order.number === null ? 'Your order' : `Order #${order.number}`);

/** An order's page: its status, live, and what was ordered. */
export function Confirmation(props: { token: string; base: string; currency: string }) {
  const { order, problem } = useLiveOrder(props.token);
  // once the order shows, the keyboard starts at its headline (the page loaded with nothing to focus)
  const title = useRef<HTMLHeadingElement>(null);
  const shown = order !== null;
  useEffect(() => {
    if (shown) title.current?.focus();
  }, [shown]);
  if (problem && !order)
    return (
      <div class="bo-state" role="alert">
        <h1>Order not found</h1>
        <p class="muted">{problem}</p>
        <a class="btn btn-primary" href={sitePath(props.base, '/order')}>
          Start a new order
        </a>
      </div>
    );
  if (!order)
    return (
      <div class="bo-state" role="status">
        <div class="bo-skeleton" />
        <span class="bo-sr">Loading your order…</span>
      </div>
    );
  const reached = STEPS.findIndex((s) => s.status === order.status);
  return (
    <div class="bo-confirmation">
      <p class="bo-kicker">{orderName(order)}</p>
      <h1 ref={title} tabIndex={-1} aria-live="polite">
        {HEADLINES[order.status]}
      </h1>
      {order.paymentMessage ? <p class="bo-error">{order.paymentMessage}</p> : null}
      {reached >= 0 ? (
        <ol class="bo-steps">
          {STEPS.map((step, index) => (
            <li
              key={step.status}
              class={index <= reached ? 'bo-done' : ''}
              aria-current={index === reached ? 'step' : undefined}
            >
              {step.label}
            </li>
          ))}
        </ol>
      ) : null}
      <p>
        Pickup at <strong>{order.restaurantName}</strong>:{' '}
        <strong>{pickupLabel(order.readyAt ?? order.pickupAt)}</strong>
        {order.readyAt ? ' (the restaurant’s estimate)' : ''}
      </p>
      <OrderDetails order={order} />
      <a class="btn btn-primary" href={sitePath(props.base, '/order')}>
        Order something else
      </a>
    </div>
  );
}

function OrderDetails({ order }: { order: OrderData }) {
  const $ = (cents: number) => money(cents, order.currency);
  return (
    <>
      <ul class="bo-lines">
        {order.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: an order's lines never move
          <li key={index} class="bo-line">
            <div>
              <strong>
                {line.quantity}× {line.name}
              </strong>
              <span class="bo-line__choices">
                {[
                  line.sizeName,
                  ...line.modifiers.map((m) => m.name),
                  line.notes ? `“${line.notes}”` : undefined,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </span>
            </div>
            <span>{$(line.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <TotalsList totals={order.totals} currency={order.currency} />
      {order.cardLastFour ? <p class="muted">Paid with the card ending {order.cardLastFour}.</p> : null}
    </>
  );
}
