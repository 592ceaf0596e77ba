import { describe, expect, it } from 'vitest';
import { priceRefundLines, returnedQuantities } from './refund-lines';

const order = {
  lines: [
    { name: 'Burger', quantity: 2, lineTotal: 2400 },
    { name: 'Fries', quantity: 3, lineTotal: 1000 },
  ],
  totals: { subtotal: 3400, tax: 302 },
};

describe('a refund of chosen lines', () => {
  it("prices each line's quantity in proportion and adds the order's tax in proportion to those prices", () => {
    expect(priceRefundLines(order, new Map(), [{ line: 0, quantity: 1 }])).toEqual({
      amount: 1200 + 107,
      allocation: { lines: [{ line: 0, quantity: 1, amount: 1200 }], tax: 107 },
    });
    // a third of 10.00 is 3.33, to the cent
    const fries = priceRefundLines(order, new Map(), [{ line: 1, quantity: 1 }]);
    expect(fries).toMatchObject({ allocation: { lines: [{ amount: 333 }] } });
  });

  it('counts what earlier refunds gave back, and names each problem on its line', () => {
    const returned = returnedQuantities([
      { lines: [{ line: 0, quantity: 2, amount: 2400 }], tax: 213 },
      null,
      { lines: [{ line: 1, quantity: 1, amount: 333 }], tax: 30 },
    ]);
    expect([...returned]).toEqual([
      [0, 2],
      [1, 1],
    ]);
    expect(
      priceRefundLines(order, returned, [
        { line: 0, quantity: 1 },
        { line: 1, quantity: 3 },
        { line: 1, quantity: 1 },
        { line: 5, quantity: 1 },
      ]),
    ).toEqual({
      errors: [
        { path: 'lines.0.quantity', message: 'Burger has been refunded in full already' },
        { path: 'lines.1.quantity', message: 'Only 2 of Fries can still be refunded' },
        { path: 'lines.2.line', message: 'Each line can be named once' },
        { path: 'lines.3.line', message: 'Line 6 is not on this order' },
      ],
    });
  });
});
