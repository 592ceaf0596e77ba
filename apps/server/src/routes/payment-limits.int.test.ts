import { randomUUID } from 'node:crypto';
import { CardPointeClient } from '@brigade/cardpointe/client';
import { overMaximumMessage, SALE_TIP_OVER_LIMIT_MESSAGE } from '@brigade/domain/payments/api';
import { rowsOf } from '@brigade/test-utils/card-data';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { useOrderingRestaurant } from './test-ordering';

/**
 * Limits on amounts and refunds (issue 42, items 5 and 6) over real HTTP: a restaurant's maximum per payment
 * (amount plus tip, $10,000 unless its payment settings say otherwise) and a sale's tip of at most 25%, as a
 * capture's; refunds that reserve what they take under the original's row lock, so concurrent partial refunds
 * never promise more than was paid, and a refused one gives its share back.
 */
const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0', CARDPOINTE_TIMEOUT_MS: '1500' } });
const kit = useOrderingRestaurant(t);
const { http, tokenOf } = kit;
let itemId = 0;

beforeAll(async () => {
  itemId = (await kit.create('items', { name: 'Banquet', pricingStrategy: 'open', openPrice: true }))
    .itemId as number;
  const fixed = (await kit.create('items', { name: 'Feast', basePrice: 400 })).itemId as number;
  await kit.create('menu-groups', {
    name: 'Events',
    isMenu: true,
    items: [itemId, fixed].map((id, position) => ({ itemId: id, position })),
  });
  itemId = fixed;
});

const MERCHANT = { merchid: '496160873888', site: 'fts', environment: 'uat' };

const pay = async (body: object, key = randomUUID()) =>
  http.staff(
    'employee',
    'POST',
    '/payments/transactions',
    { capture: true, token: await tokenOf('4111111111111111'), expiry: '1230', ...body },
    key,
  );

const written = async () =>
  rowsOf(
    await t.database.db.execute(sql`select
      (select count(*)::int from payment_transactions) as transactions,
      (select count(*)::int from payment_idempotency_keys) as keys,
      (select count(*)::int from orders) as orders`),
  )[0];

describe('the maximum per payment and the tip on a sale', () => {
  it("refuses the probe's amount plus tip with a 400 and writes nothing", async () => {
    const before = await written();
    const probe = await pay({ amount: 2147483647, tipAmount: 2147483647 });
    expect(probe.statusCode, probe.body).toBe(400);
    expect(probe.json().errors).toEqual([{ path: 'tipAmount', message: SALE_TIP_OVER_LIMIT_MESSAGE }]);
    const huge = await pay({ amount: 2147483647 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().detail).toBe(overMaximumMessage(1_000_000));
    expect(huge.json().detail).toBe(
      "The total (amount plus tip) cannot exceed 10,000.00, this restaurant's maximum per payment",
    );
    const over = await pay({ amount: 900_000, tipAmount: 200_000 });
    expect(over.json().errors).toEqual([{ path: 'amount', message: overMaximumMessage(1_000_000) }]);
    const tip = await pay({ amount: 800_000, tipAmount: 200_001 });
    expect(tip.json().errors).toEqual([{ path: 'tipAmount', message: SALE_TIP_OVER_LIMIT_MESSAGE }]);
    expect(await written()).toEqual(before);
  });

  it('takes a sale of exactly the maximum with a 25% tip, and an authorisation with a larger tip', async () => {
    const atMax = await pay({ amount: 800_000, tipAmount: 200_000 });
    expect(atMax.statusCode, atMax.body).toBe(201);
    expect(atMax.json().data.transaction).toMatchObject({ status: 'captured', amount: 1_000_000 });
    const authorised = await pay({ amount: 1000, tipAmount: 500, capture: false });
    expect(authorised.statusCode).toBe(201);
    expect(authorised.json().data.transaction.status).toBe('authorised');
  });

  it('refuses a capture whose tip takes the total past the maximum', async () => {
    const authorised = await pay({ amount: 900_000, capture: false });
    const id = authorised.json().data.transaction.transactionId;
    const path = `/payments/transactions/${id}/capture`;
    const over = await http.staff('employee', 'POST', path, { tipAmount: 200_000 }, randomUUID());
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual([{ path: 'tipAmount', message: overMaximumMessage(1_000_000) }]);
    const within = await http.staff('employee', 'POST', path, { tipAmount: 100_000 }, randomUUID());
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json().data.transaction.capturedAmount).toBe(1_000_000);
  });

  it("is the restaurant's payment setting: changed by owners, kept when not sent, and applied to checkout", async () => {
    const lower = await http.staff('owner', 'PUT', '/payments/merchant-account', {
      ...MERCHANT,
      maxTransactionAmount: 50_000,
    });
    expect(lower.statusCode, lower.body).toBe(200);
    expect(lower.json().data.maxTransactionAmount).toBe(50_000);
    const kept = await http.staff('owner', 'PUT', '/payments/merchant-account', MERCHANT);
    expect(kept.json().data.maxTransactionAmount).toBe(50_000);
    const zero = await http.staff('owner', 'PUT', '/payments/merchant-account', {
      ...MERCHANT,
      maxTransactionAmount: 0,
    });
    expect(zero.json().errors).toEqual([
      { path: 'maxTransactionAmount', message: 'Maximum transaction amount must be more than 0' },
    ]);
    expect((await pay({ amount: 50_001 })).json().detail).toBe(overMaximumMessage(50_000));
    // an online order of $800 (two $400 feasts) at a restaurant whose maximum is $500: refused unwritten
    const before = await written();
    const order = await http.guest(
      'POST',
      `/${kit.slug}/orders`,
      {
        lines: [{ itemId, quantity: 2 }],
        pickup: { asap: true },
        customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
        payment: { token: await tokenOf('4111111111111111'), expiry: '1230' },
      },
      randomUUID(),
    );
    expect(order.statusCode, order.body).toBe(400);
    expect(order.json().errors).toEqual([
      { path: '', message: 'An online order cannot exceed 500.00; call the restaurant for a larger order' },
    ]);
    expect(await written()).toEqual(before);
    await http.staff('owner', 'PUT', '/payments/merchant-account', {
      ...MERCHANT,
      maxTransactionAmount: 1_000_000,
    });
  });
});

/** A $50 sale, settled so that it can be refunded. */
async function refundableSale(): Promise<{ id: string; retref: string }> {
  const sale = await pay({ amount: 5000 });
  const { transactionId: id, processorReference: retref } = sale.json().data.transaction;
  const emulator = (await t.deps.payments.emulator())!;
  emulator.clock.advance(26 * 3600_000);
  const checked = await http.staff('employee', 'POST', `/payments/transactions/${id}/inquire`);
  expect(checked.json().data.transaction).toMatchObject({ status: 'settled', refundable: true });
  return { id, retref };
}

const refund = (id: string, amount?: number) =>
  http.staff(
    'manager',
    'POST',
    `/payments/transactions/${id}/refund`,
    amount ? { amount } : {},
    randomUUID(),
  );

describe('refunds at the same time', () => {
  it('twenty concurrent $5 refunds of a $50 payment: exactly ten go through, the rest are refused', async () => {
    const { id } = await refundableSale();
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(id, 500)));
    const refunded = answers.filter((a) => a.statusCode === 201);
    expect(refunded.map((a) => a.json().data.transaction.status)).toEqual(Array(10).fill('captured'));
    const refused = answers.filter((a) => a.statusCode !== 201);
    expect(refused).toHaveLength(10);
    for (const answer of refused) {
      expect([400, 409]).toContain(answer.statusCode);
      expect([
        'The refund is more than what is left to refund',
        'Refunds still in progress already cover what is left to refund; check their status in a moment',
        'This transaction cannot be refunded now; a payment is refundable once it settles (check its status)',
      ]).toContain(answer.json().detail);
    }
    const original = await http.staff('employee', 'GET', `/payments/transactions/${id}`);
    expect(original.json().data.transaction).toMatchObject({ status: 'refunded', refundedAmount: 5000 });
    // the gateway heard of the ten only: no refund of Brigade's was declined or left over
    expect(original.json().data.refunds.map((r: { status: string }) => r.status)).toEqual(
      Array(10).fill('captured'),
    );
  });

  it('gives back what a refund reserved when the gateway refuses or declines it', async () => {
    const { id, retref } = await refundableSale();
    const emulator = (await t.deps.payments.emulator())!;
    emulator.injectFailure({ endpoint: 'refund', status: 400 });
    const failed = await refund(id, 5000);
    expect(failed.statusCode).toBe(502);
    // $30 refunded at the gateway behind Brigade's back: a refund of the $50 Brigade knows of is declined
    const client = new CardPointeClient({
      baseUrl: emulator.restUrl,
      username: 'testing',
      password: 'testing123',
    });
    expect((await client.refund({ merchid: MERCHANT.merchid, retref, amount: '30.00' })).respstat).toBe('A');
    const declined = await refund(id);
    expect(declined.statusCode, declined.body).toBe(201);
    expect(declined.json().data.transaction.status).toBe('declined');
    const rest = await refund(id, 2000);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data.transaction.status).toBe('captured');
  });
});
