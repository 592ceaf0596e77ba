import { randomInt } from 'node:crypto';
import type { MinorUnits } from '@brigade/domain/payments/amount';

/**
 * What the CardPointe emulator holds, in memory only: merchants, transactions, batches, fundings, stored
 * profiles and the CardSecure vault (token → card number, and the CVV the hosted page entered last). Nothing
 * of it is written anywhere.
 */

export interface Merchant {
  merchid: string;
  avs: 'Y' | 'N';
  cvv: 'Y' | 'N';
  site: string;
}

export type SettlementState =
  | 'Authorized'
  | 'Declined'
  | 'Queued for Capture'
  | 'Voided'
  | 'Zero Amount'
  | 'Accepted';

export interface Transaction {
  retref: string;
  merchid: string;
  kind: 'auth' | 'refund';
  orderid?: string;
  token: string;
  expiry?: string;
  name?: string;
  respstat: 'A' | 'B' | 'C';
  respcode: string;
  resptext: string;
  respproc: string;
  authcode: string;
  /** The amount authorised (minor units), after partial voids. */
  authorised: MinorUnits;
  /** The amount captured (for a refund, the amount refunded). */
  captured: MinorUnits;
  /** How much of it has been refunded since it settled. */
  refunded: MinorUnits;
  setlstat: SettlementState;
  authdate: number;
  capturedate?: number;
  settledate?: number;
  batchid?: string;
  cvvresp: string;
  avsresp: string;
  profileid?: string;
  acctid?: string;
  signature?: string;
  /** For a refund: the transaction it returns money of. */
  parentRetref?: string;
}

export interface ProfileAccount {
  acctid: string;
  token: string;
  fields: Record<string, string>;
}

export interface Profile {
  profileid: string;
  merchid: string;
  accounts: Map<string, ProfileAccount>;
}

export interface Batch {
  batchid: string;
  merchid: string;
  settledAt: number;
  retrefs: string[];
  funded: boolean;
}

export interface ChargebackEntry {
  retref: string;
  reasoncode: string;
  amount?: MinorUnits;
}

export interface Funding {
  merchid: string;
  /** YYYYMMDD */
  fundingdate: string;
  /** The answer the funding endpoint gives for it. */
  view: Record<string, unknown>;
}

export interface EmulatorState {
  merchants: Map<string, Merchant>;
  transactions: Map<string, Transaction>;
  profiles: Map<string, Profile>;
  batches: Batch[];
  /** Each merchant's open batch: the id its captures get until the next cutoff closes it. */
  openBatches: Map<string, string>;
  fundings: Funding[];
  pendingChargebacks: (ChargebackEntry & { merchid: string })[];
  /** CardSecure: token → card number. */
  vault: Map<string, string>;
  /** The CVV last entered for a token on the hosted page. */
  cvvByToken: Map<string, string>;
  clock: { now: number; settledUpTo: number };
  sequence: number;
}

export const DEFAULT_MERCHANT: Merchant = { merchid: '496160873888', avs: 'Y', cvv: 'Y', site: 'fts' };

export function createState(merchants: readonly Merchant[], now: number): EmulatorState {
  return {
    merchants: new Map(merchants.map((merchant) => [merchant.merchid, merchant])),
    transactions: new Map(),
    profiles: new Map(),
    batches: [],
    openBatches: new Map(),
    fundings: [],
    pendingChargebacks: [],
    vault: new Map(),
    cvvByToken: new Map(),
    clock: { now, settledUpTo: now },
    sequence: randomInt(100_000, 900_000),
  };
}

/** A fresh number of `digits` digits: a counter, so it never repeats in one emulator, with a random head. */
export function nextId(state: EmulatorState, digits: number): string {
  state.sequence += 1;
  const tail = String(state.sequence).padStart(8, '0');
  let head = String(randomInt(1, 10));
  while (head.length < digits - tail.length) head += String(randomInt(0, 10));
  // Shorter ids (batch ids, 6 digits) keep the sequence's low digits: its high ones repeat for a long run.
  return (head + tail).slice(-digits);
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** YYYYMMDDHHMMSS (UTC), the gateway's date-time form. */
export const dateTime14 = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}${pad(d.getUTCHours())}${pad(
    d.getUTCMinutes(),
  )}${pad(d.getUTCSeconds())}`;
};

/** YYYYMMDD (UTC). */
export const date8 = (ms: number): string => dateTime14(ms).slice(0, 8);

export const DAY_MS = 86_400_000;

/** The start (UTC midnight) of the day of `ms`. */
export const dayStart = (ms: number): number => Math.floor(ms / DAY_MS) * DAY_MS;

const NOISE_WORDS = ['dummy', 'extra', 'uatfield', 'reserved', 'info'];

/** The UAT system's habits: a few random extra fields, keys in shuffled order (objects inside too). */
export function addNoise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(addNoise);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, entry]) => [
    key,
    addNoise(entry),
  ]);
  const extra = randomInt(1, 4);
  for (let index = 0; index < extra; index++)
    entries.push([
      `${NOISE_WORDS[randomInt(0, NOISE_WORDS.length)]}${randomInt(0, 1000)}`,
      String(randomInt(0, 1e6)),
    ]);
  for (let index = entries.length - 1; index > 0; index--) {
    const other = randomInt(0, index + 1);
    [entries[index], entries[other]] = [entries[other]!, entries[index]!];
  }
  return Object.fromEntries(entries);
}
