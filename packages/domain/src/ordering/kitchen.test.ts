import { describe, expect, it } from 'vitest';
import { groupByCourse, inFiringOrder, routesTo, stationDone, stationsOf, ticketAge } from './kitchen';

describe('kitchen routing', () => {
  it('sends a line to its stations, and a line naming none to every station', () => {
    expect(routesTo({ prepStationIds: [2] }, 2)).toBe(true);
    expect(routesTo({ prepStationIds: [2] }, 3)).toBe(false);
    expect(routesTo({ prepStationIds: [] }, 3)).toBe(true);
    expect(stationsOf([{ prepStationIds: [2] }], [1, 2, 3])).toEqual([2]);
    expect(stationsOf([{ prepStationIds: [2] }, { prepStationIds: [] }], [1, 2, 3])).toEqual([1, 2, 3]);
  });

  it('groups by course in firing order: no course first, then by number, then by id', () => {
    const courses = [
      { courseId: 7, number: '10', name: 'Dessert' },
      { courseId: 8, number: '2', name: 'Mains' },
      { courseId: 9, number: null, name: 'Whenever' },
    ];
    const lines = [{ courseId: 7 }, { courseId: 9 }, { courseId: 8 }, {}, { courseId: 99 }];
    expect(groupByCourse(lines, courses).map((g) => [g.name, g.lines.length])).toEqual([
      [null, 2],
      ['Mains', 1],
      ['Dessert', 1],
      ['Whenever', 1],
    ]);
  });

  it('turns a ticket amber after 10 minutes and red after 20', () => {
    const fired = new Date('2026-01-01T12:00:00Z');
    const at = (minutes: number) => new Date(fired.getTime() + minutes * 60_000);
    expect(ticketAge(fired, at(9.9))).toBe('fresh');
    expect(ticketAge(fired, at(10))).toBe('amber');
    expect(ticketAge(fired, at(19.9))).toBe('amber');
    expect(ticketAge(fired, at(20))).toBe('red');
  });
});

describe('an open check on the kitchen display (docs/behaviour/pos.md#courses-and-firing)', () => {
  const grill = { prepStationIds: [1] };
  it('is done at a station once it bumped the last round routed there, and not before', () => {
    const lines = [
      { ...grill, round: 1 },
      { prepStationIds: [2], round: 2 },
    ];
    expect(stationDone(lines, 1, undefined)).toBe(false);
    // round 2 went to the bar only: the grill's bump of round 1 still stands
    expect(stationDone(lines, 1, 1)).toBe(true);
    expect(stationDone(lines, 2, 1)).toBe(false);
    expect(stationDone(lines, 2, 2)).toBe(true);
    // an order that was never a check is round 0 throughout
    expect(stationDone([grill], 1, 0)).toBe(true);
  });

  it('orders the courses for firing: by number, then id', () => {
    const courses = [
      { courseId: 4, number: '10', name: 'Coffee' },
      { courseId: 2, number: '2', name: 'Mains' },
      { courseId: 9, number: null, name: 'Whenever' },
    ];
    expect(inFiringOrder(courses).map((c) => c.name)).toEqual(['Mains', 'Coffee', 'Whenever']);
  });
});
