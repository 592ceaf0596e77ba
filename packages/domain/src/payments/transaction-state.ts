import { APPROVAL_RESPCODES, GATEWAY_PROCESSOR, VOID_AUTHCODE } from './constants';
import { DATE_TIME_14 } from './fields';

/**
 * What a transaction answer says: approved or not, whether to retry, where the transaction is on its way
 * to settlement, and what may still be done to it (docs/behaviour/payments.md#states). Every
 * function takes the raw strings of a lenient answer, so an unexpected value reads as 'unknown' or false
 * rather than failing.
 */

export type RespstatMeaning = 'approved' | 'retry' | 'declined' | 'unknown';

const RESPSTAT_MEANINGS: Record<string, RespstatMeaning> = { A: 'approved', B: 'retry', C: 'declined' };

/** A approved; B retry (a temporary problem, retrying may succeed); C declined (do not retry as is). */
export const respstatMeaning = (respstat: string | undefined): RespstatMeaning =>
  RESPSTAT_MEANINGS[respstat ?? ''] ?? 'unknown';

export const isApproved = (response: { respstat?: string }): boolean => response.respstat === 'A';
export const isRetryable = (response: { respstat?: string }): boolean => response.respstat === 'B';

/** An approval normally answers 00 or 000; anything else on an approval is worth a look. */
export const isUsualApprovalCode = (respcode: string | undefined): boolean =>
  (APPROVAL_RESPCODES as readonly string[]).includes(respcode ?? '');

/**
 * The gateway found no such transaction (PPS 29): after an authorisation whose answer was lost, an inquiry
 * by order id answering this means the authorisation never happened and may be sent again.
 */
export const isTransactionNotFound = (response: { respproc?: string; respcode?: string }): boolean =>
  response.respproc === GATEWAY_PROCESSOR && response.respcode === '29';

/** Authorized or Queued for Capture: not yet settled, voided or declined, so it can still be acted on. */
export const isProcessable = (setlstat: string | undefined): boolean =>
  setlstat === 'Authorized' || setlstat === 'Queued for Capture';

/**
 * Which voids the settlement status allows: full or partial while Authorized, only full once Queued for
 * Capture, none after.
 */
export function allowedVoids(setlstat: string | undefined): ('full' | 'partial')[] {
  if (setlstat === 'Authorized') return ['full', 'partial'];
  if (setlstat === 'Queued for Capture') return ['full'];
  return [];
}

/** A void worked when it is approved and its authcode is REVERS (the reversal went through). */
export const isVoidSuccessful = (response: { respstat?: string; authcode?: string }): boolean =>
  response.respstat === 'A' && response.authcode === VOID_AUTHCODE;

/** Captured: the answer carries a 14-digit capture date (YYYYMMDDHHMMSS). */
export const isCaptured = (response: { capturedate?: string }): boolean =>
  DATE_TIME_14.test(response.capturedate ?? '');

/** Settled: the answer carries a 14-digit settle date. */
export const isSettled = (response: { settledate?: string }): boolean =>
  DATE_TIME_14.test(response.settledate ?? '');

/** The inquire flags: only Y offers a void or a refund. */
export const canVoid = (response: { voidable?: string }): boolean => response.voidable === 'Y';
export const canRefund = (response: { refundable?: string }): boolean => response.refundable === 'Y';

export type DeclineCategoryMeaning =
  | 'never_retry'
  | 'retry_later'
  | 'fix_data_and_retry'
  | 'other'
  | 'unknown';

const DECLINE_MEANINGS: Record<string, DeclineCategoryMeaning> = {
  '1': 'never_retry',
  '2': 'retry_later',
  '3': 'fix_data_and_retry',
  '4': 'other',
};

/** 1 never retry, 2 retry later, 3 fix the data and retry, 4 other. */
export const declineCategoryMeaning = (declineCategory: string | undefined): DeclineCategoryMeaning =>
  DECLINE_MEANINGS[declineCategory ?? ''] ?? 'unknown';

/** A transaction in a settlestat answer: Y accepted, N rejected, any other letter not decided yet. */
export const settlementTransactionOutcome = (
  setlstat: string | undefined,
): 'accepted' | 'rejected' | 'pending' =>
  setlstat === 'Y' ? 'accepted' : setlstat === 'N' ? 'rejected' : 'pending';

/** A batch is accepted when its host status is GB. */
export const isBatchAccepted = (batch: { hoststat?: string }): boolean => batch.hoststat === 'GB';
