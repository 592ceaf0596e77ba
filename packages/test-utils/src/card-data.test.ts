import { describe, expect, it } from 'vitest';
import {
  cardDataIn,
  cardDataInFiles,
  cardNumbersInBytes,
  filesOfTar,
  isNetworkCardNumber,
} from './card-data';

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

describe('card numbers in database files', () => {
  it('finds a number among binary bytes, even beside bytes that read as letters', () => {
    expect(cardNumbersInBytes('\u0001-card 4111111111111111X\u00ba')).toHaveLength(1);
    expect(cardNumbersInBytes('#4111111111111111\u0001')).toHaveLength(1);
    // a 20-digit order id, a token that fails Luhn, a digest and a decimal are no card numbers
    expect(cardNumbersInBytes('94111111111111110000 9411111111111111 0.4111111111111111')).toEqual([]);
    expect(cardNumbersInBytes(`ab${'4111111111111111'}cdef0123456789abcdef`)).toEqual([]);
    // a uuid whose last group is all digits, then a length byte that reads '5' (found in CI)
    expect(cardNumbersInBytes('K7e6cd23d-d4f8-4c27-a8da-4319120891148user-bad2b500@example.com')).toEqual([]);
    expect(cardNumbersInBytes('-a8da-4111111111111111user')).toHaveLength(1);
    // a gateway reference and a byte that reads as a digit: Luhn-valid, but no network issues it (found in CI)
    expect(cardNumbersInBytes('.Queued for CapturePPS600RPCT9085001176371...')).toEqual([]);
    expect(cardNumbersInBytes('.AuthorizedPPS521RPCT4935003287763.')).toEqual([]);
    expect(cardNumbersInBytes('.RPCT4111111111111111.')).toHaveLength(1);
    expect(cardNumbersInBytes('.RPCT378282246310005.')).toHaveLength(1);
  });

  it('knows which numbers a card network issues', () => {
    for (const pan of ['4111111111111111', '5454545454545454', '2223000048400011', '378282246310005'])
      expect(isNetworkCardNumber(pan), pan).toBe(true);
    for (const pan of ['6011000990139424', '36438999960016', '3566002020360505', '4222222222222'])
      expect(isNetworkCardNumber(pan), pan).toBe(true);
    for (const digits of [
      '9085001176371',
      '1234567890123',
      '411111111111111',
      '37828224631000',
      '7319120891145',
    ])
      expect(isNetworkCardNumber(digits), digits).toBe(false);
  });

  it('reads a WAL segment as one stream, so a number split by a page header is whole again', () => {
    const segment = new Uint8Array(8192 * 2);
    const number = Buffer.from('4111111111111111');
    segment.set(number.subarray(0, 6), 8192 - 6);
    segment.fill(0x41, 8192, 8192 + 24); // the next page's header, here letters
    segment.set(number.subarray(6), 8192 + 24);
    const path = 'pg_wal/000000010000000000000001';
    expect(cardDataInFiles([{ path: 'base/5/1', bytes: segment }])).toEqual([]);
    expect(cardDataInFiles([{ path, bytes: segment }])).toEqual([
      expect.stringMatching(/^pg_wal\/0+10+1: 4111111111111111 in /),
    ]);
  });

  it('lists the files of a tar', () => {
    const header = (name: string, size: number) => {
      const block = Buffer.alloc(512);
      block.write(name, 0, 'latin1');
      block.write(`${size.toString(8).padStart(11, '0')}\0`, 124, 'latin1');
      block.write('0', 156, 'latin1');
      return block;
    };
    const body = Buffer.alloc(512);
    body.write('hello', 0, 'latin1');
    const tar = Buffer.concat([header('/base/1', 5), body, header('/base/2', 0), Buffer.alloc(1024)]);
    expect([...filesOfTar(tar)].map((f) => [f.path, Buffer.from(f.bytes).toString('latin1')])).toEqual([
      ['/base/1', 'hello'],
      ['/base/2', ''],
    ]);
  });
});
