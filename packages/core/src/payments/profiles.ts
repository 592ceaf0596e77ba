import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound, validationError } from '@brigade/domain/errors';
import { cardBrandOfToken } from '@brigade/domain/payments/api';
import {
  PROFILE_DELETE_CONFIRM_MESSAGE,
  type ProfileAccountCreateInput,
  type ProfileCreateInput,
  type ProfileDeleteResultView,
  type ProfileDetailView,
  type ProfileUpdateInput,
  type ProfileView,
} from '@brigade/domain/payments/api-profiles';
import { type ProfileOperation, profileDeleteOutcome } from '@brigade/domain/payments/profile-operation';
import { type ProfileRequest, profileRequestSchemaFor } from '@brigade/domain/payments/profile-request';
import type { ProfileResponseLenient } from '@brigade/domain/payments/profile-response';
import { userIdOf } from '../use-case';
import { safeText } from './gateway-text';
import { idempotent } from './idempotency';
import { openMerchantAccount } from './merchant-account-service';
import { gatewayProblem, type PaymentDeps } from './payment-deps';
import type { RestaurantScope } from './payment-repository';
import {
  deleteProfileRow,
  findProfileRow,
  listProfileRows,
  markDefaultAccount,
  type ProfileRow,
  profileMerchant,
  updateProfileRow,
  upsertProfileRow,
} from './profile-repository';

/**
 * Stored customer profiles (docs/behaviour/payments.md#stored-customer-profiles): the gateway keeps the card,
 * created from a CardSecure token of the card-entry frame; Brigade keeps the ids with a name, last four,
 * brand and expiry to list them. Writes take an Idempotency-Key; deleting is permanent and must be confirmed.
 */

export interface ProfileIds {
  profileId: string;
  acctId: string;
}
interface Keyed {
  idempotencyKey: string | undefined;
}

export const PROFILE_NOT_FOUND = 'Stored profile not found';
export const PROFILE_OTHER_MERCHANT =
  'This stored card was stored under another merchant account: it can be charged or changed only under the merchant ID it was stored with';

/**
 * A stored card belongs to the merchant id the gateway stored it under (null: stored before that was
 * recorded, with no merchant account to tell): any other merchant account is refused before the gateway hears
 * of it (422).
 */
export function assertSameMerchant(stored: string | null | undefined, merchid: string): void {
  if (stored !== merchid)
    throw new BrigadeError('unprocessable', 'PROFILE_OTHER_MERCHANT', PROFILE_OTHER_MERCHANT);
}

export function profileView(row: ProfileRow): ProfileView {
  return {
    profileId: row.profileid,
    acctId: row.acctid,
    merchid: row.merchantId,
    name: row.name,
    lastFour: row.lastFour,
    cardBrand: row.cardBrand,
    expiry: row.expiry,
    isDefault: row.isDefault,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A gateway call whose failure is a problem of the API (never a 500). */
export async function askGateway<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    throw gatewayProblem(error);
  }
}

/** The domain's request for an operation; a request it refuses is the caller's mistake (400). */
function profileRequest(raw: Record<string, unknown>, intent: ProfileOperation): ProfileRequest {
  const defined = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = profileRequestSchemaFor({ intent }).safeParse(defined);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw validationError(issue.message, [{ path: issue.path.join('.'), message: issue.message }]);
}

function approved(answer: ProfileResponseLenient): { profileid: string; acctid: string } {
  if (answer.respstat === 'A' && answer.profileid && answer.acctid)
    return { profileid: answer.profileid, acctid: answer.acctid };
  throw new BrigadeError(
    'unprocessable',
    'PROFILE_REFUSED',
    `The gateway refused the profile: ${safeText(answer.resptext) ?? 'no reason given'}`,
  );
}

/** The stored account's row and the merchant account, refused when the card is another merchant's. */
const openStored = async (deps: PaymentDeps, scope: RestaurantScope, ids: ProfileIds) => {
  const row = await deps.transact((tx) => findProfileRow(tx, scope, ids.profileId, ids.acctId));
  if (!row) throw notFound(PROFILE_NOT_FOUND, 'PROFILE_NOT_FOUND');
  const { account } = await openMerchantAccount(deps, scope);
  assertSameMerchant(row.merchantId, account.merchantId);
  return { row, account };
};

export async function listProfiles(
  deps: PaymentDeps,
  _actor: Actor,
  scope: RestaurantScope,
): Promise<ProfileView[]> {
  const rows = await deps.transact((tx) => listProfileRows(tx, scope));
  return rows.map(profileView);
}

type CreateCall = RestaurantScope & ProfileCreateInput & Keyed;

export async function createProfile(
  deps: PaymentDeps,
  actor: Actor,
  call: CreateCall,
): Promise<{ profile: ProfileView }> {
  const { tenantId, restaurantId, idempotencyKey: key, ...input } = call;
  const scope = { tenantId, restaurantId };
  return idempotent(deps, actor, { scope, key, operation: 'createProfile', body: input }, async () => {
    const { account } = await openMerchantAccount(deps, scope);
    const request = profileRequest(
      { merchid: account.merchantId, account: input.token, ...contactOf(input), name: input.name },
      'create',
    );
    const ids = approved(await askGateway(() => deps.gateway(account).saveProfile(request)));
    const row = await deps.transact((tx) =>
      upsertProfileRow(tx, {
        ...scope,
        ...ids,
        merchantId: account.merchantId,
        ...cardOf(input),
        isDefault: true,
        createdBy: userIdOf(actor),
      }),
    );
    return { profile: profileView(row) };
  });
}

type AddAccountCall = RestaurantScope & { profileId: string } & ProfileAccountCreateInput & Keyed;

export async function addProfileAccount(
  deps: PaymentDeps,
  actor: Actor,
  call: AddAccountCall,
): Promise<{ profile: ProfileView }> {
  const { tenantId, restaurantId, idempotencyKey: key, profileId, ...input } = call;
  const scope = { tenantId, restaurantId };
  const operation = `addProfileAccount:${profileId}`;
  return idempotent(deps, actor, { scope, key, operation, body: input }, async () => {
    const stored = await deps.transact((tx) => profileMerchant(tx, scope, profileId));
    if (stored === undefined) throw notFound(PROFILE_NOT_FOUND, 'PROFILE_NOT_FOUND');
    const { account } = await openMerchantAccount(deps, scope);
    assertSameMerchant(stored, account.merchantId);
    const request = profileRequest(
      {
        merchid: account.merchantId,
        profile: profileId,
        account: input.token,
        ...contactOf(input),
        name: input.name,
        defaultacct: input.defaultAccount ? 'Y' : undefined,
      },
      'add_account',
    );
    const ids = approved(await askGateway(() => deps.gateway(account).saveProfile(request)));
    const row = await deps.transact(async (tx) => {
      const saved = await upsertProfileRow(tx, {
        ...scope,
        ...ids,
        merchantId: account.merchantId,
        ...cardOf(input),
        isDefault: false,
        createdBy: userIdOf(actor),
      });
      if (!input.defaultAccount) return saved;
      await markDefaultAccount(tx, scope, ids);
      return (await findProfileRow(tx, scope, ids.profileid, ids.acctid))!;
    });
    return { profile: profileView(row) };
  });
}

const contactOf = (input: { expiry: string; postal?: string; email?: string; phone?: string }) => ({
  expiry: input.expiry,
  postal: input.postal,
  email: input.email,
  phone: input.phone,
});

/** What Brigade keeps of the card: its last four digits (CardSecure tokens end with them), brand, expiry. */
const cardOf = (input: { token: string; expiry: string; name?: string }) => ({
  name: input.name ?? null,
  lastFour: input.token.slice(-4),
  cardBrand: cardBrandOfToken(input.token),
  expiry: input.expiry,
});

export async function getProfile(
  deps: PaymentDeps,
  _actor: Actor,
  call: RestaurantScope & ProfileIds,
): Promise<ProfileDetailView> {
  const { row, account } = await openStored(deps, call, call);
  const answers = await askGateway(() =>
    deps.gateway(account).getProfile(call.profileId, call.acctId, account.merchantId),
  );
  const held = answers.find((a) => a.respstat === 'A' && (a.acctid ?? call.acctId) === call.acctId);
  if (!held) throw notFound('The gateway no longer holds this stored profile', 'PROFILE_NOT_AT_GATEWAY');
  return {
    ...profileView(row),
    gateway: {
      name: safeText(held.name),
      expiry: safeText(held.expiry),
      postal: safeText(held.postal),
      email: safeText(held.email),
      phone: safeText(held.phone),
      accountType: safeText(held.accttype),
      defaultAccount: held.defaultacct === 'Y',
    },
  };
}

type UpdateCall = RestaurantScope & ProfileIds & ProfileUpdateInput & Keyed;

export async function updateProfile(
  deps: PaymentDeps,
  actor: Actor,
  call: UpdateCall,
): Promise<{ profile: ProfileView }> {
  const { tenantId, restaurantId, idempotencyKey: key, profileId, acctId, ...input } = call;
  const scope = { tenantId, restaurantId };
  const ids = { profileId, acctId };
  const operation = `updateProfile:${profileId}/${acctId}`;
  return idempotent(deps, actor, { scope, key, operation, body: input }, async () => {
    const { account } = await openStored(deps, scope, ids);
    const request = profileRequest(
      {
        merchid: account.merchantId,
        profile: `${profileId}/${acctId}`,
        profileupdate: 'Y',
        name: input.name,
        expiry: input.expiry,
        postal: input.postal,
        email: input.email,
        phone: input.phone,
        defaultacct: input.defaultAccount ? 'Y' : undefined,
      },
      'update_account',
    );
    approved(await askGateway(() => deps.gateway(account).saveProfile(request)));
    const key_ = { profileid: profileId, acctid: acctId };
    const row = await deps.transact(async (tx) => {
      if (input.defaultAccount) await markDefaultAccount(tx, scope, key_);
      return updateProfileRow(tx, scope, key_, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.expiry !== undefined ? { expiry: input.expiry } : {}),
      });
    });
    return { profile: profileView(row) };
  });
}

type DeleteCall = RestaurantScope & ProfileIds & { confirm?: string | undefined } & Keyed;

/**
 * Deletes a stored account at the gateway: permanent (PROFILE_DELETE_RISK), so the request must repeat the
 * profile id as `confirm`. Brigade's row goes only when the gateway says deleted; retry and failed keep it.
 */
export async function deleteProfile(
  deps: PaymentDeps,
  actor: Actor,
  call: DeleteCall,
): Promise<ProfileDeleteResultView> {
  const { tenantId, restaurantId, idempotencyKey: key, profileId, acctId } = call;
  if (call.confirm !== profileId)
    throw validationError(PROFILE_DELETE_CONFIRM_MESSAGE, [
      { path: 'confirm', message: PROFILE_DELETE_CONFIRM_MESSAGE },
    ]);
  const scope = { tenantId, restaurantId };
  const operation = `deleteProfile:${profileId}/${acctId}`;
  return idempotent(deps, actor, { scope, key, operation, body: {} }, async () => {
    const { account } = await openStored(deps, scope, { profileId, acctId });
    const answer = await askGateway(() =>
      deps.gateway(account).deleteProfile(profileId, acctId, account.merchantId),
    );
    const result = profileDeleteOutcome(answer.respstat);
    if (result.outcome === 'deleted')
      await deps.transact((tx) => deleteProfileRow(tx, scope, { profileid: profileId, acctid: acctId }));
    return { ...result, resptext: safeText(answer.resptext) };
  });
}
