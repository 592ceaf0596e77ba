import { z } from 'zod';
import { PAYMENT_LIMITS as L } from './constants';
import { DIGITS, emailText, gatewayText, UPPER_LETTERS, yesNo } from './fields';
import { checkTransactionResponse, RESPONSE_FIELDS } from './gateway-response';
import { lenientObjectOf, lenientOneOrMany } from './lenient';

/** Answers about stored payment profiles. */

export const APPROVED_PROFILE_NEEDS_ID = 'An approved profile response must include a profile ID';

const optionalText = (label: string, max: number) => gatewayText(label, { max }).optional();

const PROFILE_RESPONSE_FIELDS = {
  profileid: gatewayText('Profile ID', {
    required: true,
    max: L.profileid,
    pattern: DIGITS,
    patternMessage: 'Profile ID must be numeric',
  }).optional(),
  acctid: gatewayText('Account ID', {
    required: true,
    max: L.acctid,
    pattern: DIGITS,
    patternMessage: 'Account ID must contain only digits',
  }).optional(),
  respstat: RESPONSE_FIELDS.respstat,
  token: gatewayText('Token', {
    required: true,
    max: L.token,
    pattern: DIGITS,
    patternMessage: 'Token must be digits',
  }).optional(),
  respcode: RESPONSE_FIELDS.respcode,
  resptext: RESPONSE_FIELDS.resptext,
  respproc: RESPONSE_FIELDS.respproc,
  accttype: optionalText('Account type', L.accttype),
  expiry: RESPONSE_FIELDS.expiry,
  name: optionalText('Name', L.name),
  address: optionalText('Address', L.address),
  city: optionalText('City', L.city),
  region: optionalText('Region', L.region),
  country: gatewayText('Country', {
    length: 2,
    pattern: UPPER_LETTERS,
    patternMessage: 'Country must be 2 uppercase letters',
  }).optional(),
  phone: optionalText('Phone', L.phone),
  postal: optionalText('Postal code', L.postal),
  email: emailText('Email', L.email).optional(),
  company: optionalText('Company', L.company),
  defaultacct: yesNo('Default account').optional(),
  gsacard: yesNo('GSA card').optional(),
  auoptout: yesNo('Account updater opt-out').optional(),
  cofpermission: yesNo('COF permission').optional(),
};

/** The answer to a create, update or look-up: one account of a profile. */
export const profileResponseSchema = z.object(PROFILE_RESPONSE_FIELDS).superRefine((value, ctx) => {
  checkTransactionResponse(value, ctx, { retref: false });
  if (value.respstat === 'A' && !value.profileid)
    ctx.addIssue({ code: 'custom', message: APPROVED_PROFILE_NEEDS_ID, path: ['profileid'] });
});
export type ProfileResponse = z.output<typeof profileResponseSchema>;

export const profileResponseLenientSchema = lenientObjectOf(
  Object.keys(PROFILE_RESPONSE_FIELDS) as (keyof typeof PROFILE_RESPONSE_FIELDS)[],
);
export type ProfileResponseLenient = z.output<typeof profileResponseLenientSchema>;

/** A look-up answers one account, or a list of them when it asks for all of a profile's: always a list. */
export const profileGetResponseLenientSchema = lenientOneOrMany(profileResponseLenientSchema);
export type ProfileGetResponseLenient = z.output<typeof profileGetResponseLenientSchema>;

const DELETE_FIELDS = {
  resptext: RESPONSE_FIELDS.resptext,
  respcode: RESPONSE_FIELDS.respcode,
  respproc: RESPONSE_FIELDS.respproc,
  respstat: RESPONSE_FIELDS.respstat,
};

/** The answer to a delete (profileDeleteOutcome reads it). */
export const profileDeleteResponseSchema = z.object(DELETE_FIELDS).superRefine((value, ctx) => {
  checkTransactionResponse(value, ctx, { retref: false });
});
export type ProfileDeleteResponse = z.output<typeof profileDeleteResponseSchema>;

export const profileDeleteResponseLenientSchema = lenientObjectOf(
  Object.keys(DELETE_FIELDS) as (keyof typeof DELETE_FIELDS)[],
);
export type ProfileDeleteResponseLenient = z.output<typeof profileDeleteResponseLenientSchema>;
