import type { PaymentDeps } from './payment-deps';
import {
  findIdempotencyKey,
  findTransaction,
  type RestaurantScope,
  type TransactionRow,
} from './payment-repository';

/**
 * What became of a payment asked for under an Idempotency-Key, as the records tell it now (for callers that
 * lost the answer, such as the stuck-order sweep after a crash):
 * - `never`: the key was never claimed, so the gateway never heard of the payment;
 * - `in_flight`: claimed, but the answer was never recorded (a crash, or a request still waiting). The
 *   pending payment it wrote is settled by the stale-payment sweep (reconcile-stale.ts), which voids a hold
 *   the gateway made;
 * - `answered`: the answer was recorded; `transaction` is that payment's row as it is now (it may have been
 *   voided or captured since), or null when the answer was an error.
 */
export type KeyedPayment =
  | { state: 'never' }
  | { state: 'in_flight'; since: Date }
  | { state: 'answered'; transaction: TransactionRow | null };

export async function paymentUnderKey(
  deps: Pick<PaymentDeps, 'transact'>,
  scope: RestaurantScope,
  key: string,
): Promise<KeyedPayment> {
  return deps.transact(async (tx) => {
    const row = await findIdempotencyKey(tx, scope, key);
    if (!row) return { state: 'never' } as const;
    if (row.state === 'in_progress') return { state: 'in_flight', since: row.createdAt } as const;
    const body = row.responseBody as { transaction?: { transactionId?: unknown } } | null;
    const id = body?.transaction?.transactionId;
    const transaction = typeof id === 'string' ? await findTransaction(tx, scope, id) : null;
    return { state: 'answered', transaction: transaction ?? null } as const;
  });
}
