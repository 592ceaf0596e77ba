/**
 * The day's number of an order the restaurant works with. Online orders take theirs when they go live (the
 * card authorised); only one still `placing`, or whose payment failed, has none (the `orders_number_check`),
 * and neither reaches the kitchen, a register, the orders screens or a receipt. A numberless order here is a
 * bug, said as one rather than printed as "#null".
 */
export function liveNumber(order: { orderId: number; number: number | null }): number {
  if (order.number === null) throw new Error(`Order ${order.orderId} has no number: it never went live`);
  return order.number;
}
