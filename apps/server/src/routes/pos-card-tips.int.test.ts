import { randomUUID } from 'node:crypto';
import { DEFAULT_TERMINAL_KEY } from '@brigade/cardpointe/terminal-emulator';
import { rebuildLedger } from '@brigade/core/ledger/index';
import { captureUntippedCards, printReceiptJob, recordRecoveredTips } from '@brigade/core/pos/index';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { paymentTransactions } from '@brigade/db/schema/payments';
import { rowsOf } from '@brigade/test-utils/card-data';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { systemOrderingDeps } from './ordering';
import { useOrderingRestaurant } from './test-ordering';
import { registerCalls } from './test-register';

/**
 * Tips written on the signed receipt (docs/behaviour/pos.md#tips-on-the-receipt, decision 068) over real HTTP
 * on both engines, with the emulator's terminal played as a shopper would: with the restaurant's card tips
 * on the receipt, a check paid on the terminal shows no tip screen and its card is authorised only; the sale
 * is recognised without a tip and no money is taken yet. Adding the tip captures the card with it, and the
 * tender, the order, its history and the ledger (a tip line of that moment, the capture) agree — also after a
 * rebuild. Refused: a tip over 25%, a second tip, no Idempotency-Key, another tenant. A sale voided while it
 * waits for its tip gives the authorisation back.
 */

const t = useTestApp();
const kit = useOrderingRestaurant(t);
const { device, hsn, pos, shopper, until } = registerCalls(t, kit);
let itemId = 0;
let registerPrinterId = 0;

beforeAll(async () => {
  itemId = ((await kit.create('items', { name: 'Ramen', basePrice: 10 })) as { itemId: number }).itemId;
  await kit.create('menu-groups', { name: 'Dining', isMenu: true, items: [{ itemId, position: 0 }] });
  // the register prints on its own receipt printer when asked to (a card part's slip, below)
  const receipts = (await kit.create('printers', {
    name: 'Register receipts',
    model: 'TM-T88',
    ipSetup: 'Static',
    ipAddress: '192.0.2.20',
  })) as { printerId: number };
  registerPrinterId = receipts.printerId;
  const paired = await pos('manager', 'POST', '/devices', {
    payload: { name: 'Bar', receiptPrinterId: receipts.printerId },
    device: '',
  });
  expect(paired.statusCode, paired.body).toBe(201);
  device.token = paired.json().data.token;
  const deviceId = paired.json().data.device.deviceId;
  const terminal = await pos('manager', 'PUT', `/devices/${deviceId}/terminal`, {
    payload: { hsn, apiKey: DEFAULT_TERMINAL_KEY },
  });
  expect(terminal.statusCode, terminal.body).toBe(200);
  const bad = await kit.staff('manager', 'PUT', '/time-clock/settings', { cardTips: 'napkin' });
  expect(bad.json().errors).toEqual([
    { path: 'cardTips', message: 'Card tips must be taken on the terminal or on the receipt' },
  ]);
  const saved = await kit.staff('manager', 'PUT', '/time-clock/settings', { cardTips: 'receipt' });
  expect(saved.statusCode, saved.body).toBe(200);
  expect(saved.json().data.cardTips).toBe('receipt');
});

/** A check of two bowls (20.00), sent, paid on the terminal: no tip screen, the card authorised only. */
async function paidAwaitingTip() {
  const opened = await pos('employee', 'POST', '/checks', {
    key: randomUUID(),
    payload: { guestName: 'Table 4', lines: [{ itemId, quantity: 2 }] },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  const { orderId, version } = opened.json().data;
  const answer = pos('employee', 'POST', `/checks/${orderId}/pay/card`, {
    key: randomUUID(),
    payload: { version, receipt: 'none' },
  });
  expect(await until('card')).toMatchObject({ kind: 'card', amount: '20.00' });
  await shopper('card', { pan: '4111111111111111', entry: 'chip' });
  await until('sign');
  await shopper('sign');
  const paid = await answer;
  expect(paid.statusCode, paid.body).toBe(201);
  return paid.json().data as {
    orderId: number;
    tenders: { tenderId: number; amount: number; card: { transactionId: string; tipPending: boolean } }[];
  };
}

const ledgerOf = (orderId: number) =>
  t.database.db.select().from(ledgerLines).where(eq(ledgerLines.orderId, orderId));
const paymentOf = async (transactionId: string) =>
  (
    await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.transactionId, transactionId))
  )[0]!;

describe('a card whose tip is written on the receipt', () => {
  it('prints two receipts in one job: the merchant copy to sign, then the customer copy to keep', async () => {
    const sale = await paidAwaitingTip();
    const printer = (await kit.create('printers', {
      name: 'Bar receipts',
      model: 'TM-T88',
      ipSetup: 'Static',
      ipAddress: '192.0.2.10',
    })) as { printerId: number };
    const sent: { ip: string; bytes: string }[] = [];
    const answer = await printReceiptJob(
      {
        db: t.database.db,
        transport: async (ip: string, bytes: Uint8Array) => {
          sent.push({ ip, bytes: Buffer.from(bytes).toString('latin1') });
        },
        sites: { origin: 'https://sites.example', servesSlugs: true },
      },
      {
        tenantId: kit.tenantId,
        restaurantId: kit.restaurantId,
        orderId: sale.orderId,
        printerId: printer.printerId,
      },
    );
    expect(answer).toBe('printed');
    expect(sent.map((s) => s.ip)).toEqual(['192.0.2.10']);
    // two receipts, each ending with its own cut (GS V)
    const [merchant, customer, ...rest] = sent[0]!.bytes.split('\x1dV');
    expect(rest.map((r) => r.replace(/[^ -~]/g, ''))).toEqual(['']);
    expect(merchant).toMatch(/MERCHANT COPY/);
    expect(customer).toMatch(/CUSTOMER COPY/);
    // both have the tip and the total to write; only the merchant copy has the line to sign
    for (const copy of [merchant, customer]) expect(copy).toMatch(/Tip\s+__________/);
    expect(merchant).toMatch(/Signature/);
    expect(customer).not.toMatch(/Signature/);
  });

  it('prints its own slip for a card that paid part of a check: both copies, with the part, not the lines', async () => {
    const opened = await pos('employee', 'POST', '/checks', {
      key: randomUUID(),
      payload: { guestName: 'Table 9', lines: [{ itemId, quantity: 2 }] },
    });
    const { orderId, version } = opened.json().data;
    const answer = pos('employee', 'POST', `/checks/${orderId}/pay/card`, {
      key: randomUUID(),
      payload: { version, amount: 800, receipt: 'print' },
    });
    expect(await until('card')).toMatchObject({ kind: 'card', amount: '8.00' });
    await shopper('card', { pan: '4111111111111111', entry: 'chip' });
    await until('sign');
    await shopper('sign');
    const paid = await answer;
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().data).toMatchObject({ receiptQueued: true });
    const tenderId = paid.json().data.tenders[0].tenderId as number;
    // the slip's job names the card's tender
    const queued = rowsOf(
      await t.database.db.execute(
        sql`select data from pgboss.job where name = 'pos.receipt' and (data->>'orderId')::bigint = ${orderId}`,
      ),
    ) as { data: Record<string, unknown> }[];
    expect(queued.map((job) => job.data)).toEqual([
      expect.objectContaining({ orderId, tenderId, printerId: registerPrinterId }),
    ]);
    const sent: string[] = [];
    const printed = await printReceiptJob(
      {
        db: t.database.db,
        transport: async (_ip: string, bytes: Uint8Array) => {
          sent.push(Buffer.from(bytes).toString('latin1'));
        },
        sites: { origin: 'https://sites.example', servesSlugs: true },
      },
      queued[0]!.data as never,
    );
    expect(printed).toBe('printed');
    const [merchant, customer, ...rest] = sent[0]!.split('\x1dV');
    expect(rest.map((r) => r.replace(/[^ -~]/g, ''))).toEqual(['']);
    for (const copy of [merchant!, customer!]) {
      expect(copy).toMatch(/Check total\s+20\.00/);
      expect(copy).toMatch(/Visa \*{4}1111\s+8\.00/);
      expect(copy).toMatch(/Tip\s+__________/);
      expect(copy).not.toMatch(/Ramen/);
    }
    expect(merchant).toMatch(/MERCHANT COPY[\s\S]*Signature/);
    expect(customer).toMatch(/CUSTOMER COPY/);
    expect(customer).not.toMatch(/Signature/);
  });

  it('is authorised only: the sale is recognised without a tip and no money is taken yet', async () => {
    const sale = await paidAwaitingTip();
    expect(sale.tenders).toEqual([
      expect.objectContaining({
        method: 'card',
        amount: 2000,
        card: expect.objectContaining({ tip: 0, tipPending: true }),
      }),
    ]);
    const payment = await paymentOf(sale.tenders[0]!.card.transactionId);
    expect(payment).toMatchObject({ kind: 'authorisation', status: 'authorised', capturedAmount: 0 });
    const lines = await ledgerOf(sale.orderId);
    expect(lines.filter((l) => l.kind === 'tender')).toEqual([]);
    expect(lines.filter((l) => l.event === 'sale').reduce((sum, l) => sum + l.amount, 0)).toBe(2000);
  });

  it('is so for a sale rung up by card without a check too', async () => {
    const answer = pos('employee', 'POST', '/orders/card', {
      key: randomUUID(),
      payload: { service: 'takeout', lines: [{ itemId, quantity: 1 }], receipt: 'none' },
    });
    expect(await until('card')).toMatchObject({ kind: 'card', amount: '10.00' });
    await shopper('card', { pan: '4111111111111111', entry: 'tap' });
    await until('sign');
    await shopper('sign');
    const paid = await answer;
    expect(paid.statusCode, paid.body).toBe(201);
    const { card } = paid.json().data.tenders[0];
    expect(card).toMatchObject({ tip: 0, tipPending: true });
    expect(await paymentOf(card.transactionId)).toMatchObject({
      kind: 'authorisation',
      status: 'authorised',
    });
  });

  it('takes the tip once: the card is captured with it and the tender, order, history and ledger agree', async () => {
    const sale = await paidAwaitingTip();
    const { tenderId, card } = sale.tenders[0]!;
    const path = `/orders/${sale.orderId}/tip`;
    const tip = (payload: object, key: string | undefined = randomUUID(), who = 'employee' as const) =>
      pos(who, 'POST', path, { payload, ...(key ? { key } : {}) });
    // refusals leave everything as it was
    expect(
      (await pos('otherOwner', 'POST', path, { key: randomUUID(), payload: { tenderId, tip: 300 } }))
        .statusCode,
    ).toBe(403);
    expect((await tip({ tenderId, tip: 300 }, '')).statusCode).toBe(400);
    const over = await tip({ tenderId, tip: 600 });
    expect([over.statusCode, over.json().detail]).toEqual([
      400,
      'A tip over 25% of the authorised amount needs a new authorisation: void this one and take the payment again',
    ]);
    expect((await tip({ tenderId: tenderId + 999, tip: 300 })).statusCode).toBe(404);
    expect((await tip({ tenderId, tip: -1 })).statusCode).toBe(400);
    expect((await paymentOf(card.transactionId)).status).toBe('authorised');

    const key = randomUUID();
    const added = await tip({ tenderId, tip: 300 }, key);
    expect(added.statusCode, added.body).toBe(200);
    const data = added.json().data;
    expect(data.totals).toMatchObject({ tip: 300, total: 2300 });
    expect(data.tenders).toEqual([
      expect.objectContaining({
        amount: 2300,
        card: expect.objectContaining({ tip: 300, tipPending: false }),
      }),
    ]);
    expect(await paymentOf(card.transactionId)).toMatchObject({
      status: 'captured',
      capturedAmount: 2300,
      tipAmount: 300,
    });
    const lines = await ledgerOf(sale.orderId);
    expect(lines.filter((l) => l.kind === 'tender').map((l) => [l.event, l.amount])).toEqual([
      ['capture', 2300],
    ]);
    const tipLines = lines.filter((l) => l.kind === 'tip');
    expect(tipLines.map((l) => [l.event, l.amount, l.lineKey.endsWith(`:tip:${tenderId}`)])).toEqual([
      ['sale', 300, true],
    ]);
    expect(lines.filter((l) => l.event === 'sale').reduce((sum, l) => sum + l.amount, 0)).toBe(2300);
    const history = (await kit.staff('manager', 'GET', `/orders/${sale.orderId}`)).json().data;
    expect(JSON.stringify(history)).toContain('Tip of 3.00 USD added to visa ending 1111 at Bar');

    // the same key answers the same sale; another tip is refused
    expect((await tip({ tenderId, tip: 300 }, key)).statusCode).toBe(200);
    const twice = await tip({ tenderId, tip: 100 });
    expect([twice.statusCode, twice.json().detail]).toEqual([
      409,
      'This card has no tip waiting to be added',
    ]);
    expect((await paymentOf(card.transactionId)).capturedAmount).toBe(2300);

    // the ledger derives the same lines from the records
    const before = lines.map((l) => [l.lineKey, l.amount]);
    await rebuildLedger(t.database.db, { tenantId: kit.tenantId });
    const after = (await ledgerOf(sale.orderId)).map((l) => [l.lineKey, l.amount]);
    expect(after.sort()).toEqual(before.sort());
  });

  it('is captured without a tip by the end-of-day job once its business day is over', async () => {
    const sale = await paidAwaitingTip();
    const deps = systemOrderingDeps(t.deps, t.app.log);
    // the same day: nothing is due yet
    const sameDay = await captureUntippedCards(deps);
    expect(sameDay.captured).toBe(0);
    expect((await paymentOf(sale.tenders[0]!.card.transactionId)).status).toBe('authorised');
    const tomorrow = new Date(Date.now() + 26 * 3_600_000);
    const swept = await captureUntippedCards(deps, { now: tomorrow });
    expect(swept.captured).toBeGreaterThanOrEqual(1);
    expect(await paymentOf(sale.tenders[0]!.card.transactionId)).toMatchObject({
      status: 'captured',
      capturedAmount: 2000,
      tipAmount: 0,
    });
    const lines = await ledgerOf(sale.orderId);
    expect(lines.filter((l) => l.kind === 'tender').map((l) => [l.event, l.amount])).toEqual([
      ['capture', 2000],
    ]);
    expect(lines.filter((l) => l.kind === 'tip')).toEqual([]);
    const history = (await kit.staff('manager', 'GET', `/orders/${sale.orderId}`)).json().data;
    expect(JSON.stringify(history)).toContain(
      'No tip added by the end of its business day: visa ending 1111 captured without one',
    );
    // nothing waits any more: a second run captures nothing, and the register cannot add a tip now
    expect((await captureUntippedCards(deps, { now: tomorrow })).captured).toBe(0);
    const late = await pos('employee', 'POST', `/orders/${sale.orderId}/tip`, {
      key: randomUUID(),
      payload: { tenderId: sale.tenders[0]!.tenderId, tip: 100 },
    });
    expect([late.statusCode, late.json().detail]).toEqual([409, 'This card has no tip waiting to be added']);
  });

  it('takes the tip of a card captured by hand on the Payments screen, on a completed order, into its ledger', async () => {
    const sale = await paidAwaitingTip();
    const { tenderId, card } = sale.tenders[0]!;
    for (const status of ['in_preparation', 'ready', 'completed']) {
      const moved = await kit.staff('manager', 'POST', `/orders/${sale.orderId}/status`, { status });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    // the kitchen finishing the order does not capture a card waiting for its tip
    expect((await paymentOf(card.transactionId)).status).toBe('authorised');
    const captured = await kit.http.staff(
      'manager',
      'POST',
      `/payments/transactions/${card.transactionId}/capture`,
      { tipAmount: 250 },
      randomUUID(),
    );
    expect(captured.statusCode, captured.body).toBe(200);
    expect(await recordRecoveredTips(systemOrderingDeps(t.deps, t.app.log))).toBe(1);
    const lines = await ledgerOf(sale.orderId);
    expect(
      lines.filter((l) => l.kind === 'tip').map((l) => [l.lineKey.endsWith(`:tip:${tenderId}`), l.amount]),
    ).toEqual([[true, 250]]);
    expect(lines.filter((l) => l.event === 'sale').reduce((sum, l) => sum + l.amount, 0)).toBe(2250);
    expect(lines.filter((l) => l.kind === 'tender').reduce((sum, l) => sum + l.amount, 0)).toBe(2250);
    const history = (await kit.staff('manager', 'GET', `/orders/${sale.orderId}`)).json().data;
    expect(history.totals).toMatchObject({ tip: 250, total: 2250 });
    expect(JSON.stringify(history)).toContain('visa ending 1111 was found captured with a tip of 2.50 USD');
    // once: a second run finds nothing waiting
    expect(await recordRecoveredTips(systemOrderingDeps(t.deps, t.app.log))).toBe(0);
  });

  it('is voided with its sale while it waits: the authorisation goes back and the ledger ends at zero', async () => {
    const sale = await paidAwaitingTip();
    const voided = await pos('manager', 'POST', `/orders/${sale.orderId}/void`, {
      payload: { reason: 'Walked out before signing' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect((await paymentOf(sale.tenders[0]!.card.transactionId)).status).toBe('voided');
    const lines = await ledgerOf(sale.orderId);
    expect(lines.reduce((sum, l) => sum + (l.kind === 'tender' ? 0 : l.amount), 0)).toBe(0);
    expect(lines.filter((l) => l.kind === 'tender')).toEqual([]);
    const late = await pos('employee', 'POST', `/orders/${sale.orderId}/tip`, {
      key: randomUUID(),
      payload: { tenderId: sale.tenders[0]!.tenderId, tip: 100 },
    });
    expect(late.statusCode).toBe(409);
  });
});
