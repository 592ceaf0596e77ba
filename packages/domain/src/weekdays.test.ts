import { describe, expect, it } from 'vitest';
import { WEEKDAY_LABELS, WEEKDAYS, weekdayOfDate } from './weekdays';

describe('weekdays', () => {
  it('runs Monday to Sunday with a label for each day', () => {
    expect(WEEKDAYS[0]).toBe('monday');
    expect(WEEKDAYS.map((day) => WEEKDAY_LABELS[day])).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
  });

  it('names the weekday of a date', () => {
    expect(weekdayOfDate(2024, 1, 1)).toBe('monday');
    expect(weekdayOfDate(2024, 3, 2)).toBe('saturday');
    expect(weekdayOfDate(2024, 3, 3)).toBe('sunday');
    expect(weekdayOfDate(2025, 12, 31)).toBe('wednesday');
  });
});
