import type { Executor } from '@brigade/db/database';
import {
  paymentIdempotencyKeys,
  paymentTransactionEvents,
  paymentTransactions,
} from '@brigade/db/schema/payments';
import { and, asc, eq, like, lt, or, sql } from 'drizzle-orm';
import type { PaymentDeps } from '../payments/index';
import { releaseIdempotencyKey } from '../payments/index';
import { CARD_SALE_OPERATION } from './card-sale';
import { PAY_CHECK_CARD_OPERATION } from './check-card';
import { PAY_CHECK_KEYED_OPERATION } from './check-keyed';

/**
 * Card sales (and open checks paid by card, on the terminal or keyed) whose process died between writing the intent and recording the terminal's answer (a crash, a
 * kill): the reconciliation sweep settles the intent by its order id first (an approval found is voided, so
 * the card is not charged for a sale that was never recorded); this step then gives the sale's
 * Idempotency-Key back, so the check — still open on the register — can be paid again, even with the same key.
 * A key whose intent is still `pending` or `unknown` waits for the next sweep.
 */

const BATCH = 100;

export interface CardKeyResult {
  released: number;
  waiting: number;
}

export async function releaseAbandonedCardSaleKeys(
  deps: Pick<PaymentDeps, 'transact'>,
  options: { olderThanSeconds?: number; now?: Date } = {},
): Promise<CardKeyResult> {
  const before = new Date((options.now ?? new Date()).getTime() - (options.olderThanSeconds ?? 120) * 1000);
  const keys = await deps.transact((tx) => abandonedKeys(tx, before));
  const result: CardKeyResult = { released: 0, waiting: 0 };
  for (const key of keys) {
    const settled = await deps.transact(async (tx) => {
      const status = await intentStatus(tx, key);
      if (status === 'pending' || status === 'unknown') return false;
      await releaseIdempotencyKey(tx, key, key.key);
      return true;
    });
    result[settled ? 'released' : 'waiting'] += 1;
  }
  return result;
}

async function abandonedKeys(ex: Executor, before: Date) {
  const k = paymentIdempotencyKeys;
  return ex
    .select({ tenantId: k.tenantId, restaurantId: k.restaurantId, key: k.key })
    .from(k)
    .where(
      and(
        eq(k.state, 'in_progress'),
        // a card sale, or an open check paid by card on the terminal or keyed (its key's operation names the check)
        or(
          eq(k.endpoint, CARD_SALE_OPERATION),
          like(k.endpoint, `${PAY_CHECK_CARD_OPERATION}:%`),
          like(k.endpoint, `${PAY_CHECK_KEYED_OPERATION}:%`),
        ),
        lt(k.createdAt, before),
      ),
    )
    .orderBy(asc(k.createdAt))
    .limit(BATCH);
}

/** The status of the intent a key wrote (its `requested` event names the key); null when none was written. */
async function intentStatus(ex: Executor, key: { tenantId: number; restaurantId: number; key: string }) {
  const e = paymentTransactionEvents;
  const t = paymentTransactions;
  const [row] = await ex
    .select({ status: t.status })
    .from(e)
    .innerJoin(t, and(eq(t.tenantId, e.tenantId), eq(t.transactionId, e.transactionId)))
    .where(
      and(
        eq(e.tenantId, key.tenantId),
        eq(e.restaurantId, key.restaurantId),
        eq(e.step, 'authorise'),
        eq(e.outcome, 'requested'),
        sql`${e.details}->>'posKey' = ${key.key}`,
      ),
    )
    .limit(1);
  return row?.status ?? null;
}
