import { formatAmount } from '@brigade/domain/payments/amount';
import { fundingRequestSchema } from '@brigade/domain/payments/funding';
import { settleStatRequestSchema } from '@brigade/domain/payments/settlement';
import { type Context, currentAmount, invalidField, ok, type Reply } from './emulator-answers';
import { cardTypeOf, maskedCard } from './emulator-cards';
import {
  type Batch,
  type ChargebackEntry,
  DAY_MS,
  date8,
  dayStart,
  type EmulatorState,
  nextId,
  type Transaction,
} from './emulator-state';

/**
 * Settlement on the emulated clock: at each daily cutoff (UTC midnight) captured transactions are batched
 * and settled (setlstat Accepted, a batch id and a settle date); at the next cutoff the batch is funded,
 * with the processing fee (2.9% + $0.30 per sale) and the chargebacks added since.
 */

const FEE_PERCENT_TENTHS = 29;
const FEE_FIXED = 30;

const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const panOf = (state: EmulatorState, txn: Transaction) => state.vault.get(txn.token) ?? txn.token;

/** Runs every cutoff between the last one run and `now`. */
export function settleUpTo(state: EmulatorState, now: number): void {
  for (let cutoff = dayStart(state.clock.settledUpTo) + DAY_MS; cutoff <= now; cutoff += DAY_MS) {
    fundBatches(state, cutoff);
    batchCaptured(state, cutoff);
  }
  state.clock.settledUpTo = Math.max(state.clock.settledUpTo, now);
}

/**
 * The merchant's open batch, which a capture joins at once: the gateway answers a capture with the batch id
 * it will settle in (the cutoff closes the batch under that id).
 */
export function openBatchOf(state: EmulatorState, merchid: string): string {
  let batchid = state.openBatches.get(merchid);
  if (batchid === undefined) {
    batchid = nextId(state, 6);
    state.openBatches.set(merchid, batchid);
  }
  return batchid;
}

function batchCaptured(state: EmulatorState, cutoff: number): void {
  const byMerchant = new Map<string, Transaction[]>();
  for (const txn of state.transactions.values()) {
    if (txn.setlstat !== 'Queued for Capture' || (txn.capturedate ?? 0) >= cutoff) continue;
    byMerchant.set(txn.merchid, [...(byMerchant.get(txn.merchid) ?? []), txn]);
  }
  for (const [merchid, txns] of byMerchant) {
    const batch: Batch = {
      batchid: openBatchOf(state, merchid),
      merchid,
      settledAt: cutoff,
      retrefs: [],
      funded: false,
    };
    for (const txn of txns) {
      Object.assign(txn, { setlstat: 'Accepted', batchid: batch.batchid, settledate: cutoff });
      batch.retrefs.push(txn.retref);
    }
    state.batches.push(batch);
    state.openBatches.delete(merchid);
  }
}

function fundingTxn(state: EmulatorState, txn: Transaction, batch: Batch, fundingid: string) {
  const pan = panOf(state, txn);
  return {
    fundingtxnid: nextId(state, 10),
    fundingid,
    batchid: batch.batchid,
    authcode: txn.authcode,
    authdate: date8(txn.authdate),
    respcode: '00',
    cardnumber: maskedCard(pan),
    cardtype: cardTypeOf(pan),
    cardbrand: cardTypeOf(pan),
    cardproc: 'RPCT',
    retref: txn.retref,
    amount: formatAmount(currentAmount(txn)),
    currency: 'USD',
    type: txn.kind === 'refund' ? 'Refund' : 'Sale',
    status: 'Processed',
    date: isoDate(batch.settledAt),
    interchangeunitfee: '0.10',
    interchangepercentfee: '1.80',
    ...(txn.orderid === undefined ? {} : { invoicenumber: txn.orderid.slice(0, 12) }),
    ...(txn.parentRetref === undefined ? {} : { parentretref: txn.parentRetref }),
  };
}

function chargebackRecords(
  state: EmulatorState,
  entries: ChargebackEntry[],
  masterid: string,
  today: string,
) {
  return entries.map((entry) => {
    const txn = state.transactions.get(entry.retref)!;
    const amount = -(entry.amount ?? txn.captured);
    const casenumber = nextId(state, 10);
    const chargeback = {
      fundingmasterid: masterid,
      fundingchargebackid: nextId(state, 10),
      amount: formatAmount(amount),
      transactionamount: formatAmount(txn.captured),
      depositdate: today,
      transactiondate: isoDate(txn.authdate),
      chargebackdate: today,
      datechanged: today,
      dateadded: today,
      reasondescription: `Chargeback reason ${entry.reasoncode}`,
      reasoncode: entry.reasoncode,
      authcode: txn.authcode,
      retref: txn.retref,
      cardnumber: maskedCard(panOf(state, txn)),
      casenumber,
      sequencenumber: '1',
      merchid: txn.merchid,
    };
    const adjustment = {
      fundingmasterid: masterid,
      fundingadjustmentid: nextId(state, 10),
      amount: formatAmount(amount),
      datechanged: today,
      dateadded: today,
      description: `Chargeback ${txn.retref}`,
      category: 'CHARGEBACK',
      type: 'Chargeback',
      currency: 'USD',
      casenumber,
      merchid: txn.merchid,
    };
    return { amount, chargeback, adjustment };
  });
}

function fundingView(state: EmulatorState, merchid: string, batches: Batch[], cutoff: number) {
  const today = isoDate(cutoff);
  const fundingmasterid = nextId(state, 10);
  const fundingid = nextId(state, 10);
  const txns = batches.flatMap((batch) =>
    batch.retrefs.map((retref) => fundingTxn(state, state.transactions.get(retref)!, batch, fundingid)),
  );
  const settled = batches.flatMap((batch) => batch.retrefs.map((retref) => state.transactions.get(retref)!));
  const netsales = settled.reduce((sum, txn) => sum + currentAmount(txn), 0);
  const sales = settled.filter((txn) => txn.kind === 'auth');
  const fee = -sales.reduce(
    (sum, txn) => sum + Math.round((txn.captured * FEE_PERCENT_TENTHS) / 1000) + FEE_FIXED,
    0,
  );
  const pending = state.pendingChargebacks.filter((entry) => entry.merchid === merchid);
  state.pendingChargebacks = state.pendingChargebacks.filter((entry) => entry.merchid !== merchid);
  const records = chargebackRecords(state, pending, fundingmasterid, today);
  const adjustment = records.reduce((sum, record) => sum + record.amount, 0);
  const record = {
    fundingid,
    fundingmasterid,
    netsales: formatAmount(netsales),
    totalfunding: formatAmount(netsales + fee + adjustment),
    fee: formatAmount(fee),
    thirdparty: '0.00',
    reversal: '0.00',
    interchangefee: '0.00',
    adjustment: formatAmount(adjustment),
    servicecharge: '0.00',
    otheradjustment: '0.00',
    datechanged: today,
    dateadded: today,
    deposittrancode: 'DEPOSIT',
    ddanumber: 'XXXXXX4321',
    currency: 'USD',
    depositachtracenumber: nextId(state, 15),
    abanumber: 'XXXXX0248',
  };
  return {
    fundingdate: date8(cutoff),
    merchid,
    datechanged: today,
    fundingmasterid,
    fundings: [record],
    txns,
    adjustments: records.map((entry) => entry.adjustment),
    chargebacks: records.map((entry) => entry.chargeback),
  };
}

function fundBatches(state: EmulatorState, cutoff: number): void {
  const merchants = new Set(state.pendingChargebacks.map((entry) => entry.merchid));
  const due = state.batches.filter((batch) => !batch.funded && batch.settledAt < cutoff);
  for (const batch of due) merchants.add(batch.merchid);
  for (const merchid of merchants) {
    const batches = due.filter((batch) => batch.merchid === merchid);
    for (const batch of batches) batch.funded = true;
    state.fundings.push({
      merchid,
      fundingdate: date8(cutoff),
      view: fundingView(state, merchid, batches, cutoff),
    });
  }
}

/** Makes a chargeback of a transaction appear in its merchant's next funding. */
export function addChargeback(state: EmulatorState, entry: ChargebackEntry): void {
  const txn = state.transactions.get(entry.retref);
  if (!txn) throw new Error(`No transaction ${entry.retref} to charge back`);
  state.pendingChargebacks.push({ ...entry, merchid: txn.merchid });
}

function batchView(state: EmulatorState, batch: Batch) {
  return {
    batchid: batch.batchid,
    hoststat: 'GB',
    hostbatch: batch.batchid,
    merchid: batch.merchid,
    respproc: 'RPCT',
    txns: batch.retrefs.map((retref) => {
      const txn = state.transactions.get(retref)!;
      return {
        retref,
        authcode: txn.authcode,
        setlamount: formatAmount(currentAmount(txn)),
        setlstat: 'Y',
        salesdoc: txn.orderid ?? '',
        cardtype: cardTypeOf(panOf(state, txn)),
      };
    }),
  };
}

/**
 * settlestat?merchid=&date=MMDD (the day's batches) or &batchid= (that batch): a list either way. The
 * published answer is a list of batches; that the batch-id form is a list too is the emulator's reading
 * (docs/operations/cardpointe.md), and Brigade's client reads one batch or a list alike.
 */
export function settlestat(ctx: Context, query: Record<string, string>): Reply {
  const parsed = settleStatRequestSchema.safeParse(query);
  if (!parsed.success) return invalidField();
  const { merchid, batchid, date } = parsed.data;
  const wanted = ctx.state.batches.filter(
    (batch) =>
      batch.merchid === merchid &&
      (batchid ? batch.batchid === batchid : date8(batch.settledAt).slice(4) === date),
  );
  return ok(wanted.map((batch) => batchView(ctx.state, batch)));
}

/** funding?merchid=&date= (MMDD this year, YYYYMMDD; absent: the latest). */
export function funding(ctx: Context, query: Record<string, string>): Reply {
  const parsed = fundingRequestSchema.safeParse(query);
  if (!parsed.success) return ok({ errormsg: 'Invalid request' });
  const { merchid, date, page, limit } = parsed.data;
  const wanted =
    date === undefined ? undefined : date.length === 4 ? `${date8(ctx.now).slice(0, 4)}${date}` : date;
  const found = ctx.state.fundings
    .filter((entry) => entry.merchid === merchid && (wanted === undefined || entry.fundingdate === wanted))
    .at(-1);
  if (!found) return ok({ errormsg: 'No deposits match your request' });
  if (page === undefined || limit === undefined) return ok(found.view);
  const txns = (found.view.txns as unknown[]).slice((page - 1) * limit, page * limit);
  return ok({
    ...found.view,
    txns,
    pageNumber: String(page),
    perPageSize: String(limit),
    currentPageSize: String(txns.length),
  });
}
