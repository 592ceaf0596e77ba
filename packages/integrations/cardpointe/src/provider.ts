import { formatAmount, parseDecimalAmount } from '@brigade/domain/payments/amount';
import type { AuthRequest } from '@brigade/domain/payments/authorisation';
import type { AuthResponseLenient } from '@brigade/domain/payments/gateway-response';
import type { InquireResponseLenient } from '@brigade/domain/payments/inquiry';
import {
  canZeroDollarAuthorise,
  MERCHANT_FEATURE_NAMES,
  merchantFeatures,
} from '@brigade/domain/payments/merchant-features';
import type {
  Approval,
  AuthorisationRequest,
  PaymentProvider,
  ProcessorAnswer,
  ProcessorInquiry,
  SettlementBatch,
  VoidAnswer,
} from '@brigade/domain/payments/provider-port';
import {
  canRefund,
  canVoid,
  isBatchAccepted,
  isCaptured,
  isSettled,
  isTransactionNotFound,
  isVoidSuccessful,
  settlementTransactionOutcome,
} from '@brigade/domain/payments/transaction-state';
import type { CardPointeGateway } from './gateway';

/**
 * CardPointe behind Brigade's payment provider port (decision 061): the only place that turns Brigade's
 * neutral requests into CardPointe's wire fields (merchid, retref, amounts as decimal strings, Y/N flags) and
 * its answers (respstat A/B/C, respcode, resptext, authcode REVERS, setlstat, batchid, 14-digit dates) back.
 * Failures pass through as the client's GatewayCallError, an IntegrationError of the kit.
 */
export function cardPointeProvider(gateway: CardPointeGateway, merchid: string): PaymentProvider {
  return {
    name: 'CardPointe',
    authorise: async (request) => answerOf(await gateway.auth(authRequest(merchid, request))),
    capture: async (request) =>
      answerOf(
        await gateway.capture({
          merchid,
          account: request.token ?? '',
          retref: request.processorReference,
          amount: formatAmount(request.amount),
        }),
      ),
    void: async (request) =>
      voidAnswerOf(
        await gateway.void({
          merchid,
          retref: request.processorReference,
          ...(request.amount !== undefined ? { amount: formatAmount(request.amount) } : {}),
        }),
      ),
    voidByOrder: async (paymentOrderId) =>
      voidAnswerOf(await gateway.voidByOrderId({ merchid, orderid: paymentOrderId })),
    refund: async (request) =>
      answerOf(
        await gateway.refund({
          merchid,
          retref: request.processorReference,
          amount: formatAmount(request.amount),
          orderid: request.paymentOrderId,
        }),
      ),
    inquire: async (reference) => inquiryOf(await gateway.inquire(reference, merchid)),
    findByOrder: async (paymentOrderId) =>
      foundByOrder(await gateway.inquireByOrderid(paymentOrderId, merchid)),
    checkAccount: async () => {
      const merchant = await gateway.inquireMerchant(merchid);
      return {
        enabled: merchant.enabled === true,
        features: merchantFeatures(merchant).map((feature) => MERCHANT_FEATURE_NAMES[feature]),
        zeroDollarAuth: canZeroDollarAuthorise(merchant),
      };
    },
    settlements: async (date) => {
      const batches = await gateway.settlestat({ merchid, date: date.slice(5, 7) + date.slice(8, 10) });
      return batches.map(settlementOf);
    },
  };
}

/** An authorisation in CardPointe's words: a stored card is named `profileid/acctid`, never with `account`. */
function authRequest(merchid: string, request: AuthorisationRequest): AuthRequest {
  const { card } = request;
  return {
    merchid,
    ...('token' in card
      ? { account: card.token }
      : { profile: `${card.storedCard.profileId}/${card.storedCard.acctId}` }),
    ...(card.expiry ? { expiry: card.expiry } : {}),
    amount: formatAmount(request.amount),
    currency: request.currency,
    orderid: request.paymentOrderId,
    capture: request.capture ? 'Y' : 'N',
    ecomind: 'T',
    ...(request.name ? { name: request.name } : {}),
    ...(request.postal ? { postal: request.postal } : {}),
  } as AuthRequest;
}

const APPROVALS: Record<string, Approval> = { A: 'approved', B: 'retry', C: 'declined' };
const orNull = (value: string | undefined): string | null =>
  value === undefined || value === '' ? null : value;

/** A CardPointe answer (authorisation, capture, refund, void, inquiry) in the port's words. */
export function answerOf(answer: Partial<AuthResponseLenient> & Record<string, unknown>): ProcessorAnswer {
  const amount = typeof answer.amount === 'string' ? parseDecimalAmount(answer.amount) : undefined;
  const text = (field: string) =>
    typeof answer[field] === 'string' ? orNull(answer[field] as string) : null;
  return {
    approval: APPROVALS[answer.respstat ?? ''] ?? null,
    processorReference: text('retref'),
    amount: amount ?? null,
    processorCode: text('respcode'),
    processorText: text('resptext'),
    processorPlatform: text('respproc'),
    authorisationCode: text('authcode'),
    avsResult: text('avsresp'),
    cvvResult: text('cvvresp'),
    settlementStatus: text('setlstat'),
    settlementBatch: text('batchid'),
    declineCategory: text('declineCategory'),
    token: text('token'),
  };
}

/** The answers under an order id; "Txn not found" (PPS 29) is CardPointe's way of saying there are none. */
export const foundByOrder = (answers: AuthResponseLenient[]): ProcessorAnswer[] =>
  answers.filter((answer) => !isTransactionNotFound(answer)).map(answerOf);

/** A void worked when CardPointe approves it with authcode REVERS. */
export const voidAnswerOf = (answer: { respstat?: string; authcode?: string }): VoidAnswer => ({
  ...answerOf(answer),
  voided: isVoidSuccessful(answer),
});

function inquiryOf(answer: InquireResponseLenient): ProcessorInquiry {
  return {
    ...answerOf(answer as unknown as Record<string, unknown>),
    voidable: answer.voidable === undefined ? undefined : canVoid(answer),
    refundable: answer.refundable === undefined ? undefined : canRefund(answer),
    capturedAt: isCaptured(answer) ? gatewayDateTime(answer.capturedate) : null,
    settledAt: isSettled(answer) ? gatewayDateTime(answer.settledate) : null,
  };
}

/** CardPointe's 14-digit YYYYMMDDHHMMSS (no time zone given: read as UTC). */
export function gatewayDateTime(value: string | undefined): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(value ?? '');
  if (!m) return null;
  const date = new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!));
  // Date.UTC rolls a 13th month or a 31 February over into the next; such a value is no time at all
  const same = date.toISOString().replace(/\D/g, '').slice(0, 14) === value;
  return same ? date : null;
}

function settlementOf(batch: Awaited<ReturnType<CardPointeGateway['settlestat']>>[number]): SettlementBatch {
  return {
    settlementBatch: orNull(batch.batchid),
    batchStatus: orNull(batch.hoststat),
    accepted: isBatchAccepted(batch),
    hostBatch: orNull(batch.hostbatch),
    entries: (batch.txns ?? []).map((txn) => ({
      processorReference: orNull(txn.retref),
      amount: txn.setlamount === undefined ? null : (parseDecimalAmount(txn.setlamount) ?? null),
      settlementStatus: orNull(txn.setlstat),
      outcome: settlementTransactionOutcome(txn.setlstat),
      cardType: orNull(txn.cardtype),
    })),
  };
}
