import { describe, expect, it } from 'vitest';
import { groupByCourse, routesTo, stationsOf, ticketAge } from './kitchen';

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
