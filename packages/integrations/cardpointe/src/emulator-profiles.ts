import { isAchAccountType, profileOperation } from '@brigade/domain/payments/profile-operation';
import { type ProfileRequest, profileRequestSchema } from '@brigade/domain/payments/profile-request';
import { type Context, invalidField, ok, pps, type Reply } from './emulator-answers';
import { cardOf, looksLikeToken, tokenOf } from './emulator-cards';
import { type EmulatorState, nextId, type Profile, type ProfileAccount } from './emulator-state';

/**
 * Stored payment profiles: create (a duplicate answers the existing ids), add an account, update one
 * (partially with profileupdate Y), look up, delete. Profile ids are 20 digits, account ids count from 1.
 */

/** The fields a profile account keeps (the card itself only as its token). */
const KEPT_FIELDS = [
  'expiry',
  'name',
  'address',
  'city',
  'region',
  'country',
  'postal',
  'phone',
  'email',
  'company',
  'accttype',
  'defaultacct',
  'auoptout',
  'cofpermission',
] as const;

function keptFields(source: Record<string, unknown>): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const name of KEPT_FIELDS) {
    const value = source[name];
    if (typeof value === 'string' && value !== '') fields[name] = value;
  }
  return fields;
}

function profileView(profile: Profile, account: ProfileAccount, saved: boolean): Record<string, unknown> {
  return {
    profileid: profile.profileid,
    acctid: account.acctid,
    respstat: 'A',
    respcode: saved ? '09' : '00',
    resptext: saved ? 'Profile Saved' : 'Approval',
    respproc: 'PPS',
    token: account.token,
    gsacard: 'N',
    ...account.fields,
  };
}

/** The account a `profile` identifier (`pid/aid`, or `pid` for its default account) names. */
export function storedAccount(
  state: EmulatorState,
  identifier: string,
  merchid: string | undefined,
): (ProfileAccount & { profileid: string }) | undefined {
  const [profileid = '', acctid] = identifier.split('/');
  const profile = state.profiles.get(profileid);
  if (!profile || profile.merchid !== merchid) return undefined;
  const account = acctid
    ? profile.accounts.get(acctid)
    : ([...profile.accounts.values()].find((a) => a.fields.defaultacct === 'Y') ?? profile.accounts.get('1'));
  return account ? { ...account, profileid } : undefined;
}

function findDuplicate(state: EmulatorState, merchid: string, token: string) {
  for (const profile of state.profiles.values()) {
    if (profile.merchid !== merchid) continue;
    for (const account of profile.accounts.values()) if (account.token === token) return { profile, account };
  }
  return undefined;
}

/** A new profile for a card (or the existing one holding it): its ids. */
export function createProfileFor(
  state: EmulatorState,
  merchid: string,
  token: string,
  source: Record<string, unknown>,
): { profileid: string; acctid: string } {
  const duplicate = findDuplicate(state, merchid, token);
  if (duplicate) return { profileid: duplicate.profile.profileid, acctid: duplicate.account.acctid };
  const profile: Profile = { profileid: nextId(state, 20), merchid, accounts: new Map() };
  profile.accounts.set('1', { acctid: '1', token, fields: { ...keptFields(source), defaultacct: 'Y' } });
  state.profiles.set(profile.profileid, profile);
  return { profileid: profile.profileid, acctid: '1' };
}

/**
 * The token of a request's account: a card (tokenised), a bank account for ACH, or any well-formed CardSecure
 * token (9 and 15-18 more digits), also one the emulator did not issue: the gateway's vault holds cards the
 * emulator never saw. Such a token is stored as given; the emulator cannot charge it (PPS 98).
 */
function tokenFor(state: EmulatorState, request: ProfileRequest): string | undefined {
  if (!request.account) return undefined;
  if (isAchAccountType(request.accttype)) {
    const token = tokenOf(request.account);
    state.vault.set(token, request.account);
    return token;
  }
  const card = cardOf(state, request.account);
  if (card) return card.token;
  return looksLikeToken(request.account) ? request.account : undefined;
}

function updateAccount(account: ProfileAccount, request: ProfileRequest, token: string | undefined) {
  const fields = keptFields(request);
  account.fields = request.profileupdate === 'Y' ? { ...account.fields, ...fields } : fields;
  if (token) account.token = token;
}

/** `defaultacct` Y makes the account the profile's one default: the others lose it. */
function settleDefault(profile: { accounts: Map<string, ProfileAccount> }, account: ProfileAccount) {
  if (account.fields.defaultacct !== 'Y') return;
  for (const other of profile.accounts.values())
    if (other !== account && other.fields.defaultacct === 'Y')
      other.fields = { ...other.fields, defaultacct: 'N' };
}

export function saveProfile(ctx: Context, raw: Record<string, unknown>): Reply {
  const parsed = profileRequestSchema.safeParse(raw);
  if (!parsed.success) return invalidField();
  const request = parsed.data;
  const token = tokenFor(ctx.state, request);
  if (request.account && !token) return pps('11');
  const operation = profileOperation(request);
  if (operation === 'create') {
    const ids = createProfileFor(ctx.state, request.merchid, token!, request);
    const profile = ctx.state.profiles.get(ids.profileid)!;
    return ok(profileView(profile, profile.accounts.get(ids.acctid)!, true));
  }
  const [profileid = '', acctid] = (request.profile ?? '').split('/');
  const profile = ctx.state.profiles.get(profileid);
  if (!profile || profile.merchid !== request.merchid) return pps('96');
  if (operation === 'add_account') {
    const next = String(Math.max(0, ...[...profile.accounts.keys()].map(Number)) + 1);
    const defaultacct = request.defaultacct === 'Y' ? 'Y' : 'N';
    const account = { acctid: next, token: token!, fields: { ...keptFields(request), defaultacct } };
    profile.accounts.set(next, account);
    settleDefault(profile, account);
    return ok(profileView(profile, account, true));
  }
  const account = storedAccount(ctx.state, acctid ? `${profileid}/${acctid}` : profileid, request.merchid);
  const stored = account && profile.accounts.get(account.acctid);
  if (!stored) return pps('96');
  updateAccount(
    stored,
    { ...request, profileupdate: operation === 'update_profile' ? 'Y' : request.profileupdate },
    token,
  );
  settleDefault(profile, stored);
  return ok(profileView(profile, stored, true));
}

export function getProfile(ctx: Context, [profileid = '', acctid = '', merchid = '']: string[]): Reply {
  const profile = ctx.state.profiles.get(profileid);
  if (!profile || profile.merchid !== merchid) return pps('96');
  if (acctid === '')
    return ok([...profile.accounts.values()].map((account) => profileView(profile, account, false)));
  const account = profile.accounts.get(acctid);
  return account ? ok(profileView(profile, account, false)) : pps('96');
}

export function deleteProfile(ctx: Context, [profileid = '', acctid = '', merchid = '']: string[]): Reply {
  const profile = ctx.state.profiles.get(profileid);
  if (!profile || profile.merchid !== merchid) return pps('96');
  if (acctid !== '') {
    if (!profile.accounts.delete(acctid)) return pps('96');
    if (profile.accounts.size > 0) return pps('08', 'A');
  }
  ctx.state.profiles.delete(profileid);
  return pps('08', 'A');
}
