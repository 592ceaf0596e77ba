import { Badge } from '@brigade/ui/app-kit/badge';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { Alert } from '@brigade/ui/components/alert';
import type { CloseOut, DrawerRow, StaffRow } from './close-out-api';
import { closerOf, movementSums, openerOf, overShortText, staffTotals } from './close-out-figures';

type Money = (minor: number) => string;

/** The time of day a drawer was opened (the day is the one chosen). */
const timeOf = (iso: string) =>
  new Date(iso).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

/**
 * Who a user id is when a drawer does not name them (openedByName/closedByName null): the name the
 * close-out gives the staff member, else a plain "Staff member".
 */
export function nameLookup(report: CloseOut): (uid: string) => string {
  const names = new Map(report.staff.map((s) => [s.employee, s.name]));
  return (uid) => names.get(uid) ?? 'Staff member';
}

export function CloseOutBody({ report, money }: { report: CloseOut; money: Money }) {
  const t = report.drawerTotals;
  const awaited = report.tipsAwaited;
  return (
    <div className="rep-body">
      {awaited.cards > 0 && (
        <Alert
          tone="warning"
          title={`${awaited.cards} card${awaited.cards === 1 ? ' is' : 's are'} waiting for the tip on the receipt`}
        >
          {money(awaited.authorised)} is authorised but not yet taken. Add each tip at a register (Sales, then
          Add tip); when the day is over, cards still waiting are captured without a tip.
        </Alert>
      )}
      <section aria-label="Totals" className="rep-figures">
        <Figure label="Cash taken" value={money(staffTotals(report.staff).cashTaken)} id="cashTaken" />
        <Figure label="Drawers expected" value={money(t.expected)} id="expected" />
        <Figure label="Drawers counted" value={money(t.counted)} id="counted" />
        <Figure label="Over / short" value={overShortText(t.overShort, money)} id="overShort">
          <span className="rep-figure__change">
            {t.open === 0 ? 'every drawer closed' : `${t.open} drawer${t.open === 1 ? '' : 's'} still open`}
          </span>
        </Figure>
        <Figure
          label="Cash taken with no drawer open"
          value={money(report.cashOutsideDrawers)}
          id="cashOutsideDrawers"
        />
      </section>
      <StaffTable report={report} money={money} />
      <DrawersTable report={report} money={money} />
    </div>
  );
}

function Figure(props: { label: string; value: string; id: string; children?: React.ReactNode }) {
  return (
    <div className="rep-figure" data-testid={`figure-${props.id}`}>
      <span className="rep-figure__label">{props.label}</span>
      <span className="rep-figure__value">{props.value}</span>
      {props.children}
    </div>
  );
}

type StaffLine = Pick<StaffRow, 'name' | 'sales' | 'netSales' | 'tax' | 'tips' | 'cashTaken' | 'cardNet'> & {
  key: string;
};

function StaffTable({ report, money }: { report: CloseOut; money: Money }) {
  const amount = (header: string, pick: (row: StaffLine) => number): Column<StaffLine> => ({
    header,
    align: 'end',
    cell: (row) => money(pick(row)),
  });
  const columns: Column<StaffLine>[] = [
    {
      header: 'Staff member',
      primary: true,
      cell: (row) => (row.key === 'total' ? <strong>{row.name}</strong> : row.name),
    },
    { header: 'Sales', align: 'end', cell: (row) => row.sales },
    amount('Net sales', (row) => row.netSales),
    amount('Tax', (row) => row.tax),
    amount('Tips', (row) => row.tips),
    amount('Cash taken', (row) => row.cashTaken),
    amount('Card net', (row) => row.cardNet),
  ];
  const rows: StaffLine[] = report.staff.map((s) => ({ ...s, key: s.employee }));
  if (rows.length > 0) rows.push({ key: 'total', name: 'All staff', ...staffTotals(report.staff) });
  return (
    <DataTable
      label="Sales by staff member"
      rows={rows}
      columns={columns}
      rowKey={(row) => row.key}
      empty={{ title: 'No sales on this day' }}
    />
  );
}

function DrawersTable({ report, money }: { report: CloseOut; money: Money }) {
  const nameOf = nameLookup(report);
  const maybe = (value: number | null) => (value === null ? '—' : money(value));
  const columns: Column<DrawerRow>[] = [
    { header: 'Register', primary: true, cell: (d) => d.deviceName ?? 'Register' },
    { header: 'Opened', cell: (d) => `${timeOf(d.openedAt)} by ${openerOf(d, nameOf)}` },
    { header: 'Float', align: 'end', cell: (d) => money(d.openingFloat) },
    { header: 'Pay-ins', align: 'end', cell: (d) => money(movementSums(d.movements).payIns) },
    { header: 'Pay-outs', align: 'end', cell: (d) => money(movementSums(d.movements).payOuts) },
    { header: 'Cash sales', align: 'end', cell: (d) => maybe(d.cashSales) },
    { header: 'Expected', align: 'end', cell: (d) => maybe(d.expected) },
    { header: 'Counted', align: 'end', cell: (d) => maybe(d.counted) },
    {
      header: 'Over / short',
      align: 'end',
      cell: (d) => (
        <span
          className="co-balance"
          data-balance={
            d.overShort === null ? undefined : d.overShort < 0 ? 'short' : d.overShort > 0 ? 'over' : 'exact'
          }
        >
          {overShortText(d.overShort, money)}
        </span>
      ),
    },
    {
      header: 'Status',
      cell: (d) =>
        d.closedAt ? (
          <span className="co-status">
            <Badge tone="success">Closed</Badge>
            <span className="co-status__by">
              {timeOf(d.closedAt)} by {closerOf(d, nameOf)}
            </span>
          </span>
        ) : (
          <Badge tone="warning">Open</Badge>
        ),
    },
  ];
  return (
    <DataTable
      label="Cash drawers"
      rows={report.drawers}
      columns={columns}
      rowKey={(d) => d.sessionId}
      empty={{ title: 'No drawer was opened on this day' }}
    />
  );
}
