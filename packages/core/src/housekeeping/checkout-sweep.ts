import type { OrderingDeps } from '../ordering/checkout';
import { resolveStuckOrders, type StuckOrderResult } from '../ordering/stuck-orders';
import { reconcileStalePayments, type StaleSweepResult } from '../payments/reconcile-stale';
import { SYSTEM } from '../use-case';

/**
 * The checkout sweep (docs/behaviour/ordering.md "When checkout is cut off"), every minute on every instance
 * and once at start-up: payments left without an answer are settled at the gateway (a hold it made is
 * voided), then orders left `placing` are settled from what their payments became. Both claim what they
 * settle, so instances sweeping at once never settle anything twice. Until the job queue takes it over, it
 * runs on its own timer, beside the 15-minute housekeeping.
 */
export const CHECKOUT_SWEEP_INTERVAL_MS = 60_000;

export interface CheckoutSweepResult {
  payments: StaleSweepResult;
  orders: StuckOrderResult;
}

export async function runCheckoutSweep(
  deps: OrderingDeps,
  options: { quietSeconds?: number } = {},
): Promise<CheckoutSweepResult> {
  const quiet = options.quietSeconds === undefined ? {} : { olderThanSeconds: options.quietSeconds };
  const payments = await reconcileStalePayments(deps, SYSTEM, quiet);
  const orders = await resolveStuckOrders(deps, SYSTEM, quiet);
  return { payments, orders };
}

/** Runs `work` every `intervalMs` (never two at once) until the returned stop; the timer does not keep the process alive. */
export function repeatEvery<T>(
  intervalMs: number,
  work: () => Promise<T>,
  report: { done: (result: T) => void; failed: (error: unknown) => void },
): () => void {
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    work()
      .then(report.done, report.failed)
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  run();
  return () => clearInterval(timer);
}
