import { resolveCatalogueScope } from '@brigade/core/catalogue/scope';
import { getGuestOrder } from '@brigade/core/ordering/guest-orders';
import type { OrderChange } from '@brigade/core/ordering/order-feed';
import { findOrderByToken } from '@brigade/core/ordering/ordering-repository';
import { pairedKitchenDisplay } from '@brigade/core/pos/index';
import { userIdOf } from '@brigade/core/use-case';
import { ANONYMOUS, decideAccess } from '@brigade/domain/access';
import { isBrigadeError } from '@brigade/domain/errors';
import type { GuestOrder } from '@brigade/domain/ordering/api';
import { DEVICE_HEADER } from '@brigade/domain/pos/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { sendProblem } from '../plugins/problem-details';
import { paymentDeps } from './payments';

/** Statuses after which a guest's order changes no more: the stream ends there. */
const FINAL = new Set(['completed', 'cancelled', 'refunded', 'payment_failed']);
const TOKEN = /^[A-Za-z0-9_-]{22}$/;
const ID = /^[1-9]\d{0,9}$/;

export interface OrderEventsOptions {
  /** How often a stream looks at its order itself when the order feed is not heard (ms). */
  pollMs?: number;
  /** Even with the feed heard, a stream looks at its order this often (ms): a safety net, not the path. */
  safetyMs?: number;
  /** A comment line this often keeps proxies from closing a quiet stream (ms). */
  heartbeatMs?: number;
  /** A stream ends after this long; EventSource reconnects by itself (ms). */
  lifetimeMs?: number;
}

/**
 * Live orders as server-sent events (docs/jobs.md#live-screens), fed by the order feed (every committed
 * write to an order, its tickets or bumps, on any instance):
 * - `GET /api/v1/ordering/orders/{token}/events`: a guest's order (docs/behaviour/ordering.md#the-confirmation-page),
 *   sent at once and again whenever it changes; it ends when the order is final.
 * - `GET /api/v1/tenants/{tenantId}/restaurants/{restaurantId}/orders/events`: the restaurant's staff
 *   (employees and up) hear `change` with the order's id whenever one of its orders changes, and refetch.
 * - `GET /api/v1/kitchen-display/events`: the same, for a paired kitchen display's restaurant (its token in
 *   `X-Pos-Device`, no session: docs/behaviour/kitchen-display.md).
 */
export function registerOrderEvents(
  app: FastifyInstance,
  deps: AppDeps,
  options: OrderEventsOptions = {},
): void {
  const timing = {
    pollMs: options.pollMs ?? 2000,
    safetyMs: options.safetyMs ?? 30_000,
    heartbeatMs: options.heartbeatMs ?? 15_000,
    lifetimeMs: options.lifetimeMs ?? 30 * 60_000,
  };
  // Open streams end as the server closes: an open stream would otherwise hold the shutdown for its lifetime.
  // Clients reconnect (EventSource does on its own) to another instance or to this one restarted.
  const open = new Set<() => void>();
  app.addHook('preClose', (done) => {
    for (const end of [...open]) end();
    done();
  });
  const live = { timing, open };
  app.get('/api/v1/ordering/orders/:token/events', (request, reply) =>
    guestStream(deps, live, request, reply),
  );
  app.get('/api/v1/tenants/:tenantId/restaurants/:restaurantId/orders/events', (request, reply) =>
    staffStream(deps, live, request, reply),
  );
  app.get('/api/v1/kitchen-display/events', (request, reply) =>
    kitchenDisplayStream(deps, live, request, reply),
  );
}

type Timing = Required<OrderEventsOptions>;
/** The streams' timings, and the open streams' `end`s (the server ends them as it closes). */
interface Live {
  timing: Timing;
  open: Set<() => void>;
}

/** Opens the event stream on the raw response; `end` closes it and stops its timers and subscription. */
function openStream(reply: FastifyReply, request: FastifyRequest, { timing, open }: Live) {
  reply.hijack();
  const out = reply.raw;
  out.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
  });
  const cleanups: (() => void)[] = [];
  const end = () => {
    open.delete(end);
    for (const cleanup of cleanups.splice(0)) cleanup();
    if (!out.writableEnded) out.end();
  };
  open.add(end);
  const heartbeat = setInterval(() => out.write(': keep-alive\n\n'), timing.heartbeatMs);
  const lifetime = setTimeout(end, timing.lifetimeMs);
  cleanups.push(
    () => clearInterval(heartbeat),
    () => clearTimeout(lifetime),
  );
  request.raw.on('close', end);
  return {
    write: (event: string, data: unknown) => out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`),
    end,
    cleanups,
  };
}

async function guestStream(deps: AppDeps, live: Live, request: FastifyRequest, reply: FastifyReply) {
  const { token } = request.params as { token: string };
  if (!TOKEN.test(token)) return sendProblem(reply, 404, 'ORDER_NOT_FOUND', 'Order not found');
  const read = () =>
    getGuestOrder({ ...paymentDeps(deps, null), menuCache: deps.menuCache }, ANONYMOUS, { token });
  const first = await read();
  const row = await findOrderByToken(deps.database.db, token);
  const stream = openStream(reply, request, live);
  let last = '';
  let lastRead = Date.now();
  const send = (order: GuestOrder) => {
    const data = JSON.stringify(order);
    if (data !== last) {
      last = data;
      stream.write('order', order);
    }
    if (FINAL.has(order.status)) stream.end();
  };
  send(first);
  if (FINAL.has(first.status)) return;
  let busy = false;
  const look = () => {
    if (busy) return;
    busy = true;
    lastRead = Date.now();
    read()
      .then(send)
      .catch(() => stream.end())
      .finally(() => {
        busy = false;
      });
  };
  const unsubscribe = await deps.orderFeed.subscribe((change) => {
    if (change.orderId === null || change.orderId === row?.orderId) look();
  });
  const poll = setInterval(() => {
    if (!deps.orderFeed.listening() || Date.now() - lastRead >= live.timing.safetyMs) look();
  }, live.timing.pollMs);
  stream.cleanups.push(unsubscribe, () => clearInterval(poll));
  look(); // what changed while the subscription was being made
}

async function staffStream(deps: AppDeps, live: Live, request: FastifyRequest, reply: FastifyReply) {
  const params = request.params as { tenantId: string; restaurantId: string };
  if (!ID.test(params.tenantId) || !ID.test(params.restaurantId))
    return sendProblem(reply, 404, 'NOT_FOUND', 'Restaurant not found');
  const scope = { tenantId: Number(params.tenantId), restaurantId: Number(params.restaurantId) };
  const decision = decideAccess(
    request.actor,
    { kind: 'tenant', role: 'employee' },
    scope.tenantId,
    scope.restaurantId,
  );
  if (decision === 'unauthenticated') return sendProblem(reply, 401, 'UNAUTHENTICATED', 'Sign-in required');
  if (decision === 'forbidden') return sendProblem(reply, 403, 'FORBIDDEN', 'You do not have access to this');
  try {
    await resolveCatalogueScope(deps.database.db, { ...scope, actor: userIdOf(request.actor) });
  } catch (error) {
    if (isBrigadeError(error) && error.kind === 'not_found')
      return sendProblem(reply, 404, error.code, error.message);
    throw error;
  }
  return restaurantStream(deps, live, request, reply, scope);
}

/**
 * A paired kitchen display's stream (decision 069): its token in `X-Pos-Device` (the browser reads it with
 * fetch, since EventSource sends no headers) names the restaurant; any other token, or none, is 403.
 */
async function kitchenDisplayStream(deps: AppDeps, live: Live, request: FastifyRequest, reply: FastifyReply) {
  let device: { tenantId: number; restaurantId: number };
  try {
    device = await pairedKitchenDisplay({ db: deps.database.db }, request.headers[DEVICE_HEADER]);
  } catch (error) {
    if (isBrigadeError(error) && error.kind === 'forbidden')
      return sendProblem(reply, 403, error.code, error.message);
    throw error;
  }
  const scope = { tenantId: device.tenantId, restaurantId: device.restaurantId };
  return restaurantStream(deps, live, request, reply, scope);
}

/** `ready` once listening, then `change` {orderId} for each change of one of the restaurant's orders. */
async function restaurantStream(
  deps: AppDeps,
  live: Live,
  request: FastifyRequest,
  reply: FastifyReply,
  scope: { tenantId: number; restaurantId: number },
) {
  const stream = openStream(reply, request, live);
  const mine = (change: OrderChange) =>
    change.orderId === null ||
    (change.tenantId === scope.tenantId && change.restaurantId === scope.restaurantId);
  const unsubscribe = await deps.orderFeed.subscribe((change) => {
    if (mine(change)) stream.write('change', { orderId: change.orderId });
  });
  stream.cleanups.push(unsubscribe);
  stream.write('ready', { listening: deps.orderFeed.listening() });
}
