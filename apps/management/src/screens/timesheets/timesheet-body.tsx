import { Badge } from '@brigade/ui/app-kit/badge';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { formatDay } from '../../payments-kit/format';
import { LabourHours } from './labour-hours';
import { ShiftDialog } from './shift-dialog';
import type { LabourDay, Shift, Timesheet, TimesheetRow } from './timesheets-api';

type Money = (minor: number) => string;
const hours = (value: number) => value.toFixed(2);
const timeOf = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });

export function TimesheetBody({ sheet, money }: { sheet: Timesheet; money: Money }) {
  const t = sheet.totals;
  const labour = sheet.labour.reduce((sum, d) => sum + d.labourCost, 0);
  const sales = sheet.labour.reduce((sum, d) => sum + d.netSales, 0);
  return (
    <div className="rep-body">
      <section aria-label="Totals" className="rep-figures">
        <Figure id="hours" label="Hours" value={hours(t.regularHours + t.overtimeHours)}>
          <span className="rep-figure__change">{hours(t.overtimeHours)} overtime</span>
        </Figure>
        <Figure id="wages" label="Wages" value={money(t.wages)} />
        <Figure id="tips" label="Declared tips" value={money(t.declaredTips)} />
        <Figure id="labour" label="Labour cost / net sales" value={`${money(labour)} / ${money(sales)}`}>
          <span className="rep-figure__change">
            {sales > 0 ? `${((labour / sales) * 100).toFixed(1)}% of sales` : 'no sales in the period'}
          </span>
        </Figure>
      </section>
      <EmployeesTable sheet={sheet} money={money} />
      <LabourTable days={sheet.labour} money={money} />
      <LabourHours days={sheet.labour} money={money} />
      <ShiftsTable sheet={sheet} money={money} />
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

function EmployeesTable({ sheet, money }: { sheet: Timesheet; money: Money }) {
  const columns: Column<TimesheetRow>[] = [
    {
      header: 'Employee',
      primary: true,
      cell: (r) => (
        <>
          {r.name} {r.openShift && <Badge tone="info">On the clock</Badge>}
        </>
      ),
    },
    { header: 'Shifts', align: 'end', cell: (r) => r.shifts, hideOnMobile: true },
    { header: 'Regular hours', align: 'end', cell: (r) => hours(r.regularHours) },
    { header: 'Overtime hours', align: 'end', cell: (r) => hours(r.overtimeHours) },
    { header: 'Wages', align: 'end', cell: (r) => money(r.wages) },
    { header: 'Declared tips', align: 'end', cell: (r) => money(r.declaredTips) },
  ];
  return (
    <DataTable
      label="Hours by employee"
      rows={sheet.rows}
      columns={columns}
      rowKey={(r) => r.employeeId}
      empty={{ title: 'Nobody clocked in during this pay period' }}
    />
  );
}

function LabourTable({ days, money }: { days: LabourDay[]; money: Money }) {
  const busiest = (d: LabourDay) => {
    const top = [...d.hours].sort((a, b) => b.labourCost - a.labourCost)[0];
    return top && top.labourCost > 0
      ? `${String(top.hour).padStart(2, '0')}:00 (${money(top.labourCost)})`
      : '—';
  };
  const columns: Column<LabourDay>[] = [
    { header: 'Day', primary: true, cell: (d) => formatDay(d.date) },
    { header: 'Labour cost', align: 'end', cell: (d) => money(d.labourCost) },
    { header: 'Net sales', align: 'end', cell: (d) => money(d.netSales) },
    {
      header: 'Labour %',
      align: 'end',
      cell: (d) => (d.labourPercent === null ? '—' : `${d.labourPercent}%`),
    },
    { header: 'Costliest hour', cell: busiest, hideOnMobile: true },
  ];
  return (
    <DataTable
      label="Labour cost and sales by day"
      rows={days.filter((d) => d.labourCost > 0 || d.netSales !== 0)}
      columns={columns}
      rowKey={(d) => d.date}
      empty={{ title: 'No labour or sales in this pay period' }}
    />
  );
}

function ShiftsTable({ sheet, money }: { sheet: Timesheet; money: Money }) {
  const [editing, setEditing] = useState<Shift | null>(null);
  const names = new Map(sheet.rows.map((r) => [r.employeeId, r.name]));
  const columns: Column<Shift>[] = [
    { header: 'Employee', primary: true, cell: (s) => names.get(s.employeeId) ?? `Employee ${s.employeeId}` },
    { header: 'Job', cell: (s) => s.jobTitle ?? `Job ${s.jobId}` },
    { header: 'In', cell: (s) => timeOf(s.clockInAt) },
    { header: 'Out', cell: (s) => (s.clockOutAt ? timeOf(s.clockOutAt) : <Badge tone="info">Open</Badge>) },
    {
      header: 'Breaks',
      hideOnMobile: true,
      cell: (s) =>
        s.breaks.map((b) => `${b.paid ? 'paid' : 'unpaid'} ${timeOf(b.startedAt)}`).join(', ') || '—',
    },
    { header: 'Tips', align: 'end', cell: (s) => money(s.declaredTips) },
    { header: 'Corrected', hideOnMobile: true, cell: (s) => s.editReason ?? '—' },
    {
      header: 'Actions',
      cell: (s) => (
        <Button size="sm" variant="secondary" onClick={() => setEditing(s)}>
          Correct
        </Button>
      ),
    },
  ];
  return (
    <>
      <DataTable
        label="Shifts"
        rows={sheet.entries}
        columns={columns}
        rowKey={(s) => s.entryId}
        empty={{ title: 'No shifts in this pay period' }}
      />
      {editing && (
        <ShiftDialog
          shift={editing}
          name={names.get(editing.employeeId) ?? `Employee ${editing.employeeId}`}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
