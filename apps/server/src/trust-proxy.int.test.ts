import { SIGNIN_THROTTLE } from '@brigade/domain/session-policy';
import { makeUser, TEST_PASSWORD } from '@brigade/test-utils/factories';
import { describe, expect, it } from 'vitest';
import { useTestApp } from './test-app';
import { asBrowser } from './test-client';

// The proxy's own address is trusted: the client is the address that proxy appended last.
const PROXY = '10.0.0.5';
const t = useTestApp({ env: { TRUST_PROXY: PROXY } });

describe('behind a reverse proxy (TRUST_PROXY set to its address)', () => {
  it('throttles by the client address the proxy saw, which a forged X-Forwarded-For cannot change', async () => {
    const user = await makeUser(t.database.db);
    const signIn = (forwardedFor: string, password: string) =>
      asBrowser(t.app, null, {
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email: user.email, password },
        remoteAddress: PROXY,
        headers: { 'x-forwarded-for': forwardedFor },
      });
    // The attacker writes a new address in front of the one the proxy adds, each time.
    for (let i = 0; i < SIGNIN_THROTTLE.perAddressAndAccount; i++) {
      expect((await signIn(`192.0.2.${i}, 203.0.113.7`, 'guess')).statusCode).toBe(401);
    }
    expect((await signIn('192.0.2.99, 203.0.113.7', 'guess')).statusCode).toBe(429);
    // The owner, at another address behind the same proxy, still signs in.
    expect((await signIn('198.51.100.9', TEST_PASSWORD)).statusCode).toBe(200);
  });
});
