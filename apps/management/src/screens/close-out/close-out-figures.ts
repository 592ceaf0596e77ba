import { csvField } from '../reports/report-period';

/**
 * The close-out's sums and its CSV export (docs/behaviour/pos.md#close-out). Pure: the screen and its tests
 * share them. Amounts are minor units; the CSV writes them in units with two decimals, as the sales report's.
 */

interface StaffFigures {
  name: string;
  sales: number;
  netSales: number;
  tax: number;
  tips: number;
  cashTaken: number;
  cardNet: number;
}

interface DrawerFigures {
  deviceName: string | null;
  openedBy: string;
  /** The names of who opened and closed it, when the server knows them. */
  openedByName: string | null;
  closedBy: string | null;
  closedByName: string | null;
  openedAt: string;
  openingFloat: number;
  movements: readonly { kind: 'pay_in' | 'pay_out'; amount: number }[];
  closedAt: string | null;
  cashSales: number | null;
  expected: number | null;
  counted: number | null;
  overShort: number | null;
}

interface CloseOutFigures {
  date: string;
  currency: string;
  staff: readonly StaffFigures[];
  drawers: readonly DrawerFigures[];
  cashOutsideDrawers: number;
  drawerTotals: { expected: number; counted: number; overShort: number; open: number };
}

export const STAFF_SUMS = ['sales', 'netSales', 'tax', 'tips', 'cashTaken', 'cardNet'] as const;

/** Every staff member's figures added up: the table's totals row. */
export function staffTotals(staff: readonly StaffFigures[]): Record<(typeof STAFF_SUMS)[number], number> {
  const totals = { sales: 0, netSales: 0, tax: 0, tips: 0, cashTaken: 0, cardNet: 0 };
  for (const row of staff) for (const key of STAFF_SUMS) totals[key] += row[key];
  return totals;
}

/** Who opened a drawer: the server's name for them, else the close-out's, else "Staff member". */
export function openerOf(drawer: DrawerFigures, nameOf: (uid: string) => string): string {
  return drawer.openedByName ?? nameOf(drawer.openedBy);
}

/** Who closed a drawer, likewise; empty while it is open. */
export function closerOf(drawer: DrawerFigures, nameOf: (uid: string) => string): string {
  if (!drawer.closedAt) return '';
  return drawer.closedByName ?? (drawer.closedBy ? nameOf(drawer.closedBy) : 'Staff member');
}

/** A session's pay-ins and pay-outs. */
export function movementSums(movements: DrawerFigures['movements']) {
  let payIns = 0;
  let payOuts = 0;
  for (const m of movements) {
    if (m.kind === 'pay_in') payIns += m.amount;
    else payOuts += m.amount;
  }
  return { payIns, payOuts };
}

/** "Short $4.00", "Over $1.50", "Exact"; "—" while the drawer is open. */
export function overShortText(overShort: number | null, money: (minor: number) => string): string {
  if (overShort === null) return '—';
  if (overShort === 0) return 'Exact';
  return `${overShort < 0 ? 'Short' : 'Over'} ${money(Math.abs(overShort))}`;
}

const units = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));
const row = (...fields: (string | number)[]) => fields.map(csvField).join(',');

/** The close-out as one CSV file: the staff table with its totals, then the drawers, then the cash outside them. */
export function closeOutCsv(
  report: CloseOutFigures,
  restaurant: string,
  nameOf: (uid: string) => string,
): string {
  const totals = staffTotals(report.staff);
  const staffRow = (name: string, f: Omit<StaffFigures, 'name'>) =>
    row(name, f.sales, units(f.netSales), units(f.tax), units(f.tips), units(f.cashTaken), units(f.cardNet));
  const lines = [
    row('Close-out', restaurant, report.date, report.currency),
    '',
    row('Staff member', 'Sales', 'Net sales', 'Tax', 'Tips', 'Cash taken', 'Card net'),
    ...report.staff.map((s) => staffRow(s.name, s)),
    staffRow('Total', totals),
    '',
    row(
      'Register',
      'Opened by',
      'Opened at',
      'Float',
      'Pay-ins',
      'Pay-outs',
      'Cash sales',
      'Expected',
      'Counted',
      'Over/short',
      'Status',
      'Closed by',
    ),
    ...report.drawers.map((d) => {
      const { payIns, payOuts } = movementSums(d.movements);
      return row(
        d.deviceName ?? 'Register',
        openerOf(d, nameOf),
        d.openedAt,
        units(d.openingFloat),
        units(payIns),
        units(payOuts),
        units(d.cashSales),
        units(d.expected),
        units(d.counted),
        units(d.overShort),
        d.closedAt ? 'Closed' : 'Open',
        closerOf(d, nameOf),
      );
    }),
    '',
    row('Figure', 'Amount'),
    row('Cash taken with no drawer open', units(report.cashOutsideDrawers)),
    row('Drawers expected', units(report.drawerTotals.expected)),
    row('Drawers counted', units(report.drawerTotals.counted)),
    row('Drawers over/short', units(report.drawerTotals.overShort)),
    row('Drawers still open', report.drawerTotals.open),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
