import { describe, expect, it } from 'vitest';
import {
  binInformationLevel,
  binProductName,
  canZeroDollarAuthorise,
  isFeeConfigurationValid,
  isSurchargeApplicable,
  merchantFeatures,
} from './merchant-features';

describe('isSurchargeApplicable', () => {
  it.each([
    ['CREDIT', 'NOT_RESTRICTED', true],
    ['CREDIT', 'RESTRICTED', false],
    ['CREDIT', 'UNKNOWN', false],
    ['DEBIT', 'NOT_RESTRICTED', false],
    ['UNKNOWN', 'NOT_RESTRICTED', false],
    [undefined, undefined, false],
  ])('token %j, postal %j: %s', (token, postal, applicable) => {
    expect(isSurchargeApplicable({ token, postal })).toBe(applicable);
  });
});

describe('canZeroDollarAuthorise', () => {
  it.each([
    ['Y', 'Y', true],
    ['Y', 'N', true],
    ['N', 'Y', true],
    ['N', 'N', false],
    [undefined, undefined, false],
  ])('avs %j, cvv %j: %s', (avs, cvv, possible) => {
    expect(canZeroDollarAuthorise({ avs, cvv })).toBe(possible);
  });
});

describe('isFeeConfigurationValid', () => {
  it.each([
    [{}, true],
    [{ fee_type: 'N' }, true],
    [{ fee_type: '' }, true],
    [{ fee_type: 'S', fee_format: 'percent', fee_value: '3.00' }, true],
    [{ fee_type: 'C', fee_format: 'flat', fee_value: '1.50' }, true],
    [{ fee_type: 'S', fee_format: 'percent' }, false],
    [{ fee_type: 'F', fee_value: '2.00' }, false],
    [{ fee_type: 'S' }, false],
  ])('%j: %s', (merchant, valid) => {
    expect(isFeeConfigurationValid(merchant)).toBe(valid);
  });
});

describe('BIN products', () => {
  it.each([
    ['A', 'American Express', 'limited'],
    ['D', 'Discover', 'limited'],
    ['M', 'Mastercard', 'full'],
    ['V', 'Visa', 'full'],
    ['N', 'Non-co-branded debit', 'limited'],
    ['X', undefined, 'unknown'],
    ['v', undefined, 'unknown'],
    [undefined, undefined, 'unknown'],
  ])('%j is %j with %s information', (product, name, level) => {
    expect(binProductName(product)).toBe(name);
    expect(binInformationLevel(product)).toBe(level);
  });
});

describe('merchantFeatures', () => {
  it('lists the features set to Y', () => {
    expect(merchantFeatures({ avs: 'Y', cvv: 'N', echeck: 'Y' })).toEqual(['avs', 'echeck']);
    expect(merchantFeatures({})).toEqual([]);
  });
});
