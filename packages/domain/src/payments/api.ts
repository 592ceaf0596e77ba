import { z } from 'zod';
import { queryTime } from '../query-dates';
import { text } from '../text';
import { MMYY } from './fields';
import { looksLikeCardNumber } from './order-id';

/**
 * What Brigade's own payments API takes and gives (docs/behaviour/payments.md#the-payments-api): amounts as
 * whole minor units (decision 022), cards as CardSecure tokens from the hosted card-entry frame — never a
 * card number, a CVV or track data.
 */

/**
 * The largest amount one payment may have: 21,474,836.47, the largest a PostgreSQL integer holds (decision
 * 016 bounds every integer of a request so); far above any restaurant bill, below the gateway's 12 characters.
 */
export const MAX_AMOUNT_MINOR = 2_147_483_647;

export const minorUnits = (label: string, min: 0 | 1) =>
  z
    .number({ error: `${label} must be a whole number of cents` })
    .int(`${label} must be a whole number of cents`)
    .min(min, min === 1 ? `${label} must be more than 0` : `${label} cannot be negative`)
    .max(MAX_AMOUNT_MINOR, `${label} cannot exceed 21,474,836.47`);

/** A restaurant's largest payment unless its payment settings say otherwise: $10,000.00 (amount plus tip). */
export const DEFAULT_MAX_TRANSACTION_AMOUNT = 1_000_000;

/** An amount as the messages write it: 10000000 → "100,000.00". */
export const groupedAmount = (minor: number): string =>
  (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const overMaximumMessage = (max: number) =>
  `The total (amount plus tip) cannot exceed ${groupedAmount(max)}, this restaurant's maximum per payment`;

/** A sale's tip, as a capture's (TIP_ADJUSTMENT_LIMIT_PERCENT): at most 25% of the amount before it. */
export const SALE_TIP_OVER_LIMIT_MESSAGE = 'A tip cannot be more than 25% of the amount';

export const TOKEN_MESSAGE = 'Card token must be the 12-19 digit token of the card-entry frame';
export const CARD_EXPIRY_MESSAGE = 'Expiry must be MMYY';
export const IDEMPOTENCY_KEY_MESSAGE =
  'Idempotency-Key header is required: 1-255 characters of letters, digits, -, _, : or .';

export const idempotencyKeySchema = z
  .string({ error: IDEMPOTENCY_KEY_MESSAGE })
  .regex(/^[A-Za-z0-9_.:-]{1,255}$/, IDEMPOTENCY_KEY_MESSAGE);

export const PROFILE_ID_MESSAGE = 'Profile ID must be the 15-20 digit ID of a stored profile';
export const ACCOUNT_ID_MESSAGE = 'Account ID must be 1-3 digits';
export const profileIdSchema = z
  .string({ error: PROFILE_ID_MESSAGE })
  .regex(/^\d{15,20}$/, PROFILE_ID_MESSAGE);
export const acctIdSchema = z
  .string({ error: ACCOUNT_ID_MESSAGE })
  .regex(/^[1-9]\d{0,2}$/, ACCOUNT_ID_MESSAGE);

export const CARD_OR_PROFILE_MESSAGE = 'Give either a card token or a stored profile, not both';
export const EXPIRY_WITH_TOKEN_MESSAGE = 'Expiry is required with a card token';

export const CARD_NUMBER_MESSAGE =
  'This is a card number, not a token: card numbers are never accepted; use the card-entry frame';

/**
 * A CardSecure token. A value that passes the Luhn check is a card number (tokens never do), refused with its
 * own message before anything is written (docs/behaviour/payments.md#card-numbers-are-refused).
 */
export const cardToken = () =>
  z
    .string({ error: TOKEN_MESSAGE })
    .regex(/^\d{12,19}$/, { error: TOKEN_MESSAGE, abort: true })
    .refine((value) => !looksLikeCardNumber(value), CARD_NUMBER_MESSAGE);
export const cardExpiry = () => z.string({ error: CARD_EXPIRY_MESSAGE }).regex(MMYY, CARD_EXPIRY_MESSAGE);

export const authoriseInputSchema = z
  .strictObject({
    /** Before tip. 0 verifies the card without charging it. */
    amount: minorUnits('Amount', 0),
    tipAmount: minorUnits('Tip', 0).optional(),
    /** true: a sale (authorised and captured at once); false: authorise only, capture later. */
    capture: z.boolean({ error: 'Capture must be true or false' }),
    /** The card: a token of the card-entry frame, or (instead) a stored profile account. */
    token: cardToken().optional(),
    profile: z
      .strictObject(
        { profileId: profileIdSchema, acctId: acctIdSchema },
        { error: 'Profile must be { profileId, acctId }' },
      )
      .optional(),
    /** Required with a token; with a profile, the stored expiry unless given. */
    expiry: cardExpiry().optional(),
    name: text().trim().max(30, 'Name cannot exceed 30 characters').optional(),
    postal: z
      .string()
      .regex(/^[A-Za-z0-9 -]{1,10}$/, 'Postal code must be 1-10 letters, digits, spaces or hyphens')
      .optional(),
    orderReference: text().trim().max(50, 'Order reference cannot exceed 50 characters').optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.token === undefined) === (value.profile === undefined))
      ctx.addIssue({ code: 'custom', message: CARD_OR_PROFILE_MESSAGE, path: ['token'] });
    else if (value.token !== undefined && value.expiry === undefined)
      ctx.addIssue({ code: 'custom', message: EXPIRY_WITH_TOKEN_MESSAGE, path: ['expiry'] });
  });
export type AuthoriseInput = z.output<typeof authoriseInputSchema>;

export const captureInputSchema = z.strictObject({
  /** What to capture before tip; the authorised amount when absent (a smaller amount is a partial capture). */
  amount: minorUnits('Amount', 1).optional(),
  tipAmount: minorUnits('Tip', 0).optional(),
});
export type CaptureInput = z.output<typeof captureInputSchema>;

export const voidInputSchema = z.strictObject({
  /** A partial void (only while the authorisation is not queued for capture); the whole when absent. */
  amount: minorUnits('Amount', 1).optional(),
});
export type VoidInput = z.output<typeof voidInputSchema>;

export const refundInputSchema = z.strictObject({
  /** A partial refund; the whole captured amount still unrefunded when absent. */
  amount: minorUnits('Amount', 1).optional(),
});
export type RefundInput = z.output<typeof refundInputSchema>;

export const PAYMENT_STATUSES = [
  'pending',
  'authorised',
  'captured',
  'settled',
  'declined',
  'failed',
  'voided',
  'refunded',
  'partially_refunded',
  'unknown',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_KINDS = ['sale', 'authorisation', 'verification', 'forced_credit', 'refund'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const CARD_BRANDS = ['visa', 'mastercard', 'amex', 'discover', 'other'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];

/** The brand of a card from its token's digits 2-3 (CardSecure keeps the card's first two digits there). */
export function cardBrandOfToken(token: string): CardBrand {
  const first = token.slice(1, 3);
  if (first.startsWith('4')) return 'visa';
  const two = Number(first);
  if ((two >= 51 && two <= 55) || (two >= 22 && two <= 27)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (two === 60 || two === 64 || two === 65) return 'discover';
  return 'other';
}

// docs/behaviour/README.md#dates-in-queries: days within the years 2000-2100.
const isoDate = (label: string) => queryTime(label, 'date', 'Dates must be YYYY-MM-DD');

export const transactionQuerySchema = z.strictObject({
  from: isoDate('From').optional(),
  to: isoDate('To').optional(),
  status: z.enum(PAYMENT_STATUSES, { error: 'Unknown status' }).optional(),
  cardBrand: z.enum(CARD_BRANDS, { error: 'Unknown card brand' }).optional(),
  minAmount: z.coerce.number().pipe(minorUnits('Minimum amount', 0)).optional(),
  maxAmount: z.coerce.number().pipe(minorUnits('Maximum amount', 0)).optional(),
  lastFour: z
    .string()
    .regex(/^\d{4}$/, 'Last four must be 4 digits')
    .optional(),
  cursor: text().max(200, 'Cursor cannot exceed 200 characters').optional(),
  limit: z.coerce
    .number()
    .int('Limit must be a whole number')
    .min(1, 'Limit must be at least 1')
    .max(100, 'Limit cannot exceed 100')
    .default(25),
});
export type TransactionQuery = z.output<typeof transactionQuerySchema>;

const reconciliationSchema = z.object({
  state: z.enum(['none', 'in_progress', 'resolved', 'unresolved']),
  detail: z.string().nullable(),
});

export const transactionSchema = z.object({
  transactionId: z.uuid(),
  parentTransactionId: z.uuid().nullable(),
  kind: z.enum(PAYMENT_KINDS),
  status: z.enum(PAYMENT_STATUSES),
  /** Brigade's id of the payment at the processor (finds it when no answer came). */
  paymentOrderId: z.string(),
  /** The processor's reference of the transaction. */
  processorReference: z.string().nullable(),
  orderReference: z.string().nullable(),
  amount: z.number(),
  authorisedAmount: z.number().nullable(),
  capturedAmount: z.number(),
  refundedAmount: z.number(),
  tipAmount: z.number(),
  currency: z.string(),
  lastFour: z.string().nullable(),
  cardBrand: z.string().nullable(),
  /** The processor's answer: approved, retry or declined (decision 061); null before it answered. */
  approval: z.enum(['approved', 'retry', 'declined']).nullable(),
  /** The processor's own answer code and text, and the platform that gave them, kept as data. */
  processorCode: z.string().nullable(),
  processorText: z.string().nullable(),
  processorPlatform: z.string().nullable(),
  authorisationCode: z.string().nullable(),
  avsResult: z.string().nullable(),
  cvvResult: z.string().nullable(),
  /** Where it stands on its way to settlement (CardPointe's states: Authorized, Queued for Capture, …). */
  settlementStatus: z.string().nullable(),
  settlementBatch: z.string().nullable(),
  declineCategory: z.string().nullable(),
  /** What staff should do about a decline or retry answer, in words. */
  advice: z.string().nullable(),
  voidable: z.boolean().nullable(),
  refundable: z.boolean().nullable(),
  capturedAt: z.iso.datetime().nullable(),
  settledAt: z.iso.datetime().nullable(),
  createdBy: z.string(),
  /** Who took it, by name (null where the answer does not look names up). */
  createdByName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  reconciliation: reconciliationSchema,
});
export type TransactionView = z.input<typeof transactionSchema>;

export const transactionEventSchema = z.object({
  eventId: z.number(),
  step: z.string(),
  outcome: z.string(),
  amount: z.number().nullable(),
  details: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  actor: z.string(),
  actorName: z.string().nullable(),
  occurredAt: z.iso.datetime(),
});
export type TransactionEventView = z.input<typeof transactionEventSchema>;

// --- The merchant account -------------------------------------------------------------------------------

export const MERCHANT_CREDENTIALS_MESSAGE = 'API username and password are required to connect the account';

export const merchantAccountInputSchema = z.strictObject({
  merchid: z
    .string({ error: 'Merchant ID is required' })
    .regex(/^\d{1,16}$/, 'Merchant ID must be 1-16 digits'),
  site: z
    .string({ error: 'Site is required' })
    .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'Site must be the gateway site name, e.g. fts'),
  environment: z.enum(['uat', 'production'], { error: 'Environment must be uat or production' }),
  /** Absent on an update that keeps the stored credentials; both or neither. */
  username: text()
    .min(1, 'API username is required')
    .max(100, 'API username cannot exceed 100 characters')
    .optional(),
  password: text()
    .min(1, 'API password is required')
    .max(200, 'API password cannot exceed 200 characters')
    .optional(),
  writeMethod: z.enum(['PUT', 'POST'], { error: 'Write method must be PUT or POST' }).default('PUT'),
  enabled: z.boolean().default(true),
  /** The largest total (amount plus tip) one payment may have; absent keeps the stored one (new: $10,000). */
  maxTransactionAmount: minorUnits('Maximum transaction amount', 1).optional(),
});
export type MerchantAccountInput = z.output<typeof merchantAccountInputSchema>;

export const merchantAccountSchema = z.object({
  merchid: z.string(),
  site: z.string(),
  environment: z.enum(['uat', 'production']),
  writeMethod: z.enum(['PUT', 'POST']),
  enabled: z.boolean(),
  maxTransactionAmount: z.number(),
  /** Where the gateway is reached (the local emulator in development). Credentials are never returned. */
  gatewayUrl: z.string(),
  hasCredentials: z.literal(true),
  lastTestedAt: z.iso.datetime().nullable(),
  lastTestOk: z.boolean().nullable(),
  lastTestMessage: z.string().nullable(),
  updatedBy: z.string(),
  updatedAt: z.iso.datetime(),
});
export type MerchantAccountView = z.input<typeof merchantAccountSchema>;

export const merchantTestSchema = z.object({
  ok: z.boolean(),
  message: z.string(),
  features: z.array(z.string()),
  zeroDollarAuth: z.boolean(),
});

/** Where the hosted card-entry frame is loaded from, for this restaurant's merchant account. */
export const cardEntrySchema = z.object({ url: z.string(), origin: z.string() });

// --- Settlement and funding, as the screens read them ----------------------------------------------------

export const settlementQuerySchema = z.strictObject({ date: isoDate('Date') });

export const settlementBatchSchema = z.object({
  batchid: z.string().nullable(),
  hoststat: z.string().nullable(),
  accepted: z.boolean(),
  hostbatch: z.string().nullable(),
  transactions: z.array(
    z.object({
      retref: z.string().nullable(),
      amount: z.number().nullable(),
      setlstat: z.string().nullable(),
      outcome: z.string(),
      cardtype: z.string().nullable(),
      transactionId: z.uuid().nullable(),
    }),
  ),
});
export type SettlementBatchView = z.input<typeof settlementBatchSchema>;

export const fundingQuerySchema = z.strictObject({ date: isoDate('Date') });
export const fundingRangeQuerySchema = z
  .strictObject({ from: isoDate('From'), to: isoDate('To') })
  .refine((q) => q.from <= q.to, { message: 'From must not be after to', path: ['from'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 30 * 86_400_000, {
    message: 'A funding range covers at most 31 days',
    path: ['to'],
  });

const signedMinor = z.number().nullable();

export const fundingDaySchema = z.object({
  date: z.string(),
  fundingdate: z.string().nullable(),
  fundingmasterid: z.string().nullable(),
  netSales: signedMinor,
  fees: signedMinor,
  adjustments: signedMinor,
  totalFunding: signedMinor,
  type: z.enum(['credit', 'debit', 'neutral', 'unknown']),
  transactions: z.array(
    z.object({
      retref: z.string().nullable(),
      amount: signedMinor,
      cardbrand: z.string().nullable(),
      cardnumber: z.string().nullable(),
      type: z.string().nullable(),
      status: z.string().nullable(),
    }),
  ),
  adjustmentRecords: z.array(
    z.object({
      amount: signedMinor,
      category: z.string().nullable(),
      type: z.string(),
      description: z.string().nullable(),
    }),
  ),
  chargebacks: z.array(
    z.object({
      amount: signedMinor,
      transactionAmount: signedMinor,
      reasoncode: z.string().nullable(),
      reasondescription: z.string().nullable(),
      type: z.string(),
      partial: z.boolean(),
      debit: z.boolean(),
      retref: z.string().nullable(),
      casenumber: z.string().nullable(),
      chargebackdate: z.string().nullable(),
    }),
  ),
});
export type FundingDayView = z.input<typeof fundingDaySchema>;
