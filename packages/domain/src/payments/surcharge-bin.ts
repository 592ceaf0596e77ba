import { z } from 'zod';
import {
  BIN_PRODUCTS,
  PAYMENT_LIMITS as L,
  SURCHARGE_MESSAGE_FIELDS,
  SURCHARGE_POSTAL_STATUSES,
  SURCHARGE_TOKEN_TYPES,
} from './constants';
import { amountText, gatewayText, isPlainObject, oneOf, UPPER_LETTERS, US_ZIP } from './fields';
import { LENIENT_RESPONSE_FIELDS } from './gateway-response';
import { lenientBoolean, lenientObjectOf, lenientRequiredString } from './lenient';

/** Surcharge eligibility and card BIN look-ups. */

export const SURCHARGE_POSTAL_OR_TOKEN_MESSAGE = 'Either postal or token must be provided';

/**
 * Whether a surcharge may be added, by the card (token) or the customer's ZIP code (postal). Like the
 * settlement request, a request missing both is refused as a whole (path ''), not on one field.
 */
export const surchargeRequestSchema = z
  .object({
    merchid: gatewayText('Merchant ID', { required: true, max: L.merchid }),
    postal: gatewayText('Postal code', {
      pattern: US_ZIP,
      patternMessage: 'Postal code must be 5 digits or 5+4',
    }).optional(),
    token: gatewayText('Token', { max: L.token }).optional(),
    amount: amountText('Amount', L.amount).optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.postal && !value.token)
      ctx.addIssue({ code: 'custom', message: SURCHARGE_POSTAL_OR_TOKEN_MESSAGE, path: [] });
  });
export type SurchargeRequest = z.output<typeof surchargeRequestSchema>;

/** A problem the surcharge service reports about one field of the request. */
export const surchargeMessageSchema = z.object({
  field: oneOf('Message field', SURCHARGE_MESSAGE_FIELDS),
  message: gatewayText('Message', { max: L.surchargeMessage }),
});

export const SURCHARGE_RESPONSE_MESSAGES = {
  token: 'Surcharge response must include token',
  postal: 'Surcharge response must include postal',
  messages: 'Surcharge response must include messages',
} as const;

export const surchargeResponseSchema = z.object({
  token: z.enum(SURCHARGE_TOKEN_TYPES, { error: 'Token must be CREDIT, DEBIT or UNKNOWN' }),
  postal: z.enum(SURCHARGE_POSTAL_STATUSES, {
    error: 'Postal must be RESTRICTED, NOT_RESTRICTED or UNKNOWN',
  }),
  fee_amount: amountText('Fee amount', L.amount).optional(),
  messages: z.array(surchargeMessageSchema, { error: SURCHARGE_RESPONSE_MESSAGES.messages }),
});
export type SurchargeResponse = z.output<typeof surchargeResponseSchema>;

/** Loading fails only when token, postal or messages is missing (the values themselves are not checked). */
export const surchargeResponseLenientSchema = lenientObjectOf(['token', 'postal', 'fee_amount', 'messages'], {
  token: lenientRequiredString(SURCHARGE_RESPONSE_MESSAGES.token),
  postal: lenientRequiredString(SURCHARGE_RESPONSE_MESSAGES.postal),
  messages: z
    .array(z.unknown(), { error: SURCHARGE_RESPONSE_MESSAGES.messages })
    .transform((entries) => entries.filter(isPlainObject))
    .pipe(z.array(lenientObjectOf(['field', 'message']))),
});
export type SurchargeResponseLenient = z.output<typeof surchargeResponseLenientSchema>;

export const binRequestSchema = z.object({
  merchid: gatewayText('Merchant ID', { required: true, max: L.merchid }),
  token: gatewayText('Token', { required: true, max: L.token }),
});
export type BinRequest = z.output<typeof binRequestSchema>;

const BIN_RANGE = { pattern: /^\d{6}XXX$/, patternMessage: 'BIN range must be 6 digits followed by XXX' };
const flag = (label: string) => z.boolean({ error: `${label} must be true or false` }).optional();

const BIN_FIELDS = {
  country: gatewayText('Country', {
    length: 2,
    pattern: UPPER_LETTERS,
    patternMessage: 'Country must be 2 uppercase letters',
  }).optional(),
  product: oneOf('Product', BIN_PRODUCTS).optional(),
  bin: gatewayText('BIN', { pattern: /^\d{6}$/, patternMessage: 'BIN must be 6 digits' }).optional(),
  cardusestring: gatewayText('Card use').optional(),
  gsa: flag('GSA'),
  corporate: flag('Corporate'),
  fsa: flag('FSA'),
  subtype: gatewayText('Subtype').optional(),
  purchase: flag('Purchase'),
  prepaid: flag('Prepaid'),
  issuer: gatewayText('Issuer').optional(),
  binlo: gatewayText('BIN low', BIN_RANGE).optional(),
  binhi: gatewayText('BIN high', BIN_RANGE).optional(),
};

export const BIN_COUNTRY_REQUIRED = 'Country is required for Visa and Mastercard';
export const BIN_BIN_REQUIRED = 'BIN is required for Visa and Mastercard';

/** What the card's BIN says about it. Visa and Mastercard answers carry country and bin. */
export const binResponseSchema = z.object(BIN_FIELDS).superRefine((value, ctx) => {
  const full = value.product === 'V' || value.product === 'M';
  if (full && !value.country)
    ctx.addIssue({ code: 'custom', message: BIN_COUNTRY_REQUIRED, path: ['country'] });
  if (full && !value.bin) ctx.addIssue({ code: 'custom', message: BIN_BIN_REQUIRED, path: ['bin'] });
});
export type BinResponse = z.output<typeof binResponseSchema>;

export const binResponseLenientSchema = lenientObjectOf(
  Object.keys(BIN_FIELDS) as (keyof typeof BIN_FIELDS)[],
  {
    ...LENIENT_RESPONSE_FIELDS,
    gsa: lenientBoolean,
    corporate: lenientBoolean,
    fsa: lenientBoolean,
    purchase: lenientBoolean,
    prepaid: lenientBoolean,
  },
);
export type BinResponseLenient = z.output<typeof binResponseLenientSchema>;
