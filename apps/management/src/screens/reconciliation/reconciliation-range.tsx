import { Badge } from '@brigade/ui/app-kit/badge';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { formatDay } from '../../payments-kit/format';
import type { Reconciliation, ReconciliationRange, ReconciliationRow } from './reconciliation-api';
import { statusCell, TotalsFigures, transactionCell } from './reconciliation-body';
import { rowsToLookAt } from './reconciliation-figures';

type Money = (minor: number) => string;
type Day = Reconciliation;
type RowOfDay = ReconciliationRow & { date: string };

/**
 * Several business days reconciled from the stored gateway reports (issue 44 item 4): the range's totals, one
 * line per day with card money (open it to see its transactions), and every transaction of the range that
 * needs someone to look, with its day.
 */
export function ReconciliationRangeBody({
  range,
  money,
  onDay,
}: {
  range: ReconciliationRange;
  money: Money;
  onDay: (date: string) => void;
}) {
  const look = rowsToLookAt(range.days);
  return (
    <div className="rep-body">
      <TotalsFigures
        totals={range.totals}
        money={money}
        fees={range.depositTotals.fees}
        where="listed below the days"
      />
      <DataTable
        label="Business days with card money"
        rows={range.days}
        columns={dayColumns(money, onDay)}
        rowKey={(day) => day.date}
        empty={{ title: 'No card money in these days' }}
      />
      {look.length > 0 ? (
        <DataTable
          label="Transactions that need a look"
          rows={look}
          columns={lookColumns(money)}
          rowKey={(row) => `${row.date}:${row.transactionId}`}
          empty={{ title: 'Nothing needs a look' }}
        />
      ) : null}
      <DataTable
        label="Deposits in these days"
        rows={range.deposits}
        columns={depositColumns(money)}
        rowKey={(deposit) => deposit.date}
        empty={{
          title: 'No deposit stored for these days',
          message: 'Deposits show here once the daily import has read the gateway’s funding for their date.',
        }}
      />
      <p className="rec-read">
        Read from the gateway's settlement and funding reports the daily import stored (each morning, for the
        days before). A day not imported yet shows as not settled or not deposited yet, never as missing.
      </p>
    </div>
  );
}

/** One line per business day: its date opens the day. */
function dayColumns(money: Money, onDay: (date: string) => void): Column<Day>[] {
  return [
    {
      header: 'Business day',
      primary: true,
      cell: (day) => (
        <button type="button" className="rec-day" onClick={() => onDay(day.date)}>
          {formatDay(day.date)}
        </button>
      ),
    },
    { header: 'Ledger', align: 'end', cell: (day) => money(day.totals.ledger) },
    { header: 'Settled', align: 'end', cell: (day) => money(day.totals.settled) },
    { header: 'Deposited', align: 'end', cell: (day) => money(day.totals.funded) },
    {
      header: 'Needs a look',
      align: 'end',
      cell: (day) =>
        day.totals.differences === 0 ? (
          <Badge tone="success">None</Badge>
        ) : (
          <Badge tone="danger">{String(day.totals.differences)}</Badge>
        ),
    },
  ];
}

/** A transaction that needs a look, with its day. */
function lookColumns(money: Money): Column<RowOfDay>[] {
  return [
    { header: 'Business day', cell: (row) => formatDay(row.date) },
    {
      header: 'Transaction',
      primary: true,
      cell: transactionCell,
    },
    { header: 'Ledger', align: 'end', cell: (row) => money(row.ledger) },
    {
      header: 'Status',
      cell: statusCell,
    },
  ];
}

type Deposit = ReconciliationRange['deposits'][number];

/** A deposit date's money: the sales it paid out, the fees kept, what was taken back, and the deposit. */
function depositColumns(money: Money): Column<Deposit>[] {
  return [
    { header: 'Deposited on', primary: true, cell: (d) => formatDay(d.date) },
    { header: 'Card sales', align: 'end', cell: (d) => money(d.sales) },
    { header: 'Fees', align: 'end', cell: (d) => money(d.fees) },
    { header: 'Adjustments', align: 'end', cell: (d) => money(d.adjustments + d.reversals) },
    { header: 'Of which chargebacks', align: 'end', cell: (d) => money(d.chargebacks) },
    { header: 'Deposit', align: 'end', cell: (d) => money(d.deposited) },
  ];
}
