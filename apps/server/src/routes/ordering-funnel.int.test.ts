import { randomUUID } from 'node:crypto';
import { orderingFunnelDays } from '@brigade/db/schema/ordering';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { useOrderingRestaurant } from './test-ordering';

/**
 * The online-ordering funnel (issue 44, docs/behaviour/reports.md#online-ordering-funnel) on both engines:
 * menu views and quotes counted in memory and added to the day's row, orders placed and accepted read from
 * the orders; conversion between the steps; managers of this tenant only.
 */
const t = useTestApp();
const kit = useOrderingRestaurant(t);
const { staff, guest, create, tokenOf } = kit;
let burger = 0;

beforeAll(async () => {
  burger = (await create('items', { name: 'Burger', basePrice: 12 })).itemId as number;
  await create('menu-groups', { name: 'Dinner', isMenu: true, items: [{ itemId: burger, position: 0 }] });
});

const cart = () => ({ lines: [{ itemId: burger, quantity: 1 }], pickup: { asap: true } });
const place = async () => {
  const body = {
    ...cart(),
    customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
    payment: { token: await tokenOf('4111111111111111'), expiry: '1230' },
  };
  const placed = await guest('POST', `/${kit.slug}/orders`, body, randomUUID());
  expect(placed.statusCode, placed.body).toBe(201);
  const list = (await staff('employee', 'GET', '/orders')).json().data;
  return list.find((o: { token: string }) => o.token === placed.json().data.token) as { orderId: number };
};

describe('the online-ordering funnel', () => {
  it('counts menu views and quotes, orders placed and accepted, with the conversion of each step', async () => {
    for (let i = 0; i < 4; i++) expect((await guest('GET', `/${kit.slug}/menu`)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await guest('POST', `/${kit.slug}/quote`, cart())).statusCode).toBe(200);
    // a quote refused (an item that is not on the menu) is not a step of the funnel
    expect(
      (await guest('POST', `/${kit.slug}/quote`, { ...cart(), lines: [{ itemId: 999_999, quantity: 1 }] }))
        .statusCode,
    ).toBe(400);
    const first = await place();
    await place();
    const accepted = await staff('employee', 'POST', `/orders/${first.orderId}/status`, {
      status: 'accepted',
    });
    expect(accepted.statusCode, accepted.body).toBe(200);

    // each process adds its counts every half minute (and at close): this one's now
    await t.deps.funnel.flush();
    const today = (await staff('manager', 'GET', '/orders/summary')).json().data.businessDate as string;
    const answer = await staff('manager', 'GET', `/reports/funnel?from=${today}&to=${today}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const funnel = answer.json().data;
    // placing an order asks for no quote of its own: the guests' quotes are the two above
    expect(funnel.totals).toEqual({
      menuViews: 4,
      quotes: 2,
      ordersPlaced: 2,
      ordersAccepted: 1,
      quoteRate: 50,
      orderRate: 100,
      acceptRate: 50,
    });
    expect(funnel.days).toEqual([
      { date: today, menuViews: 4, quotes: 2, ordersPlaced: 2, ordersAccepted: 1 },
    ]);
    // the counts were added to the day's row, and adding more adds to it
    await guest('GET', `/${kit.slug}/menu`);
    await t.deps.funnel.flush();
    const [row] = await t.database.db
      .select()
      .from(orderingFunnelDays)
      .where(eq(orderingFunnelDays.restaurantId, kit.restaurantId));
    expect(row).toMatchObject({ businessDate: today, menuViews: 5, quotes: 2 });
  });

  it('answers zeros for a range with nothing, 400 for a range it cannot cover, and only to managers here', async () => {
    const empty = await staff('manager', 'GET', '/reports/funnel?from=2001-01-01&to=2001-01-31');
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toMatchObject({
      totals: { menuViews: 0, ordersPlaced: 0, quoteRate: 0 },
      days: [],
    });
    const backwards = await staff('manager', 'GET', '/reports/funnel?from=2026-02-02&to=2026-02-01');
    expect(backwards.json().errors).toEqual([{ path: 'query.to', message: 'from must be on or before to' }]);
    expect((await staff('employee', 'GET', '/reports/funnel?from=2026-02-01&to=2026-02-01')).statusCode).toBe(
      403,
    );
    const other = await staff('otherOwner', 'GET', '/reports/funnel?from=2026-02-01&to=2026-02-01');
    expect([403, 404]).toContain(other.statusCode);
    expect(other.body).not.toMatch(/menuViews/);
  });
});
