import { describe, expect, it } from 'vitest';
import { cardPartSlips, printedReceipts, type ReceiptInput, receiptContent } from './receipt';

/** A register receipt's money lines (docs/behaviour/pos.md#receipts): cash and change, or the card. */

const input = (tenders: ReceiptInput['tenders'], tip = 0): ReceiptInput => ({
  restaurant: { name: 'Harbor Grill', address: null, phone: null },
  order: {
    number: 7,
    service: 'dine_in',
    guestName: '',
    createdAt: new Date('2026-03-01T18:00:00Z'),
    lines: [],
    totals: { subtotal: 2000, taxes: [], tax: 0, includedTax: 0, serviceCharge: 0, tip, total: 2000 + tip },
  },
  tenders,
  deviceName: 'Bar',
  timeZone: 'UTC',
  customFooter: null,
  siteUrl: null,
  reprint: false,
});

const labels = (content: ReturnType<typeof receiptContent>) =>
  content.totals.map((t) => `${t.label}|${t.amount}`);

describe('receipt tenders', () => {
  it('prints the card brand, the last four and the auth code, and the tip line, never more of the card', () => {
    const content = receiptContent(
      input(
        [
          {
            method: 'card',
            amount: 2300,
            tendered: 2300,
            change: 0,
            cardBrand: 'visa',
            lastFour: '1111',
            authorisationCode: 'PPS123',
          },
        ],
        300,
      ),
    );
    expect(labels(content)).toEqual([
      'Subtotal|20.00',
      'Tip|3.00',
      'Total|23.00',
      'Visa ****1111|23.00',
      'Auth code PPS123|',
    ]);
  });

  it('prints cash tendered and change for cash', () => {
    const content = receiptContent(input([{ method: 'cash', amount: 2000, tendered: 5000, change: 3000 }]));
    expect(labels(content)).toEqual(['Subtotal|20.00', 'Total|20.00', 'Cash|50.00', 'Change|30.00']);
  });

  it('prints each part of a check paid in parts (split tender): the cash with its change, then the card', () => {
    const content = receiptContent(
      input([
        { method: 'cash', amount: 1200, tendered: 1500, change: 300 },
        {
          method: 'card',
          amount: 800,
          tendered: 800,
          change: 0,
          cardBrand: 'mastercard',
          lastFour: '5454',
          authorisationCode: null,
        },
      ]),
    );
    expect(labels(content)).toEqual([
      'Subtotal|20.00',
      'Total|20.00',
      'Cash|15.00',
      'Change|3.00',
      'Mastercard ****5454|8.00',
    ]);
  });

  it('leaves the tip and the total to write, and a line to sign, when the card waits for its tip', () => {
    const card = {
      method: 'card' as const,
      amount: 2000,
      tendered: 2000,
      change: 0,
      cardBrand: 'visa',
      lastFour: '1111',
      authorisationCode: 'PPS123',
    };
    const content = receiptContent(input([{ ...card, tipPending: true }]));
    expect(labels(content)).toEqual([
      'Subtotal|20.00',
      'Total|20.00',
      'Visa ****1111|20.00',
      'Auth code PPS123|',
      'Tip|__________',
      'Total|__________',
    ]);
    expect(content.footer).toEqual(expect.arrayContaining(['x______________________________', 'Signature']));
    // printed, it is two receipts: the merchant copy to sign and leave, the customer copy to keep
    const [merchant, customer, ...more] = printedReceipts(input([{ ...card, tipPending: true }]));
    expect(more).toEqual([]);
    expect(merchant!.footer.slice(0, 3)).toEqual(['MERCHANT COPY', '', 'x______________________________']);
    expect(customer!.footer[0]).toBe('CUSTOMER COPY');
    expect(customer!.footer).not.toContain('Signature');
    expect(labels(customer!)).toEqual(labels(merchant!));
    // once the tip is added, the reprint is an ordinary receipt with it
    const tipped = receiptContent(input([{ ...card, amount: 2300, tipPending: false }], 300));
    expect(labels(tipped)).not.toContain('Tip|__________');
    expect(tipped.footer).not.toContain('Signature');
    expect(tipped.footer).not.toContain('MERCHANT COPY');
    expect(printedReceipts(input([{ ...card, amount: 2300, tipPending: false }], 300))).toHaveLength(1);
  });

  it('prints a slip for one card that paid part of a check: its amount under the check total, no lines', () => {
    const first = {
      method: 'card' as const,
      amount: 1200,
      tendered: 1200,
      change: 0,
      cardBrand: 'visa',
      lastFour: '1111',
      authorisationCode: 'PPS1',
    };
    const second = { ...first, amount: 800, lastFour: '4242', authorisationCode: 'PPS2', tipPending: true };
    const withLines = {
      ...input([first, second]),
      order: {
        ...input([]).order,
        lines: [{ name: 'Ramen', quantity: 2, lineTotal: 2000, modifiers: [] } as never],
      },
    };
    // the guest waiting for the tip written on it: the merchant copy to sign, the customer copy to keep
    const [merchant, customer, ...more] = cardPartSlips(withLines, second);
    expect(more).toEqual([]);
    expect(merchant!.lines).toEqual([]);
    expect(labels(merchant!)).toEqual([
      'Check total|20.00',
      'Paid toward it|',
      'Visa ****4242|8.00',
      'Auth code PPS2|',
      'Tip|__________',
      'Total|__________',
    ]);
    expect(merchant!.footer).toEqual(expect.arrayContaining(['MERCHANT COPY', 'Signature']));
    expect(customer!.footer[0]).toBe('CUSTOMER COPY');
    expect(customer!.footer).not.toContain('Signature');
    expect(merchant!.title).toBe('#7 DINE IN');
    // a card whose tip was on the terminal: one slip, nothing to write or sign; the other card is not on it
    const [only, ...none] = cardPartSlips(withLines, first);
    expect(none).toEqual([]);
    expect(labels(only!)).toEqual([
      'Check total|20.00',
      'Paid toward it|',
      'Visa ****1111|12.00',
      'Auth code PPS1|',
    ]);
    expect(only!.footer).not.toContain('MERCHANT COPY');
    expect(only!.footer).not.toContain('Signature');
  });
  it('names a sale kept offline by its label: it has no number until it is sent', () => {
    const cash = input([{ method: 'cash', amount: 1650, tendered: 2000, change: 350 }]);
    const kept = { ...cash, order: { ...cash.order, label: 'OFFLINE 3' } };
    const [receipt, ...more] = printedReceipts(kept);
    expect(more).toEqual([]);
    expect(receipt!.title.startsWith('OFFLINE 3 ')).toBe(true);
    expect(receiptContent(cash).title.startsWith('#')).toBe(true);
  });
});
