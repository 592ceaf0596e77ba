import { z } from 'zod';
import { ACH_EXPIRY, PAYMENT_LIMITS as L } from './constants';
import {
  ALPHANUMERIC,
  checkPaymentRules,
  DIGITS,
  emailText,
  gatewayText,
  MMYY,
  type PaymentRule,
  UPPER_LETTERS,
  US_ZIP,
  yesNo,
} from './fields';
import {
  isAchAccountType,
  isTokenizedAccount,
  type ProfileOperation,
  profileOperation,
} from './profile-operation';

/**
 * Stored payment profiles: look-up, create/update and delete requests. The create and
 * update body is one request whose `profile` identifier decides what it does (profileOperation).
 */

const numericMerchid = gatewayText('Merchant ID', {
  required: true,
  max: L.merchid,
  pattern: DIGITS,
  patternMessage: 'Merchant ID must be numeric',
});
const strictMerchid = numericMerchid.min(L.merchidStrictMin, {
  message: `Merchant ID must be at least ${L.merchidStrictMin} digits`,
  abort: true,
});
const PROFILE_ID_MIN_MESSAGE = `Profile ID must be at least ${L.profileidMin} digits`;

const getFields = {
  profileid: gatewayText('Profile ID', {
    required: true,
    max: L.profileid,
    pattern: DIGITS,
    patternMessage: 'Profile ID must be numeric',
  }),
  accountid: gatewayText('Account ID', {
    required: true,
    max: L.acctid,
    pattern: DIGITS,
    patternMessage: 'Account ID must contain only digits',
  }).refine((accountid) => Number(accountid) > 0, 'Account ID must be positive'),
  merchid: numericMerchid,
};

export const profileGetRequestSchema = z.object(getFields);
export type ProfileGetRequest = z.output<typeof profileGetRequestSchema>;

/** The strict form: profile ids of at least 15 digits. */
export const profileGetRequestStrictSchema = z.object({
  ...getFields,
  profileid: getFields.profileid.min(L.profileidMin, { message: PROFILE_ID_MIN_MESSAGE, abort: true }),
});

export const EXPIRY_MESSAGE = "Expiry must be MMYY format or '0000' for ACH accounts";
export const PROFILE_IDENTIFIER_MESSAGE = 'Profile identifier must be in format: profileid/accountid';
export const POSTAL_MESSAGE = 'Invalid postal code for the selected country';
export const ACH_NAME_MESSAGE = 'Name is required for ACH accounts';
export const ACH_BANKABA_MESSAGE = 'Bank ABA is required for non-tokenized ACH accounts';
export const UPDATE_ACCOUNT_MESSAGE =
  'Account ID is required when updating existing account (format: profileid/accountid)';

const optionalText = (label: string, max: number) => gatewayText(label, { max }).optional();

const profileFields = {
  merchid: numericMerchid,
  account: gatewayText('Account', { required: true, max: L.account }).optional(),
  expiry: gatewayText('Expiry', {
    pattern: new RegExp(`${MMYY.source}|^${ACH_EXPIRY}$`),
    patternMessage: EXPIRY_MESSAGE,
  }).optional(),
  profile: gatewayText('Profile identifier', {
    max: L.profileIdentifier,
    pattern: /^\d{15,20}(\/\d{1,3})?$/,
    patternMessage: PROFILE_IDENTIFIER_MESSAGE,
  }).optional(),
  defaultacct: yesNo('Default account').optional(),
  profileupdate: yesNo('Profile update').optional(),
  cofpermission: yesNo('COF permission').optional(),
  auoptout: yesNo('Account updater opt-out').optional(),
  accttype: gatewayText('Account type', {
    max: L.accttype,
    pattern: UPPER_LETTERS,
    patternMessage: 'Account type must be 1-6 uppercase letters',
  }).optional(),
  bankaba: gatewayText('Bank ABA', {
    pattern: /^\d{9}$/,
    patternMessage: 'Bank ABA must be 9 digits',
  }).optional(),
  name: optionalText('Name', L.name),
  address: optionalText('Address', L.address),
  city: optionalText('City', L.city),
  region: optionalText('Region', L.region),
  country: gatewayText('Country', {
    length: 2,
    pattern: UPPER_LETTERS,
    patternMessage: 'Country must be 2 uppercase letters',
  }).optional(),
  postal: optionalText('Postal code', L.postal),
  phone: gatewayText('Phone', {
    max: L.phone,
    pattern: /^[0-9 ()+.-]*$/,
    patternMessage: 'Phone may hold only digits, spaces, dashes, parentheses, plus and dots',
  }).optional(),
  email: emailText('Email', L.email).optional(),
  company: optionalText('Company', L.company),
};

type ProfileFields = { [K in keyof typeof profileFields]?: z.output<(typeof profileFields)[K]> };

const OTHER_POSTAL = /^[A-Za-z0-9 -]{1,10}$/;
const isNewAccount = (v: ProfileFields) => ['create', 'add_account'].includes(profileOperation(v));
const changesAccount = (v: ProfileFields) => ['add_account', 'update_account'].includes(profileOperation(v));

/** Rules of every form. */
export const profileRules: readonly PaymentRule<ProfileFields>[] = [
  {
    path: 'account',
    message: 'Account is required for a new account',
    holds: (v) => !isNewAccount(v) || !!v.account,
  },
  {
    path: 'expiry',
    message: 'Expiry is required for a new account',
    // A CardSecure token can carry its card's expiry (the hosted card-entry frame stores it in the token):
    // the gateway stores a token without one (CardConnect's sample SDK creates profiles that way).
    holds: (v) => !isNewAccount(v) || !!v.expiry || (!!v.account && isTokenizedAccount(v.account)),
  },
  { path: 'name', message: ACH_NAME_MESSAGE, holds: (v) => !isAchAccountType(v.accttype) || !!v.name },
  {
    path: 'bankaba',
    message: ACH_BANKABA_MESSAGE,
    holds: (v) => !isAchAccountType(v.accttype) || !v.account || isTokenizedAccount(v.account) || !!v.bankaba,
  },
  {
    path: 'postal',
    message: POSTAL_MESSAGE,
    holds: (v) =>
      v.postal === undefined || ((v.country ?? 'US') === 'US' ? US_ZIP : OTHER_POSTAL).test(v.postal),
  },
];

const requiredToChangeAccount = (
  path: 'account' | 'expiry' | 'accttype',
  label: string,
): PaymentRule<ProfileFields> => ({
  path,
  message: `${label} is required when adding or updating an account`,
  holds: (v) => !changesAccount(v) || !!v[path],
});

/** Rules the strict form adds: accounts complete, expiry consistent with the account type. */
export const profileStrictRules: readonly PaymentRule<ProfileFields>[] = [
  requiredToChangeAccount('account', 'Account'),
  requiredToChangeAccount('expiry', 'Expiry'),
  requiredToChangeAccount('accttype', 'Account type'),
  {
    path: 'expiry',
    message: 'ACH accounts must use 0000 as expiry',
    holds: (v) => !isAchAccountType(v.accttype) || v.expiry === undefined || v.expiry === ACH_EXPIRY,
  },
  {
    path: 'expiry',
    message: 'Credit card accounts cannot have 0000 expiry',
    holds: (v) => isAchAccountType(v.accttype) || v.expiry !== ACH_EXPIRY,
  },
];

/** What an intended operation needs of the identifier (and account), when it is not what the request does. */
const INTENT_MESSAGES: Record<ProfileOperation, string> = {
  create: 'A new profile cannot carry a profile identifier',
  add_account: 'Adding an account needs a profile ID without an account ID, and an account',
  update_account: UPDATE_ACCOUNT_MESSAGE,
  update_profile: 'Updating a profile needs its profile ID, without an account ID or an account',
};

/**
 * Fills the defaults (cofpermission and auoptout N, country US) on a request that writes a whole account:
 * a new one, or profileupdate N. A partial update leaves absent fields absent, so it cannot reset stored
 * values to defaults.
 */
const withDefaults = <T extends ProfileFields>(request: T): T =>
  isNewAccount(request) || request.profileupdate === 'N'
    ? {
        ...request,
        cofpermission: request.cofpermission ?? 'N',
        auoptout: request.auoptout ?? 'N',
        country: request.country ?? 'US',
      }
    : request;

/** A create/update request; `intent` refuses one whose identifier does something else. */
export function profileRequestSchemaFor(options: { strict?: boolean; intent?: ProfileOperation } = {}) {
  const rules = options.strict ? [...profileRules, ...profileStrictRules] : profileRules;
  const intent = options.intent;
  return z
    .object(options.strict ? { ...profileFields, merchid: strictMerchid } : profileFields)
    .superRefine(checkPaymentRules(rules))
    .superRefine((value, ctx) => {
      if (intent && profileOperation(value) !== intent)
        ctx.addIssue({ code: 'custom', message: INTENT_MESSAGES[intent], path: ['profile'] });
    })
    .transform(withDefaults);
}

export const profileRequestSchema = profileRequestSchemaFor();
export const profileRequestStrictSchema = profileRequestSchemaFor({ strict: true });
export type ProfileRequest = z.output<typeof profileRequestSchema>;

/** The body the gateway receives: only the fields that have a value. */
export const profileRequestBody = (request: ProfileRequest): Record<string, string> =>
  Object.fromEntries(
    Object.entries(request).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '',
    ),
  );

export const missingFieldMessage = (field: string) => `Missing or invalid required field: ${field}`;
export const DELETE_IDENTIFIER_MESSAGE = 'Profile identifier must be in format "profileid/accountid"';

const deleteFields = {
  profileid: gatewayText('Profile ID', {
    required: true,
    max: L.profileid,
    pattern: DIGITS,
    missingMessage: missingFieldMessage('profileid'),
    patternMessage: missingFieldMessage('profileid'),
  }).min(L.profileidMin, { message: PROFILE_ID_MIN_MESSAGE, abort: true }),
  accountid: gatewayText('Account ID', {
    required: true,
    max: L.acctid,
    pattern: DIGITS,
    missingMessage: missingFieldMessage('accountid'),
    patternMessage: 'Account ID must contain only digits',
  }),
  merchid: gatewayText('Merchant ID', {
    required: true,
    max: L.merchid,
    pattern: ALPHANUMERIC,
    missingMessage: missingFieldMessage('merchid'),
    patternMessage: 'Merchant ID must be alphanumeric',
  }),
};

export const profileDeleteRequestSchema = z.object(deleteFields);
export type ProfileDeleteRequest = z.output<typeof profileDeleteRequestSchema>;

/**
 * The strict form: a 20-digit profile id (as the gateway issues them), an account id without a leading 0,
 * a merchant id of at least 10 characters.
 */
export const profileDeleteRequestStrictSchema = z.object({
  merchid: deleteFields.merchid.min(L.merchidStrictMin, {
    message: `Merchant ID must be at least ${L.merchidStrictMin} characters`,
    abort: true,
  }),
  profileid: deleteFields.profileid.length(L.profileid, {
    message: `Profile ID must be exactly ${L.profileid} digits`,
    abort: true,
  }),
  accountid: deleteFields.accountid.regex(/^[1-9]/, {
    message: 'Account ID cannot start with 0',
    abort: true,
  }),
});

/** A `profileid/accountid` identifier split into its two ids. */
export const profileDeleteIdentifierSchema = gatewayText('Profile identifier', {
  required: true,
  pattern: /^\d+\/\d+$/,
  missingMessage: DELETE_IDENTIFIER_MESSAGE,
  patternMessage: DELETE_IDENTIFIER_MESSAGE,
}).transform((identifier) => {
  const [profileid, accountid] = identifier.split('/') as [string, string];
  return { profileid, accountid };
});
