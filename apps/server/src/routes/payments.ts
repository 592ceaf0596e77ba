import * as profilesContract from '@brigade/contracts/payment-profiles';
import * as contract from '@brigade/contracts/payments';
import { authorisePayment } from '@brigade/core/payments/authorise';
import { captureSignature, getBin, getSurcharge } from '@brigade/core/payments/lookups';
import {
  getCardEntry,
  getMerchantAccount,
  saveMerchantAccount,
  testMerchantAccount,
} from '@brigade/core/payments/merchant-account-service';
import type { PaymentDeps } from '@brigade/core/payments/payment-deps';
import {
  addProfileAccount,
  createProfile,
  deleteProfile,
  getProfile,
  listProfiles,
  updateProfile,
} from '@brigade/core/payments/profiles';
import { refundPayment } from '@brigade/core/payments/refund';
import { getFunding, getSettlement, listFunding } from '@brigade/core/payments/reports';
import { capturePayment, voidPayment, voidPaymentByOrder } from '@brigade/core/payments/transaction-actions';
import {
  getTransaction,
  listTransactions,
  refreshTransaction,
} from '@brigade/core/payments/transaction-queries';
import type { Executor } from '@brigade/db/database';
import { type WallContext, withinWalls } from '@brigade/db/tenant-walls';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps';
import { paymentDepsOf } from '../payments-runtime';
import { implement, success } from '../plugins/contract-routes';

/**
 * Card payments (issue 16, docs/behaviour/payments.md). Handlers are one call each; every database step of a
 * use-case runs in a short transaction under the request's walls (the gateway calls between them never hold
 * one), inside the request's transaction when the route has one (reads).
 */
export function paymentDeps(deps: AppDeps, walls: WallContext | null): PaymentDeps {
  const db = deps.database.db;
  const transact = walls
    ? <T>(work: (tx: Executor) => Promise<T>) => withinWalls(db, walls, (tx) => work(tx))
    : <T>(work: (tx: Executor) => Promise<T>) => work(db);
  return paymentDepsOf(deps.payments, { db, transact });
}

const keyOf = (request: FastifyRequest) => {
  const value = request.headers['idempotency-key'];
  return typeof value === 'string' ? value : undefined;
};

export const paymentRoutes = [
  implement(contract.getMerchantAccount, async ({ params, actor, deps, walls }) =>
    success(await getMerchantAccount(paymentDeps(deps, walls), actor, params)),
  ),
  implement(contract.saveMerchantAccount, async ({ params, body, actor, deps, walls }) =>
    success(await saveMerchantAccount(paymentDeps(deps, walls), actor, { ...params, ...body })),
  ),
  implement(contract.testMerchantAccount, async ({ params, actor, deps, walls }) =>
    success(await testMerchantAccount(paymentDeps(deps, walls), actor, params)),
  ),
  implement(contract.getCardEntry, async ({ params, actor, deps, walls }) =>
    success(await getCardEntry(paymentDeps(deps, walls), actor, params)),
  ),
  implement(contract.authorisePayment, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await authorisePayment(paymentDeps(deps, walls), actor, {
        ...params,
        ...body,
        idempotencyKey: keyOf(request),
      }),
    ),
  ),
  implement(contract.listTransactions, async ({ params, query, actor, deps, walls }) => {
    const page = await listTransactions(paymentDeps(deps, walls), actor, { ...params, ...query });
    return success(page.transactions, { nextCursor: page.nextCursor });
  }),
  implement(contract.getTransaction, async ({ params, actor, deps, walls }) =>
    success(await getTransaction(paymentDeps(deps, walls), actor, params)),
  ),
  implement(contract.refreshTransaction, async ({ params, actor, deps, walls }) =>
    success(await refreshTransaction(paymentDeps(deps, walls), actor, params)),
  ),
  implement(contract.capturePayment, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await capturePayment(paymentDeps(deps, walls), actor, {
        ...params,
        ...body,
        idempotencyKey: keyOf(request),
      }),
    ),
  ),
  implement(contract.voidPayment, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await voidPayment(paymentDeps(deps, walls), actor, {
        ...params,
        ...body,
        idempotencyKey: keyOf(request),
      }),
    ),
  ),
  implement(contract.refundPayment, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await refundPayment(paymentDeps(deps, walls), actor, {
        ...params,
        ...body,
        idempotencyKey: keyOf(request),
      }),
    ),
  ),
  implement(contract.voidPaymentByOrder, async ({ params, actor, deps, walls, request }) =>
    success(
      await voidPaymentByOrder(paymentDeps(deps, walls), actor, {
        ...params,
        idempotencyKey: keyOf(request),
      }),
    ),
  ),
  implement(contract.getSettlement, async ({ params, query, actor, deps, walls }) =>
    success(await getSettlement(paymentDeps(deps, walls), actor, { ...params, ...query })),
  ),
  implement(contract.getFunding, async ({ params, query, actor, deps, walls }) =>
    success(await getFunding(paymentDeps(deps, walls), actor, { ...params, ...query })),
  ),
  implement(contract.listFunding, async ({ params, query, actor, deps, walls }) =>
    success(await listFunding(paymentDeps(deps, walls), actor, { ...params, ...query })),
  ),
  implement(profilesContract.listProfiles, async ({ params, actor, deps, walls }) =>
    success(await listProfiles(paymentDeps(deps, walls), actor, params)),
  ),
  implement(profilesContract.createProfile, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await createProfile(paymentDeps(deps, walls), actor, {
        ...params,
        ...body,
        idempotencyKey: keyOf(request),
      }),
    ),
  ),
  implement(profilesContract.addProfileAccount, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await addProfileAccount(paymentDeps(deps, walls), actor, {
        ...params,
        ...body,
        idempotencyKey: keyOf(request),
      }),
    ),
  ),
  implement(profilesContract.getProfile, async ({ params, actor, deps, walls }) =>
    success(await getProfile(paymentDeps(deps, walls), actor, params)),
  ),
  implement(profilesContract.updateProfile, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await updateProfile(paymentDeps(deps, walls), actor, {
        ...params,
        ...body,
        idempotencyKey: keyOf(request),
      }),
    ),
  ),
  implement(profilesContract.deleteProfile, async ({ params, query, actor, deps, walls, request }) =>
    success(
      await deleteProfile(paymentDeps(deps, walls), actor, {
        ...params,
        ...query,
        idempotencyKey: keyOf(request),
      }),
    ),
  ),
  implement(profilesContract.getSurcharge, async ({ params, query, actor, deps, walls }) =>
    success(await getSurcharge(paymentDeps(deps, walls), actor, { ...params, ...query })),
  ),
  implement(profilesContract.getBin, async ({ params, query, actor, deps, walls }) =>
    success(await getBin(paymentDeps(deps, walls), actor, { ...params, ...query })),
  ),
  implement(profilesContract.captureSignature, async ({ params, body, actor, deps, walls, request }) =>
    success(
      await captureSignature(paymentDeps(deps, walls), actor, {
        ...params,
        ...body,
        idempotencyKey: keyOf(request),
      }),
    ),
  ),
];
