/**
 * Payments' face to the other areas of core (issue 49 §1; docs/behaviour/payments.md): authorising,
 * capturing, voiding and refunding a card payment, the merchant account and its card entry, idempotent
 * answers, the sweeps that finish interrupted or stale payments, and the rows ordering and the register keep
 * their payments in. Other areas import only this file (dependency-rules.test.ts); the server's routes still
 * import the use-case files directly.
 */
export { authorisationChanges, event } from './answer-records';
export { authorisePayment } from './authorise';
export { idempotencyKey } from './idempotency';
export { type InterruptedStepResult, recoverInterruptedSteps } from './interrupted-steps';
export { paymentUnderKey } from './keyed-payment';
export { getCardEntry, maxTransactionAmountOf, openMerchantAccountIn } from './merchant-account-service';
export {
  failureOf,
  type GatewayAccount,
  gatewayProblem,
  mayHaveBeenProcessed,
  type PaymentDeps,
} from './payment-deps';
export {
  addEvent,
  completeIdempotencyKey,
  findIdempotencyKey,
  findTransaction,
  insertTransaction,
  lockTransaction,
  refundAllocationsOf,
  releaseIdempotencyKey,
  stepInFlight,
  type TransactionRow,
  updateTransaction,
} from './payment-repository';
export { reconcileStalePayments, type StaleSweepResult } from './reconcile-stale';
export { REFUND_TOO_LARGE_MESSAGE, refundPayment } from './refund';
export { capturePayment, voidPayment } from './transaction-actions';
export { refreshTransaction } from './transaction-queries';
export { answerDetails } from './transaction-view';
export { userNames } from './user-names';
