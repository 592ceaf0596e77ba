import { z } from 'zod';
import { text } from '../text';
import { cardExpiry, cardToken, minorUnits } from './api';

/**
 * Brigade's API shapes of stored customer profiles, surcharge and BIN look-ups and signature capture
 * (docs/behaviour/payments.md#the-payments-api): cards only as CardSecure tokens, amounts in minor units.
 */

// --- Stored customer profiles (cards kept at the gateway) ------------------------------------------------

const US_POSTAL_MESSAGE = 'Postal code must be 5 digits or 5+4';
/** A stored profile's contact fields (also the management app's form limits). */
export const profileContact = {
  postal: z
    .string({ error: US_POSTAL_MESSAGE })
    .regex(/^\d{5}(-?\d{4})?$/, US_POSTAL_MESSAGE)
    .optional(),
  email: z
    .email({ error: 'Email must be an email address' })
    .max(64, 'Email cannot exceed 64 characters')
    .optional(),
  phone: z
    .string({ error: 'Phone must be text' })
    .regex(/^[0-9 ()+.-]{1,15}$/, 'Phone must be up to 15 digits, spaces, dashes, parentheses, plus or dots')
    .optional(),
};
export const profileName = () =>
  text({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(30, 'Name cannot exceed 30 characters');

/** A new profile from the card-entry frame's token: the gateway keeps the card, Brigade its last four. */
export const profileCreateSchema = z.strictObject({
  token: cardToken(),
  expiry: cardExpiry(),
  name: profileName(),
  ...profileContact,
});
export type ProfileCreateInput = z.output<typeof profileCreateSchema>;

/** Another card on an existing profile. */
export const profileAccountCreateSchema = z.strictObject({
  token: cardToken(),
  expiry: cardExpiry(),
  name: profileName().optional(),
  ...profileContact,
  /** Make this card the profile's default. */
  defaultAccount: z.boolean({ error: 'Default account must be true or false' }).optional(),
});
export type ProfileAccountCreateInput = z.output<typeof profileAccountCreateSchema>;

export const PROFILE_UPDATE_EMPTY_MESSAGE = 'Give at least one field to change';
export const profileUpdateSchema = z
  .strictObject({
    name: profileName().optional(),
    expiry: cardExpiry().optional(),
    ...profileContact,
    defaultAccount: z.literal(true, { error: 'Default account can only be set to true' }).optional(),
  })
  .refine((value) => Object.values(value).some((v) => v !== undefined), {
    message: PROFILE_UPDATE_EMPTY_MESSAGE,
    path: [],
  });
export type ProfileUpdateInput = z.output<typeof profileUpdateSchema>;

export const PROFILE_DELETE_CONFIRM_MESSAGE =
  'Deleting a stored profile is permanent and cannot be undone: confirm it by sending confirm set to the profile ID';
export const profileDeleteQuerySchema = z.strictObject({
  confirm: text().max(20, PROFILE_DELETE_CONFIRM_MESSAGE).optional(),
});

export const profileSchema = z.object({
  profileId: z.string(),
  acctId: z.string(),
  /** The merchant id the card was stored under: only that merchant account can charge or change it. */
  merchid: z.string().nullable(),
  name: z.string().nullable(),
  lastFour: z.string().nullable(),
  cardBrand: z.string().nullable(),
  expiry: z.string().nullable(),
  isDefault: z.boolean(),
  createdBy: z.string(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ProfileView = z.input<typeof profileSchema>;

/** One stored account as the gateway holds it now, with Brigade's row. */
export const profileDetailSchema = profileSchema.extend({
  gateway: z.object({
    name: z.string().nullable(),
    expiry: z.string().nullable(),
    postal: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    accountType: z.string().nullable(),
    defaultAccount: z.boolean(),
  }),
});
export type ProfileDetailView = z.input<typeof profileDetailSchema>;

export const profileDeleteResultSchema = z.object({
  outcome: z.enum(['deleted', 'retry_required', 'failed']),
  message: z.string(),
  guidance: z.string(),
  /** The gateway's own words. */
  resptext: z.string().nullable(),
});
export type ProfileDeleteResultView = z.input<typeof profileDeleteResultSchema>;

// --- Surcharge, BIN and signature -------------------------------------------------------------------------

export const SURCHARGE_NEEDS_MESSAGE = 'Give a card token or a postal code (or both)';
export const surchargeQuerySchema = z
  .strictObject({
    token: cardToken().optional(),
    postal: profileContact.postal,
    amount: z.coerce.number().pipe(minorUnits('Amount', 0)).optional(),
  })
  .refine((q) => q.token !== undefined || q.postal !== undefined, {
    message: SURCHARGE_NEEDS_MESSAGE,
    path: ['token'],
  });
export type SurchargeQuery = z.output<typeof surchargeQuerySchema>;

export const surchargeSchema = z.object({
  /** Only a credit card where the postal code allows it (isSurchargeApplicable). */
  applicable: z.boolean(),
  /** The fee the gateway computes for the amount, in cents; 0 when not applicable. */
  feeAmount: z.number(),
  tokenType: z.string(),
  postalStatus: z.string(),
  messages: z.array(z.object({ field: z.string().nullable(), message: z.string().nullable() })),
});
export type SurchargeView = z.input<typeof surchargeSchema>;

export const binQuerySchema = z.strictObject({ token: cardToken() });

export const binSchema = z.object({
  product: z.string().nullable(),
  productName: z.string().nullable(),
  informationLevel: z.enum(['full', 'limited', 'unknown']),
  country: z.string().nullable(),
  bin: z.string().nullable(),
  cardUse: z.string().nullable(),
  issuer: z.string().nullable(),
  subtype: z.string().nullable(),
  prepaid: z.boolean().nullable(),
  corporate: z.boolean().nullable(),
  purchase: z.boolean().nullable(),
  fsa: z.boolean().nullable(),
  gsa: z.boolean().nullable(),
  binlo: z.string().nullable(),
  binhi: z.string().nullable(),
});
export type BinView = z.input<typeof binSchema>;

export const SIGNATURE_MESSAGE = 'Signature must be a base64 image of at most 6144 characters';
export const signatureInputSchema = z.strictObject({
  signature: z
    .string({ error: SIGNATURE_MESSAGE })
    .max(6144, SIGNATURE_MESSAGE)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, SIGNATURE_MESSAGE),
});
export type SignatureInput = z.output<typeof signatureInputSchema>;
