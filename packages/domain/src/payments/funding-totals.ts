import { type MinorUnits, parseDecimalAmount } from './amount';
import type { FundingResponseLenient } from './funding';

/**
 * One funding date's answer reduced to what is kept of it (docs/behaviour/payments.md#stored-funding): the
 * deposit records summed, in cents signed as the gateway signs them (a fee kept is negative, a debit deposit
 * negative), and how many records of each kind it listed.
 */
export interface FundingTotals {
  fundingMasterId: string | null;
  netSales: MinorUnits;
  fees: MinorUnits;
  adjustments: MinorUnits;
  reversals: MinorUnits;
  /** Already within `adjustments` (the gateway lists each chargeback as an adjustment too). */
  chargebacks: MinorUnits;
  /** The net deposit. */
  totalFunding: MinorUnits;
  currency: string;
  depositCount: number;
  transactionCount: number;
  adjustmentCount: number;
  chargebackCount: number;
}

/**
 * The totals of an answer; undefined when an amount is not money (kept rather than stored as 0, which would
 * misstate a deposit). An amount the answer leaves out counts as 0.
 */
export function fundingTotals(answer: FundingResponseLenient): FundingTotals | undefined {
  const fundings = answer.fundings ?? [];
  const chargebacks = answer.chargebacks ?? [];
  const totals = {
    netSales: sumOf(fundings.map((f) => f.netsales)),
    fees: sumOf(fundings.map((f) => f.fee)),
    adjustments: sumOf(fundings.map((f) => f.adjustment)),
    reversals: sumOf(fundings.map((f) => f.reversal)),
    chargebacks: sumOf(chargebacks.map((c) => c.amount)),
    totalFunding: sumOf(fundings.map((f) => f.totalfunding)),
  };
  if (Object.values(totals).some((value) => value === undefined)) return undefined;
  return {
    fundingMasterId: answer.fundingmasterid ?? null,
    ...(totals as { [K in keyof typeof totals]: MinorUnits }),
    currency: fundings.find((f) => f.currency)?.currency ?? 'USD',
    depositCount: fundings.length,
    transactionCount: (answer.txns ?? []).length,
    adjustmentCount: (answer.adjustments ?? []).length,
    chargebackCount: chargebacks.length,
  };
}

function sumOf(amounts: (string | undefined)[]): MinorUnits | undefined {
  let total = 0;
  for (const amount of amounts) {
    if (amount === undefined) continue;
    const cents = parseDecimalAmount(amount);
    if (cents === undefined) return undefined;
    total += cents;
  }
  return total;
}
