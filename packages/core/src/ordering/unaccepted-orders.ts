import type { Executor } from '@brigade/db/database';
import { QUEUES } from '@brigade/db/job-queue';
import { orders } from '@brigade/db/schema/ordering';
import type { OrderingSettings } from '@brigade/domain/ordering/api';
import { eq } from 'drizzle-orm';
import { insertOutboxEmail, insertOutboxText } from '../identity/index';
import { enqueue } from '../jobs/index';
import { findRestaurant } from '../tenancy/index';
import { SYSTEM } from '../use-case';
import { moveOrderAs, type OrderMoveDeps } from './order-moves';
import { liveNumber } from './order-number';
import { type OrderRow, readSettings } from './ordering-repository';

/*
 * Orders that nobody accepts (docs/behaviour/ordering.md#orders-nobody-accepts): when an order goes live, two
 * `order.unaccepted` jobs are written with it, due `alertAfterMinutes` and `cancelAfterMinutes` later. If the
 * order is still `new` when one comes due, the restaurant is mailed (and texted, when its ordering settings
 * name an alert phone), or the order is cancelled and the guest's card released. An order accepted (or cancelled) meanwhile makes them do nothing.
 */

type Step = 'alert' | 'cancel';

/** Writes the order's two checks in the transaction that puts it live. */
export async function queueUnacceptedChecks(
  tx: Executor,
  order: OrderRow,
  settings: Pick<OrderingSettings, 'alertAfterMinutes' | 'cancelAfterMinutes'>,
): Promise<void> {
  const checks: [Step, number][] = [
    ['alert', settings.alertAfterMinutes],
    ['cancel', settings.cancelAfterMinutes],
  ];
  for (const [step, minutes] of checks) {
    if (minutes <= 0) continue;
    await enqueue(
      tx,
      QUEUES.unaccepted.name,
      { orderId: order.orderId, step, minutes },
      { startAfter: new Date(Date.now() + minutes * 60_000) },
    );
  }
}

export const unacceptedSubject = (number: number) => `Order #${number} is waiting to be accepted`;
export const unacceptedNote = (minutes: number) => `Not accepted within ${minutes} minutes`;
/** The text to the alert phone: short enough for one SMS segment with a long restaurant name. */
export const unacceptedText = (restaurant: string, number: number, minutes: number) =>
  `${restaurant}: online order #${number} has waited ${minutes} min and nobody has accepted it. Open Orders in Brigade.`;

/** The `order.unaccepted` job: what it did. */
export async function checkUnacceptedOrder(
  deps: OrderMoveDeps,
  data: { orderId: number; step: Step; minutes: number },
): Promise<'moved on' | 'alerted' | 'no address' | 'cancelled'> {
  const [order] = await deps.db.select().from(orders).where(eq(orders.orderId, data.orderId));
  if (order?.status !== 'new') return 'moved on';
  if (data.step === 'cancel') {
    await moveOrderAs(deps, SYSTEM, order as OrderRow, { status: 'cancelled' }, unacceptedNote(data.minutes));
    return 'cancelled';
  }
  const restaurant = await findRestaurant(deps.db, order.tenantId, order.restaurantId);
  const { alertPhone } = await readSettings(deps.db, order);
  if (alertPhone)
    await insertOutboxText(deps.db, {
      to: alertPhone,
      body: unacceptedText(restaurant?.name ?? 'Brigade', liveNumber(order), data.minutes),
    });
  const to = restaurant?.contact.email;
  if (!to) return alertPhone ? 'alerted' : 'no address';
  await insertOutboxEmail(deps.db, {
    to,
    subject: unacceptedSubject(liveNumber(order)),
    text: [
      `Online order #${order.number} from ${order.customer.name} has waited ${data.minutes} minutes and nobody has accepted it.`,
      '',
      'Open the orders screen to accept it. Orders that wait too long are cancelled and the guest’s card is released.',
    ].join('\n'),
  });
  return 'alerted';
}
