import type { MinorUnits } from './amount';

/**
 * What an amount makes of an authorisation, a capture or a refund
 * (docs/behaviour/payments.md#amount-kinds). Amounts are minor units; comparisons are on whole numbers.
 */

export type AuthorisationKind = 'authorisation' | 'account_verification' | 'forced_credit';

/** A positive amount authorises, 0 verifies the account, a negative amount is a forced credit. */
export const authorisationKind = (amount: MinorUnits): AuthorisationKind =>
  amount > 0 ? 'authorisation' : amount === 0 ? 'account_verification' : 'forced_credit';

/** A tip adjustment beyond this share of the authorised amount should be voided and re-authorised. */
export const TIP_ADJUSTMENT_LIMIT_PERCENT = 25;

export type CaptureKind = 'full' | 'partial' | 'tip_adjustment' | 'tip_adjustment_over_limit';

/**
 * A capture against the authorised amount: none or equal is a full capture, less a partial capture, more a
 * tip adjustment. A tip of more than 25% of the authorised amount is 'tip_adjustment_over_limit': the
 * guidance is to void and authorise again. Exactly 25% is still within the limit.
 */
export function captureKind(authorised: MinorUnits, captured?: MinorUnits): CaptureKind {
  if (captured === undefined || captured === authorised) return 'full';
  if (captured < authorised) return 'partial';
  // tip > 25% of authorised as tip * 100 > authorised * 25, in bigint: no fractions and no overflow.
  const overLimit =
    BigInt(captured - authorised) * 100n > BigInt(authorised) * BigInt(TIP_ADJUSTMENT_LIMIT_PERCENT);
  return overLimit ? 'tip_adjustment_over_limit' : 'tip_adjustment';
}

export type RefundKind = 'full' | 'partial' | 'exceeds_original';

/**
 * A refund without an amount refunds everything. With an amount it is partial, unless it equals the
 * original amount (full) or exceeds it (which the gateway would refuse).
 */
export function refundKind(requested?: MinorUnits, original?: MinorUnits): RefundKind {
  if (requested === undefined || requested === original) return 'full';
  if (original !== undefined && requested > original) return 'exceeds_original';
  return 'partial';
}
