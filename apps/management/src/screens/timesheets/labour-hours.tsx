import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { useId, useState } from 'react';
import { formatDay } from '../../payments-kit/format';
import type { LabourDay } from './timesheets-api';

type Hour = LabourDay['hours'][number];

/** One day's labour cost against net sales hour by hour (the restaurant's hours), for the days that have any. */
export function LabourHours({ days, money }: { days: LabourDay[]; money: (minor: number) => string }) {
  const withHours = days.filter((d) => d.hours.length > 0);
  const [chosen, setChosen] = useState<string | null>(null);
  const selectId = useId();
  const day = withHours.find((d) => d.date === chosen) ?? withHours.at(-1);
  if (!day) return null;
  const columns: Column<Hour>[] = [
    { header: 'Hour', primary: true, cell: (h) => `${String(h.hour).padStart(2, '0')}:00` },
    { header: 'Labour cost', align: 'end', cell: (h) => money(h.labourCost) },
    { header: 'Net sales', align: 'end', cell: (h) => money(h.netSales) },
    {
      header: 'Labour %',
      align: 'end',
      cell: (h) => (h.netSales > 0 ? `${((h.labourCost / h.netSales) * 100).toFixed(1)}%` : '—'),
    },
  ];
  return (
    <section className="ts-hours" aria-label="Labour cost and sales by hour">
      <div className="ui-field ts-hours__day">
        <label className="ui-field__label" htmlFor={selectId}>
          By hour on
        </label>
        <select
          id={selectId}
          className="ui-field__input"
          value={day.date}
          onChange={(e) => setChosen(e.target.value)}
        >
          {withHours.map((d) => (
            <option key={d.date} value={d.date}>
              {formatDay(d.date)}
            </option>
          ))}
        </select>
      </div>
      <DataTable
        label={`Labour cost and sales by hour, ${formatDay(day.date)}`}
        rows={day.hours}
        columns={columns}
        rowKey={(h) => h.hour}
        empty={{ title: 'No labour or sales on this day' }}
      />
    </section>
  );
}
