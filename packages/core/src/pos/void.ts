import { QUEUES } from '@brigade/db/job-queue';
import type { Actor } from '@brigade/domain/access';
import { isCloudConnection } from '@brigade/domain/catalogue/printer';
import { BrigadeError, notFound } from '@brigade/domain/errors';
import { formatAmount } from '@brigade/domain/payments/amount';
import { type PosOrder, SALE_NOT_VOIDABLE, voidPosOrderSchema } from '@brigade/domain/pos/api';
import type { z } from 'zod';
import { enqueue } from '../jobs/jobs';
import { ORDER_NOT_FOUND } from '../ordering/order-moves';
import { addOrderEvent, findOrder, updateOrder } from '../ordering/ordering-repository';
import { userIdOf } from '../use-case';
import { findPrinter, type RestaurantScope } from './device-repository';
import { openSessionOf } from './drawer-repository';
import { type PosDeps, registerDevice } from './register';
import { saleOf } from './sale';
import { insertTender, tendersOf } from './sale-repository';

/** Statuses of a register sale that can still be voided (it was rung up and not given back). */
const VOIDABLE = new Set(['accepted', 'in_preparation', 'ready', 'completed']);

/**
 * Voids a register sale (docs/behaviour/pos.md#voiding-a-sale), managers: in one transaction the order is
 * cancelled with the reason in its history (it leaves the kitchen display; the sales ledger gives the whole
 * sale back), the cash that paid it is handed back out of this register's open drawer (a `refund` tender,
 * a `cash_returned` ledger line), and the drawer opens.
 */
export async function voidPosOrder(
  deps: PosDeps,
  actor: Actor,
  call: RestaurantScope & { token: unknown; orderId: number; body: z.input<typeof voidPosOrderSchema> },
): Promise<PosOrder> {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const { device } = await registerDevice(deps, actor, scope, call.token);
  const { reason } = voidPosOrderSchema.parse(call.body);
  const order = await findOrder(deps.db, scope, call.orderId, true);
  if (!order || order.channel !== 'pos') throw notFound(ORDER_NOT_FOUND, 'ORDER_NOT_FOUND');
  if (!VOIDABLE.has(order.status)) throw new BrigadeError('conflict', 'SALE_NOT_VOIDABLE', SALE_NOT_VOIDABLE);
  const tenders = await tendersOf(deps.db, scope, [order.orderId]);
  const paid = tenders.reduce((sum, t) => sum + (t.kind === 'refund' ? -t.amount : t.amount), 0);
  const by = userIdOf(actor);
  const session = await openSessionOf(deps.db, scope, device.deviceId, true);
  const refund =
    paid > 0
      ? await insertTender(deps.db, {
          ...scope,
          orderId: order.orderId,
          method: 'cash',
          kind: 'refund',
          amount: paid,
          tendered: paid,
          change: 0,
          takenBy: by,
          deviceId: device.deviceId,
          sessionId: session?.sessionId ?? null,
        })
      : null;
  const voided = await updateOrder(deps.db, order, { status: 'cancelled' });
  const handedBack = refund ? `, ${formatAmount(paid)} ${order.currency} handed back in cash` : '';
  await addOrderEvent(deps.db, voided, 'cancelled', by, `Voided at ${device.name}${handedBack}: ${reason}`);
  const printer =
    device.receiptPrinterId === null ? null : await findPrinter(deps.db, scope, device.receiptPrinterId);
  const drawerKick =
    refund !== null &&
    Boolean(printer?.ipAddress || isCloudConnection(printer?.connection)) &&
    printer?.hasCashDrawer !== 'No Cash Drawer';
  if (drawerKick)
    await enqueue(deps.db, QUEUES.drawer.name, {
      ...scope,
      orderId: order.orderId,
      printerId: printer!.printerId,
    });
  return saleOf(voided, refund ? [...tenders, refund] : tenders, device.name, {
    drawerKick,
    receiptQueued: false,
  });
}
