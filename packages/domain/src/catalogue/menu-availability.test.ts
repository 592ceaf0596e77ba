import { describe, expect, it } from 'vitest';
import { isGroupAvailableAt, isGroupOnChannel, isItemOnChannel, toLocalMoment } from './menu-availability';
import { createMenuGroupInputSchema } from './menu-group';

const group = (fields: Record<string, unknown> = {}) =>
  createMenuGroupInputSchema.parse({ name: 'G', ...fields });

describe('toLocalMoment', () => {
  it('shows an instant on the restaurant clock, and takes a time without offset as local', () => {
    expect(toLocalMoment('2025-07-04T02:30:00Z', 'America/New_York')).toEqual({
      date: '2025-07-03',
      month: 7,
      day: 3,
      weekday: 'thursday',
      minutes: 22 * 60 + 30,
    });
    expect(toLocalMoment('2025-07-04T02:30', 'America/New_York')).toMatchObject({
      date: '2025-07-04',
      weekday: 'friday',
      minutes: 150,
    });
    expect(toLocalMoment('2025-01-01T00:15:00+01:00', 'UTC')).toMatchObject({
      date: '2024-12-31',
      minutes: 23 * 60 + 15,
    });
  });
});

describe('isGroupAvailableAt', () => {
  const at = (iso: string) => toLocalMoment(iso, 'UTC');

  it('checks both day lists', () => {
    expect(isGroupAvailableAt(group(), at('2025-07-05T12:00'))).toBe(true);
    expect(isGroupAvailableAt(group({ daysOfWeek: { saturday: false } }), at('2025-07-05T12:00'))).toBe(
      false,
    );
    expect(isGroupAvailableAt(group({ daysAvailable: { saturday: false } }), at('2025-07-05T12:00'))).toBe(
      false,
    );
    expect(isGroupAvailableAt(group({ daysAvailable: { saturday: false } }), at('2025-07-06T12:00'))).toBe(
      true,
    );
  });

  it('checks the time range, including one past midnight', () => {
    const lunch = group({ timeRange: { startTime: '11:00', endTime: '15:00' } });
    expect(isGroupAvailableAt(lunch, at('2025-07-05T11:00'))).toBe(true);
    expect(isGroupAvailableAt(lunch, at('2025-07-05T15:00'))).toBe(false);
    const late = group({ timeRange: { startTime: '22:00', endTime: '02:00' } });
    expect(isGroupAvailableAt(late, at('2025-07-05T23:30'))).toBe(true);
    expect(isGroupAvailableAt(late, at('2025-07-05T01:59'))).toBe(true);
    expect(isGroupAvailableAt(late, at('2025-07-05T12:00'))).toBe(false);
  });

  it('checks the date range and the season (which may span the new year)', () => {
    const july = group({ dateRange: { startDate: '2025-07-01', endDate: '2025-07-31' } });
    expect(isGroupAvailableAt(july, at('2025-07-31T23:00'))).toBe(true);
    expect(isGroupAvailableAt(july, at('2025-08-01T00:00'))).toBe(false);
    const winter = group({
      seasonalAvailability: { isActive: true, startMonth: 12, startDay: 1, endMonth: 2, endDay: 28 },
    });
    expect(isGroupAvailableAt(winter, at('2025-01-15T12:00'))).toBe(true);
    expect(isGroupAvailableAt(winter, at('2025-06-15T12:00'))).toBe(false);
    const off = group({ seasonalAvailability: { isActive: false, startMonth: 12, endMonth: 1 } });
    expect(isGroupAvailableAt(off, at('2025-06-15T12:00'))).toBe(true);
  });
});

describe('channels', () => {
  it('uses the visibility flags and per-channel availability of groups, and the item channel flags', () => {
    expect(isGroupOnChannel(group({ visibleInKiosk: false }), 'kiosk')).toBe(false);
    expect(isGroupOnChannel(group({ availability: { online: false } }), 'onlineOrdering')).toBe(false);
    expect(isGroupOnChannel(group({ availability: { online: false } }), 'pos')).toBe(true);
    const item = {
      pos: true,
      kiosk: false,
      onlineOrdering: true,
      onlineOrderingPartners: false,
      customerInvoices: true,
    };
    expect(isItemOnChannel(item, 'kiosk')).toBe(false);
    expect(isItemOnChannel(item, 'partners')).toBe(false);
    expect(isItemOnChannel(item, 'invoices')).toBe(true);
  });
});
