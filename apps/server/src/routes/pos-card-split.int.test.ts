import { randomUUID } from 'node:crypto';
import { DEFAULT_TERMINAL_KEY } from '@brigade/cardpointe/terminal-emulator';
import { rebuildLedger } from '@brigade/core/ledger/index';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { paymentTransactions } from '@brigade/db/schema/payments';
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { useOrderingRestaurant } from './test-ordering';
import { registerCalls } from './test-register';

/**
 * A check paid by more than one card (docs/behaviour/pos.md#split-tender, decision 070) over real HTTP on both
 * engines, with the emulator's terminal played as a shopper would: each guest's card pays a part of the
 * balance with its own tip, the check stays open until the last part, and the sale, its tenders, each card's
 * payment and the ledger (each card's capture under its own payment, the sales side once) agree — also after
 * a rebuild. A part over the balance is refused. Voiding the sale gives every card its money back; a manager's
 * hand-back voids the cards that paid parts of an open check (their tips off the check) and the check can then
 * be closed, which it could not be while a card had paid a part.
 */

const t = useTestApp();
const kit = useOrderingRestaurant(t);
const { device, hsn, pos, shopper, until } = registerCalls(t, kit);
let itemId = 0;

beforeAll(async () => {
  itemId = ((await kit.create('items', { name: 'Pho', basePrice: 15 })) as { itemId: number }).itemId;
  await kit.create('menu-groups', { name: 'Noodles', isMenu: true, items: [{ itemId, position: 0 }] });
  const paired = await pos('manager', 'POST', '/devices', { payload: { name: 'Bar' }, device: '' });
  expect(paired.statusCode, paired.body).toBe(201);
  device.token = paired.json().data.token;
  const terminal = await pos('manager', 'PUT', `/devices/${paired.json().data.device.deviceId}/terminal`, {
    payload: { hsn, apiKey: DEFAULT_TERMINAL_KEY },
  });
  expect(terminal.statusCode, terminal.body).toBe(200);
});

/** A check of two bowls (30.00). */
async function openCheck() {
  const opened = await pos('employee', 'POST', '/checks', {
    key: randomUUID(),
    payload: { guestName: 'Table 2', lines: [{ itemId, quantity: 2 }] },
  });
  expect(opened.statusCode, opened.body).toBe(201);
  return opened.json().data as { orderId: number; version: number; number: number };
}

/** One card on the terminal for `amount` (or the balance) of the check, with the guest's tip. */
async function payByCard(
  check: { orderId: number },
  version: number,
  card: { amount?: number; ask: string; tip: string; pan: string },
) {
  const answer = pos('employee', 'POST', `/checks/${check.orderId}/pay/card`, {
    key: randomUUID(),
    payload: { version, receipt: 'none', ...(card.amount === undefined ? {} : { amount: card.amount }) },
  });
  expect(await until('tip')).toMatchObject({ amount: card.ask });
  await shopper('tip', { tip: card.tip });
  await until('card');
  await shopper('card', { pan: card.pan, entry: 'tap' });
  await until('sign');
  await shopper('sign');
  const paid = await answer;
  expect(paid.statusCode, paid.body).toBe(201);
  return paid.json().data;
}

const viewOf = async (orderId: number) => (await pos('employee', 'GET', `/checks/${orderId}`)).json().data;
const tenderLines = async (orderId: number) =>
  (
    await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, orderId))
      .orderBy(asc(ledgerLines.lineId))
  ).filter((l) => l.kind === 'tender');
const paymentOf = async (transactionId: string) =>
  (
    await t.database.db
      .select()
      .from(paymentTransactions)
      .where(eq(paymentTransactions.transactionId, transactionId))
  )[0]!;

describe('a check paid by several cards', () => {
  it('takes a part on each card with its own tip, and the last card makes the sale; the ledger agrees', async () => {
    const check = await openCheck();
    const over = await pos('employee', 'POST', `/checks/${check.orderId}/pay/card`, {
      key: randomUUID(),
      payload: { version: check.version, receipt: 'none', amount: 3001 },
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().errors).toEqual([
      { path: 'amount', message: 'The amount to pay cannot be more than the balance due' },
    ]);
    // the first guest's card pays 12.00 and a 2.00 tip: the check stays open at 18.00
    const first = await payByCard(check, check.version, {
      amount: 1200,
      ask: '12.00',
      tip: '2.00',
      pan: '4111111111111111',
    });
    expect(first.status).toBe('open');
    expect(first.tenders).toEqual([
      expect.objectContaining({ method: 'card', amount: 1400, card: expect.objectContaining({ tip: 200 }) }),
    ]);
    const open = await viewOf(check.orderId);
    expect(open).toMatchObject({ status: 'open', paid: 1400, balance: 1800, version: check.version + 1 });
    // a third bowl joins the check: the first card's tip stays on it (15.00 more to pay, not 13.00)
    const more = await pos('employee', 'POST', `/checks/${check.orderId}/lines`, {
      payload: { version: open.version, lines: [{ itemId, quantity: 1 }] },
    });
    expect(more.statusCode, more.body).toBe(200);
    const grown = await viewOf(check.orderId);
    expect(grown).toMatchObject({ paid: 1400, balance: 3300, totals: { total: 4700 } });
    // the second guest's card pays the rest, 33.00, and a 3.00 tip: the sale
    const sale = await payByCard(check, grown.version, {
      ask: '33.00',
      tip: '3.00',
      pan: '5454545454545454',
    });
    expect(sale).toMatchObject({ status: 'accepted', totals: { tip: 500, total: 5000 } });
    expect(
      sale.tenders.map((x: { method: string; amount: number; card: { tip: number } }) => [
        x.method,
        x.amount,
        x.card.tip,
      ]),
    ).toEqual([
      ['card', 1400, 200],
      ['card', 3600, 300],
    ]);
    const [one, two] = sale.tenders.map((x: { card: { transactionId: string } }) => x.card.transactionId);
    expect(await paymentOf(one)).toMatchObject({ amount: 1400, tipAmount: 200, status: 'captured' });
    expect(await paymentOf(two)).toMatchObject({ amount: 3600, tipAmount: 300, status: 'captured' });
    const history = (await kit.staff('employee', 'GET', `/orders/${check.orderId}`)).json().data.events;
    expect(history.map((e: { note: string | null }) => e.note)).toContain(
      'Paid 12.00 USD and a 2.00 USD tip by visa ending 1111 at Bar; 18.00 USD left to pay',
    );
    // each card's capture under its own payment; the sale (with both tips) once
    const tenders = await tenderLines(check.orderId);
    expect(tenders.map((l) => [l.event, l.amount, l.transactionId, l.cardBrand])).toEqual([
      ['capture', 1400, one, 'visa'],
      ['capture', 3600, two, 'mastercard'],
    ]);
    const all = await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.orderId, check.orderId));
    expect(all.filter((l) => l.event === 'sale').reduce((sum, l) => sum + l.amount, 0)).toBe(5000);
    // the order's refund on the back office would refund one card for the whole check: refused
    const refund = await kit.http.staff(
      'manager',
      'POST',
      `/orders/${check.orderId}/refunds`,
      { amount: 100, reason: 'Cold soup' },
      randomUUID(),
    );
    expect([refund.statusCode, refund.json().detail]).toEqual([
      409,
      'Several cards paid this check: refund each card from its payment on the Payments screen',
    ]);
    // no card became a sale of its own (a payment without an order)
    const strays = await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.transactionId, one));
    expect(strays.every((l) => l.orderId === check.orderId)).toBe(true);
    // rebuilt from the records, the ledger is the same
    const before = all.map((l) => `${l.lineKey}:${l.amount}`).sort();
    await rebuildLedger(t.database.db, { tenantId: kit.tenantId });
    const after = (
      await t.database.db.select().from(ledgerLines).where(eq(ledgerLines.orderId, check.orderId))
    )
      .map((l) => `${l.lineKey}:${l.amount}`)
      .sort();
    expect(after).toEqual(before);

    // voided, every card gets its money back
    const voided = await pos('manager', 'POST', `/orders/${check.orderId}/void`, {
      payload: { reason: 'Wrong table' },
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(
      voided
        .json()
        .data.tenders.map((x: { method: string; kind: string; amount: number }) =>
          [x.method, x.kind, x.amount].join(':'),
        ),
    ).toEqual(['card:payment:1400', 'card:payment:3600', 'card:refund:1400', 'card:refund:3600']);
    for (const id of [one, two]) expect((await paymentOf(id)).status).toBe('voided');
    const back = await tenderLines(check.orderId);
    expect(back.reduce((sum, l) => sum + l.amount, 0)).toBe(0);
    const afterVoid = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, check.orderId));
    expect(afterVoid.reduce((sum, l) => sum + (l.kind === 'tender' ? 0 : l.amount), 0)).toBe(0);
  });

  it('cannot be closed while a card paid a part; a manager hands the card back, and cash then pays it all', async () => {
    const check = await openCheck();
    const part = await payByCard(check, check.version, {
      amount: 1000,
      ask: '10.00',
      tip: '1.00',
      pan: '4111111111111111',
    });
    const transactionId = part.tenders[0].card.transactionId as string;
    const closing = await pos('employee', 'POST', `/checks/${check.orderId}/close`, {
      payload: { version: check.version + 1 },
    });
    expect(closing.statusCode).toBe(409);
    expect(closing.json().detail).toBe(
      'A card paid part of this check: a manager hands back what was paid before the check is closed',
    );
    const byEmployee = await pos('employee', 'POST', `/checks/${check.orderId}/hand-back`, {
      payload: { version: check.version + 1 },
    });
    expect(byEmployee.statusCode).toBe(403);
    const back = await pos('manager', 'POST', `/checks/${check.orderId}/hand-back`, {
      payload: { version: check.version + 1 },
    });
    expect(back.statusCode, back.body).toBe(200);
    // the card is voided, its tip is off the check, and nothing is paid toward it any more
    expect(back.json().data).toMatchObject({ status: 'open', paid: 0, balance: 3000 });
    expect((await paymentOf(transactionId)).status).toBe('voided');
    const history = (await kit.staff('employee', 'GET', `/orders/${check.orderId}`)).json().data.events;
    expect(history.at(-1).note).toBe('11.00 USD given back to the card at Bar');
    expect((await tenderLines(check.orderId)).reduce((sum, l) => sum + l.amount, 0)).toBe(0);
    const again = await pos('manager', 'POST', `/checks/${check.orderId}/hand-back`, {
      payload: { version: back.json().data.version },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toBe('Nothing has been paid toward this check');
    // the guest pays it all in cash after all: the sales side is the whole check, nothing taken off by the
    // card that went back while the check was open
    const cash = await pos('employee', 'POST', `/checks/${check.orderId}/pay`, {
      key: randomUUID(),
      payload: {
        version: back.json().data.version,
        tender: { method: 'cash', tendered: 3000 },
        receipt: 'none',
      },
    });
    expect(cash.statusCode, cash.body).toBe(201);
    const lines = await t.database.db
      .select()
      .from(ledgerLines)
      .where(eq(ledgerLines.orderId, check.orderId));
    expect(lines.filter((l) => l.kind !== 'tender').reduce((sum, l) => sum + l.amount, 0)).toBe(3000);
    expect(lines.filter((l) => l.kind === 'tender').reduce((sum, l) => sum + l.amount, 0)).toBe(3000);
    // another tenant reaches none of it
    expect(
      (await pos('otherOwner', 'POST', `/checks/${check.orderId}/hand-back`, { payload: { version: 1 } }))
        .statusCode,
    ).toBe(403);
  });
});
