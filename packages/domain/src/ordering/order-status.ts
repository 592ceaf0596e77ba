/**
 * An online order's life (docs/behaviour/ordering.md#an-orders-life). `placing` and `payment_failed` are the
 * guest's side only: the restaurant never sees an order whose card was not authorised, and the kitchen
 * never gets one.
 */
export const ORDER_STATUSES = [
  'placing',
  'payment_failed',
  'new',
  'accepted',
  'in_preparation',
  'ready',
  'completed',
  'cancelled',
  'refunded',
  /** A register's open check (docs/behaviour/pos.md#open-checks): its sent lines are on the line, unpaid. */
  'open',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** What the restaurant sees: every status after a successful authorisation. */
export const RESTAURANT_STATUSES = [
  'new',
  'accepted',
  'in_preparation',
  'ready',
  'completed',
  'cancelled',
  'refunded',
] as const satisfies readonly OrderStatus[];
export type RestaurantOrderStatus = (typeof RESTAURANT_STATUSES)[number];

/** The kitchen's working statuses: the order is on the line. */
export const ACTIVE_STATUSES: readonly OrderStatus[] = ['new', 'accepted', 'in_preparation', 'ready'];

/** Where staff may move an order from each status (cancel and refund included). */
export const NEXT_STATUSES: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  placing: [],
  payment_failed: [],
  new: ['accepted', 'cancelled'],
  accepted: ['in_preparation', 'ready', 'completed', 'cancelled'],
  in_preparation: ['ready', 'completed', 'cancelled'],
  ready: ['completed', 'cancelled'],
  completed: ['refunded'],
  cancelled: [],
  refunded: [],
  // a check is paid (accepted, a sale from then on) or given up whole
  open: ['accepted', 'cancelled'],
};

export const canMove = (from: OrderStatus, to: OrderStatus): boolean => NEXT_STATUSES[from].includes(to);

export const STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  placing: 'Placing',
  payment_failed: 'Payment failed',
  new: 'New',
  accepted: 'Accepted',
  in_preparation: 'In preparation',
  ready: 'Ready for pickup',
  completed: 'Picked up',
  cancelled: 'Cancelled',
  refunded: 'Refunded',
  open: 'Open check',
};

export const moveRefusedMessage = (from: OrderStatus, to: OrderStatus) =>
  `An order that is ${STATUS_LABELS[from].toLowerCase()} cannot become ${STATUS_LABELS[to].toLowerCase()}`;

/** When the payment is captured: when the restaurant accepts the order, or when it is picked up. */
export const CAPTURE_MOMENTS = ['accept', 'completion'] as const;
export type CaptureMoment = (typeof CAPTURE_MOMENTS)[number];

/** Does moving to `to` capture the authorisation? */
export const capturesOn = (to: OrderStatus, moment: CaptureMoment): boolean =>
  (moment === 'accept' && to === 'accepted') || to === 'completed';
