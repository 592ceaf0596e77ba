import { describe, expect, it } from 'vitest';
import { dwellMs, pageCount, pageOffset } from './board-pages';

describe('pages of a menu board', () => {
  it('is one page when the columns fit the screen', () => {
    expect(pageCount(1200, 1200, 40)).toBe(1);
    expect(pageCount(1200.6, 1200, 40)).toBe(1);
    expect(pageCount(0, 0, 40)).toBe(1);
  });

  it('counts the screens of columns that continue to the right', () => {
    // three columns of 373.3 px with 40 px gaps fill 1,200 px; the fourth begins the second page
    expect(pageCount(1200 + 40 + 373, 1200, 40)).toBe(2);
    expect(pageCount(2 * 1200 + 40, 1200, 40)).toBe(2);
    expect(pageCount(3 * 1200 + 2 * 40, 1200, 40)).toBe(3);
  });

  it('starts each page one screen and one gap to the right of the one before', () => {
    expect([0, 1, 2].map((index) => pageOffset(index, 1200, 40))).toEqual([0, 1240, 2480]);
  });

  it('reads the dwell time from the address within bounds', () => {
    expect(dwellMs('')).toBe(12_000);
    expect(dwellMs('?dwell=20')).toBe(20_000);
    expect(dwellMs('?dwell=1')).toBe(12_000);
    expect(dwellMs('?dwell=abc')).toBe(12_000);
  });
});
