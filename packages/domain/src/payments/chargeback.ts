import type { MinorUnits } from './amount';

/** What a chargeback's reason code and amounts say (docs/behaviour/payments.md#chargebacks). */

export type ChargebackType = 'fraud' | 'authorization' | 'processing' | 'consumer_dispute' | 'unknown';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

/**
 * The reason-code groups. Code 31 is listed under both fraud and processing; here it is processing only.
 * In the card networks' numbering 31 is "transaction amount differs" (Mastercard 4831, a point-of-interaction
 * error): the amount billed is not the amount agreed, which for a restaurant is typically a tip adjustment.
 * That is answered with the receipt and the authorisation, not treated as fraud. The processing list also
 * names 31 on its own, while the fraud list has it inside a run (30, 31, 32).
 */
export const CHARGEBACK_REASON_GROUPS: Readonly<
  Record<Exclude<ChargebackType, 'unknown'>, readonly number[]>
> = {
  fraud: [30, 32, 37, 38, 62, ...range(71, 76)],
  authorization: range(11, 15),
  processing: [...range(21, 25), 31, 34, 35],
  consumer_dispute: range(41, 47),
};

const TYPE_BY_CODE = new Map<number, ChargebackType>(
  Object.entries(CHARGEBACK_REASON_GROUPS).flatMap(([type, codes]) =>
    codes.map((code) => [code, type as ChargebackType] as const),
  ),
);

/** The chargeback type of a reason code ("31", "031", " 31 "); anything else is 'unknown'. */
export function chargebackType(reasoncode: string | undefined): ChargebackType {
  const code = (reasoncode ?? '').trim();
  if (!/^\d{1,10}$/.test(code)) return 'unknown';
  return TYPE_BY_CODE.get(Number(code)) ?? 'unknown';
}

/** A chargeback with a negative amount takes money from the merchant (a debit). */
export const isChargebackDebit = (amount: MinorUnits): boolean => amount < 0;

/**
 * Partial when the chargeback is for less than the transaction. The sizes are compared (a debit's amount
 * is negative while the transaction's is positive); without a transaction amount it cannot be partial.
 */
export const isPartialChargeback = (amount: MinorUnits, transactionAmount: MinorUnits | undefined): boolean =>
  transactionAmount !== undefined && Math.abs(amount) < Math.abs(transactionAmount);
