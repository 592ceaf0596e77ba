import { timeOf } from '@brigade/ui/lib/restaurant-time';
import { cardLabel, formatMinor } from '../../payments-kit/format';

export { timeOf };

/** Paths of the orders and kitchen screens (routes.tsx has them; the sidebar links them). */
export const ORDER_PATHS = {
  orders: '/orders',
  order: (orderId: number) => `/orders/${orderId}`,
  summary: '/orders/summary',
  settings: '/orders/settings',
  kitchen: '/kitchen',
  station: (prepStationId: number) => `/kitchen/${prepStationId}`,
  /** Every station at once: the pass (expediter). */
  expo: '/kitchen/expo',
} as const;

interface CardLine {
  quantity: number;
  name: string;
  sizeName?: string | null | undefined;
  modifiers: readonly { name: string; quantity: number }[];
}

/** A line on an order's card: "2× Harbor Burger (Large; Medium rare, 2× Extra cheese)". */
export function cardLine(line: CardLine): string {
  const modifiers = line.modifiers.map((m) => (m.quantity > 1 ? `${m.quantity}× ${m.name}` : m.name));
  const details = [line.sizeName, modifiers.join(', ')].filter(Boolean).join('; ');
  return `${line.quantity}× ${line.name}${details ? ` (${details})` : ''}`;
}

type Taken = { channel: 'online' | 'pos' | 'kiosk'; fulfilment: 'pickup' | 'dine_in' | 'takeout' };

/** "#12 · Ada" for an online order; a register sale without a name says where it was taken. */
export function orderTitle(order: Taken & { number: number; customer: { name: string } }): string {
  const name =
    order.customer.name || (order.channel === 'pos' ? 'Register' : order.channel === 'kiosk' ? 'Kiosk' : '');
  return name ? `#${order.number} · ${name}` : `#${order.number}`;
}

/** "Pickup 18:45" or "ASAP · ready 18:40" (once accepted with a ready time); "Register · dine in" for the POS. */
export function pickupLabel(
  order: Partial<Taken> & { asap: boolean; pickupAt: string; readyAt: string | null },
  timeZone?: string,
): string {
  const service = order.fulfilment === 'takeout' ? 'takeout' : 'dine in';
  if (order.channel === 'pos') return `Register · ${service}`;
  if (order.channel === 'kiosk') return `Kiosk · ${service}`;
  const pickup = order.asap
    ? `ASAP (${timeOf(order.pickupAt, timeZone)})`
    : `Pickup ${timeOf(order.pickupAt, timeZone)}`;
  return order.readyAt ? `${pickup} · ready ${timeOf(order.readyAt, timeZone)}` : pickup;
}

interface RegisterPayment {
  method: 'cash' | 'card';
  kind: 'payment' | 'refund';
  amount: number;
  cardBrand: string | null;
  lastFour: string | null;
}

/**
 * How a register or kiosk sale was paid, for its order page: "Cash $21.08 · Visa •••• 1111 $21.07" (a check
 * paid in parts lists each part), with what was handed back; "Not paid yet" for a check still open.
 */
export function registerPaidLabel(order: {
  status: string;
  currency: string;
  registerPayments?: readonly RegisterPayment[] | undefined;
}): string {
  const tenders = order.registerPayments ?? [];
  const paid = tenders
    .filter((t) => t.kind === 'payment')
    .map(
      (t) =>
        `${t.method === 'card' ? cardLabel(t.cardBrand, t.lastFour) : 'Cash'} ${formatMinor(t.amount, order.currency)}`,
    );
  const back = tenders.filter((t) => t.kind === 'refund').reduce((sum, t) => sum + t.amount, 0);
  if (paid.length === 0) return order.status === 'open' ? 'Not paid yet' : '—';
  return [...paid, ...(back > 0 ? [`${formatMinor(back, order.currency)} handed back`] : [])].join(' · ');
}
