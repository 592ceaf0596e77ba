import type { Actor } from '@brigade/domain/access';
import { formatAmount, parseDecimalAmount } from '@brigade/domain/payments/amount';
import type { TransactionView } from '@brigade/domain/payments/api';
import type {
  BinView,
  SignatureInput,
  SurchargeQuery,
  SurchargeView,
} from '@brigade/domain/payments/api-profiles';
import {
  binInformationLevel,
  binProductName,
  isSurchargeApplicable,
} from '@brigade/domain/payments/merchant-features';
import { event } from './answer-records';
import { safeText } from './gateway-text';
import { idempotent } from './idempotency';
import { openMerchantAccount } from './merchant-account-service';
import { gatewayProblem, type PaymentDeps } from './payment-deps';
import { addEvent, type RestaurantScope } from './payment-repository';
import { askGateway } from './profiles';
import { refuse, type TransactionCall, target } from './transaction-actions';
import { transactionView } from './transaction-view';

/**
 * Look-ups before a payment — may a surcharge be added, what card is this (BIN) — and signature capture after
 * one (docs/behaviour/payments.md#the-payments-api).
 */

export async function getSurcharge(
  deps: PaymentDeps,
  _actor: Actor,
  call: RestaurantScope & SurchargeQuery,
): Promise<SurchargeView> {
  const { account } = await openMerchantAccount(deps, call);
  const answer = await askGateway(() =>
    deps.gateway(account).surcharge({
      merchid: account.merchantId,
      ...(call.token ? { token: call.token } : {}),
      ...(call.postal ? { postal: call.postal } : {}),
      ...(call.amount !== undefined ? { amount: formatAmount(call.amount) } : {}),
    }),
  );
  const applicable = isSurchargeApplicable(answer);
  return {
    applicable,
    feeAmount: applicable ? (parseDecimalAmount(answer.fee_amount ?? '') ?? 0) : 0,
    tokenType: safeText(answer.token) ?? 'UNKNOWN',
    postalStatus: safeText(answer.postal) ?? 'UNKNOWN',
    messages: answer.messages.map((m) => ({ field: safeText(m.field), message: safeText(m.message) })),
  };
}

export async function getBin(
  deps: PaymentDeps,
  _actor: Actor,
  call: RestaurantScope & { token: string },
): Promise<BinView> {
  const { account } = await openMerchantAccount(deps, call);
  const answer = await askGateway(() => deps.gateway(account).bin(account.merchantId, call.token));
  const flag = (value: boolean | undefined) => value ?? null;
  return {
    product: safeText(answer.product),
    productName: binProductName(answer.product) ?? null,
    informationLevel: binInformationLevel(answer.product),
    country: safeText(answer.country),
    bin: safeText(answer.bin),
    cardUse: safeText(answer.cardusestring),
    issuer: safeText(answer.issuer),
    subtype: safeText(answer.subtype),
    prepaid: flag(answer.prepaid),
    corporate: flag(answer.corporate),
    purchase: flag(answer.purchase),
    fsa: flag(answer.fsa),
    gsa: flag(answer.gsa),
    binlo: safeText(answer.binlo),
    binhi: safeText(answer.binhi),
  };
}

/** Sends the customer's signature for an authorised transaction; recorded as an event either way. */
export async function captureSignature(
  deps: PaymentDeps,
  actor: Actor,
  call: TransactionCall & SignatureInput,
): Promise<{ transaction: TransactionView }> {
  const operation = `captureSignature:${call.transactionId}`;
  const body = { signature: call.signature };
  return idempotent(deps, actor, { scope: call, key: call.idempotencyKey, operation, body }, async () => {
    const { row, account } = await target(deps, call);
    if (!row.processorReference || !['authorised', 'captured', 'settled'].includes(row.status))
      throw refuse('NOT_SIGNABLE', 'Only an approved payment can carry a signature');
    let answer: Awaited<ReturnType<ReturnType<PaymentDeps['gateway']>['sigcap']>>;
    try {
      answer = await deps
        .gateway(account)
        .sigcap({ merchid: account.merchantId, retref: row.processorReference, signature: call.signature });
    } catch (error) {
      const problem = gatewayProblem(error);
      await deps.transact((tx) =>
        addEvent(tx, event(row, actor, 'signature', 'failed', null, { code: problem.code })),
      );
      throw problem;
    }
    const captured = answer.respcode === '00';
    const details = { respcode: safeText(answer.respcode), resptext: safeText(answer.resptext) };
    await deps.transact((tx) =>
      addEvent(tx, event(row, actor, 'signature', captured ? 'captured' : 'refused', null, details)),
    );
    if (!captured)
      throw refuse(
        'SIGNATURE_REFUSED',
        `The gateway refused the signature: ${details.resptext ?? 'no reason given'}`,
      );
    return { transaction: transactionView(row) };
  });
}
