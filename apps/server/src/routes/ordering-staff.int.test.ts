import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { type Person, useOrderingRestaurant } from './test-ordering';

/**
 * The restaurant's side of ordering over HTTP (issue 21): the kitchen display (tickets routed by prep station
 * and grouped by course, bump and recall stored on the server, the order made ready once every station bumped
 * it), the daily sales summary, roles, and another tenant's owner who gets nothing.
 */
const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0', CARDPOINTE_TIMEOUT_MS: '1500' } });

const kit = useOrderingRestaurant(t);
const { staff, create, tokenOf } = kit;
const ids = {} as Record<
  'grill' | 'fryer' | 'mains' | 'starters' | 'burger' | 'wings' | 'fries' | 'soda',
  number
>;

beforeAll(async () => {
  ids.grill = (await create('prep-stations', { name: 'Grill' })).prepStationId as number;
  ids.fryer = (await create('prep-stations', { name: 'Fryer' })).prepStationId as number;
  ids.mains = (await create('courses', { name: 'Mains', number: '2' })).courseId as number;
  ids.starters = (await create('courses', { name: 'Starters', number: '1' })).courseId as number;
  const item = async (name: string, over: object) =>
    (await create('items', { name, basePrice: 5, ...over })).itemId as number;
  ids.burger = await item('Burger', { prepStationIds: [ids.grill], courseId: ids.mains });
  ids.wings = await item('Wings', { prepStationIds: [ids.grill], courseId: ids.starters });
  ids.fries = await item('Fries', { prepStationIds: [ids.fryer], courseId: ids.mains });
  ids.soda = await item('Soda', {});
  const items = [ids.burger, ids.wings, ids.fries, ids.soda];
  await create('menu-groups', {
    name: 'All day',
    isMenu: true,
    items: items.map((itemId, position) => ({ itemId, position })),
  });
});

/** Places an order as a guest and returns its id (from the restaurant's list). */
async function place(itemIds: number[]): Promise<number> {
  const answer = await t.app.inject({
    method: 'POST',
    url: `/api/v1/ordering/${kit.slug}/orders`,
    headers: { 'idempotency-key': randomUUID() },
    payload: {
      lines: itemIds.map((itemId) => ({
        itemId,
        quantity: 1,
        ...(itemId === ids.burger ? { notes: 'No onion' } : {}),
      })),
      pickup: { asap: true },
      customer: { name: 'Ada Guest', email: 'ada@example.com', phone: '+1 555 010 0200' },
      payment: { token: await tokenOf('4111111111111111'), expiry: '1230' },
    },
  });
  expect(answer.statusCode, answer.body).toBe(201);
  const list = await staff('employee', 'GET', '/orders');
  return list.json().data.find((o: { token: string }) => o.token === answer.json().data.token).orderId;
}

const board = async (station: number, who: Person = 'employee') =>
  (await staff(who, 'GET', `/kitchen/${station}`)).json().data;
const bump = (station: number, orderId: number, who: Person = 'employee') =>
  staff(who, 'POST', `/kitchen/${station}/tickets/${orderId}/bump`);
const accept = (orderId: number) =>
  staff('employee', 'POST', `/orders/${orderId}/status`, { status: 'accepted' });
const ticketOf = (data: { tickets: { orderId: number }[] }, orderId: number) =>
  data.tickets.find((ticket) => ticket.orderId === orderId);

describe('the kitchen display', () => {
  let orderId: number;

  it('shows accepted orders only, with the lines routed to the station, grouped by course in firing order', async () => {
    orderId = await place([ids.burger, ids.wings, ids.fries, ids.soda]);
    expect(ticketOf(await board(ids.grill), orderId)).toBeUndefined();
    expect((await accept(orderId)).statusCode).toBe(200);
    const grill = await board(ids.grill);
    expect(grill.station).toMatchObject({ prepStationId: ids.grill, name: 'Grill' });
    const ticket = ticketOf(grill, orderId)!;
    expect(ticket).toMatchObject({
      status: 'accepted',
      customerName: 'Ada Guest',
      stationsDone: 0,
      stationsTotal: 2,
    });
    expect(ticket).toHaveProperty('courses', [
      { courseId: null, name: null, lines: [{ name: 'Soda', quantity: 1, modifiers: [] }] },
      { courseId: ids.starters, name: 'Starters', lines: [{ name: 'Wings', quantity: 1, modifiers: [] }] },
      {
        courseId: ids.mains,
        name: 'Mains',
        lines: [{ name: 'Burger', quantity: 1, modifiers: [], notes: 'No onion' }],
      },
    ]);
    const fryer = ticketOf(await board(ids.fryer), orderId)!;
    expect(JSON.stringify(fryer)).not.toMatch(/Burger|Wings/);
    expect(JSON.stringify(fryer)).toMatch(/Fries/);
  });

  it('takes a bump off the station, recalls it, and makes the order ready once every station bumped it', async () => {
    const first = await bump(ids.grill, orderId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ orderId, status: 'accepted' });
    const grill = await board(ids.grill);
    expect(ticketOf(grill, orderId)).toBeUndefined();
    expect(grill.lastBumped).toMatchObject({ orderId });
    expect(ticketOf(await board(ids.fryer), orderId)).toMatchObject({ stationsDone: 1 });
    // the expo sees the whole order: every kitchen line, the grill done, the fryer still cooking
    const expo = (await staff('employee', 'GET', '/expo')).json().data;
    const whole = ticketOf(expo, orderId) as unknown as {
      stations: { prepStationId: number; name: string; done: boolean }[];
      courses: { lines: { name: string }[] }[];
    };
    expect(whole.stations).toEqual([
      { prepStationId: ids.grill, name: 'Grill', done: true },
      { prepStationId: ids.fryer, name: 'Fryer', done: false },
    ]);
    expect(whole.courses.flatMap((course) => course.lines.map((line) => line.name)).sort()).toEqual([
      'Burger',
      'Fries',
      'Soda',
      'Wings',
    ]);
    const recalled = await staff('employee', 'POST', `/kitchen/${ids.grill}/recall`);
    expect(recalled.statusCode, recalled.body).toBe(200);
    // back on the grill's board, its bump undone: no station has bumped it now
    expect(ticketOf(await board(ids.grill), orderId)).toMatchObject({
      orderId,
      status: 'accepted',
      stationsDone: 0,
      stationsTotal: 2,
    });
    expect((await bump(ids.grill, orderId)).statusCode).toBe(200);
    expect((await bump(ids.grill, orderId)).json().data.status).toBe('accepted');
    const last = await bump(ids.fryer, orderId);
    expect(last.json().data).toMatchObject({ orderId, status: 'ready' });
    const order = (await staff('employee', 'GET', `/orders/${orderId}`)).json().data;
    expect(order.status).toBe('ready');
    expect(order.events.at(-1)).toMatchObject({ status: 'ready', note: 'Every kitchen station bumped it' });
    // ready: off the expo too
    expect(ticketOf((await staff('employee', 'GET', '/expo')).json().data, orderId)).toBeUndefined();
    const late = await staff('employee', 'POST', `/kitchen/${ids.fryer}/recall`);
    expect(late.statusCode).toBe(409);
    expect(late.json().detail).toMatch(/ready for pickup/);
    expect((await board(ids.fryer)).lastBumped).toBeNull();
  });

  it('refuses a bump for an order off the line, with nothing for the station, or at an unknown station', async () => {
    const fresh = await place([ids.fries]);
    expect((await bump(ids.fryer, fresh)).statusCode).toBe(409);
    await accept(fresh);
    const notMine = await bump(ids.grill, fresh);
    expect(notMine.statusCode).toBe(409);
    expect(notMine.json().detail).toBe(
      `Order #${(await board(ids.fryer)).tickets.at(-1).number} has nothing for Grill`,
    );
    expect((await bump(999_999, fresh)).statusCode).toBe(404);
    expect((await staff('employee', 'GET', '/kitchen/999999')).statusCode).toBe(404);
    expect((await staff('employee', 'POST', '/kitchen/999999/recall')).statusCode).toBe(404);
  });
});

describe('the daily sales summary', () => {
  it("adds up the day's accepted orders for managers, by hour, with orders given back apart", async () => {
    const before = (await staff('manager', 'GET', '/orders/summary')).json().data;
    const kept = await place([ids.burger, ids.soda]);
    const dropped = await place([ids.fries]);
    const neverAccepted = await place([ids.fries]);
    const moveTo = async (orderId: number, status: string) =>
      expect((await staff('owner', 'POST', `/orders/${orderId}/status`, { status })).statusCode).toBe(200);
    // a sale once accepted (the sales ledger); one cancelled after it is given back; one never accepted is neither
    await moveTo(kept, 'accepted');
    await moveTo(dropped, 'accepted');
    await moveTo(dropped, 'cancelled');
    await moveTo(neverAccepted, 'cancelled');
    const answer = await staff('manager', 'GET', '/orders/summary');
    expect(answer.statusCode, answer.body).toBe(200);
    const after = answer.json().data;
    const order = (await staff('employee', 'GET', `/orders/${kept}`)).json().data;
    const droppedOrder = (await staff('employee', 'GET', `/orders/${dropped}`)).json().data;
    expect(after.orders - before.orders).toBe(2);
    expect(after.sales - before.sales).toBe(order.totals.total + droppedOrder.totals.total);
    expect(after.subtotal - before.subtotal).toBe(order.totals.subtotal + droppedOrder.totals.subtotal);
    expect(after.returned.orders - before.returned.orders).toBe(1);
    expect(after.returned.amount - before.returned.amount).toBe(droppedOrder.totals.total);
    const hours = after.hours.reduce((sum: number, h: { orders: number }) => sum + h.orders, 0);
    expect(hours).toBe(after.orders);
    const other = await staff('manager', 'GET', '/orders/summary?date=2001-01-01');
    expect(other.json().data).toMatchObject({ businessDate: '2001-01-01', orders: 0, sales: 0, hours: [] });
    expect((await staff('manager', 'GET', '/orders/summary?date=yesterday')).statusCode).toBe(400);
    expect((await staff('employee', 'GET', '/orders/summary')).statusCode).toBe(403);
  });
});

describe('another tenant', () => {
  it("gets none of the restaurant's kitchen or sales", async () => {
    expect((await staff('otherOwner', 'GET', '/orders/summary')).statusCode).toBe(403);
    expect((await staff('otherOwner', 'GET', `/kitchen/${ids.grill}`)).statusCode).toBe(403);
    expect((await staff('otherOwner', 'GET', '/expo')).statusCode).toBe(403);
    expect((await bump(ids.grill, 1, 'otherOwner')).statusCode).toBe(403);
    expect((await staff('otherOwner', 'POST', `/kitchen/${ids.grill}/recall`)).statusCode).toBe(403);
  });
});
