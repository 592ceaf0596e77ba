import { randomUUID } from 'node:crypto';
import { rebuildLedger } from '@brigade/core/ledger/index';
import { ledgerLines } from '@brigade/db/schema/ledger';
import { makeRestaurant } from '@brigade/test-utils/factories';
import { asc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { asBearer } from '../test-client';
import { useOrderingRestaurant } from './test-ordering';

/**
 * The sales ledger (issue 44, decision 050) over HTTP on both engines: an online order accepted, refunded in
 * part after settlement and cancelled; a virtual-terminal sale and its void. Every event adds its lines in
 * the transaction that records it, the sales side and the card side agree, a rebuild from the records gives
 * the very same lines, and a line is never changed.
 */
const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0', CARDPOINTE_TIMEOUT_MS: '1500' } });
const kit = useOrderingRestaurant(t);
const { staff, guest, create, tokenOf } = kit;
const ids: Record<string, number> = {};

beforeAll(async () => {
  ids.tax = (await create('tax-rates', { name: 'City', rate: 8.875, default: true })).taxRateId as number;
  ids.drinks = (await create('sales-categories', { name: 'Drinks', code: 'DRK' })).salesCategoryId as number;
  ids.burger = (await create('items', { name: 'Burger', basePrice: 12 })).itemId as number;
  ids.soda = (await create('items', { name: 'Soda', basePrice: 2.5, salesCategoryId: ids.drinks }))
    .itemId as number;
  ids.menu = (
    await create('menu-groups', {
      name: 'Dinner',
      isMenu: true,
      items: [ids.burger, ids.soda].map((itemId, position) => ({ itemId, position })),
    })
  ).menuGroupId as number;
});

type Line = typeof ledgerLines.$inferSelect;
const linesOf = async (where?: (line: Line) => boolean): Promise<Line[]> => {
  const rows = await t.database.db
    .select()
    .from(ledgerLines)
    .where(eq(ledgerLines.tenantId, kit.tenantId))
    .orderBy(asc(ledgerLines.lineId));
  return where ? rows.filter(where) : rows;
};
const pick = ({ sales, netSales, totalCollected }: Record<string, number>) => ({
  sales,
  netSales,
  totalCollected,
});
const total = (lines: readonly Line[]) => lines.reduce((sum, line) => sum + line.amount, 0);
const salesSide = (line: Line) => line.kind !== 'tender';
const tenderSide = (line: Line) => line.kind === 'tender';

async function placeOrder(quantity = 2) {
  const body = {
    lines: [
      { itemId: ids.burger, quantity },
      { itemId: ids.soda, quantity: 1 },
    ],
    pickup: { asap: true },
    tip: { percent: 18 },
    customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
    payment: { token: await tokenOf('4111111111111111'), expiry: '1230' },
  };
  const placed = await guest('POST', `/${kit.slug}/orders`, body, randomUUID());
  expect(placed.statusCode, placed.body).toBe(201);
  const list = await staff('employee', 'GET', '/orders');
  const order = list.json().data.find((o: { token: string }) => o.token === placed.json().data.token);
  return order as { orderId: number; total: number; transactionId: string };
}

const move = async (who: 'employee' | 'manager', orderId: number, status: string) => {
  const answer = await staff(who, 'POST', `/orders/${orderId}/status`, { status });
  expect(answer.statusCode, answer.body).toBe(200);
  const data = answer.json().data;
  return { ...data, total: data.totals.total } as {
    total: number;
    paymentStatus: string;
    transactionId: string;
  };
};

describe('the sales ledger', () => {
  let accepted: { orderId: number; total: number };

  it('writes nothing for an order nobody accepted, and the sale when it is accepted', async () => {
    const order = await placeOrder();
    expect(await linesOf((l) => l.orderId === order.orderId)).toEqual([]);
    const moved = await move('employee', order.orderId, 'accepted');
    expect(moved.paymentStatus).toBe('captured');
    const lines = await linesOf((l) => l.orderId === order.orderId);
    const sale = lines.filter((l) => l.event === 'sale');
    expect(sale.map((l) => [l.kind, l.itemName, l.quantity, l.amount])).toEqual([
      ['item', 'Burger', 2, 2400],
      ['item', 'Soda', 1, 250],
      ['tax', null, 0, 235],
      ['tip', null, 0, 477],
    ]);
    expect(sale[1]).toMatchObject({ salesCategoryId: ids.drinks, menuGroupId: ids.menu, channel: 'online' });
    expect(sale[2]).toMatchObject({ taxRateId: ids.tax, taxName: 'City' });
    expect(total(sale)).toBe(moved.total);
    expect(lines.filter(tenderSide).map((l) => [l.event, l.amount, l.paymentMethod, l.cardBrand])).toEqual([
      ['capture', moved.total, 'card', expect.any(String)],
    ]);
    accepted = { orderId: order.orderId, total: moved.total };
  });

  it('spreads a partial refund after settlement over the sale, and the card side agrees', async () => {
    const order = (await staff('employee', 'GET', `/orders/${accepted.orderId}`)).json().data;
    kit.emulator.clock.advance(26 * 3600_000);
    const inquired = await staff('employee', 'POST', `/payments/transactions/${order.transactionId}/inquire`);
    expect(inquired.statusCode, inquired.body).toBe(200);
    const refund = await kit.http.staff(
      'manager',
      'POST',
      `/payments/transactions/${order.transactionId}/refund`,
      { amount: 1000 },
      randomUUID(),
    );
    expect(refund.statusCode, refund.body).toBe(201);
    const lines = await linesOf((l) => l.orderId === accepted.orderId);
    const returned = lines.filter((l) => l.event === 'return');
    expect(total(returned)).toBe(-1000);
    // every part gives back its share: the burger most, the tip and the tax theirs
    expect(returned.map((l) => l.kind)).toEqual(['item', 'item', 'tax', 'tip']);
    expect(total(lines.filter(salesSide))).toBe(accepted.total - 1000);
    expect(total(lines.filter(tenderSide))).toBe(accepted.total - 1000);
  });

  it('gives back what is left when the order is refunded, to zero on every line', async () => {
    await move('manager', accepted.orderId, 'completed');
    const refunded = await staff('manager', 'POST', `/orders/${accepted.orderId}/status`, {
      status: 'refunded',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const lines = await linesOf((l) => l.orderId === accepted.orderId);
    const byPart = new Map<string, number>();
    for (const l of lines.filter(salesSide)) {
      const part = `${l.kind}:${l.itemId}:${l.taxRateId}`;
      byPart.set(part, (byPart.get(part) ?? 0) + l.amount);
    }
    expect(Object.fromEntries(byPart)).toEqual({
      [`item:${ids.burger}:null`]: 0,
      [`item:${ids.soda}:null`]: 0,
      [`tax:null:${ids.tax}`]: 0,
      'tip:null:null': 0,
    });
    expect(total(lines.filter(tenderSide))).toBe(0);
  });

  it('reverses an order cancelled before settlement (its capture voided)', async () => {
    const order = await placeOrder(1);
    await move('employee', order.orderId, 'accepted');
    const cancelled = await move('manager', order.orderId, 'cancelled');
    expect(cancelled.paymentStatus).toBe('voided');
    const lines = await linesOf((l) => l.orderId === order.orderId);
    expect(lines.filter(tenderSide).map((l) => l.event)).toEqual(['capture', 'void']);
    expect(total(lines.filter(salesSide))).toBe(0);
    expect(total(lines.filter(tenderSide))).toBe(0);
  });

  it('takes a virtual-terminal sale with its tip, and its void back', async () => {
    const sold = await kit.http.staff(
      'employee',
      'POST',
      '/payments/transactions',
      {
        amount: 4250,
        tipAmount: 800,
        capture: true,
        token: await tokenOf('4111111111111111'),
        expiry: '1230',
      },
      randomUUID(),
    );
    expect(sold.statusCode, sold.body).toBe(201);
    const id = sold.json().data.transaction.transactionId as string;
    const lines = await linesOf((l) => l.transactionId === id);
    expect(lines.map((l) => [l.event, l.kind, l.amount, l.channel])).toEqual([
      ['capture', 'tender', 5050, 'virtual_terminal'],
      ['sale', 'custom', 4250, 'virtual_terminal'],
      ['sale', 'tip', 800, 'virtual_terminal'],
    ]);
    const voided = await kit.http.staff(
      'manager',
      'POST',
      `/payments/transactions/${id}/void`,
      {},
      randomUUID(),
    );
    expect(voided.statusCode, voided.body).toBe(200);
    const after = await linesOf((l) => l.transactionId === id);
    expect(total(after.filter(salesSide))).toBe(0);
    expect(total(after.filter(tenderSide))).toBe(0);
  });

  it('rebuilds the very same lines from the records, and never changes a line', async () => {
    const shape = (lines: Line[]) =>
      lines
        .map(({ lineId: _id, createdAt: _at, ...line }) => line)
        .sort((a, b) => a.lineKey.localeCompare(b.lineKey));
    const before = shape(await linesOf());
    expect(before.length).toBeGreaterThan(20);
    const result = await rebuildLedger(t.database.db, { tenantId: kit.tenantId });
    expect(result).toMatchObject({ deleted: before.length, added: before.length });
    expect(shape(await linesOf())).toEqual(before);
    await expect(
      t.database.db.execute(sql`update ledger_lines set amount = 0 where tenant_id = ${kit.tenantId}`),
    ).rejects.toSatisfy((error: Error & { cause?: Error }) =>
      /never changed/.test(String(error.cause?.message)),
    );
  });

  it('reports the range from the ledger alone: totals, items, taxes, cards, and the period before', async () => {
    const lines = await linesOf();
    const day = lines[0]!.businessDate;
    const answer = await staff('manager', 'GET', `/reports/sales?from=${day}&to=${day}&compare=previous`);
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json().data;
    const sales = lines.filter(salesSide);
    const sold = (l: Line) => l.kind === 'item' || l.kind === 'custom';
    expect(report.totals).toMatchObject({
      sales: new Set(lines.filter((l) => l.event === 'sale').map((l) => l.saleKey)).size,
      grossSales: total(sales.filter((l) => l.event === 'sale' && sold(l))),
      returns: -total(sales.filter((l) => l.event === 'return' && sold(l))),
      tax: total(sales.filter((l) => l.kind === 'tax')),
      tips: total(sales.filter((l) => l.kind === 'tip')),
      totalCollected: total(sales),
    });
    expect(report.previous).toMatchObject({ totals: { sales: 0, totalCollected: 0 } });
    expect(report.channels.map((c: { channel: string }) => c.channel).sort()).toEqual([
      'online',
      'virtual_terminal',
    ]);
    const soda = report.items.find((i: { name: string }) => i.name === 'Soda');
    expect(soda).toMatchObject({ itemId: ids.soda });
    expect(report.categories.find((c: { name: string }) => c.name === 'Drinks')).toMatchObject({
      salesCategoryId: ids.drinks,
      netSales: soda.netSales,
    });
    expect(report.taxes).toEqual([
      { taxRateId: ids.tax, name: 'City', tax: total(sales.filter((l) => l.kind === 'tax')), includedTax: 0 },
    ]);
    const cards = report.payments.reduce((sum: number, p: { net: number }) => sum + p.net, 0);
    expect(cards).toBe(total(lines.filter(tenderSide)));
    expect(report.hours.reduce((n: number, h: { sales: number }) => n + h.sales, 0)).toBe(
      report.totals.sales,
    );
  });

  it('answers the daily journal from the same lines: the days add up to the report, the card to its lines', async () => {
    const lines = await linesOf();
    const days = [...new Set(lines.map((l) => l.businessDate))].sort();
    const from = days[0]!;
    const to = days.at(-1)!;
    const answer = await staff('manager', 'GET', `/reports/journal?from=${from}&to=${to}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const journal = answer.json().data;
    expect(journal.days.map((d: { date: string }) => d.date)).toEqual(days);
    const report = (await staff('manager', 'GET', `/reports/sales?from=${from}&to=${to}`)).json().data;
    const sum = (key: string) =>
      journal.days.reduce((n: number, d: Record<string, number>) => n + d[key]!, 0);
    expect(sum('totalCollected')).toBe(report.totals.totalCollected);
    expect(sum('netSales')).toBe(report.totals.netSales);
    expect(sum('cardNet')).toBe(total(lines.filter(tenderSide)));
    expect(sum('cardTaken') - sum('cardReturned')).toBe(sum('cardNet'));
    expect((await staff('manager', 'GET', '/reports/journal?from=2026-01-02')).statusCode).toBe(400);
    expect((await staff('employee', 'GET', `/reports/journal?from=${from}&to=${to}`)).statusCode).toBe(403);
    expect((await staff('otherOwner', 'GET', `/reports/journal?from=${from}&to=${to}`)).body).not.toMatch(
      /cardNet/,
    );
  });

  it('answers zeros for a range without sales, and 400 for a range it cannot cover', async () => {
    const empty = await staff('manager', 'GET', '/reports/sales?from=2001-01-01&to=2002-12-31');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toMatchObject({ totals: { sales: 0, netSales: 0 }, items: [], days: [] });
    const backwards = await staff('manager', 'GET', '/reports/sales?from=2026-02-02&to=2026-02-01');
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors).toEqual([{ path: 'query.to', message: 'from must be on or before to' }]);
    const long = await staff('manager', 'GET', '/reports/sales?from=2020-01-01&to=2026-01-01');
    expect(long.json().errors).toEqual([{ path: 'query.to', message: 'A report covers at most 731 days' }]);
    expect((await staff('manager', 'GET', '/reports/sales?from=1999-12-31')).statusCode).toBe(400);
  });

  it("reports every restaurant of the tenant at once: each restaurant's figures, items added up by name", async () => {
    const day = (await linesOf())[0]!.businessDate;
    const first = (await staff('manager', 'GET', `/reports/sales?from=${day}`)).json().data;
    expect(first.restaurants).toEqual([
      expect.objectContaining({ restaurantId: kit.restaurantId, netSales: first.totals.netSales }),
    ]);
    // a second restaurant of the tenant, whose sale is in the ledger: a soda (another id, the same name)
    const second = await makeRestaurant(t.database.db, kit.tenantId, 'Harbor Two');
    const base = {
      tenantId: kit.tenantId,
      restaurantId: second.restaurantId,
      saleKey: 'o:1',
      event: 'sale' as const,
      channel: 'pos' as const,
      occurredAt: new Date(),
      businessDate: day,
      localHour: 12,
      currency: 'USD',
    };
    await t.database.db.insert(ledgerLines).values([
      {
        ...base,
        lineKey: 'o:1:item:1',
        kind: 'item',
        itemId: 987,
        itemName: 'Soda',
        quantity: 3,
        amount: 750,
      },
      {
        ...base,
        lineKey: 'o:1:item:2',
        kind: 'item',
        itemId: 988,
        itemName: 'Fries',
        quantity: 1,
        amount: 400,
      },
      { ...base, lineKey: 'o:1:tax', kind: 'tax', amount: 100 },
    ]);
    const tenantCall = (path: string, who: 'manager' | 'employee' | 'otherOwner' = 'manager') =>
      asBearer(t.app, kit.sessions[who], { method: 'GET', url: `/api/v1/tenants/${kit.tenantId}${path}` });
    const answer = await tenantCall(`/reports/sales?from=${day}&compare=previous`);
    expect(answer.statusCode, answer.body).toBe(200);
    const all = answer.json().data;
    expect(all.totals).toMatchObject({
      sales: first.totals.sales + 1,
      grossSales: first.totals.grossSales + 1150,
      netSales: first.totals.netSales + 1150,
      tax: first.totals.tax + 100,
      totalCollected: first.totals.totalCollected + 1250,
    });
    expect(all.restaurants).toEqual([
      { restaurantId: kit.restaurantId, name: expect.any(String), ...pick(first.totals) },
      {
        restaurantId: second.restaurantId,
        name: 'Harbor Two',
        sales: 1,
        netSales: 1150,
        totalCollected: 1250,
      },
    ]);
    const soda = first.items.find((i: { name: string }) => i.name === 'Soda');
    expect(all.items.filter((i: { name: string }) => i.name === 'Soda')).toEqual([
      {
        itemId: null,
        name: 'Soda',
        quantity: soda.quantity + 3,
        netSales: soda.netSales + 750,
        share: expect.any(Number),
      },
    ]);
    expect(all.items.find((i: { name: string }) => i.name === 'Fries')).toMatchObject({
      itemId: 988,
      quantity: 1,
    });
    // the restaurant's own report is unchanged by the other's sale
    expect((await staff('manager', 'GET', `/reports/sales?from=${day}`)).json().data.totals).toEqual(
      first.totals,
    );
    const journal = (await tenantCall(`/reports/journal?from=${day}&to=${day}`)).json().data;
    expect(journal.days).toEqual([
      expect.objectContaining({ date: day, totalCollected: all.totals.totalCollected }),
    ]);
    // managers of this tenant only
    expect((await tenantCall(`/reports/sales?from=${day}`, 'employee')).statusCode).toBe(403);
    const other = await tenantCall(`/reports/sales?from=${day}`, 'otherOwner');
    expect([403, 404]).toContain(other.statusCode);
    expect(other.body).not.toMatch(/grossSales/);
    expect((await tenantCall('/reports/journal?from=2026-01-02')).statusCode).toBe(400);
  });

  it('is for managers of this tenant only', async () => {
    expect((await staff('employee', 'GET', '/reports/sales')).statusCode).toBe(403);
    const other = await staff('otherOwner', 'GET', '/reports/sales');
    expect([403, 404]).toContain(other.statusCode);
    expect(other.body).not.toMatch(/grossSales/);
  });
});

describe('refunds from the order', () => {
  it('refunds part at once after the payment settled, with a reason in the history, once per key', async () => {
    const order = await placeOrder(1);
    await move('employee', order.orderId, 'accepted');
    const refund = (who: 'employee' | 'manager', body: object, key = randomUUID()) =>
      kit.http.staff(who, 'POST', `/orders/${order.orderId}/refunds`, body, key);
    expect((await refund('employee', { amount: 500, reason: 'Cold fries' })).statusCode).toBe(403);
    // before settlement a refund is scheduled for when it settles (scheduled-refunds.int.test.ts)
    const noReason = await refund('manager', { amount: 500, reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual([{ path: 'reason', message: 'Say why the order is refunded' }]);

    await move('employee', order.orderId, 'completed');
    kit.emulator.clock.advance(26 * 3600_000);
    const view = (await staff('employee', 'GET', `/orders/${order.orderId}`)).json().data;
    expect(
      (await staff('employee', 'POST', `/payments/transactions/${view.transactionId}/inquire`)).statusCode,
    ).toBe(200);
    const key = randomUUID();
    const first = await refund('manager', { amount: 500, reason: 'Cold fries' }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'completed', refundedAmount: 500 });
    const again = await refund('manager', { amount: 500, reason: 'Cold fries' }, key);
    expect(again.json().data.refundedAmount).toBe(500);
    const notes = again
      .json()
      .data.events.filter((e: { note: string | null }) => e.note?.startsWith('Refunded'));
    expect(notes).toHaveLength(1);
    expect(notes[0].note).toMatch(/^Refunded 5\.00 USD \([0-9a-f]{8}\): Cold fries$/);
    expect(total(await linesOf((l) => l.orderId === order.orderId && l.event === 'return'))).toBe(-500);

    const before = await linesOf();
    const tooMuch = await refund('manager', { amount: view.totals.total, reason: 'All of it' });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().detail).toBe('The refund is more than what is left to refund');
    expect(await linesOf()).toEqual(before);

    const mails = await t.database.db.execute(
      sql`select subject, text_body from outbox_emails where subject like ${`Your refund from % (order #${view.number})`} order by id`,
    );
    const sent = (mails as unknown as { rows: { subject: string; text_body: string }[] }).rows;
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text_body).toMatch(/refunded \$5\.00 of your order #\d+ to your card ending in 1111\./);
    expect(sent[0]!.text_body).not.toMatch(/Cold fries/);

    const rest = await refund('manager', { reason: 'Guest complained' });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json().data).toMatchObject({
      status: 'refunded',
      refundedAmount: view.totals.total,
      refundableAmount: 0,
    });
    const lines = await linesOf((l) => l.orderId === order.orderId);
    expect(total(lines.filter(salesSide))).toBe(0);
    expect(total(lines.filter(tenderSide))).toBe(0);
  });
});
