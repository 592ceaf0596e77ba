import { randomBytes } from 'node:crypto';
import { CardPointeClient } from '@brigade/cardpointe/client';
import { type CardPointeEmulator, startCardPointeEmulator } from '@brigade/cardpointe/emulator';
import { cardPointeProvider } from '@brigade/cardpointe/provider';
import { paymentIdempotencyKeys } from '@brigade/db/schema/payments';
import { generateOrderId } from '@brigade/domain/payments/order-id';
import { makeRestaurant, makeTenant } from '@brigade/test-utils/factories';
import { useTestDatabase } from '@brigade/test-utils/test-database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSealedBox } from '../secrets/sealed-box';
import { SYSTEM } from '../use-case';
import { event } from './answer-records';
import { saveMerchantAccount } from './merchant-account-service';
import type { PaymentDeps } from './payment-deps';
import {
  addEvent,
  eventsOf,
  findTransaction,
  insertTransaction,
  type NewTransactionRow,
  type RestaurantScope,
  type TransactionRow,
} from './payment-repository';
import { VOID_BY_ORDER_ATTEMPTS } from './reconcile';
import { reconcileStalePayments } from './reconcile-stale';

/**
 * Housekeeping's reconciliation sweep (decision 023) against the CardPointe emulator over real HTTP: rows a
 * crash left pending, answers that never came, refunds without a recorded answer, and young rows left alone.
 */
const db = useTestDatabase();
const MERCHID = '496160873888';
const CREDENTIALS = { username: 'testing', password: 'testing123' };
let emulator: CardPointeEmulator;
let client: CardPointeClient;
let deps: PaymentDeps;
let scope: RestaurantScope;
const TEN_MINUTES_AGO = () => new Date(Date.now() - 10 * 60_000);

beforeAll(async () => {
  emulator = await startCardPointeEmulator();
  client = new CardPointeClient({ baseUrl: emulator.restUrl, ...CREDENTIALS, timeoutMs: 500 });
  const ex = db.database.db;
  const box = createSealedBox(randomBytes(32));
  deps = {
    db: ex,
    transact: (work) => ex.transaction(work),
    gateway: () => client,
    provider: (account) => cardPointeProvider(client, account.merchantId),
    gatewayOrigin: async () => emulator.url,
    secrets: () => box,
    randomBytes: (size) => randomBytes(size),
    pause: async () => {},
  };
  const tenantId = (await makeTenant(ex)).tenantId;
  scope = { tenantId, restaurantId: (await makeRestaurant(ex, tenantId)).restaurantId };
  await saveMerchantAccount(deps, SYSTEM, {
    ...scope,
    merchid: MERCHID,
    site: 'fts',
    environment: 'uat',
    writeMethod: 'PUT',
    enabled: true,
    ...CREDENTIALS,
  });
});
afterAll(() => emulator.close());

const row = (changes: Partial<NewTransactionRow> = {}) =>
  insertTransaction(db.database.db, {
    ...scope,
    kind: 'sale',
    status: 'pending',
    merchantId: MERCHID,
    paymentOrderId: generateOrderId(randomBytes(16)),
    amount: 1000,
    lastFour: '1111',
    cardBrand: 'visa',
    createdBy: 'u-1',
    createdAt: TEN_MINUTES_AGO(),
    updatedAt: TEN_MINUTES_AGO(),
    ...changes,
  });

const reread = async (txn: TransactionRow) =>
  (await findTransaction(db.database.db, scope, txn.transactionId))!;
const stepsOf = async (txn: TransactionRow) =>
  (await eventsOf(db.database.db, scope, txn.transactionId)).map((e) => `${e.step}:${e.outcome}:${e.actor}`);

const sale = (orderid: string, amount = '10.00') =>
  client.auth({
    merchid: MERCHID,
    account: '4111111111111111',
    expiry: '1230',
    amount,
    orderid,
    capture: 'Y',
  });

describe('the reconciliation sweep', () => {
  it('voids what the gateway approved, fails what it never received, settles refunds, leaves young rows', async () => {
    // A settled sale (first, as the clock moves), then a refund of part of it that the gateway made but
    // whose answer was never recorded; and one the gateway never received.
    const original = await sale(generateOrderId(randomBytes(16)), '20.00');
    emulator.clock.advance(26 * 3_600_000);
    const charged = await row();
    expect((await sale(charged.paymentOrderId)).respstat).toBe('A');
    const neverSent = await row();
    const young = await row({ createdAt: new Date(), updatedAt: new Date() });
    // Old, but a request is still at work on it: its last step was a moment ago.
    const busy = await row();
    await addEvent(
      db.database.db,
      event(busy, SYSTEM, 'authorise', 'no_answer', null, { failure: 'timeout' }),
    );
    const parent = await row({
      status: 'captured',
      amount: 2000,
      capturedAmount: 2000,
      processorReference: original.retref!,
      refundable: true,
    });
    const refund = await row({ kind: 'refund', parentTransactionId: parent.transactionId, amount: 500 });
    const made = await client.refund({
      merchid: MERCHID,
      retref: original.retref!,
      amount: '5.00',
      orderid: refund.paymentOrderId,
    });
    expect(made.respstat).toBe('A');
    const lostRefund = await row({
      kind: 'refund',
      parentTransactionId: parent.transactionId,
      amount: 300,
      status: 'unknown',
    });
    await db.database.db.insert(paymentIdempotencyKeys).values({
      ...scope,
      key: 'old-key',
      endpoint: 'authorisePayment',
      requestHash: 'x',
      actor: 'u-1',
      state: 'done',
      expiresAt: new Date(Date.UTC(2020, 0, 1)),
    });

    const result = await reconcileStalePayments(deps, SYSTEM, { olderThanSeconds: 120 });

    expect(result).toMatchObject({ examined: 4, skipped: 0, errors: 0, idempotencyKeys: 1 });
    expect(result.settled).toEqual({ voided: 1, failed: 2, captured: 1 });
    expect(await reread(charged)).toMatchObject({ status: 'voided', capturedAmount: 0 });
    expect((await reread(charged)).reconciliation).toMatch(/voided/);
    expect(await stepsOf(charged)).toEqual([
      'sweep:stale:system',
      'inquire_by_order:found_approved:system',
      'reconcile:approved:system',
      'void:voided:system',
    ]);
    expect(await reread(neverSent)).toMatchObject({ status: 'failed' });
    expect((await reread(neverSent)).reconciliation).toMatch(/never received/);
    expect(await stepsOf(neverSent)).toEqual(['sweep:stale:system', 'inquire_by_order:not_found:system']);
    expect(await reread(young)).toMatchObject({ status: 'pending', reconciliation: null });
    expect(await stepsOf(young)).toEqual([]);
    expect(await reread(busy)).toMatchObject({ status: 'pending', reconciliation: null });
    expect(await stepsOf(busy)).toEqual(['authorise:no_answer:system']);
    expect(await reread(refund)).toMatchObject({ status: 'captured', capturedAmount: 500 });
    expect(await reread(parent)).toMatchObject({ status: 'partially_refunded', refundedAmount: 500 });
    expect(await reread(lostRefund)).toMatchObject({ status: 'failed' });
    // A second sweep finds nothing more.
    expect((await reconcileStalePayments(deps, SYSTEM, { olderThanSeconds: 120 })).examined).toBe(0);
  });

  it('leaves a row unknown, with an event per void by order id, when the gateway never answers', async () => {
    const lost = await row({ status: 'unknown' });
    emulator.hang('inquireByOrderid');
    emulator.hang('voidByOrderId', { times: VOID_BY_ORDER_ATTEMPTS });

    const result = await reconcileStalePayments(deps, SYSTEM, { olderThanSeconds: 120 });

    expect(result.settled).toEqual({ unknown: 1 });
    expect(await reread(lost)).toMatchObject({ status: 'unknown' });
    const steps = await stepsOf(lost);
    expect(steps.slice(0, 2)).toEqual(['sweep:stale:system', 'inquire_by_order:no_answer:system']);
    expect(steps.filter((step) => step === 'void_by_order:no_answer:system')).toHaveLength(
      VOID_BY_ORDER_ATTEMPTS,
    );
    expect(steps.at(-1)).toBe('sweep:still_unknown:system');
    // Just settled: the next sweep leaves it until it is stale again.
    expect((await reconcileStalePayments(deps, SYSTEM, { olderThanSeconds: 120 })).examined).toBe(0);
  });
});
