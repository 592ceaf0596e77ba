import { getGuestOrder } from '@brigade/core/ordering/guest-orders';
import { ANONYMOUS } from '@brigade/domain/access';
import type { GuestOrder } from '@brigade/domain/ordering/api';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { sendProblem } from '../plugins/problem-details';
import { paymentDeps } from './payments';

/** Statuses after which a guest's order changes no more: the stream ends there. */
const FINAL = new Set(['completed', 'cancelled', 'refunded', 'payment_failed']);
const TOKEN = /^[A-Za-z0-9_-]{22}$/;

export interface OrderEventsOptions {
  /** How often the order is looked at (ms). */
  pollMs?: number;
  /** A comment line this often keeps proxies from closing a quiet stream (ms). */
  heartbeatMs?: number;
  /** A stream ends after this long; EventSource reconnects by itself (ms). */
  lifetimeMs?: number;
}

/**
 * A guest's order as server-sent events (docs/behaviour/ordering.md#the-confirmation-page):
 * `GET /api/v1/ordering/orders/{token}/events` sends the order at once and again whenever it changes, and
 * ends when it is final. Each stream looks at its one order by its indexed token every couple of seconds,
 * so it works the same whichever instance the restaurant's change went through.
 */
export function registerOrderEvents(
  app: FastifyInstance,
  deps: AppDeps,
  options: OrderEventsOptions = {},
): void {
  const pollMs = options.pollMs ?? 2000;
  const heartbeatMs = options.heartbeatMs ?? 15_000;
  const lifetimeMs = options.lifetimeMs ?? 30 * 60_000;
  app.get('/api/v1/ordering/orders/:token/events', async (request, reply) => {
    const { token } = request.params as { token: string };
    if (!TOKEN.test(token)) return sendProblem(reply, 404, 'ORDER_NOT_FOUND', 'Order not found');
    const read = () =>
      getGuestOrder({ ...paymentDeps(deps, null), menuCache: deps.menuCache }, ANONYMOUS, { token });
    const first = await read();
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
    });
    let last = '';
    const send = (order: GuestOrder) => {
      const data = JSON.stringify(order);
      if (data === last) return false;
      last = data;
      out.write(`event: order\ndata: ${data}\n\n`);
      return FINAL.has(order.status);
    };
    const timers: NodeJS.Timeout[] = [];
    const end = () => {
      for (const timer of timers) clearInterval(timer);
      if (!out.writableEnded) out.end();
    };
    if (send(first)) return end();
    let busy = false;
    timers.push(
      setInterval(() => {
        if (busy) return;
        busy = true;
        read()
          .then((order) => send(order) && end())
          .catch(() => end())
          .finally(() => {
            busy = false;
          });
      }, pollMs),
      setInterval(() => out.write(': keep-alive\n\n'), heartbeatMs),
      setTimeout(end, lifetimeMs),
    );
    request.raw.on('close', end);
  });
}
