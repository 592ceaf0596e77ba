import { describe, expect, it } from 'vitest';
import { SIGNIN_THROTTLE, signinDelayMs } from './session-policy';

describe('signinDelayMs (decision 045)', () => {
  it('answers the first attempts on an account at once', () => {
    for (let attempt = 1; attempt <= SIGNIN_THROTTLE.undelayedPerAccount; attempt++)
      expect(signinDelayMs(attempt)).toBe(0);
  });

  it('then waits 250 ms for five attempts, doubling every five, up to 5 s', () => {
    const delays = [11, 15, 16, 20, 21, 26, 31, 36, 50, 100, 10_000].map(signinDelayMs);
    expect(delays).toEqual([250, 250, 500, 500, 1000, 2000, 4000, 5000, 5000, 5000, 5000]);
  });

  it('keeps the ceiling far above what one address may try', () => {
    expect(SIGNIN_THROTTLE.perAccount).toBeGreaterThanOrEqual(20 * SIGNIN_THROTTLE.perAddressAndAccount);
  });
});
