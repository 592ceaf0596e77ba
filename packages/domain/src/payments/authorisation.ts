import { z } from 'zod';
import { text } from '../text';
import { parseRequestAmount, SIGNED_AMOUNT } from './amount';
import {
  ACH_ACCOUNT_TYPES,
  ACH_ENTRY_CODES,
  COF_INITIATORS,
  ECOMMERCE_INDICATORS,
  PAYMENT_LIMITS as L,
  SECURE_EXEMPTIONS,
  SECURE_FLAGS,
} from './constants';
import {
  amountText,
  checkPaymentRules,
  closedObject,
  DIGITS,
  emailText,
  gatewayText,
  MMYY,
  oneOf,
  type PaymentRule,
  UPPER_LETTERS,
  US_ZIP,
  YYYYMM,
  YYYYMMDD,
  yesNo,
} from './fields';
import { isLuhnValid, LUHN_VALID_ORDER_ID_MESSAGE } from './order-id';

/**
 * Authorisation, voice authorisation and capture requests. A capture is an
 * authorisation of an earlier one (its retref); a voice authorisation carries the issuer's authcode. The
 * gateway refuses fields it does not know, and so do these schemas.
 */

export const MERCHID_MESSAGE = 'Merchant ID is missing or invalid.';
export const RETREF_MESSAGE = 'Retrieval reference is missing or invalid.';
export const ACCOUNT_MESSAGE = 'Account is missing or invalid.';
export const AMOUNT_MESSAGE = 'Amount is missing or invalid.';

const optionalText = (label: string, max: number) => gatewayText(label, { max }).optional();
const twoLetters = (label: string) =>
  gatewayText(label, {
    length: 2,
    pattern: UPPER_LETTERS,
    patternMessage: `${label} must be 2 uppercase letters`,
  }).optional();
const numericText = (label: string, max: number) =>
  gatewayText(label, {
    required: true,
    max,
    pattern: /^\d+(\.\d+)?$/,
    patternMessage: `${label} must be a number`,
  }).optional();

/** One line item (Level 3 data). */
export const lineItemSchema = closedObject({
  lineno: gatewayText('Line number', {
    max: 4,
    pattern: DIGITS,
    patternMessage: 'Line number must be digits',
  }).optional(),
  material: gatewayText('Material').optional(),
  description: gatewayText('Description', { required: true, max: 26 }).optional(),
  upc: gatewayText('UPC', { required: true, max: 14 })
    .refine((upc) => !/^0+$/.test(upc), 'UPC cannot be all zeros')
    .optional(),
  quantity: numericText('Quantity', 12),
  uom: gatewayText('Unit of measure', { required: true, max: 8 }).optional(),
  unitcost: numericText('Unit cost', 12),
  netamnt: numericText('Net amount', 12),
  discamnt: amountText('Discount amount', L.amount).optional(),
  taxamnt: amountText('Tax amount', L.amount).optional(),
});
export type LineItem = z.output<typeof lineItemSchema>;

export const USERFIELD_NAME_MESSAGE = 'Userfield names must be non-empty text without control characters';

/** Userfields in a request: names to values, at most 4000 characters as JSON. */
export const requestUserfieldsSchema = z
  .record(gatewayText('Userfield name', { required: true }), text({ error: 'Userfield must be a string' }), {
    error: (issue) => (issue.code === 'invalid_key' ? USERFIELD_NAME_MESSAGE : undefined),
  })
  .refine(
    (fields) => JSON.stringify(fields).length <= L.userfieldsJson,
    `Userfields cannot exceed ${L.userfieldsJson} characters as JSON`,
  );

const requestAmount = gatewayText('Amount', {
  required: true,
  max: L.amountLong,
  pattern: SIGNED_AMOUNT,
  message: AMOUNT_MESSAGE,
});

/** Every field of an authorisation, each optional; the request schemas make some required. */
const authorisationFields = {
  merchid: gatewayText('Merchant ID', { required: true, max: L.merchid, message: MERCHID_MESSAGE }),
  account: gatewayText('Account', { required: true, max: L.account, message: ACCOUNT_MESSAGE }),
  amount: requestAmount,
  authcode: optionalText('Authorization code', L.authcode),
  capture: yesNo('Capture').optional(),
  tokenize: yesNo('Tokenize').optional(),
  orderid: optionalText('Order ID', L.orderid),
  currency: gatewayText('Currency', {
    length: 3,
    pattern: UPPER_LETTERS,
    patternMessage: 'Currency must be 3 uppercase letters',
  }).optional(),
  expiry: gatewayText('Expiry', {
    pattern: new RegExp(`${MMYY.source}|${YYYYMM.source}|${YYYYMMDD.source}`),
    patternMessage: 'Expiry must be MMYY, YYYYMM or YYYYMMDD',
  }).optional(),
  cvv2: gatewayText('CVV2', {
    pattern: /^\d{3,4}$/,
    patternMessage: 'CVV2 must be 3 or 4 digits',
  }).optional(),
  track: optionalText('Track', L.track),
  ecomind: oneOf('E-commerce indicator', ECOMMERCE_INDICATORS).optional(),
  cof: oneOf('Credential on file', COF_INITIATORS).optional(),
  cofpermission: yesNo('COF permission').optional(),
  cofscheduled: yesNo('COF scheduled').optional(),
  bankaba: gatewayText('Bank ABA', {
    pattern: /^\d{9}$/,
    patternMessage: 'Bank ABA must be 9 digits',
  }).optional(),
  achEntryCode: oneOf('ACH entry code', ACH_ENTRY_CODES).optional(),
  achDescription: optionalText('ACH description', L.achDescription),
  accttype: optionalText('Account type', L.accttype),
  postal: optionalText('Postal code', L.postal),
  address: optionalText('Address', L.address),
  address2: optionalText('Address line 2', L.address),
  city: optionalText('City', L.city),
  region: optionalText('Region', L.region),
  country: twoLetters('Country'),
  name: optionalText('Name', L.name),
  company: optionalText('Company', L.company),
  phone: optionalText('Phone', L.phone),
  email: emailText('Email', L.email).optional(),
  receipt: oneOf('Receipt', ['Y', 'N', 'json']).optional(),
  bin: yesNo('BIN').optional(),
  profile: optionalText('Profile', L.profileIdentifier),
  auoptout: yesNo('Account updater opt-out').optional(),
  signature: optionalText('Signature', L.signature),
  termid: gatewayText('Terminal ID', {
    pattern: /^.{3}\d{5}$/,
    patternMessage: 'Terminal ID must be 8 characters ending in 5 digits',
  }).optional(),
  taxexempt: yesNo('Tax exempt').optional(),
  ponumber: optionalText('PO number', L.ponumber),
  taxamnt: amountText('Tax amount', L.amount).optional(),
  frtamnt: amountText('Freight amount', L.amount).optional(),
  dutyamnt: amountText('Duty amount', L.amount).optional(),
  orderdate: gatewayText('Order date', {
    pattern: /^\d{8}$/,
    patternMessage: 'Order date must be 8 digits',
  }).optional(),
  shiptozip: optionalText('Ship-to ZIP', L.shipZip),
  shipfromzip: optionalText('Ship-from ZIP', L.shipZip),
  shiptocountry: twoLetters('Ship-to country'),
  invoiceid: optionalText('Invoice ID', L.invoiceid),
  securedstid: optionalText('3-D Secure transaction ID', L.securedstid),
  secureexemption: oneOf('3-D Secure exemption', SECURE_EXEMPTIONS).optional(),
  secureflag: oneOf('3-D Secure flag', SECURE_FLAGS).optional(),
  securevalue: optionalText('3-D Secure value', L.securevalue),
  userfields: requestUserfieldsSchema.optional(),
  items: z.array(lineItemSchema, { error: 'Items must be a list of line items' }).optional(),
};

type AuthorisationFields = {
  [K in keyof typeof authorisationFields]?: z.output<(typeof authorisationFields)[K]>;
};

const isUs = (country: string | undefined) => country === undefined || country === 'US';
const taxIsZero = (taxamnt: string | undefined) => taxamnt === undefined || parseRequestAmount(taxamnt) === 0;

/** The authorisation's cross-field rules, and the order id rule of docs/behaviour/payments.md#order-ids. */
export const authorisationRules: readonly PaymentRule<AuthorisationFields>[] = [
  {
    path: 'cofscheduled',
    message: 'COF scheduled is required when cof is M',
    holds: (v) => v.cof !== 'M' || v.cofscheduled !== undefined,
  },
  {
    path: 'bankaba',
    message: 'Bank ABA is required for ECHK and ESAV accounts',
    holds: (v) =>
      !(ACH_ACCOUNT_TYPES as readonly string[]).includes(v.accttype ?? '') || !v.account || !!v.bankaba,
  },
  {
    path: 'postal',
    message: 'Invalid postal code for the selected country',
    holds: (v) => v.postal === undefined || !isUs(v.country) || US_ZIP.test(v.postal),
  },
  {
    path: 'shiptozip',
    message: 'Invalid ship-to ZIP code for the selected country',
    holds: (v) => v.shiptozip === undefined || !isUs(v.shiptocountry) || US_ZIP.test(v.shiptozip),
  },
  {
    path: 'taxamnt',
    message: 'Tax amount must be zero when tax exempt',
    holds: (v) => v.taxexempt !== 'Y' || taxIsZero(v.taxamnt),
  },
  {
    path: 'taxamnt',
    message: 'Tax amount must not be zero when not tax exempt',
    holds: (v) => v.taxexempt !== 'N' || !taxIsZero(v.taxamnt),
  },
  {
    path: 'orderid',
    message: LUHN_VALID_ORDER_ID_MESSAGE,
    holds: (v) => v.orderid === undefined || !isLuhnValid(v.orderid),
  },
];

const { merchid, account, amount, authcode, ...otherFields } = authorisationFields;

/** An authorisation: positive amount authorises, 0 verifies the account, negative is a forced credit. */
export const authRequestSchema = closedObject({
  merchid,
  account,
  amount,
  authcode,
  ...otherFields,
}).superRefine(checkPaymentRules(authorisationRules));
export type AuthRequest = z.output<typeof authRequestSchema>;

/** A voice authorisation: an authorisation with the authcode the issuer gave by phone. */
export const voiceAuthRequestSchema = closedObject({
  merchid,
  account,
  amount,
  authcode: gatewayText('Authorization code', { required: true, max: L.authcode }),
  ...otherFields,
}).superRefine(checkPaymentRules(authorisationRules));
export type VoiceAuthRequest = z.output<typeof voiceAuthRequestSchema>;

/**
 * A capture: the authorisation's fields, its retref and account; no amount captures the authorised amount.
 * A partial capture or tip adjustment is a capture with an amount (captureKind tells which).
 */
const captureFields = {
  merchid,
  account,
  retref: gatewayText('Retrieval reference', { required: true, max: L.retref, message: RETREF_MESSAGE }),
  amount: amount.optional(),
  authcode,
  ...otherFields,
};
export const captureRequestSchema = closedObject(captureFields).superRefine(
  checkPaymentRules(authorisationRules),
);
export type CaptureRequest = z.output<typeof captureRequestSchema>;

/**
 * What the gateway itself accepts as a capture: the retref names the card, so the account may be left out
 * (CardConnect's own sample SDK captures with merchid and retref only). Brigade sends the spec's form above;
 * the emulator accepts this one.
 */
export const gatewayCaptureRequestSchema = closedObject({
  ...captureFields,
  account: account.optional(),
}).superRefine(checkPaymentRules(authorisationRules));
