import type { Executor } from '@brigade/db/database';
import type { Actor } from '@brigade/domain/access';
import { BrigadeError, notFound, validationError } from '@brigade/domain/errors';
import {
  MERCHANT_CREDENTIALS_MESSAGE,
  type MerchantAccountInput,
  type MerchantAccountView,
} from '@brigade/domain/payments/api';
import { findRestaurant } from '../tenancy/index';
import { userIdOf } from '../use-case';
import { type GatewayAccount, gatewayProblem, type PaymentDeps } from './payment-deps';
import {
  findMerchantAccount,
  type MerchantAccountRow,
  type RestaurantScope,
  recordMerchantTest,
  upsertMerchantAccount,
} from './payment-repository';

/** The restaurant's merchant account (docs/behaviour/payments.md#the-merchant-account). */

const sealContext = (scope: RestaurantScope) => `merchant_accounts:${scope.tenantId}:${scope.restaurantId}`;

export const NO_MERCHANT_ACCOUNT = 'No merchant account is connected for this restaurant';

export async function merchantAccountView(
  deps: PaymentDeps,
  row: MerchantAccountRow,
): Promise<MerchantAccountView> {
  return {
    merchid: row.merchantId,
    site: row.site,
    environment: row.environment,
    writeMethod: row.writeMethod,
    enabled: row.enabled,
    maxTransactionAmount: row.maxTransactionAmount,
    gatewayUrl: await deps.gatewayOrigin(row),
    hasCredentials: true,
    lastTestedAt: row.lastTestedAt?.toISOString() ?? null,
    lastTestOk: row.lastTestOk,
    lastTestMessage: row.lastTestMessage,
    updatedBy: row.updatedBy,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getMerchantAccount(
  deps: PaymentDeps,
  _actor: Actor,
  scope: RestaurantScope,
): Promise<MerchantAccountView | null> {
  const row = await deps.transact((tx) => findMerchantAccount(tx, scope));
  return row ? merchantAccountView(deps, row) : null;
}

export async function saveMerchantAccount(
  deps: PaymentDeps,
  actor: Actor,
  input: RestaurantScope & MerchantAccountInput,
): Promise<MerchantAccountView> {
  const { tenantId, restaurantId, username, password, ...fields } = input;
  const scope = { tenantId, restaurantId };
  if ((username === undefined) !== (password === undefined))
    throw validationError(MERCHANT_CREDENTIALS_MESSAGE, [
      { path: username === undefined ? 'username' : 'password', message: MERCHANT_CREDENTIALS_MESSAGE },
    ]);
  const row = await deps.transact(async (tx) => {
    if (!(await findRestaurant(tx, tenantId, restaurantId)))
      throw notFound('Restaurant not found', 'RESTAURANT_NOT_FOUND');
    const existing = await findMerchantAccount(tx, scope);
    if (!existing && username === undefined)
      throw validationError(MERCHANT_CREDENTIALS_MESSAGE, [
        { path: 'username', message: MERCHANT_CREDENTIALS_MESSAGE },
      ]);
    const credentials =
      username !== undefined
        ? deps.secrets().seal(JSON.stringify({ username, password }), sealContext(scope))
        : existing!.credentials;
    const changedWhere =
      existing && (existing.merchantId !== fields.merchid || existing.site !== fields.site);
    const { merchid, ...settings } = fields;
    return upsertMerchantAccount(tx, {
      ...scope,
      ...settings,
      merchantId: merchid,
      credentials,
      updatedBy: userIdOf(actor),
      // A test of other credentials or another merchant says nothing about these.
      ...(username !== undefined || changedWhere
        ? { lastTestedAt: null, lastTestOk: null, lastTestMessage: null }
        : {}),
    });
  });
  return merchantAccountView(deps, row);
}

/** The account and its opened credentials, for a gateway call; 404 when none, 409 when switched off. */
export const openMerchantAccount = (deps: PaymentDeps, scope: RestaurantScope) =>
  deps.transact((tx) => openMerchantAccountIn(deps, tx, scope));

/** openMerchantAccount inside the caller's transaction. */
export async function openMerchantAccountIn(
  deps: PaymentDeps,
  ex: Executor,
  scope: RestaurantScope,
): Promise<{ row: MerchantAccountRow; account: GatewayAccount }> {
  const row = await findMerchantAccount(ex, scope);
  if (!row) throw notFound(NO_MERCHANT_ACCOUNT, 'MERCHANT_ACCOUNT_NOT_FOUND');
  if (!row.enabled)
    throw new BrigadeError('conflict', 'MERCHANT_ACCOUNT_DISABLED', 'The merchant account is switched off');
  const { username, password } = JSON.parse(deps.secrets().open(row.credentials, sealContext(scope))) as {
    username: string;
    password: string;
  };
  return {
    row,
    account: {
      merchantId: row.merchantId,
      site: row.site,
      environment: row.environment,
      writeMethod: row.writeMethod,
      username,
      password,
    },
  };
}

export interface MerchantTestResult {
  ok: boolean;
  message: string;
  features: string[];
  zeroDollarAuth: boolean;
}

/** Test connection: asks the gateway about the merchant; the outcome is kept on the account. */
export async function testMerchantAccount(
  deps: PaymentDeps,
  _actor: Actor,
  scope: RestaurantScope,
): Promise<MerchantTestResult> {
  const { account } = await openMerchantAccount(deps, { ...scope });
  let result: MerchantTestResult;
  try {
    const checked = await deps.provider(account).checkAccount();
    result = {
      ok: checked.enabled,
      message: checked.enabled
        ? 'Connected: the gateway knows this merchant'
        : 'The gateway says this merchant is not enabled',
      features: checked.features,
      zeroDollarAuth: checked.zeroDollarAuth,
    };
  } catch (error) {
    result = { ok: false, message: gatewayProblem(error).message, features: [], zeroDollarAuth: false };
  }
  await deps.transact((tx) => recordMerchantTest(tx, scope, result));
  return result;
}

/**
 * The largest total one payment of the restaurant may have (docs/behaviour/payments.md#limits-on-amounts), or
 * null without a merchant account (nothing can be paid then anyway).
 */
export async function maxTransactionAmountOf(
  deps: PaymentDeps,
  scope: RestaurantScope,
): Promise<number | null> {
  const row = await deps.transact((tx) => findMerchantAccount(tx, scope));
  return row?.maxTransactionAmount ?? null;
}

/** Where the hosted card-entry frame loads from: the gateway's own page, so card numbers never reach us. */
export async function getCardEntry(
  deps: PaymentDeps,
  _actor: Actor,
  scope: RestaurantScope,
): Promise<{ url: string; origin: string }> {
  const row = await deps.transact((tx) => findMerchantAccount(tx, scope));
  if (!row) throw notFound(NO_MERCHANT_ACCOUNT, 'MERCHANT_ACCOUNT_NOT_FOUND');
  const origin = await deps.gatewayOrigin(row);
  const options =
    'useexpiry=true&usecvv=true&formatinput=true&invalidinputevent=true&tokenizewheninactive=true';
  return { url: `${origin}/itoke/ajax-tokenizer.html?${options}`, origin };
}
