import { ACH_ACCOUNT_TYPES, ACH_EXPIRY, PAYMENT_LIMITS as L } from './constants';

/**
 * What a stored-profile request does, the warnings it earns, and what a delete answer means
 * (docs/behaviour/payments.md#profiles).
 */

/** What a create/update request does, read from its profile identifier (the `profile` field). */
export type ProfileOperation = 'create' | 'add_account' | 'update_account' | 'update_profile';

export const PROFILE_OPERATIONS = ['create', 'add_account', 'update_account', 'update_profile'] as const;

/**
 * No identifier creates a profile; `profileid/accountid` updates that account; a profile id alone adds the
 * request's account to the profile, or, without an account, updates the profile.
 */
export function profileOperation(request: { profile?: string; account?: string }): ProfileOperation {
  if (!request.profile) return 'create';
  if (request.profile.includes('/')) return 'update_account';
  return request.account ? 'add_account' : 'update_profile';
}

/** profileupdate Y updates only the fields sent; N replaces the whole profile; absent: the gateway decides. */
export const profileUpdateMode = (profileupdate: string | undefined): 'partial' | 'replace' | undefined =>
  profileupdate === 'Y' ? 'partial' : profileupdate === 'N' ? 'replace' : undefined;

/** ECHK and ESAV accounts are ACH (bank) accounts; every other account type is a card. */
export const isAchAccountType = (accttype: string | undefined): boolean =>
  (ACH_ACCOUNT_TYPES as readonly string[]).includes(accttype ?? '');

/**
 * Whether an account number is a CardSecure token rather than a raw account: 19 characters or more, or
 * starting with 9 (tokens start with 9).
 */
export const isTokenizedAccount = (account: string): boolean =>
  account.length >= 19 || account.startsWith('9');

export const PROFILE_WARNINGS = {
  achExpiry: 'ACH accounts typically use 0000 as expiry',
  cardExpiry: 'Credit card accounts cannot have 0000 expiry',
  incompleteAddress: 'Incomplete address may affect AVS verification',
  shortToken: 'Token shorter than typical CardSecure format',
  replacesProfile: 'profileupdate N replaces the whole profile',
  shortProfileId: 'Profile ID is shorter than the usual 15-20 digits',
  shortMerchantId: 'Merchant ID is shorter than the usual 10 or more digits',
} as const;

interface ProfileRequestLike {
  profile?: string;
  account?: string;
  expiry?: string;
  accttype?: string;
  profileupdate?: string;
  address?: string;
  city?: string;
  region?: string;
  postal?: string;
}

const ADDRESS_PARTS = ['address', 'city', 'region', 'postal'] as const;

/**
 * Warnings (not errors) about a valid create/update request. An address is incomplete when some but not all
 * of address, city, region and postal are given. The expiry warnings become errors in the strict form.
 */
export function profileRequestWarnings(request: ProfileRequestLike): string[] {
  const warnings: string[] = [];
  const ach = isAchAccountType(request.accttype);
  if (ach && request.expiry !== ACH_EXPIRY) warnings.push(PROFILE_WARNINGS.achExpiry);
  if (!ach && request.expiry === ACH_EXPIRY) warnings.push(PROFILE_WARNINGS.cardExpiry);
  const given = ADDRESS_PARTS.filter((part) => request[part]).length;
  if (given > 0 && given < ADDRESS_PARTS.length) warnings.push(PROFILE_WARNINGS.incompleteAddress);
  if (request.profileupdate === 'N' && profileOperation(request) !== 'create')
    warnings.push(PROFILE_WARNINGS.replacesProfile);
  return warnings;
}

/** Warnings about a profile answer: a token shorter than CardSecure's usual 16 or more digits. */
export const profileResponseWarnings = (response: { token?: string }): string[] =>
  response.token && response.token.length < L.tokenTypicalMin ? [PROFILE_WARNINGS.shortToken] : [];

/** Warnings about a profile look-up: ids shorter than real ones (profile ids 15-20, merchant ids 10+). */
export function profileGetWarnings(request: { profileid: string; merchid: string }): string[] {
  const warnings: string[] = [];
  if (request.profileid.length < L.profileidMin) warnings.push(PROFILE_WARNINGS.shortProfileId);
  if (request.merchid.length < L.merchidStrictMin) warnings.push(PROFILE_WARNINGS.shortMerchantId);
  return warnings;
}

export type ProfileDeleteOutcome = 'deleted' | 'retry_required' | 'failed';

export interface ProfileDeleteResult {
  outcome: ProfileDeleteOutcome;
  message: string;
  guidance: string;
}

/**
 * What a delete answer means: A deleted, B retry (a temporary issue), C failed. Any other respstat (or
 * none) is read as failed: a profile is only reported deleted when the gateway said so.
 */
export function profileDeleteOutcome(respstat: string | undefined): ProfileDeleteResult {
  if (respstat === 'A')
    return { outcome: 'deleted', message: 'Profile delete successful', guidance: 'The profile is deleted.' };
  if (respstat === 'B')
    return {
      outcome: 'retry_required',
      message: 'Profile delete requires retry',
      guidance: 'A temporary issue: try again.',
    };
  return {
    outcome: 'failed',
    message: 'Profile delete failed',
    guidance: 'Investigate the decline and contact support.',
  };
}

export const RISK_LEVELS = ['low', 'medium', 'high'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/** Deleting a stored profile is permanent and cannot be undone: high risk, with checks to make first. */
export const PROFILE_DELETE_RISK = {
  level: 'high',
  permanent: true,
  guidance: [
    'Verify the account is not the default account',
    'Check for active billing plans',
    'Confirm the customer consents',
  ],
} as const satisfies { level: RiskLevel; permanent: boolean; guidance: readonly string[] };
