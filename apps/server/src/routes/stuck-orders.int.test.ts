import { randomUUID } from 'node:crypto';
import { resolveStuckOrders } from '@brigade/core/ordering/stuck-orders';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { systemOrderingDeps } from './ordering';
import { useOrderingRestaurant } from './test-ordering';

/**
 * Checkout cut off between its steps (issue 41): orders left `placing` are settled by the stuck-order sweep
 * from what their payment became, a guest's retry then gets the final answer, and a capture the gateway
 * declines on Accept leaves the order unaccepted with the reason.
 */
const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0', CARDPOINTE_TIMEOUT_MS: '1500' } });
const kit = useOrderingRestaurant(t);
const { staff, guest, create, tokenOf } = kit;
let fries = 0;

beforeAll(async () => {
  fries = (await create('items', { name: 'Fries', basePrice: 4.5 })).itemId as number;
  await create('menu-groups', { name: 'Dinner', isMenu: true, items: [{ itemId: fries, position: 0 }] });
});

const orderBody = async (card = '4111111111111111') => ({
  lines: [{ itemId: fries, quantity: 2 }],
  pickup: { asap: true },
  customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
  payment: { token: await tokenOf(card), expiry: '1230' },
});

/** Places an order as a guest; `order` is what the guest sees, with the order's id beside it. */
const place = async (body: object, key = randomUUID()) => {
  const answer = await guest('POST', `/${kit.slug}/orders`, body, key);
  const seen = answer.json().data as { token: string; number: number };
  const rows = await t.database.db.execute<{ order_id: number }>(
    sql`select order_id from orders where token = ${seen.token}`,
  );
  const orderId = (rows as unknown as { rows: { order_id: number }[] }).rows[0]!.order_id;
  return { answer, key, order: { ...seen, orderId } };
};

const sweep = () =>
  resolveStuckOrders(systemOrderingDeps(t.deps, t.app.log), undefined, { olderThanSeconds: 60 });

/** Puts an order back to `placing`, numberless and quiet for `minutes` (what a crash after a step leaves). */
async function cutOff(orderId: number, minutes = 5, pickupMinutesAgo = -30) {
  await t.database.db.execute(sql`update orders set status = 'placing', number = null,
      updated_at = now() - make_interval(mins => ${minutes}),
      pickup_at = now() - make_interval(mins => ${pickupMinutesAgo})
    where tenant_id = ${kit.tenantId} and restaurant_id = ${kit.restaurantId} and order_id = ${orderId}`);
}

const statusOf = async (orderId: number) => {
  const answer = await staff('owner', 'GET', `/orders/${orderId}`);
  return answer.json().data;
};

describe('the stuck-order sweep', () => {
  it('puts live an order whose card was authorised before the crash, and answers the retry with it', async () => {
    const body = await orderBody();
    const { answer, key, order } = await place(body);
    expect(answer.statusCode, answer.body).toBe(201);
    await cutOff(order.orderId);
    const retried = await guest('POST', `/${kit.slug}/orders`, body, key);
    expect(retried.statusCode).toBe(409);
    const result = await sweep();
    expect(result).toMatchObject({ live: 1, failed: 0, errors: 0 });
    const after = await guest('POST', `/${kit.slug}/orders`, body, key);
    expect(after.statusCode, after.body).toBe(201);
    // put live by the sweep, it takes the day's next number then
    expect(after.json().data).toMatchObject({
      token: order.token,
      status: 'new',
      number: expect.any(Number),
    });
    expect((await statusOf(order.orderId)).status).toBe('new');
    // settled once: a second sweep finds nothing
    expect((await sweep()).examined).toBe(0);
  });

  it('fails an order whose payment never reached the gateway, and one whose answer never came back', async () => {
    const { order } = await place(await orderBody());
    await cutOff(order.orderId);
    // no key: the authorisation was never asked for
    await t.database.db.execute(
      sql`delete from payment_idempotency_keys where key = ${`order-${order.orderId}`} and tenant_id = ${kit.tenantId}`,
    );
    const second = (await place(await orderBody())).order;
    await cutOff(second.orderId);
    // claimed, never answered: a crash while the gateway was working
    await t.database.db.execute(
      sql`update payment_idempotency_keys set state = 'in_progress', response_status = null, response_body = null
        where key = ${`order-${second.orderId}`} and tenant_id = ${kit.tenantId}`,
    );
    expect(await sweep()).toMatchObject({ examined: 2, failed: 2, live: 0 });
    for (const id of [order.orderId, second.orderId]) {
      const settled = await t.database.db.execute<{ status: string; payment_message: string }>(
        sql`select status, payment_message from orders where tenant_id = ${kit.tenantId} and order_id = ${id}`,
      );
      expect((settled as unknown as { rows: { status: string }[] }).rows[0]).toMatchObject({
        status: 'payment_failed',
        payment_message: expect.stringContaining('could not be confirmed'),
      });
    }
  });

  it('voids the hold and fails the order when its pickup time is long past', async () => {
    const { order } = await place(await orderBody());
    await cutOff(order.orderId, 90, 60);
    expect(await sweep()).toMatchObject({ failed: 1 });
    const tx = await staff('owner', 'GET', '/payments/transactions');
    const payment = tx
      .json()
      .data.find((p: { orderReference: string }) => p.orderReference === `Online order ${order.orderId}`);
    expect(payment?.status).toBe('voided');
  });

  it('leaves a young placing order alone', async () => {
    const { order } = await place(await orderBody());
    await cutOff(order.orderId, 0);
    expect((await sweep()).examined).toBe(0);
    await cutOff(order.orderId, 5);
    expect((await sweep()).live).toBe(1);
  });
});

describe('a capture declined on Accept', () => {
  it('keeps the order unaccepted, says why, and a later try asks the gateway again', async () => {
    const { order } = await place(await orderBody());
    const { transactionId } = await statusOf(order.orderId);
    const rows = await t.database.db.execute<{ processor_reference: string }>(
      sql`select processor_reference from payment_transactions where transaction_id = ${transactionId}`,
    );
    const payment = (rows as unknown as { rows: { processor_reference: string }[] }).rows[0]!;
    // the gateway voided it on its side (Brigade's row still says authorised): the capture is declined
    const voided = await fetch(`${kit.emulator.restUrl}/void`, {
      method: 'PUT',
      headers: {
        authorization: `Basic ${Buffer.from('testing:testing123').toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ merchid: '496160873888', retref: payment.processor_reference }),
    });
    expect(voided.status).toBe(200);
    const accept = await staff('owner', 'POST', `/orders/${order.orderId}/status`, { status: 'accepted' });
    expect(accept.statusCode, accept.body).toBe(409);
    expect(accept.json()).toMatchObject({ code: 'CAPTURE_DECLINED' });
    expect(accept.json().detail).toContain('could not be charged');
    const after = await statusOf(order.orderId);
    expect(after.status).toBe('new');
    const captures = kit.emulator.calls.capture;
    await staff('owner', 'POST', `/orders/${order.orderId}/status`, { status: 'accepted' });
    expect(kit.emulator.calls.capture).toBe(captures + 1);
  });
});
