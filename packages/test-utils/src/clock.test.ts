import { describe, expect, it } from 'vitest';
import { noonZone } from './clock';

const localHour = (zone: string, at: Date) =>
  Number(new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', hourCycle: 'h23' }).format(at));

describe('noonZone', () => {
  it('names a zone where it is about noon, at every hour of the day', () => {
    for (let minutes = 0; minutes < 24 * 60; minutes += 17) {
      const at = new Date(Date.UTC(2026, 10, 24, 0, minutes));
      const zone = noonZone(at);
      expect([11, 12], `${at.toISOString()} ${zone}`).toContain(localHour(zone, at));
    }
  });
});
