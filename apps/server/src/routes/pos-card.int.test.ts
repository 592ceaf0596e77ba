import { randomUUID } from 'node:crypto';
import { tokenizeCard } from '@brigade/cardpointe/card-entry-page';
import { CardPointeClient } from '@brigade/cardpointe/client';
import { DEFAULT_TERMINAL_KEY } from '@brigade/cardpointe/terminal-emulator';
import { runCheckoutSweep } from '@brigade/core/housekeeping/checkout-sweep';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { orders } from '@brigade/db/schema/ordering';
import { paymentTransactions } from '@brigade/db/schema/payments';
import { orderTenders } from '@brigade/db/schema/pos';
import { cardDataIn, tablesText } from '@brigade/test-utils/card-data';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentDepsOf } from '../payments-runtime';
import { useTestApp } from '../test-app';
import { useOrderingRestaurant } from './test-ordering';
import { registerCalls } from './test-register';

/**
 * Card-present sales at the register (docs/behaviour/pos.md#paying-by-card) over real HTTP on both engines,
 * with the emulator's terminal played by the test as a shopper would (its page's controls): a manager pairs
 * the terminal (its API key sealed, never answered); a sale runs the tip and the card on the terminal and
 * is recorded as an accepted order with its captured payment, its card tender and the card side of the
 * ledger; one Idempotency-Key is one charge; a decline is a 402 with the issuer's words and the check can be
 * paid again; the register's Cancel stops the terminal; a void gives the card its money back; and a sale cut
 * off after the approval is voided by the sweep and its key given back. Another tenant reaches none of it.
 */

const t = useTestApp();
const kit = useOrderingRestaurant(t);
const { device, pos, shopper, until, hsn: HSN } = registerCalls(t, kit);
let deviceId = 0;
let itemId = 0;

const check = {
  service: 'dine_in',
  guestName: 'Table 9',
  lines: [{ itemId: 0, quantity: 2 }],
  receipt: 'none',
};
const sale = (key: string) =>
  pos('employee', 'POST', '/orders/card', { key, payload: { ...check, lines: [{ itemId, quantity: 2 }] } });

/** A sale the shopper pays: tip `tip`, card `pan`, signed. */
async function paid(key: string, pan = '4111111111111111', tip = '3.00') {
  const answer = sale(key);
  expect(await until('tip')).toMatchObject({ kind: 'tip', amount: '20.00', presets: [15, 18, 20] });
  await shopper('tip', { tip });
  expect(await until('card')).toMatchObject({ kind: 'card', amount: (20 + Number(tip)).toFixed(2) });
  await shopper('card', { pan, entry: 'tap' });
  await until('sign');
  await shopper('sign');
  return answer;
}

beforeAll(async () => {
  itemId = ((await kit.create('items', { name: 'Ramen', basePrice: 10 })) as { itemId: number }).itemId;
  await kit.create('menu-groups', { name: 'Counter', isMenu: true, items: [{ itemId, position: 0 }] });
  const paired = await pos('manager', 'POST', '/devices', { payload: { name: 'Bar' }, device: '' });
  expect(paired.statusCode, paired.body).toBe(201);
  device.token = paired.json().data.token;
  deviceId = paired.json().data.device.deviceId;
});

describe('pairing a terminal', () => {
  it('is for managers, checks the HSN, seals the key and never answers it', async () => {
    const body = { hsn: HSN, apiKey: DEFAULT_TERMINAL_KEY };
    expect(
      (await pos('employee', 'PUT', `/devices/${deviceId}/terminal`, { payload: body })).statusCode,
    ).toBe(403);
    expect(
      (await pos('otherOwner', 'PUT', `/devices/${deviceId}/terminal`, { payload: body })).statusCode,
    ).toBe(403);
    const bad = await pos('manager', 'PUT', `/devices/${deviceId}/terminal`, {
      payload: { hsn: 'x y', apiKey: '' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'Terminal HSN must be 6 to 40 letters, digits or dashes',
      'Give the terminal API key (8 to 200 characters)',
    ]);
    expect((await pos('manager', 'PUT', `/devices/999999/terminal`, { payload: body })).statusCode).toBe(404);
    const done = await pos('manager', 'PUT', `/devices/${deviceId}/terminal`, { payload: body });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.terminal).toMatchObject({ hsn: HSN });
    expect(done.body).not.toContain(DEFAULT_TERMINAL_KEY);
    const rows = await t.database.db.execute(
      sql`select terminal_key from pos_devices where device_id = ${deviceId}`,
    );
    expect(JSON.stringify(rows)).not.toContain(DEFAULT_TERMINAL_KEY);
    const register = await pos('employee', 'GET', '/register');
    expect(register.json().data.device.terminal).toMatchObject({ hsn: HSN });
    expect(register.json().data.tipPresets).toEqual([15, 18, 20]);
  });
});

describe('a card sale', () => {
  let orderId = 0;
  let retref = '';
  const key = randomUUID();

  it('runs the tip and the card on the terminal and records the order, the payment, the tender and the ledger', async () => {
    const answer = await paid(key);
    expect(answer.statusCode, answer.body).toBe(201);
    const data = answer.json().data;
    orderId = data.orderId;
    expect(data).toMatchObject({ status: 'accepted', totals: { subtotal: 2000, tip: 300, total: 2300 } });
    expect(data.tenders).toEqual([
      expect.objectContaining({
        method: 'card',
        kind: 'payment',
        amount: 2300,
        change: 0,
        card: expect.objectContaining({ brand: 'visa', lastFour: '1111', tip: 300 }),
      }),
    ]);
    expect(data.tenders[0].card.authorisationCode).toMatch(/^PPS\d{3}$/);
    const [payment] = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.transactionId, data.tenders[0].card.transactionId));
    expect(payment).toMatchObject({
      status: 'captured',
      capturedAmount: 2300,
      tipAmount: 300,
      lastFour: '1111',
    });
    retref = payment!.processorReference!;
    const gateway = new CardPointeClient({
      baseUrl: kit.emulator.restUrl,
      username: 'testing',
      password: 'testing123',
    });
    expect((await gateway.inquire(retref, '496160873888')).setlstat).toBe('Queued for Capture');
    const lines = await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.orderId, orderId));
    const tender = lines.filter((l) => l.kind === 'tender');
    expect(tender.map((l) => [l.event, l.amount])).toEqual([['capture', 2300]]);
    const sold = lines.filter((l) => l.event === 'sale').reduce((sum, l) => sum + l.amount, 0);
    expect(sold).toBe(2300);
    // no card number anywhere in what was stored
    const dump = await t.database.db.execute(
      sql`select row_to_json(p)::text as j from payment_transactions p`,
    );
    expect(JSON.stringify(dump)).not.toContain('4111111111111111');
  });

  it('is one charge per Idempotency-Key: a repeat answers the same sale without the terminal', async () => {
    const again = await sale(key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.orderId).toBe(orderId);
    const tenders = await t.database.db.select().from(orderTenders).where(eq(orderTenders.orderId, orderId));
    expect(tenders).toHaveLength(1);
  });

  it('answers a second request with the same key while the first is on the terminal with 409', async () => {
    const busyKey = randomUUID();
    const first = sale(busyKey);
    await until('tip');
    const second = await sale(busyKey);
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe(
      'A request with this Idempotency-Key is still being processed; retry shortly',
    );
    await shopper('cancel');
    expect((await first).statusCode).toBe(409);
  });

  it('is voided with its card: the gateway voids the capture and the tender goes back to the card', async () => {
    const voided = await pos('manager', 'POST', `/orders/${orderId}/void`, {
      payload: { reason: 'Wrong table' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().data.status).toBe('cancelled');
    expect(
      voided.json().data.tenders.map((x: { method: string; kind: string }) => `${x.method}:${x.kind}`),
    ).toEqual(['card:payment', 'card:refund']);
    const gateway = new CardPointeClient({
      baseUrl: kit.emulator.restUrl,
      username: 'testing',
      password: 'testing123',
    });
    expect((await gateway.inquire(retref, '496160873888')).setlstat).toBe('Voided');
  });
});

describe('a declined or cancelled card', () => {
  it('answers 402 with the issuer words, records nothing as paid, and the same check can be paid again', async () => {
    const key = randomUUID();
    const declined = await paidDeclined(key);
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json().detail).toBe('The card was declined: Do Not Honor');
    const written = await t.database.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    expect(written).toHaveLength(0);
    // the key was given back: the same request runs again on the terminal
    const retried = await paid(key, '5454545454545454', '0.00');
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().data.tenders[0].card).toMatchObject({
      brand: 'mastercard',
      lastFour: '5454',
      tip: 0,
    });
  });

  it("stops when the register's Cancel is pressed (409), and nothing is charged", async () => {
    const answer = sale(randomUUID());
    await until('tip');
    const cancelled = await pos('employee', 'POST', '/terminal/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const stopped = await answer;
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().detail).toBe('The payment was cancelled on the terminal');
  });

  it('refuses another tenant and a register without a terminal', async () => {
    expect(
      (await pos('otherOwner', 'POST', '/orders/card', { key: randomUUID(), payload: check })).statusCode,
    ).toBe(403);
    const bare = await pos('manager', 'POST', '/devices', { payload: { name: 'Patio' }, device: '' });
    const other = bare.json().data.token;
    const refused = await pos('employee', 'POST', '/orders/card', {
      key: randomUUID(),
      device: other,
      payload: { ...check, lines: [{ itemId, quantity: 1 }] },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe('This register has no card terminal; pair one in management');
  });
});

async function paidDeclined(key: string) {
  const answer = sale(key);
  await until('tip');
  await shopper('tip', { tip: '0.00' });
  await until('card');
  await shopper('card', { pan: '4387751111111038' });
  return answer;
}

describe('a sale cut off after the approval', () => {
  it('is voided by the sweep (found by its order id) and its key is given back', async () => {
    const key = randomUUID();
    // the process "dies" once the terminal approved: the intent stays pending, the key in progress
    const db = t.database.db;
    const answer = sale(key);
    await until('tip');
    await shopper('tip', { tip: '0.00' });
    await until('card');
    // the record of the answer never happens: the row stays as the intent left it
    await db.execute(
      sql`create or replace function pos_test_refuse() returns trigger language plpgsql as $$ begin raise exception 'simulated crash'; end $$`,
    );
    await db.execute(
      sql`create trigger pos_test_refuse before insert on order_tenders for each row execute function pos_test_refuse()`,
    );
    try {
      await shopper('card', { pan: '4111111111111111' });
      await until('sign');
      // the emulator's gateway refuses the immediate void, as a network cut would
      kit.emulator.injectFailure({ endpoint: 'void', status: 500 });
      await shopper('sign');
      expect((await answer).statusCode).toBe(500);
    } finally {
      await db.execute(sql`drop trigger pos_test_refuse on order_tenders`);
    }
    const [pending] = await db
      .select()
      .from(paymentTransactions)
      .where(
        sql`${paymentTransactions.transactionId} in (select transaction_id from payment_transaction_events where details->>'posKey' = ${key})`,
      );
    expect(pending?.status).toBe('pending');
    const deps = paymentDepsOf(t.deps.payments, { db, transact: (work) => db.transaction(work) });
    const swept = await runCheckoutSweep({ ...deps } as never, { quietSeconds: 0 });
    expect(swept.payments.settled).toMatchObject({ voided: 1 });
    expect(swept.cardSales.released).toBe(1);
    const gateway = new CardPointeClient({
      baseUrl: kit.emulator.restUrl,
      username: 'testing',
      password: 'testing123',
    });
    const [found] = await gateway.inquireByOrderid(pending!.paymentOrderId, '496160873888');
    expect(found?.setlstat).toBe('Voided');
    // the check is still open: paying it again with the same key runs
    const again = await paid(key, '4111111111111111', '0.00');
    expect(again.statusCode, again.body).toBe(201);
  });
});

describe('an open check paid by card (docs/behaviour/pos.md#paying-a-check)', () => {
  const openCheck = async () => {
    const opened = await pos('employee', 'POST', '/checks', {
      key: randomUUID(),
      payload: { guestName: 'Table 2', lines: [{ itemId, quantity: 2 }] },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    return opened.json().data as { orderId: number; version: number };
  };
  const payByCard = (orderId: number, key: string, version: number) =>
    pos('employee', 'POST', `/checks/${orderId}/pay/card`, { key, payload: { version, receipt: 'none' } });

  it('is paid on the terminal with its tip: the check becomes the sale, its card tender and ledger agree', async () => {
    const check = await openCheck();
    const sent = await pos('employee', 'POST', `/checks/${check.orderId}/send`, {
      payload: { version: check.version },
    });
    const version = sent.json().data.version;
    const key = randomUUID();
    expect(
      (await pos('otherOwner', 'POST', `/checks/${check.orderId}/pay/card`, { key, payload: { version } }))
        .statusCode,
    ).toBe(403);
    const answer = payByCard(check.orderId, key, version);
    expect(await until('tip')).toMatchObject({ amount: '20.00' });
    await shopper('tip', { tip: '2.00' });
    await until('card');
    await shopper('card', { pan: '4111111111111111', entry: 'tap' });
    await until('sign');
    await shopper('sign');
    const paid = await answer;
    expect(paid.statusCode, paid.body).toBe(201);
    const sale = paid.json().data;
    expect(sale).toMatchObject({
      orderId: check.orderId,
      status: 'accepted',
      totals: { tip: 200, total: 2200 },
    });
    expect(sale.tenders).toEqual([
      expect.objectContaining({ method: 'card', amount: 2200, card: expect.objectContaining({ tip: 200 }) }),
    ]);
    const lines = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, check.orderId));
    expect(lines.filter((l) => l.kind === 'tender').map((l) => [l.event, l.amount])).toEqual([
      ['capture', 2200],
    ]);
    expect(lines.filter((l) => l.event === 'sale').reduce((sum, l) => sum + l.amount, 0)).toBe(2200);
    // the same key answers the same sale without the terminal; another payment finds it paid
    const again = await payByCard(check.orderId, key, version);
    expect(again.json().data.orderId).toBe(check.orderId);
    const second = await payByCard(check.orderId, randomUUID(), version);
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toBe('This check is already paid');
  });

  it('voids the charge when another register changed the check while the terminal waited', async () => {
    const check = await openCheck();
    const answer = payByCard(check.orderId, randomUUID(), check.version);
    await until('tip');
    const added = await pos('employee', 'POST', `/checks/${check.orderId}/lines`, {
      payload: { version: check.version, lines: [{ itemId, quantity: 1 }] },
    });
    expect(added.statusCode, added.body).toBe(200);
    await shopper('tip', { tip: '0.00' });
    await until('card');
    await shopper('card', { pan: '4111111111111111' });
    await until('sign');
    await shopper('sign');
    const refused = await answer;
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(
      'This check was changed on another terminal: refresh it and try again',
    );
    const [payment] = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.amount, 2000))
      .orderBy(sql`${paymentTransactions.createdAt} desc`)
      .limit(1);
    expect(payment?.status).toBe('voided');
    const still = (await pos('employee', 'GET', `/checks/${check.orderId}`)).json().data;
    expect(still).toMatchObject({ status: 'open', totals: { total: 3000 } });
    const tenders = await t.database.db
      .select()
      .from(orderTenders)
      .where(eq(orderTenders.orderId, check.orderId));
    expect(tenders).toEqual([]);
  });
});

describe('split tender (docs/behaviour/pos.md#split-tender)', () => {
  const openTwo = async () => {
    const opened = await pos('employee', 'POST', '/checks', {
      key: randomUUID(),
      payload: {
        guestName: 'Table 5',
        lines: [
          { itemId, quantity: 1 },
          { itemId, quantity: 1 },
        ],
      },
    });
    expect(opened.statusCode, opened.body).toBe(201);
    return opened.json().data as { orderId: number; version: number; number: number };
  };
  const payCash = (orderId: number, payload: object) =>
    pos('employee', 'POST', `/checks/${orderId}/pay`, { key: randomUUID(), payload });
  const messages = (answer: { json(): { errors?: { message: string }[] } }) =>
    (answer.json().errors ?? []).map((e) => e.message);

  it('takes part in cash, keeps the check open at its balance, and the card pays the rest with its tip', async () => {
    const check = await openTwo();
    const over = await payCash(check.orderId, {
      version: check.version,
      amount: 2500,
      tender: { method: 'cash', tendered: 2500 },
    });
    expect(over.statusCode).toBe(400);
    expect(messages(over)).toEqual(['The amount to pay cannot be more than the balance due']);
    const short = await payCash(check.orderId, {
      version: check.version,
      amount: 800,
      tender: { method: 'cash', tendered: 500 },
    });
    expect(short.statusCode).toBe(400);
    expect(messages(short)).toEqual(['The cash tendered is less than the amount to pay']);
    const part = await payCash(check.orderId, {
      version: check.version,
      amount: 800,
      tender: { method: 'cash', tendered: 1000 },
    });
    expect(part.statusCode, part.body).toBe(201);
    expect(part.json().data.status).toBe('open');
    expect(part.json().data.tenders).toEqual([
      expect.objectContaining({ method: 'cash', amount: 800, tendered: 1000, change: 200 }),
    ]);
    const open = (await pos('employee', 'GET', `/checks/${check.orderId}`)).json().data;
    expect(open).toMatchObject({ status: 'open', paid: 800, balance: 1200, version: check.version + 1 });
    // the check never comes to less than what was paid toward it: a line removed would make it 10.00
    const more = await payCash(check.orderId, {
      version: open.version,
      amount: 700,
      tender: { method: 'cash', tendered: 700 },
    });
    expect(more.statusCode, more.body).toBe(201);
    const removed = await pos('employee', 'POST', `/checks/${check.orderId}/lines/1/remove`, {
      payload: { version: open.version + 1 },
    });
    expect(removed.statusCode).toBe(409);
    expect(removed.json().detail).toBe(
      `Check #${check.number} already has 15.00 USD paid toward it: its total cannot go below that`,
    );
    // the card is asked for the balance (5.00), and its tip on top
    const answer = pos('employee', 'POST', `/checks/${check.orderId}/pay/card`, {
      key: randomUUID(),
      payload: { version: open.version + 1, receipt: 'none' },
    });
    expect(await until('tip')).toMatchObject({ amount: '5.00' });
    await shopper('tip', { tip: '1.00' });
    expect(await until('card')).toMatchObject({ amount: '6.00' });
    await shopper('card', { pan: '4111111111111111', entry: 'tap' });
    await until('sign');
    await shopper('sign');
    const paid = await answer;
    expect(paid.statusCode, paid.body).toBe(201);
    const sale = paid.json().data;
    expect(sale).toMatchObject({ status: 'accepted', totals: { tip: 100, total: 2100 } });
    expect(sale.tenders.map((x: { method: string; amount: number }) => [x.method, x.amount])).toEqual([
      ['cash', 800],
      ['cash', 700],
      ['card', 600],
    ]);
    const [payment] = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.transactionId, sale.tenders[2].card.transactionId));
    expect(payment).toMatchObject({ amount: 600, tipAmount: 100, status: 'captured' });
    const lines = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, check.orderId));
    expect(lines.filter((l) => l.kind === 'tender').map((l) => [l.event, l.amount])).toEqual([
      ['cash_taken', 800],
      ['cash_taken', 700],
      ['capture', 600],
    ]);
    expect(lines.filter((l) => l.event === 'sale').reduce((sum, l) => sum + l.amount, 0)).toBe(2100);
    // the order page says how it was paid: each part, the card by brand and last four only
    const order = (await kit.staff('employee', 'GET', `/orders/${check.orderId}`)).json().data;
    expect(order.registerPayments).toEqual([
      { method: 'cash', kind: 'payment', amount: 800, cardBrand: null, lastFour: null },
      { method: 'cash', kind: 'payment', amount: 700, cardBrand: null, lastFour: null },
      { method: 'card', kind: 'payment', amount: 600, cardBrand: 'visa', lastFour: '1111' },
    ]);
    expect((await kit.staff('otherOwner', 'GET', `/orders/${check.orderId}`)).statusCode).toBe(403);
    // voided, the cash goes back from the drawer and the card is voided at the gateway
    const voided = await pos('manager', 'POST', `/orders/${check.orderId}/void`, {
      payload: { reason: 'Wrong check' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(
      voided
        .json()
        .data.tenders.map((x: { method: string; kind: string; amount: number }) =>
          [x.method, x.kind, x.amount].join(':'),
        ),
    ).toEqual([
      'cash:payment:800',
      'cash:payment:700',
      'card:payment:600',
      'cash:refund:1500',
      'card:refund:600',
    ]);
  });

  it('hands the cash back when a check paid in part is closed without a sale', async () => {
    const check = await openTwo();
    const part = await payCash(check.orderId, {
      version: check.version,
      amount: 1200,
      tender: { method: 'cash', tendered: 2000 },
    });
    expect(part.statusCode, part.body).toBe(201);
    const other = await pos('otherOwner', 'GET', `/checks/${check.orderId}`);
    expect(other.statusCode).toBe(403);
    const closed = await pos('employee', 'POST', `/checks/${check.orderId}/close`, {
      payload: { version: check.version + 1 },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({ status: 'cancelled', paid: 0, balance: 2000 });
    const tenders = await t.database.db
      .select()
      .from(orderTenders)
      .where(eq(orderTenders.orderId, check.orderId));
    expect(tenders.map((x) => [x.kind, x.amount])).toEqual([
      ['payment', 1200],
      ['refund', 1200],
    ]);
    const order = (await kit.staff('employee', 'GET', `/orders/${check.orderId}`)).json().data;
    expect(order.events.at(-1).note).toBe('Closed without a sale at Bar, 12.00 USD handed back in cash');
  });

  it('lets a manager hand the cash back so sent lines can be voided below what was paid', async () => {
    const check = await openTwo();
    const part = await payCash(check.orderId, {
      version: check.version,
      amount: 1200,
      tender: { method: 'cash', tendered: 1200 },
    });
    expect(part.statusCode, part.body).toBe(201);
    const sent = await pos('employee', 'POST', `/checks/${check.orderId}/send`, {
      payload: { version: check.version + 1 },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    let version = sent.json().data.version;
    const voided = await pos('manager', 'POST', `/checks/${check.orderId}/lines/1/void`, {
      payload: { version, reason: 'Left before it came' },
    });
    expect(voided.statusCode).toBe(409);
    expect(voided.json().detail).toBe(
      `Check #${check.number} already has 12.00 USD paid toward it: its total cannot go below that`,
    );
    const byEmployee = await pos('employee', 'POST', `/checks/${check.orderId}/hand-back`, {
      payload: { version },
    });
    expect(byEmployee.statusCode).toBe(403);
    const back = await pos('manager', 'POST', `/checks/${check.orderId}/hand-back`, { payload: { version } });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toMatchObject({ status: 'open', paid: 0, balance: 2000 });
    version = back.json().data.version;
    const again = await pos('manager', 'POST', `/checks/${check.orderId}/hand-back`, {
      payload: { version },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Nothing has been paid toward this check');
    const now = await pos('manager', 'POST', `/checks/${check.orderId}/lines/1/void`, {
      payload: { version, reason: 'Left before it came' },
    });
    expect(now.statusCode, now.body).toBe(200);
    expect(now.json().data.totals.total).toBe(1000);
    const order = (await kit.staff('employee', 'GET', `/orders/${check.orderId}`)).json().data;
    expect(order.events.map((e: { note: string | null }) => e.note)).toContain(
      '12.00 USD handed back in cash at Bar',
    );
  });
});

describe('a keyed card (docs/behaviour/pos.md#a-keyed-card)', () => {
  it('pays the balance with the card-entry token and a tip, refuses a card number, and declines keep the check open', async () => {
    const opened = await pos('employee', 'POST', '/checks', {
      key: randomUUID(),
      payload: { guestName: 'Phone order', lines: [{ itemId, quantity: 2 }] },
    });
    const check = opened.json().data as { orderId: number; version: number };
    const part = await pos('employee', 'POST', `/checks/${check.orderId}/pay`, {
      key: randomUUID(),
      payload: { version: check.version, amount: 500, tender: { method: 'cash', tendered: 500 } },
    });
    expect(part.statusCode, part.body).toBe(201);
    const version = check.version + 1;
    const keyed = (key: string, body: object) =>
      pos('employee', 'POST', `/checks/${check.orderId}/pay/keyed`, {
        key,
        payload: { version, receipt: 'none', ...body },
      });
    // a card number is refused before anything is written
    const number = await keyed(randomUUID(), { token: '4111111111111111', expiry: '1230' });
    expect(number.statusCode).toBe(400);
    expect(number.json().errors.map((e: { message: string }) => e.message)).toEqual([
      'This is a card number, not a token: card numbers are never accepted; use the card-entry frame',
    ]);
    const other = await pos('otherOwner', 'POST', `/checks/${check.orderId}/pay/keyed`, {
      key: randomUUID(),
      payload: { version, token: await tokenizeCard(kit.emulator.url, '4111111111111111'), expiry: '1230' },
    });
    expect(other.statusCode).toBe(403);
    const declined = await keyed(randomUUID(), {
      token: await tokenizeCard(kit.emulator.url, '4387751111111038'),
      expiry: '1230',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().detail).toBe('The card was declined: Do Not Honor');
    const key = randomUUID();
    const token = await tokenizeCard(kit.emulator.url, '4111111111111111');
    const paid = await keyed(key, { token, expiry: '1230', tip: 250 });
    expect(paid.statusCode, paid.body).toBe(201);
    const sale = paid.json().data;
    expect(sale).toMatchObject({ status: 'accepted', totals: { tip: 250, total: 2250 } });
    expect(
      sale.tenders.map((x: { method: string; amount: number; card: { lastFour: string } | null }) => [
        x.method,
        x.amount,
        x.card?.lastFour ?? null,
      ]),
    ).toEqual([
      ['cash', 500, null],
      ['card', 1750, '1111'],
    ]);
    const [payment] = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.transactionId, sale.tenders[1].card.transactionId));
    expect(payment).toMatchObject({ amount: 1750, tipAmount: 250, status: 'captured' });
    // the same key answers the same sale without charging again
    const again = await keyed(key, { token, expiry: '1230', tip: 250 });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.tenders).toHaveLength(2);
    const charges = await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.status, 'captured'));
    expect(charges.filter((c) => c.amount === 1750)).toHaveLength(1);
    const lines = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, check.orderId));
    expect(lines.filter((l) => l.kind === 'tender').map((l) => [l.event, l.amount])).toEqual([
      ['cash_taken', 500],
      ['capture', 1750],
    ]);
    // no card number anywhere in what was written
    expect(
      cardDataIn(await tablesText(t.database.db, ['order_tenders', 'payment_transactions', 'orders'])),
    ).toEqual([]);
  });
});
