import { toLocalMoment } from '@brigade/domain/catalogue/menu-availability';
import { addDays, instantOf } from '@brigade/domain/ordering/pickup';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../test-app';
import { useOrderingRestaurant } from './test-ordering';

/**
 * Opening hours over HTTP (issue 23 item 7, decision 030): several spans a day and special dates through the
 * restaurant update, the spec's one-span payload still accepted, clear 400s, another tenant kept out, and
 * online ordering that offers no pickup on a closed date and follows a date's special spans.
 */
const t = useTestApp({ env: { CARDPOINTE_RECONCILE_PAUSE_MS: '0' } });
const kit = useOrderingRestaurant(t);
const { staff, guest, create } = kit;
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const ALL_DAY = { open: '00:00', close: '00:00', closed: false };
const allWeek = (day: object) => Object.fromEntries(DAYS.map((d) => [d, day]));
let itemId = 0;

beforeAll(async () => {
  itemId = (await create('items', { name: 'Soup', basePrice: 6 })).itemId as number;
  await create('menu-groups', { name: 'Lunch', isMenu: true, items: [{ itemId, position: 0 }] });
});

const today = () => toLocalMoment(new Date().toISOString(), kit.timeZone).date;
const localDateOf = (at: string) => toLocalMoment(at, kit.timeZone).date;

describe('the restaurant update', () => {
  it("still takes the spec's one span a day, and answers it as one span", async () => {
    const answer = await staff('owner', 'PATCH', '', {
      operatingHours: allWeek({ open: '09:00', close: '22:00', closed: false }),
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.restaurant.operatingHours.monday).toEqual({
      open: '09:00',
      close: '22:00',
      closed: false,
      spans: [{ open: '09:00', close: '22:00' }],
    });
    expect(answer.json().data.restaurant.specialHours).toEqual([]);
  });

  it('takes several spans a day and special dates, sorted, and keeps them', async () => {
    const answer = await staff('owner', 'PATCH', '', {
      operatingHours: allWeek({
        open: '00:00',
        close: '00:00',
        spans: [
          { open: '17:00', close: '22:00' },
          { open: '11:00', close: '14:00' },
        ],
      }),
      specialHours: [
        { date: '2030-12-25', closed: true, label: 'Christmas' },
        { date: '2030-11-28', closed: true, label: 'Thanksgiving' },
      ],
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const read = (await staff('employee', 'GET', '')).json().data.restaurant;
    expect(read.operatingHours.friday).toEqual({
      open: '11:00',
      close: '22:00',
      closed: false,
      spans: [
        { open: '11:00', close: '14:00' },
        { open: '17:00', close: '22:00' },
      ],
    });
    expect(read.specialHours.map((d: { date: string }) => d.date)).toEqual(['2030-11-28', '2030-12-25']);
    // Leaving specialHours out of an update (an older client) keeps them.
    await staff('owner', 'PATCH', '', { operatingHours: allWeek({ open: '09:00', close: '22:00' }) });
    expect((await staff('owner', 'GET', '')).json().data.restaurant.specialHours).toHaveLength(2);
  });

  it('refuses overlapping spans and a date listed twice with a 400 that says where', async () => {
    const answer = await staff('owner', 'PATCH', '', {
      operatingHours: {
        ...allWeek({ open: '09:00', close: '22:00' }),
        monday: {
          open: '09:00',
          close: '22:00',
          spans: [
            { open: '09:00', close: '15:00' },
            { open: '14:00', close: '22:00' },
          ],
        },
      },
      specialHours: [
        { date: '2030-11-28', closed: true },
        { date: '2030-11-28', spans: [{ open: '10:00', close: '12:00' }] },
        { date: '2030-02-30', closed: true },
      ],
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'operatingHours.monday.spans.1', message: 'Opening spans of a day must not overlap' },
        { path: 'specialHours.1.date', message: '2030-11-28 is listed more than once' },
        { path: 'specialHours.2.date', message: 'Date must be a real calendar date (YYYY-MM-DD)' },
      ]),
    );
  });

  it("is not another tenant's to change", async () => {
    const answer = await staff('otherOwner', 'PATCH', '', {
      specialHours: [{ date: '2030-01-01', closed: true }],
    });
    expect([403, 404]).toContain(answer.statusCode);
    expect((await staff('owner', 'GET', '')).json().data.restaurant.specialHours).toHaveLength(2);
  });
});

describe('online ordering on special dates', () => {
  it('offers no pickup on a date closed for a holiday, and refuses one', async () => {
    const date = today();
    const patched = await staff('owner', 'PATCH', '', {
      operatingHours: allWeek(ALL_DAY),
      specialHours: [{ date, closed: true, label: 'Thanksgiving' }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const menu = (await guest('GET', `/${kit.slug}/menu`)).json().data;
    expect(menu.asapAt).toBeNull();
    expect(menu.slots.length).toBeGreaterThan(0);
    expect(menu.slots.filter((slot: string) => localDateOf(slot) === date)).toEqual([]);
    const asap = await guest('POST', `/${kit.slug}/quote`, { lines: [{ itemId, quantity: 1 }] });
    expect(asap.statusCode).toBe(400);
    expect(asap.json().errors).toEqual([
      { path: 'pickup', message: 'The restaurant is not taking orders for pickup now; choose a pickup time' },
    ]);
    const later = instantOf(
      date,
      toLocalMoment(new Date().toISOString(), kit.timeZone).minutes + 90,
      kit.timeZone,
    );
    const scheduled = await guest('POST', `/${kit.slug}/quote`, {
      lines: [{ itemId, quantity: 1 }],
      pickup: { at: later.toISOString() },
    });
    expect(scheduled.statusCode).toBe(400);
    expect(scheduled.json().errors).toEqual([
      { path: 'pickup.at', message: 'The restaurant is closed at that pickup time' },
    ]);
  });

  it("offers only a date's special spans", async () => {
    const date = today();
    const tomorrow = addDays(date, 1);
    const patched = await staff('owner', 'PATCH', '', {
      specialHours: [{ date: tomorrow, spans: [{ open: '10:00', close: '11:00' }], label: 'Short day' }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const menu = (await guest('GET', `/${kit.slug}/menu`)).json().data;
    const times = menu.slots
      .filter((slot: string) => localDateOf(slot) === tomorrow)
      .map((slot: string) => toLocalMoment(slot, kit.timeZone).minutes);
    expect(times.length).toBeGreaterThan(0);
    // 10:00 plus the lead time, up to 11:00, in 15-minute steps
    for (const minutes of times) {
      expect(minutes).toBeGreaterThan(10 * 60);
      expect(minutes).toBeLessThanOrEqual(11 * 60);
    }
  });

  it('shows no menu at a moment on a date closed for a holiday, and the menus again the day after', async () => {
    const patched = await staff('owner', 'PATCH', '', {
      specialHours: [{ date: '2030-07-04', closed: true, label: 'Independence Day' }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const closed = await staff('employee', 'GET', '/menus?at=2030-07-04T12:00');
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toEqual([]);
    const open = await staff('employee', 'GET', '/menus?at=2030-07-05T12:00');
    expect(open.json().data.map((menu: { name: string }) => menu.name)).toContain('Lunch');
  });
});
