import { QUEUES } from '@brigade/db/job-queue';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import { emailReceiptSchema } from '@brigade/domain/pos/api';
import { KIOSK_NO_PRINTER, KIOSK_RECEIPT_MINUTES, KIOSK_RECEIPT_PRINTED } from '@brigade/domain/pos/kiosk';
import { enqueue } from '../jobs/index';
import { addOrderEvent, findOrder, ORDER_NOT_FOUND, type OrderRow, orderEventsOf } from '../ordering/index';
import type { PublicSites } from '../qr/index';
import type { DeviceRow } from './device-repository';
import { pairedKiosk } from './devices';
import { mailReceipt } from './receipt-email';
import type { PosDeps } from './register';
import { registerPrinter } from './sale';

/**
 * A guest's receipt at the kiosk (docs/behaviour/kiosk.md#receipts, decision 062): after paying by card, the
 * confirmation offers "Print receipt" (on the kiosk's receipt printer, through the register's `pos.receipt`
 * job) and "Email receipt" (the register's mail, at most 3 a sale). A kiosk's token is public, so it reaches
 * only its own paid orders, and only for KIOSK_RECEIPT_MINUTES after they were placed — the time the guest
 * stands at the screen — and prints a receipt once; other orders are "not found", as if they did not exist.
 */

const PRINTED = 'Receipt printed at the kiosk';

interface KioskReceiptCall {
  token: unknown;
  orderId: number;
}

/** The kiosk's own order, paid, still on its confirmation screen; 404 for anything else. */
async function guestsOrder(
  deps: PosDeps & { now?: () => Date },
  call: KioskReceiptCall,
): Promise<{ device: DeviceRow; order: OrderRow }> {
  const device = await pairedKiosk(deps, call.token);
  const order = await findOrder(deps.db, device, call.orderId, true);
  if (order?.channel !== 'kiosk' || order.deviceId !== device.deviceId)
    throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
  const now = deps.now?.() ?? new Date();
  const recent = now.getTime() - order.createdAt.getTime() <= KIOSK_RECEIPT_MINUTES * 60_000;
  const paid = !['open', 'cancelled', 'refunded'].includes(order.status);
  if (!recent || !paid) throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
  return { device, order };
}

export async function printKioskReceipt(
  deps: PosDeps & { now?: () => Date },
  call: KioskReceiptCall,
): Promise<{ receiptQueued: boolean }> {
  const { device, order } = await guestsOrder(deps, call);
  const printer = await registerPrinter(deps, device);
  if (!printer) throw new BrigadeError('conflict', 'NO_RECEIPT_PRINTER', KIOSK_NO_PRINTER);
  // (the order's row is locked) a second tap, or two at once, prints nothing more
  if ((await orderEventsOf(deps.db, order)).some((event) => event.note === PRINTED))
    throw new BrigadeError('conflict', 'RECEIPT_PRINTED', KIOSK_RECEIPT_PRINTED);
  await enqueue(deps.db, QUEUES.receipt.name, {
    tenantId: order.tenantId,
    restaurantId: order.restaurantId,
    orderId: order.orderId,
    printerId: printer.printerId,
  });
  await addOrderEvent(deps.db, order, order.status, 'guest', PRINTED);
  return { receiptQueued: true };
}

export async function emailKioskReceipt(
  deps: PosDeps & { sites: PublicSites; now?: () => Date },
  call: KioskReceiptCall & { body: unknown },
): Promise<{ sent: true; to: string }> {
  const { email } = emailReceiptSchema.parse(call.body);
  const { order } = await guestsOrder(deps, call);
  await mailReceipt(deps, order, email, 'guest');
  return { sent: true, to: email };
}
