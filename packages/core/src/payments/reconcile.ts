import type { Actor } from '@brigade/domain/access';
import type { ProcessorAnswer } from '@brigade/domain/payments/provider-port';
import { event, recordAuthorisation } from './answer-records';
import { safeText } from './gateway-text';
import { failureOf, type GatewayAccount, type PaymentDeps } from './payment-deps';
import { addEvent, type RestaurantScope, type TransactionRow, updateTransaction } from './payment-repository';
import { answerDetails } from './transaction-view';

/**
 * What Brigade does when an authorisation got no answer (docs/decisions/023-payments-module.md), per the
 * gateway's guidance, every step recorded on the transaction:
 *
 * 1. find it by its payment order id: found approved → void it by its processor reference, so the card is not
 *    charged for a payment nobody saw succeed; found declined → it is a decline; nothing found → nothing
 *    happened and the payment may be taken again;
 * 2. the look-up gets no answer either → void by the payment order id, up to three attempts;
 * 3. still nothing → the transaction stays `unknown`, shown as such, for housekeeping to settle later.
 */
export const VOID_BY_ORDER_ATTEMPTS = 3;

interface Lost {
  scope: RestaurantScope;
  account: GatewayAccount;
  row: TransactionRow;
  cause: { failure: string };
}

export async function reconcileAuthorisation(
  deps: PaymentDeps,
  actor: Actor,
  lost: Lost,
): Promise<TransactionRow> {
  await note(deps, actor, lost.row, 'authorise', 'no_answer', { failure: lost.cause.failure });
  await deps.pause(1);
  return settleByOrderId(deps, actor, lost);
}

/**
 * Steps 1 to 3 for an authorisation whose outcome Brigade does not know: the live path after no answer, and
 * housekeeping's sweep (reconcile-stale.ts) for rows a crash or a lost answer left pending or unknown.
 */
export async function settleByOrderId(
  deps: PaymentDeps,
  actor: Actor,
  lost: Omit<Lost, 'cause'>,
): Promise<TransactionRow> {
  const { row, account } = lost;
  let found: ProcessorAnswer[] | null = null;
  try {
    found = await deps.provider(account).findByOrder(row.paymentOrderId);
  } catch (error) {
    await note(deps, actor, row, 'inquire_by_order', 'no_answer', { failure: failureOf(error) });
  }
  if (found) {
    const approved = found.find((answer) => answer.approval === 'approved' && answer.processorReference);
    if (approved) return voidFound(deps, actor, lost, approved);
    const declined = found.find((answer) => answer.approval === 'declined');
    if (declined) {
      await note(deps, actor, row, 'inquire_by_order', 'found_declined', answerDetails(declined));
      const saved = await recordAuthorisation(deps, actor, row, declined, false, 'reconcile');
      return settle(deps, saved, { reconciliation: 'The gateway declined it (found by its order id)' });
    }
    await note(deps, actor, row, 'inquire_by_order', 'not_found', {});
    return settle(deps, row, {
      status: 'failed',
      reconciliation:
        'The gateway never received it: nothing was charged, and the payment may be taken again',
    });
  }
  return voidByOrder(deps, actor, lost);
}

async function voidFound(
  deps: PaymentDeps,
  actor: Actor,
  lost: Omit<Lost, 'cause'>,
  approved: ProcessorAnswer,
) {
  const { row, account } = lost;
  await note(deps, actor, row, 'inquire_by_order', 'found_approved', answerDetails(approved));
  const saved = await recordAuthorisation(deps, actor, row, approved, row.kind === 'sale', 'reconcile');
  try {
    const answer = await deps.provider(account).void({ processorReference: approved.processorReference! });
    await note(deps, actor, row, 'void', answer.voided ? 'voided' : 'refused', answerDetails(answer));
    if (answer.voided)
      return settle(deps, saved, {
        status: 'voided',
        voidable: false,
        refundable: false,
        capturedAmount: 0,
        reconciliation:
          'The gateway answered late: the payment was found and voided, so the card is not charged',
      });
  } catch (error) {
    await note(deps, actor, row, 'void', 'no_answer', { failure: failureOf(error) });
  }
  return settle(deps, saved, {
    status: 'unknown',
    reconciliation: 'The payment was found approved but could not be voided yet',
  });
}

async function voidByOrder(
  deps: PaymentDeps,
  actor: Actor,
  lost: Omit<Lost, 'cause'>,
): Promise<TransactionRow> {
  const { row, account } = lost;
  for (let attempt = 1; attempt <= VOID_BY_ORDER_ATTEMPTS; attempt++) {
    if (attempt > 1) await deps.pause(attempt);
    try {
      const answer = await deps.provider(account).voidByOrder(row.paymentOrderId);
      if (answer.voided) {
        await note(deps, actor, row, 'void_by_order', 'voided', { attempt, ...answerDetails(answer) });
        return settle(deps, row, {
          status: 'voided',
          processorReference: safeText(answer.processorReference),
          reconciliation:
            'No answer came; the payment was voided by its order id, so the card is not charged',
        });
      }
      // Any other answer: nothing approved stands under this order id (declines are ignored by the void).
      await note(deps, actor, row, 'void_by_order', 'nothing_to_void', { attempt, ...answerDetails(answer) });
      return settle(deps, row, {
        status: 'failed',
        reconciliation: 'No answer came and nothing stands under its order id: nothing was charged',
      });
    } catch (error) {
      await note(deps, actor, row, 'void_by_order', 'no_answer', { attempt, failure: failureOf(error) });
    }
  }
  return settle(deps, row, {
    status: 'unknown',
    reconciliation: `No answer to the payment, the inquiry or ${VOID_BY_ORDER_ATTEMPTS} voids by order id`,
  });
}

export async function note(
  deps: PaymentDeps,
  actor: Actor,
  row: TransactionRow,
  step: string,
  outcome: string,
  details: Record<string, string | number | boolean | null>,
) {
  await deps.transact((tx) => addEvent(tx, event(row, actor, step, outcome, null, details)));
}

const settle = (deps: PaymentDeps, row: TransactionRow, changes: Parameters<typeof updateTransaction>[3]) =>
  deps.transact((tx) => updateTransaction(tx, row, row.transactionId, changes));
