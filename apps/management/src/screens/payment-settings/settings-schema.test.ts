import { describe, expect, it } from 'vitest';
import { merchantFormSchema, merchantFormValues } from './settings-schema';

describe('the merchant account form', () => {
  it('shows the maximum per payment in dollars ($10,000 for a new account) and sends it in cents', () => {
    const values = merchantFormValues(null);
    expect(values.maxTransactionAmount).toBe(10_000);
    const parsed = merchantFormSchema(false).parse({
      ...values,
      merchid: '496160873888',
      site: 'fts',
      username: 'testing',
      password: 'testing123',
      maxTransactionAmount: 2500.5,
    });
    expect(parsed.maxTransactionAmount).toBe(250_050);
    const zero = merchantFormSchema(true).safeParse({
      ...values,
      merchid: '1',
      site: 'fts',
      maxTransactionAmount: 0,
    });
    expect(zero.error?.issues.map((i) => i.message)).toContain('Maximum per payment must be more than 0');
  });
});
