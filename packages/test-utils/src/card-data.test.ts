import { describe, expect, it } from 'vitest';
import { cardDataIn } from './card-data';

describe('cardDataIn', () => {
  it('finds a Luhn-valid card number standing alone, with where it stands', () => {
    const [found, ...rest] = cardDataIn('{"note":"paid with 4111111111111111 today"}');
    expect(rest).toEqual([]);
    expect(found).toMatch(/^4111111111111111 in ….*paid with 4111111111111111 today/);
    expect(cardDataIn('amex 378282246310005')).toHaveLength(1);
  });

  it('finds a CVV field', () => {
    expect(cardDataIn('{"amount":"1.00","cvv2":"123"}')).toEqual([expect.stringMatching(/^a CVV field in /)]);
    expect(cardDataIn('{"cvv": "123"}')).toHaveLength(1);
  });

  it('leaves alone what is no card number', () => {
    const clean = [
      '4111111111111112', // not Luhn-valid (a CardSecure-style token)
      '94111111111111110000', // 20 digits: an order id
      '1795567051384', // 13 digits that fail Luhn
      'a4111111111111111', // inside an identifier
      '4111111111111111b',
      '0.4111111111111111', // a decimal
      'deadbeef4111111111111111', // inside a hex digest
      '"cvvresp":"M"', // the gateway's answer code, not a CVV
    ];
    for (const text of clean) expect(cardDataIn(text), text).toEqual([]);
  });
});
