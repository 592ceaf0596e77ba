import * as contract from '@brigade/contracts/ordering';
import { getOrderingMenu, type OrderingDeps, placeOrder, quoteOrder } from '@brigade/core/ordering/checkout';
import { getGuestOrder } from '@brigade/core/ordering/guest-orders';
import { bumpTicket, getExpoBoard, getKitchenBoard, recallTicket } from '@brigade/core/ordering/kitchen';
import { listKitchenTickets, printTicketAgain } from '@brigade/core/ordering/kitchen-tickets';
import {
  getOrder,
  getOrderingSettings,
  listOrderingAlerts,
  listOrders,
  moveOrder,
  pauseOrdering,
  refundOrder,
  setItemSoldOut,
  updateOrderingSettings,
} from '@brigade/core/ordering/restaurant-orders';
import { getSalesSummary } from '@brigade/core/ordering/sales-summary';
import { registerPaymentsOf } from '@brigade/core/pos/index';
import type { PublicSites } from '@brigade/core/qr/menu-qr';
import type { WallContext } from '@brigade/db/tenant-walls';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { implement, success } from '../plugins/contract-routes';
import { clientInfo } from '../plugins/identity';
import { paymentDeps } from './payments';
import { publicSitesFor } from './qr';

/**
 * Online ordering (issue 21, docs/behaviour/ordering.md): one call per handler. Placing an order and moving
 * one call the payment gateway, so those run outside one request-long transaction (`outside`), each database
 * step in a short one of its own.
 */
const orderingDeps = (deps: AppDeps, walls: WallContext | null, request?: FastifyRequest): OrderingDeps => ({
  ...paymentDeps(deps, walls),
  menuCache: deps.menuCache,
  checkoutLimits: deps.config.checkoutLimits,
  funnel: deps.funnel,
  ...(request ? { receipts: { sites: publicSitesFor(deps.config, request) } } : {}),
});

/** The context of work done outside any request (the jobs): every tenant; the audit log names the system. */
export const SYSTEM_WALLS: WallContext = { tenants: 'all' };

/**
 * What the jobs — the checkout sweep (core/housekeeping/checkout-sweep.ts), the unaccepted-order check, the
 * kiosk's unpaid checks — work with outside a request: every tenant, each database step in a transaction of its
 * own (as a request's steps are: a refund found made and the original's refunded amount are one write, and a
 * row lock holds until its step commits), the receipts addressed by the configured public URL (or localhost).
 */
export function systemOrderingDeps(deps: AppDeps, log: FastifyRequest['log']): OrderingDeps {
  const sites: PublicSites = deps.config.publicUrl
    ? { origin: new URL(deps.config.publicUrl).origin, servesSlugs: false }
    : {
        origin: `http://localhost:${deps.config.sitePort ?? deps.config.port}`,
        servesSlugs: deps.config.sitePort !== undefined,
      };
  return {
    ...orderingDeps(deps, SYSTEM_WALLS),
    receipts: { sites },
  };
}

export const orderingRoutes = [
  implement(contract.getOrderingMenu, async ({ params, actor, deps }) =>
    success(await getOrderingMenu(orderingDeps(deps, null), actor, params)),
  ),
  implement(contract.quoteOrder, async ({ params, body, actor, deps }) =>
    success(await quoteOrder(orderingDeps(deps, null), actor, { ...params, ...body })),
  ),
  implement(contract.placeOrder, async ({ params, body, actor, deps, walls, request }) => {
    const key = request.headers['idempotency-key'];
    return success(
      await placeOrder(orderingDeps(deps, walls, request), actor, {
        ...params,
        ...body,
        idempotencyKey: typeof key === 'string' ? key : undefined,
        client: clientInfo(request),
      }),
    );
  }),
  implement(contract.getGuestOrder, async ({ params, actor, deps }) =>
    success(await getGuestOrder(orderingDeps(deps, null), actor, params)),
  ),
  implement(contract.listOrders, async ({ params, query, actor, deps }) => {
    const { orders, businessDate } = await listOrders({ db: deps.database.db }, actor, {
      ...params,
      ...query,
    });
    return success(orders, { businessDate });
  }),
  implement(contract.listOrderingAlerts, async ({ params, actor, deps }) =>
    success(await listOrderingAlerts({ db: deps.database.db }, actor, params)),
  ),
  implement(contract.getOrder, async ({ params, actor, deps }) => {
    const order = await getOrder({ db: deps.database.db }, actor, params);
    // a register or kiosk sale: how it was paid (cash, the card, in parts), read once the order was allowed
    if (order.channel === 'online') return success(order);
    const registerPayments = await registerPaymentsOf(deps.database.db, params, order.orderId);
    return success({ ...order, registerPayments });
  }),
  implement(contract.refundOrder, async ({ params, body, actor, deps, walls, request }) => {
    const key = request.headers['idempotency-key'];
    return success(
      await refundOrder(paymentDeps(deps, walls), actor, {
        ...params,
        ...body,
        idempotencyKey: typeof key === 'string' ? key : undefined,
      }),
    );
  }),
  implement(contract.moveOrder, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await moveOrder({ ...paymentDeps(deps, walls), menuCache: deps.menuCache }, actor, {
        ...params,
        ...body,
      }),
    ),
  ),
  implement(contract.getOrderingSettings, async ({ params, actor, deps }) =>
    success(await getOrderingSettings({ db: deps.database.db }, actor, params)),
  ),
  implement(contract.updateOrderingSettings, async ({ params, body, actor, deps }) =>
    success(await updateOrderingSettings({ db: deps.database.db }, actor, { ...params, ...body })),
  ),
  implement(contract.pauseOrdering, async ({ params, body, actor, deps }) =>
    success(await pauseOrdering({ db: deps.database.db }, actor, { ...params, ...body })),
  ),
  implement(contract.setItemSoldOut, async ({ params, body, actor, deps }) =>
    success(await setItemSoldOut({ db: deps.database.db }, actor, { ...params, ...body })),
  ),
  implement(contract.getKitchenBoard, async ({ params, actor, deps }) =>
    success(await getKitchenBoard({ db: deps.database.db }, actor, params)),
  ),
  implement(contract.getExpoBoard, async ({ params, actor, deps }) =>
    success(await getExpoBoard({ db: deps.database.db }, actor, params)),
  ),
  implement(contract.bumpTicket, async ({ params, actor, deps, walls }) =>
    success(await bumpTicket(paymentDeps(deps, walls), actor, params)),
  ),
  implement(contract.recallTicket, async ({ params, actor, deps }) =>
    success(await recallTicket({ db: deps.database.db }, actor, params)),
  ),
  implement(contract.listKitchenTickets, async ({ params, query, actor, deps }) =>
    success(await listKitchenTickets({ db: deps.database.db }, actor, { ...params, ...query })),
  ),
  implement(contract.printKitchenTicket, async ({ params, body, actor, deps }) => {
    // The request's own transaction (walled): the ticket and its job commit with it.
    const db = deps.database.db;
    return success(
      await printTicketAgain({ db, transact: (work) => work(db) }, actor, { ...params, ...body }),
    );
  }),
  implement(contract.getSalesSummary, async ({ params, query, actor, deps }) =>
    success(await getSalesSummary({ db: deps.database.db }, actor, { ...params, ...query })),
  ),
];
