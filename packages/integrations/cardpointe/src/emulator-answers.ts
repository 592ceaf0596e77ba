import { formatAmount } from '@brigade/domain/payments/amount';
import { PPS_RESPONSE_CODES } from '@brigade/domain/payments/constants';
import { date8, dateTime14, type EmulatorState, type Transaction } from './emulator-state';

/** The shapes the emulator answers in, shared by its routes. */

export interface Reply {
  status: number;
  /** A JSON answer (or, with `html`, the page's text). */
  body?: unknown;
  html?: string;
  headers?: Record<string, string>;
}

export interface Context {
  state: EmulatorState;
  now: number;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });

/** An answer of the gateway's own validation (respproc PPS) with a code of its list. */
export function pps(
  respcode: keyof typeof PPS_RESPONSE_CODES,
  respstat: 'A' | 'B' | 'C' = 'C',
  extra: Record<string, unknown> = {},
): Reply {
  return ok({ respstat, respcode, resptext: PPS_RESPONSE_CODES[respcode], respproc: 'PPS', ...extra });
}

/** A request the gateway's validation refuses (PPS 34 "Invalid field"). */
export const invalidField = (): Reply => pps('34');

/** The signed amount a transaction stands for now: captured if it was, else authorised; refunds negative. */
export function currentAmount(txn: Transaction): number {
  if (txn.kind === 'refund') return -txn.captured;
  return txn.captured > 0 ? txn.captured : txn.authorised;
}

const isVoidable = (txn: Transaction) =>
  txn.kind === 'auth' &&
  txn.respstat === 'A' &&
  (txn.setlstat === 'Authorized' || txn.setlstat === 'Queued for Capture');
const isRefundable = (txn: Transaction) =>
  txn.kind === 'auth' && txn.setlstat === 'Accepted' && txn.captured - txn.refunded > 0;

/** What inquire answers about a transaction. */
export function inquireView(txn: Transaction): Record<string, unknown> {
  return {
    merchid: txn.merchid,
    ...(txn.orderid === undefined ? {} : { orderid: txn.orderid }),
    ...(txn.expiry === undefined ? {} : { expiry: txn.expiry }),
    amount: formatAmount(currentAmount(txn)),
    currency: 'USD',
    retref: txn.retref,
    respcode: txn.respcode,
    respproc: txn.respproc,
    respstat: txn.respstat,
    resptext: txn.resptext,
    authcode: txn.authcode,
    setlstat: txn.setlstat,
    ...(txn.batchid === undefined ? {} : { batchid: txn.batchid }),
    ...(txn.capturedate === undefined ? {} : { capturedate: dateTime14(txn.capturedate) }),
    ...(txn.settledate === undefined ? {} : { settledate: dateTime14(txn.settledate) }),
    ...(txn.signature === undefined ? {} : { signature: txn.signature }),
    // The account as the gateway shows it: the token (or the masked number when there is none).
    account: txn.token,
    token: txn.token,
    ...(txn.profileid === undefined ? {} : { profileid: txn.profileid, acctid: txn.acctid }),
    authdate: date8(txn.authdate),
    lastfour: txn.token.slice(-4),
    ...(txn.name === undefined ? {} : { name: txn.name }),
    entrymode: 'ECommerce',
    voidable: isVoidable(txn) ? 'Y' : 'N',
    refundable: isRefundable(txn) ? 'Y' : 'N',
  };
}

/** What an authorisation or capture answers. */
export function authView(txn: Transaction, amount: number): Record<string, unknown> {
  return {
    respstat: txn.respstat,
    respcode: txn.respcode,
    resptext: txn.resptext,
    respproc: txn.respproc,
    retref: txn.retref,
    authcode: txn.authcode,
    amount: formatAmount(amount),
    merchid: txn.merchid,
    account: txn.token,
    token: txn.token,
    ...(txn.expiry === undefined ? {} : { expiry: txn.expiry }),
    ...(txn.orderid === undefined ? {} : { orderid: txn.orderid }),
    ...(txn.profileid === undefined ? {} : { profileid: txn.profileid, acctid: txn.acctid }),
    ...(txn.batchid === undefined ? {} : { batchid: txn.batchid }),
    setlstat: txn.setlstat,
    cvvresp: txn.cvvresp,
    avsresp: txn.avsresp,
    commcard: 'N',
    entrymode: 'ECommerce',
    currency: 'USD',
    receipt: {
      dba: 'Brigade Emulated Merchant',
      address1: '1 Harbor Way',
      address2: 'Portland, ME',
      phone: '2075550100',
      dateTime: dateTime14(txn.authdate),
      nameOnCard: txn.name ?? '',
    },
  };
}

/** A string field of a raw JSON body, or undefined. */
export const field = (input: Record<string, unknown>, name: string): string | undefined =>
  typeof input[name] === 'string' ? (input[name] as string) : undefined;

/** An expiry as MMYY (the form answers use), from MMYY, YYYYMM or YYYYMMDD. */
export const asMmyy = (expiry: string | undefined): string | undefined =>
  expiry === undefined || expiry.length === 4 ? expiry : `${expiry.slice(4, 6)}${expiry.slice(2, 4)}`;
