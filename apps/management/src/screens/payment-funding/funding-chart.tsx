import { errorMessage } from '@brigade/api-client/problem-error';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { Skeleton } from '@brigade/ui/components/skeleton';
import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { CHART_TICK, CHART_TOOLTIP } from '../../components/charts';
import { useMoneyCurrency } from '../../payments-kit/currency';
import { formatDay, formatMinor, localDay } from '../../payments-kit/format';
import { type FundingDay, useFundingRange } from '../../payments-kit/payments-api';

export interface ChartPoint {
  date: string;
  label: string;
  netSales: number;
  fees: number;
  deposits: number;
}

/** One point per calendar day from `from` to `to` (days without a deposit are zeros), in minor units. */
export function chartPoints(days: readonly FundingDay[], from: string, to: string): ChartPoint[] {
  const byDate = new Map(days.map((day) => [day.date.slice(0, 10), day]));
  const points: ChartPoint[] = [];
  const [year, month, dayOfMonth] = from.split('-').map(Number) as [number, number, number];
  for (let offset = 0; offset < 32; offset++) {
    const date = localDay(offset, new Date(year, month - 1, dayOfMonth));
    if (date > to) break;
    const day = byDate.get(date);
    points.push({
      date,
      label: formatDay(date).replace(/,? \d{4}$/, ''),
      netSales: day?.netSales ?? 0,
      fees: Math.abs(day?.fees ?? 0),
      deposits: day?.totalFunding ?? 0,
    });
  }
  return points;
}

/** Net sales and fees as bars, deposits as a line, day by day (recharts; drawn at once, without animation). */
export function FundingChart({ from, to, days }: { from: string; to: string; days: number }) {
  const range = useFundingRange(from, to, true);
  const currency = useMoneyCurrency();
  const money = (minor: number) => formatMinor(minor, currency);
  let body: React.ReactNode;
  if (range.isPending) body = <Skeleton height="16rem" />;
  else if (range.isError)
    body = (
      <ErrorView
        title="Could not load the deposits"
        message={errorMessage(range.error)}
        actions={<Button onClick={() => void range.refetch()}>Try Again</Button>}
      />
    );
  else if (!range.data.some((day) => day.totalFunding !== null || day.netSales !== null))
    body = (
      <EmptyState
        title="No deposits in this period"
        message="Deposits show here once the card processor funds your account."
      />
    );
  else body = <Chart points={chartPoints(range.data, from, to)} money={money} />;
  return (
    <section className="ui-card pay-chart" aria-labelledby="pay-chart-title">
      <h2 id="pay-chart-title" className="section-title">
        Daily deposits, last {days} days
      </h2>
      {body}
    </section>
  );
}

function Chart({ points, money }: { points: ChartPoint[]; money: (minor: number) => string }) {
  const total = points.reduce((sum, point) => sum + point.deposits, 0);
  return (
    <figure className="pay-chart__figure">
      <div className="pay-chart__canvas">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid stroke="var(--border)" vertical={false} />
            <XAxis dataKey="label" tick={CHART_TICK} minTickGap={12} />
            <YAxis
              tick={CHART_TICK}
              tickFormatter={(value: number) => money(value).replace(/\.00$/, '')}
              width={72}
            />
            <Tooltip formatter={(value) => money(Number(value))} contentStyle={CHART_TOOLTIP} />
            <Legend />
            <Bar
              dataKey="netSales"
              name="Net sales"
              fill="var(--brand)"
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
            <Bar
              dataKey="fees"
              name="Fees"
              fill="var(--warning)"
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
            <Line
              dataKey="deposits"
              name="Deposits"
              stroke="var(--success)"
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
              type="linear"
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="pay-muted">
        Deposits in this period: {money(total)}. Net sales and fees per day as bars, deposits as a line.
      </figcaption>
    </figure>
  );
}
