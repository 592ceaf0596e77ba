import { randomUUID } from 'node:crypto';
import { tokenizeCard } from '@brigade/cardpointe/card-entry-page';
import type { CardPointeEmulator } from '@brigade/cardpointe/emulator';
import { cardDataIn, tablesText } from '@brigade/test-utils/card-data';
import { makeRestaurant, makeTenant, makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer, type Session, signInAs } from '../test-client';

/**
 * Payments through the CardPointe emulator over real HTTP (issue 16): the merchant account with sealed
 * credentials, sales, declines, captures with tips, voids, refunds after settlement, idempotency keys under
 * concurrency, the no-answer path, roles, another tenant, and no card data anywhere afterwards.
 */
const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0', CARDPOINTE_TIMEOUT_MS: '1500' } });

let tenantId: number;
let restaurantId: number;
let otherTenantId: number;
const sessions: Record<string, Session> = {};
let emulator: CardPointeEmulator;

const MERCHANT = {
  merchid: '496160873888',
  site: 'fts',
  environment: 'uat',
  username: 'testing',
  password: 'testing123',
};

beforeAll(async () => {
  const db = t.database.db;
  tenantId = (await makeTenant(db, { plan: 'enterprise' })).tenantId;
  restaurantId = (await makeRestaurant(db, tenantId)).restaurantId;
  otherTenantId = (await makeTenant(db)).tenantId;
  await makeRestaurant(db, otherTenantId);
  const people = {
    owner: { tenantId, role: 'owner' },
    manager: { tenantId, role: 'manager' },
    employee: { tenantId, role: 'employee' },
    otherOwner: { tenantId: otherTenantId, role: 'owner' },
    siteAdmin: { isSiteAdmin: true },
  } as const;
  for (const [name, options] of Object.entries(people)) {
    const user = await makeUser(db, options);
    sessions[name] = await signInAs(t.app, user.email, TEST_PASSWORD);
  }
  emulator = (await t.deps.payments.emulator())!;
  const saved = await call('owner', 'PUT', '/merchant-account', MERCHANT);
  expect(saved.statusCode).toBe(200);
});

const base = () => `/api/v1/tenants/${tenantId}/restaurants/${restaurantId}/payments`;
const call = (who: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object, key?: string) =>
  asBearer(t.app, sessions[who]!, {
    method,
    url: `${base()}${path}`,
    ...(payload ? { payload } : {}),
    headers: key ? { 'idempotency-key': key } : {},
  });

const tokenOf = (card: string) => tokenizeCard(emulator.url, card);

const sale = async (amount: number, card = '4111111111111111', extra: object = {}, who = 'employee') =>
  call(
    who,
    'POST',
    '/transactions',
    { amount, capture: true, token: await tokenOf(card), expiry: '1230', ...extra },
    randomUUID(),
  );

type Txn = { transactionId: string; status: string; [key: string]: unknown };
const txnOf = (response: { json: () => unknown }) =>
  (response.json() as { data: { transaction: Txn } }).data.transaction;

describe('the merchant account', () => {
  it('never returns or stores the credentials in the clear', async () => {
    const answer = await call('employee', 'GET', '/merchant-account');
    expect(answer.statusCode).toBe(200);
    expect(answer.body).not.toContain('testing123');
    expect(answer.json().data).toMatchObject({ merchid: MERCHANT.merchid, hasCredentials: true });
    const rows = await t.database.db.execute(sql`select credentials from merchant_accounts`);
    expect(JSON.stringify(rows)).not.toContain('testing123');
    expect(JSON.stringify(rows)).toMatch(/v1\./);
  });

  it('is managed by owners and admins only, and tested against the gateway', async () => {
    expect((await call('manager', 'PUT', '/merchant-account', MERCHANT)).statusCode).toBe(403);
    expect((await call('otherOwner', 'GET', '/merchant-account')).statusCode).toBe(403);
    const tested = await call('owner', 'POST', '/merchant-account/test');
    expect(tested.json().data).toMatchObject({ ok: true });
    const wrong = await call('owner', 'PUT', '/merchant-account', { ...MERCHANT, password: 'nope' });
    expect(wrong.statusCode).toBe(200);
    const refused = await call('owner', 'POST', '/merchant-account/test');
    expect(refused.json().data).toMatchObject({ ok: false });
    expect(refused.json().data.message).toMatch(/credentials/);
    await call('owner', 'PUT', '/merchant-account', MERCHANT);
  });

  it('needs credentials to connect, both or neither', async () => {
    const answer = await call('owner', 'PUT', '/merchant-account', { ...MERCHANT, password: undefined });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().detail).toBe('API username and password are required to connect the account');
  });
});

describe('taking a payment', () => {
  it('approves a sale and records it without card data', async () => {
    const answer = await sale(2450);
    expect(answer.statusCode).toBe(201);
    expect(txnOf(answer)).toMatchObject({
      status: 'captured',
      kind: 'sale',
      lastFour: '1111',
      cardBrand: 'visa',
      capturedAmount: 2450,
    });
    const detail = await call('employee', 'GET', `/transactions/${txnOf(answer).transactionId}`);
    expect(detail.json().data.events.map((e: { step: string }) => e.step)).toEqual([
      'authorise',
      'authorise',
    ]);
  });

  it('answers a decline as a transaction with the gateway’s words and advice', async () => {
    const answer = await sale(111_695);
    expect(answer.statusCode).toBe(201);
    expect(txnOf(answer)).toMatchObject({ status: 'declined', approval: 'declined', processorCode: '116' });
    expect(txnOf(answer).advice).toEqual(expect.any(String));
  });

  it('refuses a payment without an Idempotency-Key', async () => {
    const answer = await call('employee', 'POST', '/transactions', {
      amount: 100,
      capture: true,
      token: await tokenOf('4111111111111111'),
      expiry: '1230',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().detail).toMatch(/Idempotency-Key header is required/);
  });

  it('answers a repeated key with the stored answer, and another body with 422', async () => {
    const body = { amount: 1200, capture: true, token: await tokenOf('4111111111111111'), expiry: '1230' };
    const key = randomUUID();
    const before = emulator.calls.auth;
    const first = await call('employee', 'POST', '/transactions', body, key);
    const again = await call('employee', 'POST', '/transactions', body, key);
    expect(txnOf(again).transactionId).toBe(txnOf(first).transactionId);
    expect(emulator.calls.auth - before).toBe(1);
    const other = await call('employee', 'POST', '/transactions', { ...body, amount: 1300 }, key);
    expect(other.statusCode).toBe(422);
  });

  it('authorises exactly once for 20 concurrent requests with one key', async () => {
    const body = { amount: 999, capture: true, token: await tokenOf('5454545454545454'), expiry: '1230' };
    const key = randomUUID();
    const before = emulator.calls.auth;
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('employee', 'POST', '/transactions', body, key)),
    );
    expect(emulator.calls.auth - before).toBe(1);
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const ids = new Set(answers.filter((a) => a.statusCode === 201).map((a) => txnOf(a).transactionId));
    expect(ids.size).toBe(1);
  });

  it('reconciles by order id when the gateway does not answer', async () => {
    emulator.hang('auth');
    const answer = await sale(1500);
    expect(answer.statusCode).toBe(201);
    const txn = txnOf(answer);
    expect(txn.status).toBe('failed');
    expect(txn.reconciliation).toMatchObject({ state: 'resolved' });
    const detail = await call('employee', 'GET', `/transactions/${txn.transactionId}`);
    const steps = detail
      .json()
      .data.events.map((e: { step: string; outcome: string }) => `${e.step}:${e.outcome}`);
    expect(steps).toEqual(['authorise:requested', 'authorise:no_answer', 'inquire_by_order:not_found']);
  });

  it('voids by order id, up to three times, when the inquiry gets no answer either', async () => {
    emulator.hang('auth');
    emulator.hang('inquireByOrderid');
    emulator.hang('voidByOrderId', { times: 3 });
    const answer = await sale(1600);
    const txn = txnOf(answer);
    expect(txn.status).toBe('unknown');
    expect(txn.reconciliation).toMatchObject({ state: 'unresolved' });
    const detail = await call('employee', 'GET', `/transactions/${txn.transactionId}`);
    const steps = detail
      .json()
      .data.events.map((e: { step: string; outcome: string }) => `${e.step}:${e.outcome}`);
    expect(steps.filter((s: string) => s === 'void_by_order:no_answer')).toHaveLength(3);
    // Staff's last resort: a manager voids by order id; nothing stands under it, so nothing was charged.
    const path = `/transactions/${txn.transactionId}/void-by-order`;
    expect((await call('employee', 'POST', path, {}, randomUUID())).statusCode).toBe(403);
    const resolved = await call('manager', 'POST', path, {}, randomUUID());
    expect(resolved.statusCode).toBe(200);
    expect(txnOf(resolved)).toMatchObject({ status: 'failed', reconciliation: { state: 'resolved' } });
    const again = await call('manager', 'POST', path, {}, randomUUID());
    expect(again.statusCode).toBe(409);
  });
});

describe('after the payment', () => {
  it('captures an authorisation with a tip up to 25%, not beyond', async () => {
    const auth = await call(
      'employee',
      'POST',
      '/transactions',
      { amount: 4000, capture: false, token: await tokenOf('4111111111111111'), expiry: '1230' },
      randomUUID(),
    );
    const id = txnOf(auth).transactionId;
    expect(txnOf(auth).status).toBe('authorised');
    const over = await call(
      'employee',
      'POST',
      `/transactions/${id}/capture`,
      { tipAmount: 1001 },
      randomUUID(),
    );
    expect(over.statusCode).toBe(400);
    const captured = await call(
      'employee',
      'POST',
      `/transactions/${id}/capture`,
      { tipAmount: 800 },
      randomUUID(),
    );
    expect(captured.statusCode).toBe(200);
    expect(txnOf(captured)).toMatchObject({ status: 'captured', capturedAmount: 4800, tipAmount: 800 });
  });

  it('captures once when two captures of one authorisation race with different keys: the other is a 409', async () => {
    const auth = await call(
      'employee',
      'POST',
      '/transactions',
      { amount: 2500, capture: false, token: await tokenOf('4111111111111111'), expiry: '1230' },
      randomUUID(),
    );
    const id = txnOf(auth).transactionId;
    const before = emulator.calls.capture;
    const answers = await Promise.all(
      [{ tipAmount: 300 }, { tipAmount: 500 }].map((body) =>
        call('employee', 'POST', `/transactions/${id}/capture`, body, randomUUID()),
      ),
    );
    expect(emulator.calls.capture - before).toBe(1);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.statusCode === 200)!;
    const lost = answers.find((a) => a.statusCode === 409)!;
    expect(lost.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(['STEP_IN_PROGRESS', 'NOT_CAPTURABLE']).toContain(lost.json().code);
    const detail = await call('employee', 'GET', `/transactions/${id}`);
    expect(detail.json().data.transaction).toMatchObject({
      status: 'captured',
      capturedAmount: txnOf(won).capturedAmount,
    });
    const captures = detail
      .json()
      .data.events.filter(
        (e: { step: string; outcome: string }) => e.step === 'capture' && e.outcome !== 'requested',
      );
    expect(captures).toHaveLength(1);
    // once it is settled either way, a later capture is refused as not capturable (409), never sent
    const later = await call('employee', 'POST', `/transactions/${id}/capture`, {}, randomUUID());
    expect(later.statusCode).toBe(409);
    expect(later.json().code).toBe('NOT_CAPTURABLE');
    expect(emulator.calls.capture - before).toBe(1);
  });

  it('refuses a capture (409, not sent) while another capture of the transaction waits for the gateway', async () => {
    const auth = await call(
      'employee',
      'POST',
      '/transactions',
      { amount: 1800, capture: false, token: await tokenOf('4111111111111111'), expiry: '1230' },
      randomUUID(),
    );
    const id = txnOf(auth).transactionId;
    const before = emulator.calls.capture;
    emulator.hang('capture');
    const first = call('employee', 'POST', `/transactions/${id}/capture`, {}, randomUUID());
    const stepsOf = async () =>
      (await call('employee', 'GET', `/transactions/${id}`))
        .json()
        .data.events.map((e: { step: string; outcome: string }) => `${e.step}:${e.outcome}`);
    for (let waited = 0; !(await stepsOf()).includes('capture:requested'); waited += 20) {
      expect(waited).toBeLessThan(5000);
      await new Promise((r) => setTimeout(r, 20));
    }
    const second = await call(
      'employee',
      'POST',
      `/transactions/${id}/capture`,
      { tipAmount: 100 },
      randomUUID(),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      code: 'STEP_IN_PROGRESS',
      detail: 'Another capture or void of this transaction is in progress; check its status in a moment',
    });
    const void_ = await call('manager', 'POST', `/transactions/${id}/void`, {}, randomUUID());
    expect(void_.json().code).toBe('STEP_IN_PROGRESS');
    // the first gets no answer: 504, recorded, and the transaction is free again
    expect((await first).statusCode).toBe(504);
    expect(emulator.calls.capture - before).toBe(1);
    expect(await stepsOf()).toEqual([
      'authorise:requested',
      'authorise:approved',
      'capture:requested',
      'capture:failed',
    ]);
  });

  it('lets managers void, not employees', async () => {
    const answer = await sale(700);
    const id = txnOf(answer).transactionId;
    expect((await call('employee', 'POST', `/transactions/${id}/void`, {}, randomUUID())).statusCode).toBe(
      403,
    );
    const voided = await call('manager', 'POST', `/transactions/${id}/void`, {}, randomUUID());
    expect(voided.statusCode).toBe(200);
    expect(txnOf(voided).status).toBe('voided');
  });

  it('refunds once settled, partially, and shows settlement and funding', async () => {
    const answer = await sale(5000);
    const id = txnOf(answer).transactionId;
    const early = await call('manager', 'POST', `/transactions/${id}/refund`, { amount: 1000 }, randomUUID());
    expect(early.statusCode).toBe(409);
    const day = emulator.clock.now().toISOString().slice(0, 10);
    emulator.clock.advance(26 * 3600_000);
    const checked = await call('employee', 'POST', `/transactions/${id}/inquire`);
    expect(txnOf(checked)).toMatchObject({ status: 'settled', refundable: true });
    const settledOn = String(txnOf(checked).settledAt).slice(0, 10);
    const refund = await call(
      'manager',
      'POST',
      `/transactions/${id}/refund`,
      { amount: 1000 },
      randomUUID(),
    );
    expect(refund.statusCode).toBe(201);
    expect(txnOf(refund)).toMatchObject({
      kind: 'refund',
      status: 'captured',
      capturedAmount: 1000,
      parentTransactionId: id,
    });
    const parent = await call('employee', 'GET', `/transactions/${id}`);
    expect(parent.json().data.transaction).toMatchObject({
      status: 'partially_refunded',
      refundedAmount: 1000,
    });
    expect(parent.json().data.refunds).toHaveLength(1);

    const settled = await call('manager', 'GET', `/settlements?date=${settledOn}`);
    expect(settled.statusCode).toBe(200);
    const lines = settled
      .json()
      .data.batches.flatMap((b: { transactions: { transactionId: string }[] }) => b.transactions);
    expect(lines.some((l: { transactionId: string }) => l.transactionId === id)).toBe(true);
    emulator.clock.advance(24 * 3600_000);
    const fundedOn = emulator.clock.now().toISOString().slice(0, 10);
    const funding = await call('manager', 'GET', `/funding/daily?from=${day}&to=${fundedOn}`);
    expect(funding.statusCode).toBe(200);
    const days = funding.json().data as { netSales: number | null }[];
    expect(days.some((d) => (d.netSales ?? 0) > 0)).toBe(true);
    expect((await call('employee', 'GET', `/settlements?date=${settledOn}`)).statusCode).toBe(403);
  });

  it('lists with filters and pages', async () => {
    const declined = await call('employee', 'GET', '/transactions?status=declined');
    expect(declined.json().data.length).toBeGreaterThan(0);
    expect(declined.json().data.every((x: Txn) => x.status === 'declined')).toBe(true);
    const page = await call('employee', 'GET', '/transactions?limit=2');
    expect(page.json().data).toHaveLength(2);
    const next = await call('employee', 'GET', `/transactions?limit=2&cursor=${page.json().nextCursor}`);
    expect(next.json().data[0].transactionId).not.toBe(page.json().data[1].transactionId);
  });
});

describe('walls and card data', () => {
  it("gives another tenant's owner nothing", async () => {
    const list = await call('employee', 'GET', '/transactions?limit=1');
    const id = list.json().data[0].transactionId;
    expect((await call('otherOwner', 'GET', `/transactions/${id}`)).statusCode).toBe(403);
    expect((await call('otherOwner', 'GET', '/transactions')).statusCode).toBe(403);
    const other = `/api/v1/tenants/${otherTenantId}/restaurants/${restaurantId}/payments/transactions/${id}`;
    expect((await asBearer(t.app, sessions.otherOwner!, { method: 'GET', url: other })).statusCode).toBe(404);
  });

  it('keeps no card number or CVV in any payment row or log line', async () => {
    const tables = [
      'merchant_accounts',
      'payment_transactions',
      'payment_transaction_events',
      'payment_idempotency_keys',
    ];
    // Log lines carry their time in epoch milliseconds (13 digits): not card data.
    const logs = t.logs.text().replace(/"time":\d+/g, '');
    expect(cardDataIn(`${await tablesText(t.database.db, tables)}\n${logs}`)).toEqual([]);
  });
});
