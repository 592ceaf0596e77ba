import { Badge } from '@brigade/ui/app-kit/badge';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDay } from '../../payments-kit/format';
import { PAYMENT_PATHS } from '../../payments-kit/ui';
import type { Reconciliation, ReconciliationRow } from './reconciliation-api';
import { describeRow, statusWords } from './reconciliation-figures';

type Money = (minor: number) => string;

/** A transaction's cell: what it is, linked to its payment. */
export const transactionCell = (row: ReconciliationRow) => (
  <Link className="pay-link" to={PAYMENT_PATHS.transaction(row.transactionId)}>
    {describeRow(row)}
  </Link>
);

/** A transaction's status in words, with its note. */
export function statusCell(row: ReconciliationRow) {
  const words = statusWords(row.status);
  return (
    <span className="rec-status">
      <Badge tone={words.tone}>{words.label}</Badge>
      <span className="rec-status__note">{row.note}</span>
    </span>
  );
}

/** The day's totals and its transactions, each with the ledger, settled and deposited amounts and a status. */
export function ReconciliationBody({
  day,
  money,
  below,
}: {
  day: Reconciliation;
  money: Money;
  /** What follows the day's table (the day's gateway reports). */
  below?: ReactNode;
}) {
  const maybe = (value: number | null) => (value === null ? '—' : money(value));
  const columns: Column<ReconciliationRow>[] = [
    {
      header: 'Transaction',
      primary: true,
      cell: transactionCell,
    },
    { header: 'Ledger', align: 'end', cell: (row) => money(row.ledger) },
    {
      header: 'Settled',
      align: 'end',
      cell: (row) => (
        <span className="rec-amount">
          {maybe(row.settled)}
          {row.settledOn ? <span className="rec-amount__when">{formatDay(row.settledOn)}</span> : null}
        </span>
      ),
    },
    {
      header: 'Deposited',
      align: 'end',
      cell: (row) => (
        <span className="rec-amount">
          {maybe(row.funded)}
          {row.fundedOn ? <span className="rec-amount__when">{formatDay(row.fundedOn)}</span> : null}
        </span>
      ),
    },
    {
      header: 'Status',
      cell: statusCell,
    },
  ];
  const { totals } = day;
  return (
    <div className="rep-body">
      <TotalsFigures totals={totals} money={money} where="see the rows marked in red" />
      <DataTable
        label="Card transactions of the day"
        rows={day.rows}
        columns={columns}
        rowKey={(row) => row.transactionId}
        empty={{ title: 'No card money on this day' }}
      />
      {below}
    </div>
  );
}

/** The totals of a day or a range: ledger, settled, deposited (the range's fees), and how many need a look. */
export function TotalsFigures(props: {
  totals: Reconciliation['totals'];
  money: Money;
  /** Where the rows that need a look are. */
  where: string;
  fees?: number;
}) {
  const { totals, money } = props;
  return (
    <section aria-label="Totals" className="rep-figures">
      <Figure label="Card money in the ledger" value={money(totals.ledger)} id="ledger" />
      <Figure label="Settled" value={money(totals.settled)} id="settled" />
      <Figure label="Deposited" value={money(totals.funded)} id="funded" />
      {props.fees === undefined ? null : (
        <Figure label="Processing fees" value={money(props.fees)} id="fees" />
      )}
      <Figure
        label="Needs a look"
        value={String(totals.differences)}
        id="differences"
        note={totals.differences === 0 ? 'nothing differs' : props.where}
      />
    </section>
  );
}

function Figure(props: { label: string; value: string; id: string; note?: string }) {
  return (
    <div className="rep-figure" data-testid={`figure-${props.id}`}>
      <span className="rep-figure__label">{props.label}</span>
      <span className="rep-figure__value">{props.value}</span>
      {props.note ? <span className="rep-figure__change">{props.note}</span> : null}
    </div>
  );
}
