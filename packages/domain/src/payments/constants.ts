/**
 * The card payment gateway's (CardPointe) fixed values: field limits, enumerations and code lists
 * (docs/behaviour/payments.md#limits and #enumerations). Every schema and derivation of this folder reads
 * its numbers from here, so a limit is changed in one place.
 */

/** Field lengths in characters. */
export const PAYMENT_LIMITS = {
  merchid: 16,
  retref: 14,
  batchid: 12,
  /** Amounts in most fields; the authorisation and refund amounts allow `AMOUNT_LONG`. */
  amount: 12,
  amountLong: 14,
  token: 19,
  account: 27,
  profileid: 20,
  /** Profile ids are 15-20 digits in practice (the gateway issues 20). */
  profileidMin: 15,
  acctid: 3,
  profileIdentifier: 24,
  signature: 6144,
  userfieldsJson: 4000,
  userfield: 256,
  orderid: 50,
  respcode: 3,
  respproc: 4,
  resptext: 40,
  name: 30,
  address: 30,
  city: 30,
  region: 20,
  company: 128,
  email: 128,
  phone: 15,
  postal: 10,
  authcode: 6,
  fundingAuthcode: 10,
  surchargeMessage: 28,
  adjustmentDescription: 500,
  adjustmentType: 100,
  caseNumber: 30,
  reasonDescription: 200,
  reasonCode: 10,
  sequenceNumber: 30,
  acquirerReference: 30,
  sourceTransactionId: 100,
  track: 76,
  achDescription: 10,
  accttype: 6,
  ponumber: 36,
  shipZip: 12,
  invoiceid: 12,
  securedstid: 36,
  securevalue: 32,
  site: 12,
  /** Merchant ids of the strict forms have at least this many characters. */
  merchidStrictMin: 10,
  /** Retrieval references of the strict forms have at least this many characters. */
  retrefStrictMin: 8,
  /** CardSecure tokens are normally at least this long. */
  tokenTypicalMin: 16,
} as const;

/** Records per funding page at most. */
export const FUNDING_PAGE_LIMIT_MAX = 10_000;

export const RESPSTATS = ['A', 'B', 'C'] as const;
export type Respstat = (typeof RESPSTATS)[number];

export const YES_NO = ['Y', 'N'] as const;
export type YesNo = (typeof YES_NO)[number];

/** Settlement status of a transaction as inquire answers it. */
export const SETTLEMENT_STATUSES = [
  'Authorized',
  'Declined',
  'Queued for Capture',
  'Voided',
  'Zero Amount',
] as const;
export type SettlementStatus = (typeof SETTLEMENT_STATUSES)[number];

/** Settlement status letters of a transaction in a settlestat answer. */
export const SETTLEMENT_TXN_STATUSES = ['F', 'N', 'P', 'T', 'W', 'Y'] as const;

/** Host status of a batch in a settlestat answer ('' = blank). */
export const HOST_STATUSES = ['', 'BB', 'EB', 'GB', 'MB', 'RB', 'SB', 'ND'] as const;

export const DECLINE_CATEGORIES = ['1', '2', '3', '4'] as const;

export const FEE_FORMATS = ['flat', 'percent'] as const;
export const FEE_TYPES = [
  'CVNFEE',
  'SURCHRG',
  'SRVCFEE',
  'SRVC_WAIVED',
  'CVN_WAIVED',
  'SURCHRG_WAIVED',
  'FEE_TXN',
] as const;

/** Merchant-level fee type: C convenience, F service, S surcharge, N none. */
export const MERCHANT_FEE_TYPES = ['C', 'F', 'S', 'N'] as const;
export const MERCHANT_FEE_TYPE_NAMES = {
  C: 'convenience',
  F: 'service',
  S: 'surcharge',
  N: 'none',
} as const satisfies Record<(typeof MERCHANT_FEE_TYPES)[number], string>;

/** Card entry modes. The gateway writes Digital Wallet both with and without the space. */
export const ENTRY_MODES = [
  'Keyed',
  'Moto',
  'ECommerce',
  'Recurring',
  'Swipe (Non EMV)',
  'DigitalWallet',
  'Digital Wallet',
  'EMVContact',
  'Contactless',
  'Fallback to Track',
  'Fallback to Keyed',
] as const;

export const BIN_TYPES = [
  'Corp',
  'FSA+Prepaid',
  'GSA+Purchase',
  'Prepaid',
  'Prepaid+Corp',
  'Prepaid+Purchase',
  'Purchase',
] as const;

export const PROCESSORS = {
  RPCT: 'Rapid Connect',
  FNOR: 'First Data North',
  FSOU: 'First Data South',
  TSYS: 'TSYS',
  VISA: 'Visa Direct',
} as const;

/** `respproc` PPS: the gateway's own validation answered, not a processor. */
export const GATEWAY_PROCESSOR = 'PPS';

/** Response codes the gateway itself (respproc PPS) answers with, and what they mean. */
export const PPS_RESPONSE_CODES = {
  '08': 'Profile Deleted',
  '09': 'Profile Saved',
  '11': 'Invalid card',
  '16': 'Card expired',
  '26': 'Txn Settled',
  '27': 'Txn Batched',
  '28': 'Txn not settled',
  '29': 'Txn not found',
  '34': 'Invalid field',
  '37': 'CVV mismatch',
  '39': 'Void not permitted after 30 days',
  '43': 'Invalid amount',
  '46': 'Partial refunds not supported',
  '61': 'Line down',
  '62': 'Timed out',
  '96': 'Profile not found',
  '98': 'Invalid token',
} as const;

export const BIN_PRODUCTS = ['A', 'D', 'M', 'N', 'V'] as const;
export type BinProduct = (typeof BIN_PRODUCTS)[number];

/** Countries the BIN service names. */
export const BIN_COUNTRIES = ['US', 'CA', 'UK', 'AU'] as const;

export const SURCHARGE_TOKEN_TYPES = ['CREDIT', 'DEBIT', 'UNKNOWN'] as const;
export const SURCHARGE_POSTAL_STATUSES = ['RESTRICTED', 'NOT_RESTRICTED', 'UNKNOWN'] as const;
export const SURCHARGE_MESSAGE_FIELDS = ['amount', 'merchid', 'postal', 'token'] as const;

export const ADJUSTMENT_CATEGORIES = [
  'REVERSAL',
  'THIRD PARTY',
  'CHARGEBACK',
  'FEE',
  'ADJUSTMENT',
  'OTHER',
] as const;

/** ACH account types; every other account type is a card. */
export const ACH_ACCOUNT_TYPES = ['ECHK', 'ESAV'] as const;

export const ACH_ENTRY_CODES = ['CCD', 'PPD', 'TEL', 'WEB'] as const;
export const ECOMMERCE_INDICATORS = ['T', 'R', 'E'] as const;
/** Credential on file: C customer-initiated, M merchant-initiated. */
export const COF_INITIATORS = ['C', 'M'] as const;
export const SECURE_EXEMPTIONS = ['ivr', 'lowrisk', 'lowvalue', 'trusted'] as const;
export const SECURE_FLAGS = ['05', '06'] as const;
export const CVV_RESPONSES = ['M', 'N', 'P', 'S', 'U', 'X', ''] as const;

/** Expiry of an ACH account, which has none. */
export const ACH_EXPIRY = '0000';

/** The authcode of a successful void (a reversal). */
export const VOID_AUTHCODE = 'REVERS';

/** Response codes an approval normally carries. */
export const APPROVAL_RESPCODES = ['00', '000'] as const;

/** Error codes of the gateway error object. */
export const GATEWAY_ERROR_FACTORY_CODES = [
  'BAD_REQUEST',
  'NOT_FOUND',
  'VALIDATION_ERROR',
  'AUTH_ERROR',
] as const;
export const GATEWAY_ERROR_DEFAULT_MESSAGE = 'An error occurred';
export const GATEWAY_ERROR_DEFAULT_CODE = 'UNKNOWN';
/** Gateway codes that count as validation errors: 49 is a data error, 65 an authentication error. */
export const GATEWAY_VALIDATION_CODES = ['01', '02', '03', '49', '65'] as const;
