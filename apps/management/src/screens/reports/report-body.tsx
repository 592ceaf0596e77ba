import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_TICK, CHART_TOOLTIP, hoursAround } from '../../components/charts';
import { formatDay } from '../../payments-kit/format';
import { changeOf } from './report-period';
import type { SalesReport } from './reports-api';

type Money = (minor: number) => string;
type Totals = SalesReport['totals'];

const FIGURES: { key: keyof Totals; label: string; money: boolean }[] = [
  { key: 'netSales', label: 'Net sales', money: true },
  { key: 'sales', label: 'Sales', money: false },
  { key: 'grossSales', label: 'Gross sales', money: true },
  { key: 'returns', label: 'Returns', money: true },
  { key: 'tax', label: 'Tax', money: true },
  { key: 'tips', label: 'Tips', money: true },
  { key: 'serviceCharges', label: 'Service charges', money: true },
  { key: 'totalCollected', label: 'Total collected', money: true },
];

export function ReportBody({ report, money }: { report: SalesReport; money: Money }) {
  return (
    <div className="rep-body">
      <Figures report={report} money={money} />
      <section className="ui-card" aria-labelledby="rep-chart-title">
        <h2 id="rep-chart-title" className="pay-section-title">
          {report.from === report.to ? 'Net sales by hour' : 'Net sales by day'}
        </h2>
        {report.totals.sales === 0 && report.totals.returns === 0 ? (
          <EmptyState title="No sales in this period" message="Accepted orders and card sales appear here." />
        ) : (
          <SalesChart report={report} money={money} />
        )}
      </section>
      <Tables report={report} money={money} />
    </div>
  );
}

function Figures({ report, money }: { report: SalesReport; money: Money }) {
  // nothing the period before: one line says so, not every figure
  const previous = report.previous?.totals;
  const before = previous && (previous.sales > 0 || previous.returns > 0) ? previous : undefined;
  return (
    <section aria-label="Totals" className="rep-figures">
      {previous && !before ? (
        <p className="rep-figures__note">No sales the period before to compare with.</p>
      ) : null}
      {FIGURES.map(({ key, label, money: isMoney }) => {
        const value = report.totals[key];
        const change = before ? changeOf(value, before[key]) : null;
        return (
          <div key={key} className="rep-figure" data-testid={`figure-${key}`}>
            <span className="rep-figure__label">{label}</span>
            <span className="rep-figure__value">{isMoney ? money(value) : value}</span>
            {before ? (
              <span
                className="rep-figure__change"
                data-trend={change === null ? 'none' : change >= 0 ? 'up' : 'down'}
              >
                {change === null
                  ? 'nothing the period before'
                  : `${change > 0 ? '+' : ''}${change}% on the period before`}
              </span>
            ) : null}
          </div>
        );
      })}
    </section>
  );
}

function SalesChart({ report, money }: { report: SalesReport; money: Money }) {
  const points =
    report.from === report.to
      ? hoursAround(report.hours, (h) => ({ netSales: h?.netSales ?? 0 }))
      : report.days.map((d) => ({ label: formatDay(d.date), netSales: d.netSales }));
  return (
    <figure className="pay-chart__figure">
      <div className="pay-chart__canvas">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid stroke="var(--border)" vertical={false} />
            <XAxis dataKey="label" tick={CHART_TICK} minTickGap={8} />
            <YAxis
              tick={CHART_TICK}
              tickFormatter={(value: number) => money(value).replace(/\.00$/, '')}
              width={72}
            />
            <Tooltip formatter={(value) => money(Number(value))} contentStyle={CHART_TOOLTIP} />
            <Bar
              dataKey="netSales"
              name="Net sales"
              fill="var(--brand)"
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="pay-muted">
        {report.totals.sales} sales, {money(report.totals.netSales)} net.
      </figcaption>
    </figure>
  );
}

function Tables({ report, money }: { report: SalesReport; money: Money }) {
  const amount = <T,>(header: string, pick: (row: T) => number): Column<T> => ({
    header,
    align: 'end',
    cell: (row) => money(pick(row)),
  });
  const items: Column<SalesReport['items'][number]>[] = [
    { header: 'Item', primary: true, cell: (row) => row.name },
    { header: 'Quantity', align: 'end', cell: (row) => row.quantity },
    amount('Net sales', (row: SalesReport['items'][number]) => row.netSales),
    { header: 'Share', align: 'end', cell: (row) => `${row.share}%`, hideOnMobile: true },
  ];
  const categories: Column<SalesReport['categories'][number]>[] = [
    { header: 'Sales category', primary: true, cell: (row) => row.name },
    { header: 'Quantity', align: 'end', cell: (row) => row.quantity },
    amount('Net sales', (row: SalesReport['categories'][number]) => row.netSales),
  ];
  const taxes: Column<SalesReport['taxes'][number]>[] = [
    { header: 'Tax rate', primary: true, cell: (row) => row.name },
    amount('Tax added', (row: SalesReport['taxes'][number]) => row.tax),
    amount('Included in prices', (row: SalesReport['taxes'][number]) => row.includedTax),
  ];
  const payments: Column<SalesReport['payments'][number]>[] = [
    {
      header: 'Payment',
      primary: true,
      cell: (row) => (row.method === 'cash' ? 'Cash' : (row.cardBrand ?? 'Card')),
    },
    amount('Taken', (row: SalesReport['payments'][number]) => row.taken),
    amount('Returned', (row: SalesReport['payments'][number]) => row.returned),
    amount('Net', (row: SalesReport['payments'][number]) => row.net),
  ];
  const empty = { title: 'Nothing in this period' };
  return (
    <div className="rep-tables">
      {report.restaurants.length > 1 ? <RestaurantsTable report={report} money={money} /> : null}
      <DataTable
        label="Items"
        rows={report.items}
        columns={items}
        rowKey={(r) => `${r.itemId}-${r.name}`}
        empty={empty}
      />
      <DataTable
        label="Sales categories"
        rows={report.categories}
        columns={categories}
        rowKey={(r) => `${r.salesCategoryId}-${r.name}`}
        empty={empty}
      />
      <DataTable
        label="Taxes"
        rows={report.taxes}
        columns={taxes}
        rowKey={(r) => r.taxRateId ?? 0}
        empty={empty}
      />
      <DataTable
        label="Payments"
        rows={report.payments}
        columns={payments}
        rowKey={(r) => `${r.method}-${r.cardBrand}`}
        empty={empty}
      />
    </div>
  );
}

/** Each restaurant's figures, when the report covers several. */
function RestaurantsTable({ report, money }: { report: SalesReport; money: Money }) {
  type Row = SalesReport['restaurants'][number];
  const columns: Column<Row>[] = [
    { header: 'Restaurant', primary: true, cell: (row) => row.name },
    { header: 'Sales', align: 'end', cell: (row) => row.sales },
    { header: 'Net sales', align: 'end', cell: (row) => money(row.netSales) },
    { header: 'Total collected', align: 'end', cell: (row) => money(row.totalCollected) },
  ];
  return (
    <DataTable
      label="Restaurants"
      rows={report.restaurants}
      columns={columns}
      rowKey={(r) => r.restaurantId}
      empty={{ title: 'Nothing in this period' }}
    />
  );
}
