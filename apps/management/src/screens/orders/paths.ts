/** Paths of the orders and kitchen screens (routes.tsx has them; the sidebar links them). */
export const ORDER_PATHS = {
  orders: '/orders',
  order: (orderId: number) => `/orders/${orderId}`,
  summary: '/orders/summary',
  settings: '/orders/settings',
  kitchen: '/kitchen',
  station: (prepStationId: number) => `/kitchen/${prepStationId}`,
} as const;

/** A time of day for people ("18:45"), in the browser's locale and time zone. */
export function timeOf(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString(undefined, { timeStyle: 'short' });
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
): string {
  const service = order.fulfilment === 'takeout' ? 'takeout' : 'dine in';
  if (order.channel === 'pos') return `Register · ${service}`;
  if (order.channel === 'kiosk') return `Kiosk · ${service}`;
  const pickup = order.asap ? `ASAP (${timeOf(order.pickupAt)})` : `Pickup ${timeOf(order.pickupAt)}`;
  return order.readyAt ? `${pickup} · ready ${timeOf(order.readyAt)}` : pickup;
}
