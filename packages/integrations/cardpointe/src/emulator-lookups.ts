import { formatAmount, parseDecimalAmount } from '@brigade/domain/payments/amount';
import { signatureCaptureRequestSchema } from '@brigade/domain/payments/inquiry';
import { surchargeRequestSchema } from '@brigade/domain/payments/surcharge-bin';
import { type Context, field, inquireView, invalidField, ok, pps, type Reply } from './emulator-answers';
import { binOf, cardOf, DEBIT_CARDS, tokenise } from './emulator-cards';

/** Look-ups (inquire, merchant, BIN, surcharge), signature capture and CardSecure tokenisation. */

export function inquire(ctx: Context, [retref = '', merchid = '']: string[]): Reply {
  const txn = ctx.state.transactions.get(retref);
  return txn && txn.merchid === merchid ? ok(inquireView(txn)) : pps('29');
}

/** One transaction as an object, several as a list, none as PPS 29; a refund by its own order id. */
export function inquireByOrderid(ctx: Context, [orderid = '', merchid = '', set = '']: string[]): Reply {
  const found = [...ctx.state.transactions.values()].filter(
    (txn) => txn.orderid === orderid && txn.merchid === merchid,
  );
  if (found.length === 0) return pps('29');
  const views = found.map((txn) => {
    const { batchid, capturedate, settledate, signature, profileid, acctid, ...rest } = inquireView(txn);
    return rest;
  });
  if (set !== '1') return ok(views.length === 1 ? views[0] : views);
  return ok(views);
}

export function inquireMerchant(ctx: Context, [merchid = '']: string[]): Reply {
  const merchant = ctx.state.merchants.get(merchid);
  if (!merchant) return ok({ merchid, enabled: false });
  return ok({
    merchid: merchant.merchid,
    enabled: true,
    avs: merchant.avs,
    cvv: merchant.cvv,
    echeck: 'N',
    acctupdater: 'N',
    cardproc: 'RPCT',
    site: merchant.site,
    fee_type: 'N',
  });
}

export function bin(ctx: Context, [, token = '']: string[]): Reply {
  const pan = ctx.state.vault.get(token);
  return ok(pan ? binOf(pan) : { errormsg: 'Token not found' });
}

/** ZIP codes where surcharges are not allowed: Connecticut (06xxx) and Massachusetts (01xxx-02xxx). */
const RESTRICTED_POSTAL = /^(06|01|02)/;
const SURCHARGE_PERCENT = 3;

export function surcharge(ctx: Context, query: Record<string, string>): Reply {
  const parsed = surchargeRequestSchema.safeParse(query);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message.slice(0, 28) ?? 'Invalid request';
    return ok({ token: 'UNKNOWN', postal: 'UNKNOWN', messages: [{ field: 'merchid', message }] });
  }
  const { token, postal, amount } = parsed.data;
  const messages: { field: string; message: string }[] = [];
  const pan = token ? ctx.state.vault.get(token) : undefined;
  if (token && !pan) messages.push({ field: 'token', message: 'Invalid token' });
  const tokenType = pan ? (DEBIT_CARDS.includes(pan) ? 'DEBIT' : 'CREDIT') : 'UNKNOWN';
  const postalType = postal ? (RESTRICTED_POSTAL.test(postal) ? 'RESTRICTED' : 'NOT_RESTRICTED') : 'UNKNOWN';
  const applies = tokenType === 'CREDIT' && postalType !== 'RESTRICTED';
  const minor = amount === undefined ? 0 : (parseDecimalAmount(amount) ?? 0);
  return ok({
    token: tokenType,
    postal: postalType,
    fee_amount: formatAmount(applies ? Math.round((minor * SURCHARGE_PERCENT) / 100) : 0),
    messages,
  });
}

export function sigcap(ctx: Context, raw: Record<string, unknown>): Reply {
  const parsed = signatureCaptureRequestSchema.safeParse(raw);
  if (!parsed.success) return invalidField();
  const { merchid, retref, signature } = parsed.data;
  const txn = ctx.state.transactions.get(retref);
  if (!txn || txn.merchid !== merchid)
    return ok({ resptext: 'Txn not found', respcode: '29', retref, merchid });
  txn.signature = signature;
  // The gateway's words, as CardConnect's own sample SDK tests for them (the respcode is not published).
  return ok({ resptext: 'signature stored', respcode: '00', retref, merchid });
}

/**
 * CardSecure: POST /cardsecure/api/v1/ccn/tokenize {account, cvv?} → {token, message, errorcode}. The CVV
 * the hosted page sends is kept with the token (in memory) so that a later authorisation can answer it.
 */
export function tokenize(ctx: Context, raw: Record<string, unknown>): Reply {
  const account = field(raw, 'account') ?? '';
  const known = cardOf(ctx.state, account);
  const token = known?.token ?? tokenise(ctx.state, account);
  if (!token) return ok({ token: '', message: 'Invalid account number', errorcode: '11' });
  const cvv = field(raw, 'cvv') ?? field(raw, 'cvv2');
  if (cvv && /^\d{3,4}$/.test(cvv)) ctx.state.cvvByToken.set(token, cvv);
  return ok({ token, message: '', errorcode: '0' });
}
