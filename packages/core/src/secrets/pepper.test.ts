import { describe, expect, it } from 'vitest';
import { hashPasscode } from '../staff/passcodes';
import { derivePepper, PASSCODE_PEPPER_PURPOSE } from './pepper';

const key = (fill: number) => new Uint8Array(32).fill(fill);
const scope = { tenantId: 10000001, restaurantId: 20000001 };

describe('a pepper', () => {
  it('is 32 bytes, the same for one key and purpose, another for another key or purpose', () => {
    const pepper = derivePepper(key(1), PASSCODE_PEPPER_PURPOSE);
    expect(pepper).toHaveLength(32);
    expect(derivePepper(key(1), PASSCODE_PEPPER_PURPOSE)).toEqual(pepper);
    expect(derivePepper(key(2), PASSCODE_PEPPER_PURPOSE)).not.toEqual(pepper);
    expect(derivePepper(key(1), 'something-else')).not.toEqual(pepper);
    // not the key itself
    expect(Buffer.from(pepper).equals(Buffer.from(key(1)))).toBe(false);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => derivePepper(new Uint8Array(16), PASSCODE_PEPPER_PURPOSE)).toThrow('32 bytes');
  });

  it('changes a passcode’s hash: the same digits hash apart with and without it, and under two keys', async () => {
    const plain = await hashPasscode(scope, '1234', null);
    const peppered = await hashPasscode(scope, '1234', derivePepper(key(1), PASSCODE_PEPPER_PURPOSE));
    const otherKey = await hashPasscode(scope, '1234', derivePepper(key(2), PASSCODE_PEPPER_PURPOSE));
    expect(new Set([plain, peppered, otherKey]).size).toBe(3);
    // still a lookup key: the same digits, key and restaurant always hash alike
    expect(await hashPasscode(scope, '1234', derivePepper(key(1), PASSCODE_PEPPER_PURPOSE))).toBe(peppered);
  });
});
