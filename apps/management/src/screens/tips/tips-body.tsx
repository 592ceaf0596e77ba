import { TIP_BASIS_LABELS } from '@brigade/domain/staff/tips';
import { Badge } from '@brigade/ui/app-kit/badge';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import type { TipPool, TipsReport, TipsRow } from './tips-api';

type Money = (minor: number) => string;

const STATUS: Record<TipPool['status'], { label: string; tone: 'success' | 'warning' | undefined }> = {
  shared: { label: 'Shared', tone: 'success' },
  no_receivers: { label: 'Nobody worked the receiving job: not taken', tone: 'warning' },
  nothing_to_share: { label: 'Nothing to share', tone: undefined },
};

export function TipsBody({ report, money }: { report: TipsReport; money: Money }) {
  const t = report.totals;
  return (
    <div className="rep-body">
      <section aria-label="Totals" className="rep-figures">
        <Figure id="card-tips" label="Card tips" value={money(t.cardTips)} />
        <Figure id="cash-tips" label="Declared cash tips" value={money(t.cashTips)} />
        <Figure id="tip-out" label="Tipped out" value={money(t.tipOutPaid)}>
          <span className="rep-figure__change">{money(t.tipOutReceived)} received</span>
        </Figure>
        <Figure id="unassigned" label="Tips with no server" value={money(report.unassignedTips)}>
          <span className="rep-figure__change">{money(report.unassignedTipsPooled)} pooled by rules</span>
        </Figure>
      </section>
      <h2 className="ts-settings__title">Tips by employee</h2>
      <EmployeesTable report={report} money={money} />
      <h2 className="ts-settings__title">Tip-out pools</h2>
      <PoolsTable pools={report.pools} money={money} />
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

function EmployeesTable({ report, money }: { report: TipsReport; money: Money }) {
  const columns: Column<TipsRow>[] = [
    { header: 'Employee', primary: true, cell: (r) => r.name },
    { header: 'Hours', align: 'end', cell: (r) => r.hours.toFixed(2), hideOnMobile: true },
    { header: 'Net sales', align: 'end', cell: (r) => money(r.netSales), hideOnMobile: true },
    { header: 'Card tips', align: 'end', cell: (r) => money(r.cardTips) },
    { header: 'Cash tips', align: 'end', cell: (r) => money(r.cashTips) },
    {
      header: 'Tip-out paid',
      align: 'end',
      cell: (r) => (r.tipOutPaid ? <span className="tips-amount">−{money(r.tipOutPaid)}</span> : '—'),
    },
    {
      header: 'Tip-out received',
      align: 'end',
      cell: (r) => (r.tipOutReceived ? <span className="tips-amount">+{money(r.tipOutReceived)}</span> : '—'),
    },
    { header: 'Net tips', align: 'end', cell: (r) => <strong>{money(r.netTips)}</strong> },
  ];
  return (
    <DataTable
      label="Tips by employee"
      rows={report.rows}
      columns={columns}
      rowKey={(r) => r.employeeId ?? 'former'}
      empty={{
        title: 'No tips or hours in this pay period',
        message: 'Card tips appear once sales are rung up; cash tips once staff clock out.',
      }}
    />
  );
}

function PoolsTable({ pools, money }: { pools: TipPool[]; money: Money }) {
  const columns: Column<TipPool>[] = [
    { header: 'Rule', primary: true, cell: (p) => p.name },
    { header: 'Takes', cell: (p) => `${p.percent}% of ${TIP_BASIS_LABELS[p.basis].toLowerCase()}` },
    { header: 'To', cell: (p) => `${p.receivingJob} (${p.receivers})` },
    { header: 'Pooled', align: 'end', cell: (p) => money(p.collected) },
    { header: 'Status', cell: (p) => <Badge tone={STATUS[p.status].tone}>{STATUS[p.status].label}</Badge> },
  ];
  return (
    <DataTable
      label="Tip-out pools"
      rows={pools}
      columns={columns}
      rowKey={(p) => p.ruleId}
      empty={{ title: 'No active tip-out rules', message: 'Everyone keeps their own tips.' }}
    />
  );
}
