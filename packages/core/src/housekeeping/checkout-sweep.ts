import type { OrderingDeps } from '../ordering/index';
import { resolveStuckOrders, type StuckOrderResult } from '../ordering/index';
import {
  type InterruptedStepResult,
  reconcileStalePayments,
  recoverInterruptedSteps,
  type StaleSweepResult,
} from '../payments/index';
import {
  type CardKeyResult,
  finishCutOffVoids,
  recordCardsGivenBack,
  recordRecoveredTips,
  releaseAbandonedCardSaleKeys,
} from '../pos/index';
import { SYSTEM } from '../use-case';

/**
 * The checkout sweep (docs/behaviour/ordering.md "When checkout is cut off"), the `checkout.sweep` job every
 * minute and at each start-up (docs/jobs.md): payments left without an answer are settled at the gateway (a
 * hold it made is voided), captures, voids and refunds cut off before their answer are looked up and their
 * requests' keys answered (a register card's tip whose capture was found done is recorded, and a card found
 * given back is taken off its open check, and a register sale whose void was cut off after its cards went back
 * is voided), then orders
 * left `placing` are settled from what their payments became. Both
 * claim what they settle, so sweeps that overlap never settle anything twice.
 */

export interface CheckoutSweepResult {
  payments: StaleSweepResult;
  /** Captures, voids and refunds whose request died before the gateway's answer (interrupted-steps.ts). */
  steps: InterruptedStepResult;
  orders: StuckOrderResult;
  /** Register card sales cut off before their answer: their keys given back once their intents are settled. */
  cardSales: CardKeyResult;
  /** Register cards whose tip's capture was found done at the gateway: their tips recorded (pos/sale-tip.ts). */
  tips: number;
  /** Cards that paid part of an open check and were found given back at the gateway: recorded on the check. */
  cardsBack: number;
  /** Register sales whose void was cut off after their cards went back at the gateway: voided now. */
  voids: number;
}

export async function runCheckoutSweep(
  deps: OrderingDeps,
  options: { quietSeconds?: number } = {},
): Promise<CheckoutSweepResult> {
  const quiet = options.quietSeconds === undefined ? {} : { olderThanSeconds: options.quietSeconds };
  const payments = await reconcileStalePayments(deps, SYSTEM, quiet);
  const steps = await recoverInterruptedSteps(deps, SYSTEM, quiet);
  const orders = await resolveStuckOrders(deps, SYSTEM, quiet);
  const cardSales = await releaseAbandonedCardSaleKeys(deps, quiet);
  const tips = await recordRecoveredTips(deps);
  const cardsBack = await recordCardsGivenBack(deps);
  const voids = await finishCutOffVoids(deps, quiet);
  return { payments, steps, orders, cardSales, tips, cardsBack, voids };
}
