/**
 * The payment provider port (issue 43 item 4, decision 061): what Brigade's payment use-cases ask of a card
 * processor, in Brigade's own words. Amounts are whole minor units (cents), the processor's transaction is a
 * processor reference, an answer is approved, retry or declined, and the processor's own codes and texts are
 * kept as data, never branched on by their spelling. Each provider is an adapter package that translates its
 * wire format to these shapes (CardPointe: packages/integrations/cardpointe/src/provider.ts; the tests' second
 * provider: packages/integrations/test-provider), so a new processor never touches the domain or core.
 *
 * Every method resolves with the processor's answer — a decline is an answer — or rejects with an
 * `IntegrationError` of the integrations kit when no usable answer came; its `category` tells whether the
 * request may have reached the processor (timeout, network, server, bad-answer).
 */

/** approved; retry (a temporary problem: the same request may succeed later); declined (do not retry as is). */
export type Approval = 'approved' | 'retry' | 'declined';

/** One answer about one transaction at the processor. Null where the answer did not say. */
export interface ProcessorAnswer {
  approval: Approval | null;
  /** The processor's reference of the transaction (what capture, void, refund and inquire name). */
  processorReference: string | null;
  /** Minor units; for an authorisation, what was approved (less than asked: a partial approval). */
  amount: number | null;
  /** The processor's answer code, text and the processing platform that gave it: data, shown to staff. */
  processorCode: string | null;
  processorText: string | null;
  processorPlatform: string | null;
  /** The issuer's approval code. */
  authorisationCode: string | null;
  avsResult: string | null;
  cvvResult: string | null;
  /**
   * Where the transaction stands on its way to settlement, in CardPointe's state names: Authorized,
   * Queued for Capture, Voided, Declined, Zero Amount.
   */
  settlementStatus: string | null;
  /** The settlement batch the transaction went out in. */
  settlementBatch: string | null;
  /** 1 never retry, 2 retry later, 3 fix data and retry, 4 other. */
  declineCategory: string | null;
  /** A reusable token of the card, when the processor gave one (never a card number). */
  token: string | null;
}

/** A void's answer: whether the processor reversed it, besides its answer codes. */
export interface VoidAnswer extends ProcessorAnswer {
  voided: boolean;
}

/** What an inquiry says about a transaction now. */
export interface ProcessorInquiry extends ProcessorAnswer {
  /** Whether the processor would void or refund it now; undefined when it did not say. */
  voidable: boolean | undefined;
  refundable: boolean | undefined;
  /** When the processor captured or settled it, if it has (its clock, no time zone given: UTC assumed). */
  capturedAt: Date | null;
  settledAt: Date | null;
}

/** The card an authorisation charges: a token of the card-entry frame, or a card the processor keeps. */
export type CardToCharge =
  | { token: string; expiry?: string | undefined }
  | { storedCard: { profileId: string; acctId: string }; expiry?: string | undefined };

export interface AuthorisationRequest {
  card: CardToCharge;
  amount: number;
  currency: string;
  /** Brigade's id of the payment at the processor (unique, never Luhn-valid): finds it when no answer came. */
  paymentOrderId: string;
  /** true: authorise and capture at once (a sale). */
  capture: boolean;
  name?: string | undefined;
  postal?: string | undefined;
}

export interface CaptureRequest {
  processorReference: string;
  /** The token the authorisation used, when the processor needs it again. */
  token: string | null;
  amount: number;
}

export interface RefundRequest {
  processorReference: string;
  amount: number;
  /** The refund's own payment order id (finds it when no answer came). */
  paymentOrderId: string;
}

/** The merchant account's check ("test connection"). */
export interface AccountCheck {
  enabled: boolean;
  /** Names of what the account can do, for people (e.g. "Address verification"). */
  features: string[];
  zeroDollarAuth: boolean;
}

/** One settled transaction in a settlement batch. */
export interface SettlementEntry {
  /** Null when the processor's line named none (kept: the screen still shows the line). */
  processorReference: string | null;
  amount: number | null;
  /** The processor's settlement word for it, kept as data. */
  settlementStatus: string | null;
  outcome: 'accepted' | 'rejected' | 'pending';
  cardType: string | null;
}

export interface SettlementBatch {
  settlementBatch: string | null;
  /** The processor's batch status, kept as data. */
  batchStatus: string | null;
  accepted: boolean;
  hostBatch: string | null;
  entries: SettlementEntry[];
}

/** What one merchant account's processor does for Brigade. */
export interface PaymentProvider {
  /** The processor's name for people and logs, e.g. "CardPointe". */
  readonly name: string;
  authorise(request: AuthorisationRequest): Promise<ProcessorAnswer>;
  capture(request: CaptureRequest): Promise<ProcessorAnswer>;
  /** The whole transaction when amount is absent, else that part of it. */
  void(request: { processorReference: string; amount?: number | undefined }): Promise<VoidAnswer>;
  /** Voids whatever stands under the payment order id (the last resort after no answer). */
  voidByOrder(paymentOrderId: string): Promise<VoidAnswer>;
  refund(request: RefundRequest): Promise<ProcessorAnswer>;
  inquire(processorReference: string): Promise<ProcessorInquiry>;
  /**
   * The answers the processor holds under a payment order id; an empty list when it never heard of it (for
   * CardPointe, its "Txn not found" answer).
   */
  findByOrder(paymentOrderId: string): Promise<ProcessorAnswer[]>;
  checkAccount(): Promise<AccountCheck>;
  /** The settlement batches of one day (YYYY-MM-DD). */
  settlements(date: string): Promise<SettlementBatch[]>;
}

/** An answer that said nothing: every field null. For adapters that fill only what their wire carries. */
export const EMPTY_ANSWER: ProcessorAnswer = {
  approval: null,
  processorReference: null,
  amount: null,
  processorCode: null,
  processorText: null,
  processorPlatform: null,
  authorisationCode: null,
  avsResult: null,
  cvvResult: null,
  settlementStatus: null,
  settlementBatch: null,
  declineCategory: null,
  token: null,
};
