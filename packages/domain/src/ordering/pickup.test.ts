import { describe, expect, it } from 'vitest';
import { openStretches } from '../hours/opening-state';
import { DEFAULT_OPERATING_HOURS, type OperatingHours } from '../restaurant';
import { asapPickup, instantOf, type PickupRules, pickupProblem, pickupSlots } from './pickup';

const hours = structuredClone(DEFAULT_OPERATING_HOURS) as OperatingHours;
// A late bar on Friday: 17:00 to 02:00 Saturday morning; closed Monday.
const late: OperatingHours = {
  ...hours,
  monday: { open: '09:00', close: '22:00', closed: true },
  friday: { open: '17:00', close: '02:00', closed: false },
};

const rules = (over: Partial<PickupRules> = {}): PickupRules => ({
  hours: late,
  specialHours: [],
  timeZone: 'America/New_York',
  leadTimeMinutes: 20,
  schedulingDays: 2,
  ...over,
});

describe('instantOf', () => {
  it('turns the restaurant clock into instants across the DST change', () => {
    // 2026-03-08: New York springs forward at 02:00 (EST -5 → EDT -4)
    expect(instantOf('2026-03-07', 12 * 60, 'America/New_York').toISOString()).toBe(
      '2026-03-07T17:00:00.000Z',
    );
    expect(instantOf('2026-03-08', 12 * 60, 'America/New_York').toISOString()).toBe(
      '2026-03-08T16:00:00.000Z',
    );
    // 25:30 on Friday is 01:30 on Saturday
    expect(instantOf('2026-11-27', 25 * 60 + 30, 'America/New_York').toISOString()).toBe(
      '2026-11-28T06:30:00.000Z',
    );
    expect(instantOf('2026-07-01', 0, 'Asia/Kolkata').toISOString()).toBe('2026-06-30T18:30:00.000Z');
  });
});

describe('openStretches', () => {
  it('includes the tail of the day before when it ran past midnight, and nothing on a closed day', () => {
    // 2026-11-27 is a Friday, 2026-11-28 a Saturday, 2026-11-30 a Monday
    expect(openStretches({ operatingHours: late, specialHours: [] }, '2026-11-27')).toEqual([
      [17 * 60, 24 * 60],
    ]);
    expect(openStretches({ operatingHours: late, specialHours: [] }, '2026-11-28')).toEqual([
      [0, 2 * 60],
      [9 * 60, 23 * 60],
    ]);
    expect(openStretches({ operatingHours: late, specialHours: [] }, '2026-11-30')).toEqual([]);
  });
});

describe('pickupProblem', () => {
  // Friday 2026-11-27 18:00 in New York (UTC-5)
  const now = new Date('2026-11-27T23:00:00Z');

  it('accepts a time inside the hours after the lead time, past midnight too', () => {
    expect(pickupProblem(rules(), new Date('2026-11-27T23:30:00Z'), now)).toBeNull();
    // 01:45 Saturday, still Friday's night
    expect(pickupProblem(rules(), new Date('2026-11-28T06:45:00Z'), now)).toBeNull();
  });

  it('refuses too soon, after closing, before opening plus lead time, and beyond the scheduling days', () => {
    expect(pickupProblem(rules(), new Date('2026-11-27T23:10:00Z'), now)).toBe('too_soon');
    // 02:30 Saturday: the bar closed at 02:00
    expect(pickupProblem(rules(), new Date('2026-11-28T07:30:00Z'), now)).toBe('closed');
    // Saturday 09:10: opens 09:00, the kitchen needs 20 minutes
    expect(pickupProblem(rules(), new Date('2026-11-28T14:10:00Z'), now)).toBe('closed');
    expect(pickupProblem(rules(), new Date('2026-11-28T14:20:00Z'), now)).toBeNull();
    // Sunday is the third day
    expect(pickupProblem(rules(), new Date('2026-11-29T16:00:00Z'), now)).toBe('too_far');
  });
});

describe('asapPickup and pickupSlots', () => {
  it('offers ASAP only while open, and slots in 15-minute steps inside the hours', () => {
    const friday6pm = new Date('2026-11-27T23:00:00Z');
    expect(asapPickup(rules(), friday6pm)?.toISOString()).toBe('2026-11-27T23:20:00.000Z');
    // Friday 10:00: the bar opens at 17:00
    expect(asapPickup(rules(), new Date('2026-11-27T15:00:00Z'))).toBeNull();
    const slots = pickupSlots(rules({ schedulingDays: 1 }), friday6pm);
    expect(slots[0]?.toISOString()).toBe('2026-11-27T23:30:00.000Z');
    expect(slots.at(-1)?.toISOString()).toBe('2026-11-28T04:45:00.000Z');
    // 18:30 to 23:45 (midnight is Saturday, beyond one scheduling day): 22 slots
    expect(slots).toHaveLength(22);
  });

  it('leaves out full slots', () => {
    const friday6pm = new Date('2026-11-27T23:00:00Z');
    const full = new Set([new Date('2026-11-27T23:30:00Z').getTime()]);
    expect(pickupSlots(rules({ schedulingDays: 1 }), friday6pm, full)[0]?.toISOString()).toBe(
      '2026-11-27T23:45:00.000Z',
    );
  });
});
