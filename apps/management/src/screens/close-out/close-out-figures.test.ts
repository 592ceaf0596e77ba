import { describe, expect, it } from 'vitest';
import {
  closeOutCsv,
  closerOf,
  movementSums,
  openerOf,
  overShortText,
  staffTotals,
} from './close-out-figures';

const money = (minor: number) => `$${(minor / 100).toFixed(2)}`;
const staff = [
  { name: 'Ada Owner', sales: 2, netSales: 4500, tax: 360, tips: 0, cashTaken: 4860, cardNet: 0 },
  { name: 'Casey, Cashier', sales: 1, netSales: 1900, tax: 152, tips: 200, cashTaken: 0, cardNet: 2252 },
];
const drawer = {
  deviceName: 'Front counter',
  openedBy: 'u1',
  openedByName: null as string | null,
  closedBy: 'u2' as string | null,
  closedByName: 'Casey Cashier' as string | null,
  openedAt: '2025-05-02T15:00:00.000Z',
  openingFloat: 10000,
  movements: [
    { kind: 'pay_out' as const, amount: 1250 },
    { kind: 'pay_in' as const, amount: 300 },
  ],
  closedAt: '2025-05-02T23:00:00.000Z',
  cashSales: 4860,
  expected: 13910,
  counted: 13900,
  overShort: -10,
};

describe('close-out figures', () => {
  it('adds up the staff and the movements', () => {
    expect(staffTotals(staff)).toEqual({
      sales: 3,
      netSales: 6400,
      tax: 512,
      tips: 200,
      cashTaken: 4860,
      cardNet: 2252,
    });
    expect(movementSums(drawer.movements)).toEqual({ payIns: 300, payOuts: 1250 });
  });

  it('says over, short, exact, or nothing while open', () => {
    expect(overShortText(-10, money)).toBe('Short $0.10');
    expect(overShortText(250, money)).toBe('Over $2.50');
    expect(overShortText(0, money)).toBe('Exact');
    expect(overShortText(null, money)).toBe('—');
  });

  it("names who opened and closed a drawer, the server's name first", () => {
    const nameOf = (uid: string) => (uid === 'u1' ? 'Ada Owner' : 'Staff member');
    expect(openerOf(drawer, nameOf)).toBe('Ada Owner');
    expect(openerOf({ ...drawer, openedByName: 'Ada O.' }, nameOf)).toBe('Ada O.');
    expect(closerOf(drawer, nameOf)).toBe('Casey Cashier');
    expect(closerOf({ ...drawer, closedByName: null }, nameOf)).toBe('Staff member');
    expect(closerOf({ ...drawer, closedAt: null }, nameOf)).toBe('');
  });

  it('writes the staff with a totals row, the drawers and the cash outside them as CSV', () => {
    const csv = closeOutCsv(
      {
        date: '2025-05-02',
        currency: 'USD',
        staff,
        drawers: [drawer, { ...drawer, closedAt: null, counted: null, overShort: null, expected: null }],
        cashOutsideDrawers: 1234,
        drawerTotals: { expected: 13910, counted: 13900, overShort: -10, open: 1 },
      },
      'Harbor Grill',
      (uid) => (uid === 'u1' ? 'Ada Owner' : uid),
    );
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('Close-out,Harbor Grill,2025-05-02,USD');
    expect(lines[3]).toBe('Ada Owner,2,45.00,3.60,0.00,48.60,0.00');
    expect(lines[4]).toBe('"Casey, Cashier",1,19.00,1.52,2.00,0.00,22.52');
    expect(lines[5]).toBe('Total,3,64.00,5.12,2.00,48.60,22.52');
    expect(lines[8]).toBe(
      'Front counter,Ada Owner,2025-05-02T15:00:00.000Z,100.00,3.00,12.50,48.60,139.10,139.00,-0.10,Closed,Casey Cashier',
    );
    expect(lines[9]?.endsWith(',,,Open,')).toBe(true);
    expect(csv).toContain('Cash taken with no drawer open,12.34\r\n');
    expect(csv).toContain('Drawers still open,1\r\n');
  });
});
