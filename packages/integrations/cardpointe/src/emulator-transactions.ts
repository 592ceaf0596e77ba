import { randomInt } from 'node:crypto';
import { formatAmount, parseRequestAmount } from '@brigade/domain/payments/amount';
import { authRequestSchema, gatewayCaptureRequestSchema } from '@brigade/domain/payments/authorisation';
import {
  refundRequestSchema,
  voidByOrderIdRequestSchema,
  voidRequestSchema,
} from '@brigade/domain/payments/void-refund';
import { asMmyy, authView, type Context, field, invalidField, ok, pps, type Reply } from './emulator-answers';
import { authOutcome, avsAnswer, cardOf, cvvAnswer } from './emulator-cards';
import { createProfileFor, storedAccount } from './emulator-profiles';
import { openBatchOf } from './emulator-settlement';
import { nextId, type Transaction } from './emulator-state';

/** Authorisation, capture, void, void by order id and refund, with the gateway's rules by settlement state. */

const authcode = () => `PPS${String(randomInt(0, 1000)).padStart(3, '0')}`;

/** `profile: "<pid>/<aid>"` (or a profile id alone: its first account) on an authorisation. */
function withStoredAccount(ctx: Context, input: Record<string, unknown>) {
  const profile = field(input, 'profile');
  if (!profile || profile === 'Y') return { input };
  const account = storedAccount(ctx.state, profile, field(input, 'merchid'));
  if (!account) return { missing: true as const };
  return {
    input: {
      ...input,
      account: input.account ?? account.token,
      expiry: input.expiry ?? account.fields.expiry,
    },
    account,
  };
}

export function auth(ctx: Context, raw: Record<string, unknown>): Reply {
  const resolved = withStoredAccount(ctx, raw);
  if ('missing' in resolved) return pps('96');
  const parsed = authRequestSchema.safeParse(resolved.input);
  if (!parsed.success) return invalidField();
  const request = parsed.data;
  const card = cardOf(ctx.state, request.account);
  if (!card && /^9\d{15,18}$/.test(request.account)) return pps('98');
  const amount = parseRequestAmount(request.amount) ?? 0;
  const outcome = authOutcome(card?.pan, amount, request.expiry, ctx.now);
  const approved = outcome.respstat === 'A';
  const token = card?.token ?? request.account.replace(/\d(?=\d{4})/g, '*').slice(-19);
  const txn: Transaction = {
    retref: nextId(ctx.state, 12),
    merchid: request.merchid,
    kind: 'auth',
    ...(request.orderid === undefined ? {} : { orderid: request.orderid }),
    token,
    ...(request.expiry === undefined ? {} : { expiry: asMmyy(request.expiry) }),
    ...(request.name === undefined ? {} : { name: request.name }),
    ...outcome,
    authcode: approved ? authcode() : '',
    authorised: outcome.approved,
    captured: 0,
    refunded: 0,
    setlstat: !approved ? 'Declined' : amount === 0 ? 'Zero Amount' : 'Authorized',
    authdate: ctx.now,
    cvvresp: approved ? cvvAnswer(request.cvv2 ?? ctx.state.cvvByToken.get(token)) : '',
    avsresp: approved ? avsAnswer(request.postal, request.address) : '',
  };
  if (approved && request.capture === 'Y' && amount > 0) {
    txn.setlstat = 'Queued for Capture';
    txn.captured = txn.authorised;
    txn.capturedate = ctx.now;
    txn.batchid = openBatchOf(ctx.state, txn.merchid);
  }
  if (resolved.account) {
    txn.profileid = resolved.account.profileid;
    txn.acctid = resolved.account.acctid;
  } else if (approved && request.profile === 'Y' && card) {
    Object.assign(txn, createProfileFor(ctx.state, request.merchid, card.token, request));
  }
  ctx.state.transactions.set(txn.retref, txn);
  return ok(authView(txn, txn.authorised));
}

const findTxn = (ctx: Context, retref: string, merchid: string) => {
  const txn = ctx.state.transactions.get(retref);
  return txn && txn.merchid === merchid ? txn : undefined;
};

export function capture(ctx: Context, raw: Record<string, unknown>): Reply {
  const parsed = gatewayCaptureRequestSchema.safeParse(raw);
  if (!parsed.success) return invalidField();
  const txn = findTxn(ctx, parsed.data.retref, parsed.data.merchid);
  if (txn?.kind !== 'auth' || txn.respstat !== 'A' || txn.setlstat === 'Voided') return pps('29');
  if (txn.setlstat === 'Accepted') return pps('26');
  const amount = parsed.data.amount === undefined ? txn.authorised : parseRequestAmount(parsed.data.amount);
  if (amount === undefined || amount <= 0) return pps('43');
  // An amount above the authorised one is a tip adjustment, below it a partial capture.
  txn.captured = amount;
  txn.setlstat = 'Queued for Capture';
  txn.capturedate = ctx.now;
  txn.batchid = openBatchOf(ctx.state, txn.merchid);
  return ok(authView(txn, amount));
}

function voidAnswer(txn: Transaction, amount: number): Reply {
  return ok({
    merchid: txn.merchid,
    ...(txn.orderid === undefined ? {} : { orderId: txn.orderid }),
    authcode: 'REVERS',
    amount: formatAmount(amount),
    currency: 'USD',
    retref: txn.retref,
    respcode: '00',
    respproc: 'RPCT',
    respstat: 'A',
    resptext: 'Approval',
  });
}

/** Voids `txn` (all of it, or `amount` of it while only authorised). */
function voidTransaction(txn: Transaction, amount: number | undefined): Reply {
  if (txn.setlstat === 'Voided') return voidAnswer(txn, 0);
  if (txn.setlstat === 'Accepted') return pps('26');
  if (txn.kind !== 'auth' || txn.respstat !== 'A') return pps('29');
  if (txn.setlstat === 'Queued for Capture') {
    if (amount !== undefined && amount < txn.captured) return pps('43');
    const voided = txn.captured;
    Object.assign(txn, { setlstat: 'Voided', captured: 0, authorised: 0 });
    delete txn.batchid; // out of the open batch
    return voidAnswer(txn, voided);
  }
  if (amount !== undefined && amount > 0 && amount < txn.authorised) {
    txn.authorised -= amount;
    return voidAnswer(txn, amount);
  }
  const voided = txn.authorised;
  Object.assign(txn, { setlstat: 'Voided', authorised: 0 });
  return voidAnswer(txn, voided);
}

export function voidByRetref(ctx: Context, raw: Record<string, unknown>): Reply {
  const parsed = voidRequestSchema.safeParse(raw);
  if (!parsed.success) return invalidField();
  const txn = findTxn(ctx, parsed.data.retref, parsed.data.merchid);
  if (!txn) return pps('29');
  return voidTransaction(
    txn,
    parsed.data.amount === undefined ? undefined : parseRequestAmount(parsed.data.amount),
  );
}

/** Voids the last approved authorisation of the order id; declined ones are ignored. */
export function voidByOrderId(ctx: Context, raw: Record<string, unknown>): Reply {
  const parsed = voidByOrderIdRequestSchema.safeParse(raw);
  if (!parsed.success) return invalidField();
  const { merchid, orderid } = parsed.data;
  const txn = [...ctx.state.transactions.values()]
    .filter((t) => t.merchid === merchid && t.orderid === orderid && t.kind === 'auth' && t.respstat === 'A')
    .at(-1);
  if (!txn) return pps('29');
  return voidTransaction(
    txn,
    parsed.data.amount === undefined ? undefined : parseRequestAmount(parsed.data.amount),
  );
}

export function refund(ctx: Context, raw: Record<string, unknown>): Reply {
  const parsed = refundRequestSchema.safeParse(raw);
  if (!parsed.success) return invalidField();
  const original = findTxn(ctx, parsed.data.retref, parsed.data.merchid);
  if (original?.kind !== 'auth' || original.respstat !== 'A') return pps('29');
  if (original.setlstat !== 'Accepted') return pps('28');
  const remaining = original.captured - original.refunded;
  const amount = parsed.data.amount === undefined ? remaining : parseRequestAmount(parsed.data.amount);
  if (amount === undefined || amount <= 0 || amount > remaining) return pps('43');
  const txn: Transaction = {
    ...original,
    retref: nextId(ctx.state, 12),
    kind: 'refund',
    ...(parsed.data.orderid === undefined ? {} : { orderid: parsed.data.orderid }),
    respcode: '00',
    resptext: 'Approval',
    respproc: 'PPS',
    authcode: '',
    authorised: amount,
    captured: amount,
    refunded: 0,
    setlstat: 'Queued for Capture',
    authdate: ctx.now,
    capturedate: ctx.now,
    parentRetref: original.retref,
  };
  delete txn.settledate;
  txn.batchid = openBatchOf(ctx.state, txn.merchid);
  // A refund sent without an order id has none of its own (it is not found by the original's).
  if (parsed.data.orderid === undefined) delete txn.orderid;
  original.refunded += amount;
  ctx.state.transactions.set(txn.retref, txn);
  return ok({
    merchid: txn.merchid,
    retref: txn.retref,
    amount: formatAmount(amount),
    currency: 'USD',
    ...(txn.orderid === undefined ? {} : { orderid: txn.orderid }),
    respcode: '00',
    respproc: 'PPS',
    respstat: 'A',
    resptext: 'Approval',
  });
}
