import { createHash } from 'node:crypto';
import type { MinorUnits } from '@brigade/domain/payments/amount';
import { isLuhnValid } from '@brigade/domain/payments/order-id';
import type { EmulatorState } from './emulator-state';

/**
 * The cards of the emulator: CardSecure tokens and the gateway's test behaviour (docs/operations/cardpointe.md#test-cards-and-amounts): which
 * card or amount approves, declines, times out or is partially approved, and the CVV and AVS answers.
 */

/**
 * The CardSecure token of a card number: starts with 9, then the card's first two digits, digits derived
 * from the number, and the card's last four; as long as the card number, never Luhn-valid. Stable per card.
 */
export function tokenOf(pan: string): string {
  const middleLength = Math.max(pan.length - 7, 1);
  const hash = createHash('sha256').update(`cardsecure:${pan}`).digest();
  let middle = '';
  for (let index = 0; middle.length < middleLength; index++)
    middle += String(hash[index % hash.length]! % 10);
  const token = `9${pan.slice(0, 2)}${middle}${pan.slice(-4)}`;
  // Never Luhn-valid, so no scan for card numbers mistakes a stored token for one: change one middle digit.
  if (!isLuhnValid(token)) return token;
  const at = 3 + middle.length - 1;
  return `${token.slice(0, at)}${(Number(token[at]) + 1) % 10}${token.slice(at + 1)}`;
}

/** Whether `account` looks like a CardSecure token (not a card number). */
export const looksLikeToken = (account: string): boolean => /^9\d{15,18}$/.test(account);

/** Tokenises a card number, keeping it in the vault; undefined when it is not a card number. */
export function tokenise(state: EmulatorState, pan: string): string | undefined {
  if (!/^\d{12,19}$/.test(pan) || !isLuhnValid(pan)) return undefined;
  const token = tokenOf(pan);
  state.vault.set(token, pan);
  return token;
}

/** The card number behind an account given in a request: a known token, or the number itself. */
export function cardOf(state: EmulatorState, account: string): { pan: string; token: string } | undefined {
  const stored = state.vault.get(account);
  if (stored) return { pan: stored, token: account };
  if (looksLikeToken(account)) return undefined;
  const token = tokenise(state, account);
  return token ? { pan: account, token } : undefined;
}

export interface Outcome {
  respstat: 'A' | 'B' | 'C';
  respcode: string;
  resptext: string;
  respproc: string;
  /** The amount approved (0 when declined). */
  approved: MinorUnits;
}

const approve = (amount: MinorUnits, resptext = 'Approval'): Outcome => ({
  respstat: 'A',
  respcode: '00',
  resptext,
  respproc: 'RPCT',
  approved: amount,
});
const declined = (respproc: string, respcode: string, resptext: string): Outcome => ({
  respstat: 'C',
  respcode,
  resptext,
  respproc,
  approved: 0,
});

export const TIMEOUT_CARDS = ['4999006200620062', '5111006200620062', '6465006200620062'];
export const PARTIAL_CARD = '4387750101010101';
export const PARTIAL_LIMIT: MinorUnits = 500;

/** The named test cards and their declines. */
export const DECLINING_CARDS: Record<string, Outcome> = {
  '4387751111111020': declined('RPCT', '107', 'Please Call Issuer'),
  '4387751111111038': declined('RPCT', '100', 'Do Not Honor'),
  '4387751111111046': declined('RPCT', '101', 'Expired Card'),
  '4387751111111053': declined('RPCT', '500', 'Insufficient Funds'),
};

/** Texts of the codes an amount of $1000.00-$1999.99 asks for; others get a generic one. */
const AMOUNT_CODE_TEXTS: Record<string, string> = {
  '100': 'Do Not Honor',
  '101': 'Expired Card',
  '102': 'Suspected fraud',
  '103': 'Call Issuer',
  '104': 'Restricted Card',
  '106': 'Exceeded PIN attempts',
  '107': 'Please Call Issuer',
  '109': 'Invalid merchant',
  '110': 'Invalid amount',
  '116': 'Not sufficient funds',
  '117': 'Incorrect PIN',
  '118': 'No card record',
  '119': 'Txn not permitted',
  '121': 'Exceeds withdrawal limit',
  '122': 'Security violation',
  '125': 'Card not effective',
  '129': 'Suspected counterfeit card',
  '500': 'Decline',
};

/** Whether an expiry (MMYY, YYYYMM or YYYYMMDD) lies before the month of `now`. */
export function isExpired(expiry: string | undefined, now: number): boolean {
  if (!expiry || expiry === '0000') return false;
  let year: number;
  let month: number;
  if (expiry.length === 4) {
    month = Number(expiry.slice(0, 2));
    year = 2000 + Number(expiry.slice(2));
  } else {
    year = Number(expiry.slice(0, 4));
    month = Number(expiry.slice(4, 6));
  }
  const today = new Date(now);
  return year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
}

/** What the emulated processor answers to an authorisation of `amount` on `pan`. */
export function authOutcome(
  pan: string | undefined,
  amount: MinorUnits,
  expiry: string | undefined,
  now: number,
) {
  if (pan && TIMEOUT_CARDS.includes(pan))
    return { respstat: 'B', respcode: '62', resptext: 'Timed out', respproc: 'PPS', approved: 0 } as Outcome;
  if (!pan || !isLuhnValid(pan)) return declined('PPS', '11', 'Invalid card');
  if (isExpired(expiry, now)) return declined('PPS', '16', 'Card expired');
  const named = DECLINING_CARDS[pan];
  if (named) return named;
  if (amount >= 100_000 && amount < 200_000) {
    const code = String(Math.floor(amount / 100)).slice(-3);
    return declined('RPCT', code, AMOUNT_CODE_TEXTS[code] ?? 'Declined');
  }
  if (pan === PARTIAL_CARD && amount >= 600) return approve(PARTIAL_LIMIT, 'Partial Approval');
  return approve(amount);
}

const CVV_ANSWERS: Record<string, string> = { '112': 'M', '111': 'N', '222': 'P', '333': 'U' };

/** The CVV answer: the test values, else M when a CVV was given, blank when not. */
export const cvvAnswer = (cvv: string | undefined): string => (cvv ? (CVV_ANSWERS[cvv] ?? 'M') : '');

/** The AVS answer: none without a postal code; N for 00000 or 99999; Y with a street address, else Z (ZIP only). */
export function avsAnswer(postal: string | undefined, address: string | undefined): string {
  if (!postal) return '';
  if (/^(00000|99999)/.test(postal)) return 'N';
  return address ? 'Y' : 'Z';
}

const PRODUCTS: Record<string, string> = { '3': 'A', '4': 'V', '5': 'M', '6': 'D', '2': 'M' };
const CARD_TYPES: Record<string, string> = { A: 'AMEX', V: 'VISA', M: 'MC', D: 'DISC' };

/** The BIN product code of a card (A, D, M, V), from its first digit. */
export const productOf = (pan: string): string => PRODUCTS[pan[0] ?? ''] ?? 'N';

/** The card type settlement and funding name (VISA, MC, AMEX, DISC). */
export const cardTypeOf = (pan: string): string => CARD_TYPES[productOf(pan)] ?? 'DEBIT';

/** A card number masked as funding reports show it: 411111XXXXXX1111. */
export const maskedCard = (pan: string): string =>
  `${pan.slice(0, 6)}${'X'.repeat(Math.max(pan.length - 10, 0))}${pan.slice(-4)}`;

/** Debit cards of the emulator (everything else is credit). */
export const DEBIT_CARDS = ['4000056655665556', '5200828282828210'];

/** The BIN answer for a card. */
export function binOf(pan: string): Record<string, unknown> {
  const product = productOf(pan);
  const bin = pan.slice(0, 6);
  const debit = DEBIT_CARDS.includes(pan);
  if (product !== 'V' && product !== 'M') return { product, bin, country: 'US' };
  return {
    country: 'US',
    product,
    bin,
    cardusestring: debit ? 'Debit' : 'Credit',
    gsa: false,
    corporate: false,
    fsa: false,
    subtype: product === 'V' ? 'Visa Classic' : 'Mastercard Standard',
    purchase: false,
    prepaid: false,
    issuer: 'Emulated Issuing Bank',
    binlo: `${bin}XXX`,
    binhi: `${bin}XXX`,
  };
}
