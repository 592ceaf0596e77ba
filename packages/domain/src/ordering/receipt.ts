import type { OrderLine } from './api';
import type { OrderTotals } from './totals';

/**
 * The email receipt of an online order (docs/behaviour/ordering.md#the-receipt): plain text, what was
 * ordered and paid, when to pick it up, and the link to follow it. Times on the restaurant's clock.
 */
export interface ReceiptInput {
  restaurantName: string;
  customerName: string;
  number: number;
  pickupAt: Date;
  timeZone: string;
  currency: string;
  lines: readonly Pick<OrderLine, 'quantity' | 'name' | 'sizeName' | 'modifiers' | 'notes' | 'lineTotal'>[];
  totals: Pick<OrderTotals, 'subtotal' | 'taxes' | 'serviceCharge' | 'tip' | 'total'>;
  cardLastFour: string | null;
  orderUrl: string;
}

export function receiptOf(input: ReceiptInput): { subject: string; text: string } {
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: input.currency });
  const $ = (cents: number) => money.format(cents / 100);
  const pickup = new Intl.DateTimeFormat('en-US', {
    timeZone: input.timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(input.pickupAt);
  const lines = input.lines.map((line) => {
    const choices = [line.sizeName, ...line.modifiers.map((m) => m.name)].filter(Boolean).join(', ');
    return [
      `${line.quantity} × ${line.name}${choices ? ` (${choices})` : ''}  ${$(line.lineTotal)}`,
      ...(line.notes ? [`    Note: ${line.notes}`] : []),
    ].join('\n');
  });
  const t = input.totals;
  const totals = [
    `Subtotal  ${$(t.subtotal)}`,
    ...t.taxes.filter((x) => x.amount > 0).map((x) => `${x.name}  ${$(x.amount)}`),
    ...(t.serviceCharge > 0 ? [`Service charge  ${$(t.serviceCharge)}`] : []),
    ...(t.tip > 0 ? [`Tip  ${$(t.tip)}`] : []),
    `Total  ${$(t.total)}`,
  ];
  const text = [
    `Thanks for your order, ${input.customerName}!`,
    '',
    `${input.restaurantName}, order #${input.number}`,
    `Pickup: ${pickup}`,
    '',
    ...lines,
    '',
    ...totals,
    '',
    input.cardLastFour
      ? `Paid with the card ending ${input.cardLastFour}: authorised now, charged when the restaurant accepts the order.`
      : 'Paid by card: authorised now, charged when the restaurant accepts the order.',
    '',
    `Follow your order: ${input.orderUrl}`,
  ].join('\n');
  return { subject: `Your order #${input.number} at ${input.restaurantName}`, text };
}

export interface RefundReceiptInput {
  restaurantName: string;
  customerName: string;
  number: number;
  currency: string;
  /** This refund, what has been refunded so far (this one included) and what the order came to; cents. */
  amount: number;
  refundedSoFar: number;
  total: number;
  cardLastFour: string | null;
}

/**
 * The email to the guest when the restaurant refunds (part of) an order (docs/behaviour/ordering.md#refunds-from-the-order):
 * how much, to which card, and what has been refunded so far. The restaurant's reason stays in its own
 * history: it is written for the staff.
 */
export function refundReceiptOf(input: RefundReceiptInput): { subject: string; text: string } {
  const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: input.currency });
  const $ = (cents: number) => money.format(cents / 100);
  const card = input.cardLastFour ? `your card ending in ${input.cardLastFour}` : 'your card';
  return {
    subject: `Your refund from ${input.restaurantName} (order #${input.number})`,
    text: [
      `Hello ${input.customerName},`,
      '',
      `${input.restaurantName} refunded ${$(input.amount)} of your order #${input.number} to ${card}.`,
      `Refunded so far: ${$(input.refundedSoFar)} of ${$(input.total)}.`,
      '',
      'Your bank may take 5 to 10 business days to show it on your statement.',
    ].join('\n'),
  };
}
