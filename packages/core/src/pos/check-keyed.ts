import type { Actor } from '@brigade/domain/access';
import { BrigadeError } from '@brigade/domain/errors';
import type { ProcessorAnswer } from '@brigade/domain/payments/provider-port';
import type { PosOrder } from '@brigade/domain/pos/api';
import { payCheckKeyedSchema } from '@brigade/domain/pos/checks';
import { GATEWAY_NO_ANSWER } from '@brigade/domain/pos/terminal';
import {
  addEvent,
  event,
  failureOf,
  gatewayProblem,
  mayHaveBeenProcessed,
  releaseIdempotencyKey,
  updateTransaction,
} from '../payments/index';
import type { CardIntent, PosCardDeps } from './card-sale';
import type { CardCharge } from './check-card';
import { payCheckWithCard, registerPlace } from './check-card';
import type { CheckCall } from './checks';

/**
 * Paying an open check's balance with a card keyed into the hosted card-entry frame
 * (docs/behaviour/pos.md#a-keyed-card): the card cannot be read, or the guest paid by phone. The frame turns
 * the card into a token at the gateway, so the card number never reaches us; the register sends the token, the
 * expiry and the tip the guest named. The card sale's steps are the terminal's (decision 052): the intent
 * first, then the gateway's sale (authorised and captured) under the intent's order id, then the record. A
 * gateway that gives no answer leaves the intent to the sweep (which voids a charge it finds) and the check open.
 */

export const PAY_CHECK_KEYED_OPERATION = 'payPosCheckKeyed';

export async function payCheckByKeyedCard(
  deps: PosCardDeps,
  actor: Actor,
  call: CheckCall & { idempotencyKey: unknown; body: unknown },
): Promise<PosOrder> {
  const scope = { tenantId: call.tenantId, restaurantId: call.restaurantId };
  const request = payCheckKeyedSchema.parse(call.body);
  const { token, expiry, tip, ...rest } = request;
  const charge: CardCharge = {
    operation: PAY_CHECK_KEYED_OPERATION,
    body: request,
    terminal: false,
    run: async (_place, intent, balance) => ({
      answer: {
        read: await keyedSale(deps, actor, intent, { token, expiry, tip, balance }),
        token,
        entryMode: 'keyed',
      },
      tip,
    }),
  };
  return payCheckWithCard(
    deps,
    actor,
    {
      scope,
      orderId: call.orderId,
      version: rest.version,
      amount: rest.amount,
      receipt: rest.receipt,
      key: call.idempotencyKey,
      openPlace: registerPlace(deps, actor, scope, call.token),
    },
    charge,
  );
}

/** The gateway's sale for the balance and the tip; a refusal it did not process settles the intent. */
async function keyedSale(
  deps: PosCardDeps,
  actor: Actor,
  intent: CardIntent,
  card: { token: string; expiry: string; tip: number; balance: number },
): Promise<ProcessorAnswer> {
  const { account, pending } = intent;
  const amount = card.balance + card.tip;
  if (card.tip > 0)
    await deps.transact((tx) =>
      updateTransaction(tx, pending, pending.transactionId, { amount, tipAmount: card.tip }),
    );
  try {
    return await deps.provider(account).authorise({
      card: { token: card.token, expiry: card.expiry },
      amount,
      currency: 'USD',
      paymentOrderId: pending.paymentOrderId,
      capture: true,
    });
  } catch (error) {
    // no usable answer: only the payment's order id can tell; the sweep asks the gateway by it
    if (mayHaveBeenProcessed(error))
      throw new BrigadeError('gateway_timeout', 'GATEWAY_NO_ANSWER', GATEWAY_NO_ANSWER);
    const problem = gatewayProblem(error);
    await deps.transact(async (tx) => {
      await updateTransaction(tx, pending, pending.transactionId, {
        status: 'failed',
        processorText: problem.message.slice(0, 200),
      });
      await addEvent(tx, event(pending, actor, 'authorise', 'failed', amount, { failure: failureOf(error) }));
      await releaseIdempotencyKey(
        tx,
        { tenantId: pending.tenantId, restaurantId: pending.restaurantId },
        intent.key,
      );
    });
    throw problem;
  }
}
