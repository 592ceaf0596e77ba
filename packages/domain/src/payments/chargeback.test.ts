import { describe, expect, it } from 'vitest';
import {
  CHARGEBACK_REASON_GROUPS,
  chargebackType,
  isChargebackDebit,
  isPartialChargeback,
} from './chargeback';

const groupRows = (type: string, codes: number[]) =>
  codes.map((code): [string, string] => [String(code), type]);

describe('chargebackType', () => {
  it.each<[string | undefined, string]>([
    ...groupRows('fraud', [30, 32, 37, 38, 62, 71, 72, 73, 74, 75, 76]),
    ...groupRows('authorization', [11, 12, 13, 14, 15]),
    ...groupRows('processing', [21, 22, 23, 24, 25, 34, 35]),
    ...groupRows('consumer_dispute', [41, 42, 43, 44, 45, 46, 47]),
    ['10', 'unknown'],
    ['16', 'unknown'],
    ['26', 'unknown'],
    ['33', 'unknown'],
    ['48', 'unknown'],
    ['70', 'unknown'],
    ['77', 'unknown'],
    ['4837', 'unknown'],
    ['AB', 'unknown'],
    ['', 'unknown'],
    [undefined, 'unknown'],
  ])('reason code %j is %s', (code, type) => {
    expect(chargebackType(code)).toBe(type);
  });

  it('reads code 31, listed as fraud and as processing, as processing', () => {
    expect(chargebackType('31')).toBe('processing');
    expect(chargebackType('031')).toBe('processing');
    expect(chargebackType(' 31 ')).toBe('processing');
    expect(CHARGEBACK_REASON_GROUPS.fraud).not.toContain(31);
    expect(CHARGEBACK_REASON_GROUPS.processing).toContain(31);
  });

  it('puts every other code in exactly one group', () => {
    const all = Object.values(CHARGEBACK_REASON_GROUPS).flat();
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('chargeback amounts', () => {
  it('is a debit when the amount is negative', () => {
    expect(isChargebackDebit(-2500)).toBe(true);
    expect(isChargebackDebit(2500)).toBe(false);
    expect(isChargebackDebit(0)).toBe(false);
  });

  it('is partial when it is for less than the transaction, whatever the signs', () => {
    expect(isPartialChargeback(-2500, 10600)).toBe(true);
    expect(isPartialChargeback(2500, 10600)).toBe(true);
    expect(isPartialChargeback(-10600, 10600)).toBe(false);
    expect(isPartialChargeback(10600, 10600)).toBe(false);
    expect(isPartialChargeback(-2500, undefined)).toBe(false);
  });
});
