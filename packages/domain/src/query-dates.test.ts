import { describe, expect, it } from 'vitest';
import { queryTime } from './query-dates';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((issue) => issue.message);

describe('dates in queries', () => {
  const day = queryTime('date', 'date', 'date must be YYYY-MM-DD');
  const moment = queryTime('from', 'date-time', 'from must be an ISO 8601 date-time');
  const either = queryTime('to', 'date-or-date-time', 'to must be a day or a date-time');

  it('takes the years 2000 to 2100, edges included', () => {
    for (const value of ['2000-01-01', '2026-02-28', '2100-12-31'])
      expect(messages(day.safeParse(value))).toEqual([]);
    expect(messages(moment.safeParse('2100-12-31T23:59:59-05:00'))).toEqual([]);
    expect(messages(either.safeParse('2000-01-01'))).toEqual([]);
    expect(messages(either.safeParse('2000-01-01T00:00:00Z'))).toEqual([]);
  });

  it('refuses a year outside them with the range message, and a malformed value with the format message only', () => {
    for (const value of ['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31'])
      expect(messages(day.safeParse(value)), value).toEqual(['date must be in the years 2000 to 2100']);
    expect(messages(moment.safeParse('0000-01-01T00:00:00Z'))).toEqual([
      'from must be in the years 2000 to 2100',
    ]);
    expect(messages(either.safeParse('9999-12-31T23:59:59Z'))).toEqual([
      'to must be in the years 2000 to 2100',
    ]);
    expect(messages(day.safeParse('2026-02-30'))).toEqual(['date must be YYYY-MM-DD']);
    expect(messages(moment.safeParse('+275760-09-13T00:00:00Z'))).toEqual([
      'from must be an ISO 8601 date-time',
    ]);
    expect(messages(either.safeParse('soon'))).toEqual(['to must be a day or a date-time']);
  });
});
