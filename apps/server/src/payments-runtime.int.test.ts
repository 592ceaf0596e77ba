import { startCardPointeEmulator } from '@brigade/cardpointe/emulator';
import type { CardPointeGateway } from '@brigade/cardpointe/gateway';
import type { GatewayAccount } from '@brigade/core/payments/payment-deps';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { createPaymentsRuntime, gatewayCache } from './payments-runtime';

// The gateway clients of the running server: one per merchant account, made anew when the account changes,
// against the emulator over real HTTP.

const ACCOUNT: GatewayAccount = {
  merchantId: '496160873888',
  site: 'fts',
  environment: 'uat',
  writeMethod: 'PUT',
  username: 'testing',
  password: 'testing123',
};

describe('gatewayCache', () => {
  const counting = () => {
    const made: GatewayAccount[] = [];
    const cache = gatewayCache((account) => {
      made.push(account);
      return { made: made.length } as unknown as CardPointeGateway;
    }, 2);
    return { made, cache };
  };

  it('keeps one client per merchant account and makes a new one when any of its settings change', () => {
    const { made, cache } = counting();
    const first = cache(ACCOUNT);
    expect(cache({ ...ACCOUNT })).toBe(first);
    for (const change of [
      { password: 'changed' },
      { username: 'other' },
      { site: 'other' },
      { environment: 'production' as const },
      { writeMethod: 'POST' as const },
    ]) {
      const changed = cache({ ...ACCOUNT, ...change });
      expect(changed).not.toBe(first);
      expect(cache({ ...ACCOUNT, ...change })).toBe(changed);
    }
    // the old settings' client was dropped when the account changed: coming back makes a new one
    expect(cache(ACCOUNT)).not.toBe(first);
    expect(made).toHaveLength(7);
  });

  it('holds at most `limit` clients, the least recently used dropped first', () => {
    const { made, cache } = counting();
    const a = cache({ ...ACCOUNT, merchantId: 'A' });
    cache({ ...ACCOUNT, merchantId: 'B' });
    expect(cache({ ...ACCOUNT, merchantId: 'A' })).toBe(a); // A used again: B is now the oldest
    cache({ ...ACCOUNT, merchantId: 'C' });
    expect(cache({ ...ACCOUNT, merchantId: 'A' })).toBe(a);
    cache({ ...ACCOUNT, merchantId: 'B' });
    expect(made.map((m) => m.merchantId)).toEqual(['A', 'B', 'C', 'B']);
  });
});

describe('the runtime against the emulator', () => {
  const runtime = createPaymentsRuntime(loadConfig({ NODE_ENV: 'test', CARDPOINTE_EMULATOR: 'on' }));
  afterAll(() => runtime.close());

  it('reuses the client, and a changed password is used at once (refused, then accepted again)', async () => {
    const gateway = runtime.gateway(ACCOUNT);
    expect(runtime.gateway(ACCOUNT)).toBe(gateway);
    expect((await gateway.inquireMerchant(ACCOUNT.merchantId)).merchid).toBe(ACCOUNT.merchantId);
    const wrong = runtime.gateway({ ...ACCOUNT, password: 'wrong' });
    await expect(wrong.inquireMerchant(ACCOUNT.merchantId)).rejects.toMatchObject({
      failure: 'unauthorized',
    });
    const again = runtime.gateway(ACCOUNT);
    expect(again).not.toBe(gateway);
    expect((await again.inquireMerchant(ACCOUNT.merchantId)).merchid).toBe(ACCOUNT.merchantId);
  });
});

describe('the emulator started on first use', () => {
  it('forgets a failed start: the next call starts it again, and the gateway then answers', async () => {
    let attempts = 0;
    const runtime = createPaymentsRuntime(loadConfig({ NODE_ENV: 'test', CARDPOINTE_EMULATOR: 'on' }), () => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('port taken')) : startCardPointeEmulator();
    });
    try {
      await expect(runtime.emulator()).rejects.toThrow('port taken');
      await expect(runtime.gateway(ACCOUNT).inquireMerchant(ACCOUNT.merchantId)).resolves.toMatchObject({
        merchid: ACCOUNT.merchantId,
      });
      expect(attempts).toBe(2);
    } finally {
      await runtime.close();
    }
  });
});
