import { randomUUID } from 'node:crypto';
import type { JobRunner } from '@brigade/core/jobs/job-runner';
import { outboxEmails, outboxTexts } from '@brigade/db/schema/identity';
import { rowsOf } from '@brigade/test-utils/card-data';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJobRunner } from '../job-runtime';
import { useTestApp } from '../test-app';
import { useOrderingRestaurant } from './test-ordering';

/**
 * Orders nobody accepts (issue 41 item 4): going live writes two `order.unaccepted` checks, due after the
 * restaurant's alert and cancel minutes. The test brings them due (their start time moved to now) instead of
 * waiting 5 and 20 minutes; the job runner then mails the restaurant, or cancels the order and voids the hold.
 */
const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0' } });
const kit = useOrderingRestaurant(t);
let fries = 0;
let jobs: JobRunner | undefined;

beforeAll(async () => {
  fries = (await kit.create('items', { name: 'Fries', basePrice: 4.5 })).itemId as number;
  await kit.create('menu-groups', { name: 'Dinner', isMenu: true, items: [{ itemId: fries, position: 0 }] });
  jobs = createJobRunner(
    t.deps,
    { db: t.database.db, storage: t.deps.imageStorage, instanceId: 'test' },
    t.app.log,
  );
  await jobs.start();
});
afterAll(async () => jobs?.stop());

async function placeOrder(): Promise<{ orderId: number; number: number }> {
  const answer = await kit.guest(
    'POST',
    `/${kit.slug}/orders`,
    {
      lines: [{ itemId: fries, quantity: 2 }],
      pickup: { asap: true },
      customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
      payment: { token: await kit.tokenOf('4111111111111111'), expiry: '1230' },
    },
    randomUUID(),
  );
  expect(answer.statusCode, answer.body).toBe(201);
  const [row] = rowsOf(
    await t.database.db.execute(
      sql`select order_id, number from orders where token = ${answer.json().data.token}`,
    ),
  ) as { order_id: number; number: number }[];
  return { orderId: Number(row!.order_id), number: row!.number };
}

const checksOf = async (orderId: number) =>
  rowsOf(
    await t.database.db.execute(
      sql`select data->>'step' as step, state::text as state, round(extract(epoch from start_after - created_on) / 60) as minutes
          from pgboss.job where name = 'order.unaccepted' and (data->>'orderId')::bigint = ${orderId} order by 3`,
    ),
  ) as { step: string; state: string; minutes: string }[];

const bringDue = (orderId: number, step: string) =>
  t.database.db.execute(
    sql`update pgboss.job set start_after = now() where name = 'order.unaccepted'
        and (data->>'orderId')::bigint = ${orderId} and data->>'step' = ${step}`,
  );

describe('orders nobody accepts', () => {
  it('writes an alert after 5 and a cancel after 20 minutes with each order, as the settings say', async () => {
    const { orderId } = await placeOrder();
    expect((await checksOf(orderId)).map((c) => [c.step, c.state, Number(c.minutes)])).toEqual([
      ['alert', 'created', 5],
      ['cancel', 'created', 20],
    ]);
    const settings = await kit.staff('manager', 'PATCH', '/ordering-settings', {
      alertAfterMinutes: 0,
      cancelAfterMinutes: 45,
    });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(settings.json().data).toMatchObject({ alertAfterMinutes: 0, cancelAfterMinutes: 45 });
    const later = await placeOrder();
    expect((await checksOf(later.orderId)).map((c) => [c.step, Number(c.minutes)])).toEqual([['cancel', 45]]);
    const refused = await kit.staff('manager', 'PATCH', '/ordering-settings', { cancelAfterMinutes: 241 });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Cancel after cannot exceed 240 minutes');
    await kit.staff('manager', 'PATCH', '/ordering-settings', {
      alertAfterMinutes: 5,
      cancelAfterMinutes: 20,
    });
  });

  it("mails the restaurant when the alert comes due, then cancels the order and releases the guest's card", async () => {
    const { orderId, number } = await placeOrder();
    await bringDue(orderId, 'alert');
    await expect
      .poll(
        async () =>
          (
            await t.database.db
              .select()
              .from(outboxEmails)
              .where(eq(outboxEmails.subject, `Order #${number} is waiting to be accepted`))
          ).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    await bringDue(orderId, 'cancel');
    await expect
      .poll(async () => (await kit.staff('owner', 'GET', `/orders/${orderId}`)).json().data.status, {
        timeout: 10_000,
      })
      .toBe('cancelled');
    const order = (await kit.staff('owner', 'GET', `/orders/${orderId}`)).json().data;
    expect(order.events.at(-1)).toMatchObject({
      status: 'cancelled',
      note: 'Not accepted within 20 minutes',
    });
    expect(order.payment?.status ?? order.paymentStatus).toBe('voided');
  });

  it('does nothing to an order that was accepted in time', async () => {
    const { orderId } = await placeOrder();
    expect(
      (await kit.staff('owner', 'POST', `/orders/${orderId}/status`, { status: 'accepted' })).statusCode,
    ).toBe(200);
    await bringDue(orderId, 'alert');
    await bringDue(orderId, 'cancel');
    await expect
      .poll(async () => (await checksOf(orderId)).map((c) => c.state), { timeout: 10_000 })
      .toEqual(['completed', 'completed']);
    expect((await kit.staff('owner', 'GET', `/orders/${orderId}`)).json().data.status).toBe('accepted');
  });

  it('texts the alert phone through Twilio when the settings name one, and refuses a number it cannot text', async () => {
    const refused = await kit.staff('manager', 'PATCH', '/ordering-settings', { alertPhone: '555-0100' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Enter the alert phone in international format, such as +15551234567');
    const saved = await kit.staff('manager', 'PATCH', '/ordering-settings', { alertPhone: '+15550104477' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.alertPhone).toBe('+15550104477');
    const twilio = await t.deps.sms.emulator()!;
    // the first attempt meets a Twilio outage: the job tries again (its retry brought due at once)
    twilio.injectFailure({ status: 503 });
    const { orderId, number } = await placeOrder();
    await bringDue(orderId, 'alert');
    await expect
      .poll(
        async () => {
          await t.database.db.execute(
            sql`update pgboss.job set start_after = now() where name = 'sms.deliver' and state = 'retry'`,
          );
          return twilio.texts.filter((text) => text.body.includes(`order #${number} `)).length;
        },
        { timeout: 15_000 },
      )
      .toBe(1);
    const text = twilio.texts.find((sent) => sent.body.includes(`order #${number} `))!;
    expect(text.to).toBe('+15550104477');
    expect(text.body).toMatch(/has waited 5 min and nobody has accepted it/);
    // marked sent once Twilio's answer is back (a moment after the emulator has the text)
    await expect
      .poll(
        async () =>
          (await t.database.db.select().from(outboxTexts).where(eq(outboxTexts.providerId, text.sid)))[0]
            ?.sentAt,
        { timeout: 5_000 },
      )
      .toBeInstanceOf(Date);
    expect(twilio.calls).toBeGreaterThanOrEqual(2);
    // the mail goes too
    const mails = await t.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.subject, `Order #${number} is waiting to be accepted`));
    expect(mails).toHaveLength(1);
    const cleared = await kit.staff('manager', 'PATCH', '/ordering-settings', { alertPhone: null });
    expect(cleared.json().data.alertPhone).toBeNull();
  });
});
