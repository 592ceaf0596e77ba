import type { Actor } from '@brigade/domain/access';
import { parseDecimalAmount } from '@brigade/domain/payments/amount';
import type { FundingDayView, SettlementBatchView } from '@brigade/domain/payments/api';
import { chargebackType, isChargebackDebit, isPartialChargeback } from '@brigade/domain/payments/chargeback';
import type { FundingResponseLenient } from '@brigade/domain/payments/funding';
import { adjustmentType, fundingType } from '@brigade/domain/payments/funding-derivations';
import { safeText } from './gateway-text';
import { openMerchantAccount } from './merchant-account-service';
import { gatewayProblem, type PaymentDeps } from './payment-deps';
import { type RestaurantScope, transactionIdsByRetref } from './payment-repository';

/** Settlement batches and funding, read from the gateway (docs/behaviour/payments.md#settlement-and-funding). */

const money = (value: string | undefined) =>
  value === undefined ? null : (parseDecimalAmount(value) ?? null);
const text = (value: unknown) => (typeof value === 'string' ? safeText(value) : null);

export async function getSettlement(
  deps: PaymentDeps,
  _actor: Actor,
  input: RestaurantScope & { date: string },
): Promise<{ batches: SettlementBatchView[] }> {
  const { account } = await openMerchantAccount(deps, input);
  const answer = await deps
    .provider(account)
    .settlements(input.date)
    .catch((error) => {
      throw gatewayProblem(error);
    });
  const ids = await deps.transact((tx) => transactionIdsByRetref(tx, input, account.merchantId));
  const batches = answer.filter((batch) => batch.settlementBatch || batch.entries.length > 0);
  // The screen's fields keep the spec's settlement names (batchid, hoststat, …; decision 061).
  return {
    batches: batches.map((batch) => ({
      batchid: safeText(batch.settlementBatch),
      hoststat: safeText(batch.batchStatus),
      accepted: batch.accepted,
      hostbatch: safeText(batch.hostBatch),
      transactions: batch.entries.map((entry) => ({
        retref: safeText(entry.processorReference),
        amount: entry.amount,
        setlstat: safeText(entry.settlementStatus),
        outcome: entry.outcome,
        cardtype: safeText(entry.cardType),
        transactionId: (entry.processorReference && ids.get(entry.processorReference)) || null,
      })),
    })),
  };
}

export async function getFunding(
  deps: PaymentDeps,
  _actor: Actor,
  input: RestaurantScope & { date: string },
): Promise<FundingDayView | null> {
  const { account } = await openMerchantAccount(deps, input);
  return fundingDay(deps, account, input.date);
}

/** Deposits day by day, one gateway call per day, one after another (the test system allows 20 a minute). */
export async function listFunding(
  deps: PaymentDeps,
  _actor: Actor,
  input: RestaurantScope & { from: string; to: string },
): Promise<FundingDayView[]> {
  const { account } = await openMerchantAccount(deps, input);
  const days: FundingDayView[] = [];
  for (let at = Date.parse(input.from); at <= Date.parse(input.to); at += 86_400_000) {
    const date = new Date(at).toISOString().slice(0, 10);
    const day = await fundingDay(deps, account, date);
    days.push(day ?? emptyDay(date));
  }
  return days;
}

async function fundingDay(
  deps: PaymentDeps,
  account: Parameters<PaymentDeps['gateway']>[0],
  date: string,
): Promise<FundingDayView | null> {
  let answer: FundingResponseLenient | null;
  try {
    answer = await deps
      .gateway(account)
      .funding({ merchid: account.merchantId, date: date.replaceAll('-', '') });
  } catch (error) {
    throw gatewayProblem(error);
  }
  return answer ? fundingView(date, answer) : null;
}

const emptyDay = (date: string): FundingDayView => ({
  date,
  fundingdate: null,
  fundingmasterid: null,
  netSales: null,
  fees: null,
  adjustments: null,
  totalFunding: null,
  type: 'unknown',
  transactions: [],
  adjustmentRecords: [],
  chargebacks: [],
});

const sum = (values: (number | null)[]) =>
  values.some((v) => v !== null) ? values.reduce<number>((total, v) => total + (v ?? 0), 0) : null;

export function fundingView(date: string, answer: FundingResponseLenient): FundingDayView {
  const fundings = answer.fundings ?? [];
  const totalFunding = sum(fundings.map((f) => money(f.totalfunding)));
  return {
    date,
    fundingdate: text(answer.fundingdate),
    fundingmasterid: text(answer.fundingmasterid),
    netSales: sum(fundings.map((f) => money(f.netsales))),
    fees: sum(fundings.map((f) => money(f.fee))),
    adjustments: sum(fundings.map((f) => money(f.adjustment))),
    totalFunding,
    type: fundingType(totalFunding ?? undefined),
    transactions: (answer.txns ?? []).map((t) => ({
      retref: text(t.retref),
      amount: money(t.amount),
      cardbrand: text(t.cardbrand),
      cardnumber: text(t.cardnumber),
      type: text(t.type),
      status: text(t.status),
    })),
    adjustmentRecords: (answer.adjustments ?? []).map((a) => ({
      amount: money(a.amount),
      category: text(a.category),
      type: adjustmentType(a.category),
      description: text(a.description),
    })),
    chargebacks: (answer.chargebacks ?? []).map((c) => {
      const amount = money(c.amount);
      const transactionAmount = money(c.transactionamount);
      return {
        amount,
        transactionAmount,
        reasoncode: text(c.reasoncode),
        reasondescription: text(c.reasondescription),
        type: chargebackType(c.reasoncode),
        partial: amount !== null && isPartialChargeback(amount, transactionAmount ?? undefined),
        debit: amount !== null && isChargebackDebit(amount),
        retref: text(c.retref),
        casenumber: text(c.casenumber),
        chargebackdate: text(c.chargebackdate),
      };
    }),
  };
}
