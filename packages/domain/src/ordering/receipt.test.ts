import { describe, expect, it } from 'vitest';
import { receiptOf } from './receipt';

describe('receiptOf', () => {
  it('lists the lines, each tax, the tip and total, the pickup on the restaurant clock and the link', () => {
    const receipt = receiptOf({
      restaurantName: 'Harbor Grill',
      customerName: 'Ada',
      number: 7,
      pickupAt: new Date('2026-11-27T23:30:00Z'),
      timeZone: 'America/New_York',
      currency: 'USD',
      lines: [
        {
          quantity: 2,
          name: 'Ribeye',
          sizeName: undefined,
          modifiers: [
            {
              modifierGroupId: 1,
              groupName: 'Temperature',
              modifierId: 2,
              name: 'Medium rare',
              quantity: 1,
              price: 0,
            },
          ],
          notes: 'No butter',
          lineTotal: 10400,
        },
      ],
      totals: {
        subtotal: 10400,
        taxes: [
          { taxRateId: 1, name: 'Sales tax', amount: 858, included: 0 },
          { taxRateId: 2, name: 'Exempt', amount: 0, included: 0 },
        ],
        serviceCharge: 0,
        tip: 1872,
        total: 13130,
      },
      cardLastFour: '1111',
      orderUrl: 'https://harborgrill.example/order/abc',
    });
    expect(receipt.subject).toBe('Your order #7 at Harbor Grill');
    expect(receipt.text).toContain('Pickup: Friday, November 27 at 6:30 PM');
    expect(receipt.text).toContain('2 × Ribeye (Medium rare)  $104.00\n    Note: No butter');
    expect(receipt.text).toContain('Sales tax  $8.58\nTip  $18.72\nTotal  $131.30');
    expect(receipt.text).not.toContain('Exempt');
    expect(receipt.text).toContain('card ending 1111');
    expect(receipt.text).toMatch(/Follow your order: https:\/\/harborgrill\.example\/order\/abc$/);
  });
});
