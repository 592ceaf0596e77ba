import { describe, expect, it } from 'vitest';
import { type SummaryRow, summariseOrders } from './summary';

const row = (status: SummaryRow['status'], at: string, total: number): SummaryRow => ({
  status,
  createdAt: new Date(at),
  total,
  totals: { subtotal: total - 300, tax: 100, serviceCharge: 0, tip: 200 },
});

describe('the daily sales summary', () => {
  it("adds the day's orders by local hour and keeps cancelled and refunded orders apart", () => {
    const rows = [
      row('completed', '2026-03-02T16:05:00Z', 2000),
      row('new', '2026-03-02T16:55:00Z', 1000),
      row('ready', '2026-03-02T18:10:00Z', 500),
      row('cancelled', '2026-03-02T18:20:00Z', 900),
      row('refunded', '2026-03-02T19:20:00Z', 100),
    ];
    const summary = summariseOrders(rows, {
      businessDate: '2026-03-02',
      currency: 'USD',
      timezone: 'America/New_York',
    });
    expect(summary).toEqual({
      businessDate: '2026-03-02',
      currency: 'USD',
      orders: 3,
      sales: 3500,
      subtotal: 2600,
      tax: 300,
      serviceCharge: 0,
      tips: 600,
      returned: { orders: 2, amount: 1000 },
      hours: [
        { hour: 11, orders: 2, sales: 3000 },
        { hour: 13, orders: 1, sales: 500 },
      ],
    });
  });
});
