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

/** "Pickup 18:45" or "ASAP · ready 18:40" (once accepted with a ready time). */
export function pickupLabel(order: { asap: boolean; pickupAt: string; readyAt: string | null }): string {
  const pickup = order.asap ? `ASAP (${timeOf(order.pickupAt)})` : `Pickup ${timeOf(order.pickupAt)}`;
  return order.readyAt ? `${pickup} · ready ${timeOf(order.readyAt)}` : pickup;
}
