import { randomUUID } from 'node:crypto';
import { TestProcessor } from '@brigade/test-provider/processor';
import { testProvider } from '@brigade/test-provider/provider';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentsRuntime } from '../payments-runtime';
import { useTestApp } from '../test-app';
import { useOrderingRestaurant } from './test-ordering';

/**
 * Payments behind the provider port (issue 43 item 4, decision 061): the whole online checkout — the guest's
 * payment, the restaurant accepting the order (capture), settlement, a refund, a decline and a lost answer —
 * runs through a second processor, a Stripe-style test provider with nothing of CardPointe's wire, plugged in
 * where the CardPointe adapter sits. Core, the domain, the tables and the API do not change for it; the
 * CardPointe emulator is never asked to move money.
 */
const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0' } });
const kit = useOrderingRestaurant(t);
const { staff, guest } = kit;
const processor = new TestProcessor();
let itemId = 0;

beforeAll(async () => {
  itemId = (await kit.create('items', { name: 'Noodles', basePrice: 12 })).itemId as number;
  await kit.create('menu-groups', { name: 'Lunch', isMenu: true, items: [{ itemId, position: 0 }] });
  const runtime: PaymentsRuntime = t.deps.payments;
  runtime.provider = () => testProvider(processor);
});

/** A token as the card-entry frame of this processor would give it (12-19 digits, never a card number). */
const tokenEnding = (last4: string) => `91230000000${last4}`;

const place = (last4: string) =>
  guest(
    'POST',
    `/${kit.slug}/orders`,
    {
      lines: [{ itemId, quantity: 2 }],
      pickup: { asap: true },
      tip: { percent: 20 },
      customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
      payment: { token: tokenEnding(last4), expiry: '1230' },
    },
    randomUUID(),
  );

const transactionOf = async (transactionId: string) =>
  (await staff('manager', 'GET', `/payments/transactions/${transactionId}`)).json().data.transaction;

describe('a checkout through a second payment provider', () => {
  it('authorises, captures on accept, settles and refunds through the test processor only', async () => {
    const cardPointeCalls = { ...kit.emulator.calls };
    const placed = await place('4242');
    expect(placed.statusCode, placed.body).toBe(201);
    const { orderId } = (await staff('employee', 'GET', '/orders'))
      .json()
      .data.find((o: { token: string }) => o.token === placed.json().data.token);
    let view = (await staff('employee', 'GET', `/orders/${orderId}`)).json().data;
    expect(view).toMatchObject({ status: 'new', paymentStatus: 'authorised' });
    // 2 × 12.00 + 20% tip: the processor holds the total, in cents, as a manual-capture intent
    const [intent] = [...processor.intents.values()];
    expect(intent).toMatchObject({ status: 'requires_capture', amount: 2880, capture_method: 'manual' });
    let transaction = await transactionOf(view.transactionId);
    expect(transaction).toMatchObject({
      status: 'authorised',
      processorReference: intent!.id,
      lastFour: '4242',
    });

    const accepted = await staff('employee', 'POST', `/orders/${orderId}/status`, {
      status: 'accepted',
      readyInMinutes: 10,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ paymentStatus: 'captured' });
    expect(processor.intents.get(intent!.id)).toMatchObject({ status: 'succeeded', amount_received: 2880 });

    await staff('employee', 'POST', `/orders/${orderId}/status`, { status: 'completed' });
    processor.payout();
    const checked = await staff('employee', 'POST', `/payments/transactions/${view.transactionId}/inquire`);
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().data.transaction).toMatchObject({ status: 'settled', refundable: true });

    const refunded = await kit.http.staff(
      'manager',
      'POST',
      `/orders/${orderId}/refunds`,
      { amount: 880, reason: 'Late pickup' },
      randomUUID(),
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json().data).toMatchObject({ refundedAmount: 880 });
    const [refund] = [...processor.refunds.values()];
    expect(refund).toMatchObject({ payment_intent: intent!.id, amount: 880, status: 'succeeded' });
    transaction = await transactionOf(view.transactionId);
    expect(transaction).toMatchObject({ status: 'partially_refunded', refundedAmount: 880 });
    view = (await staff('employee', 'GET', `/orders/${orderId}`)).json().data;
    expect(view.refundedAmount).toBe(880);

    // the CardPointe emulator moved no money: every authorisation, capture and refund went to the test processor
    for (const call of ['auth', 'capture', 'refund', 'void'] as const)
      expect(kit.emulator.calls[call] ?? 0, call).toBe(cardPointeCalls[call] ?? 0);
    expect(processor.calls).toMatchObject({
      createPaymentIntent: 1,
      capture: 1,
      retrieve: 1,
      createRefund: 1,
    });
  });

  it('shows the processor’s decline in its own words, kept as data', async () => {
    const answer = await place('0002');
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().data).toMatchObject({ status: 'payment_failed' });
    const [declined] = (await staff('manager', 'GET', '/payments/transactions?status=declined')).json().data;
    expect(declined).toMatchObject({
      approval: 'declined',
      processorCode: 'generic_decline',
      processorText: 'Your card was declined.',
    });
    expect(declined.advice).toBe('Do not try this card again; ask for another way to pay.');
  });

  it('finds a payment whose answer was lost by its order id, and voids it', async () => {
    processor.failNext('createPaymentIntent', 'timeout', true);
    const answer = await place('4242');
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().data).toMatchObject({ status: 'payment_failed' });
    const lost = [...processor.intents.values()].at(-1)!;
    expect(lost.status).toBe('canceled');
    expect(processor.calls.search).toBeGreaterThanOrEqual(1);
  });
});
