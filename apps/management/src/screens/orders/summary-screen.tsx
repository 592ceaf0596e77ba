import { errorMessage } from '@brigade/api-client/problem-error';
import { getSalesSummary } from '@brigade/contracts/ordering';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { Skeleton } from '@brigade/ui/components/skeleton';
import { useId, useState } from 'react';
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
import { CHART_TICK, CHART_TOOLTIP, hoursAround } from '../../components/charts';
import { useMoneyCurrency } from '../../payments-kit/currency';
import { formatDay, formatMinor, localDay } from '../../payments-kit/format';
import { Fact, NotAllowed } from '../../payments-kit/ui';
import { useCan } from '../../restaurant-context';
import { type SalesSummary, useSalesSummary } from './orders-api';
import { ORDER_PATHS } from './paths';

const TITLE = 'Sales summary';
const BACK = { to: ORDER_PATHS.orders, label: 'Orders' };

/** One point per hour around the hours with orders (hours without any are zeros). */
export const hourPoints = (hours: SalesSummary['hours']) =>
  hoursAround(hours, (h) => ({ orders: h?.orders ?? 0, sales: h?.sales ?? 0 }));

/** The business day's online orders and sales (managers and above), orders per hour as a chart. */
export function SalesSummaryScreen() {
  const allowed = useCan(getSalesSummary);
  const dateId = useId();
  const [date, setDate] = useState('');
  const summary = useSalesSummary(date || undefined, allowed);
  if (!allowed) return <NotAllowed title={TITLE} who="managers, admins and owners" />;
  return (
    <>
      <PageHeader
        title={TITLE}
        description="Online orders of a business day, on the restaurant’s clock."
        back={BACK}
      />
      <div className="ord-summary">
        <div className="ui-field ord-summary__day">
          <label className="ui-field__label" htmlFor={dateId}>
            Business day
          </label>
          <input
            id={dateId}
            className="ui-field__input"
            type="date"
            value={date || summary.data?.businessDate || ''}
            max={localDay(1)}
            onChange={(e) => setDate(e.target.value)}
          />
        </div>
        {summary.isPending ? (
          <Skeleton height="16rem" />
        ) : summary.isError ? (
          <ErrorView
            title="Could not load the summary"
            message={errorMessage(summary.error)}
            actions={<Button onClick={() => void summary.refetch()}>Try Again</Button>}
          />
        ) : (
          <SummaryBody summary={summary.data} />
        )}
      </div>
    </>
  );
}

function SummaryBody({ summary }: { summary: SalesSummary }) {
  // the orders' currency; the restaurant's on a day without any (the server has no order to read it from)
  const restaurantCurrency = useMoneyCurrency();
  const anyOrder = summary.orders + summary.returned.orders > 0;
  const money = (minor: number) => formatMinor(minor, anyOrder ? summary.currency : restaurantCurrency);
  return (
    <>
      <section className="ui-card" aria-labelledby="ord-summary-totals">
        <h2 id="ord-summary-totals" className="pay-section-title">
          {formatDay(summary.businessDate)}
        </h2>
        <dl className="pay-facts ord-summary__facts">
          <Fact label="Orders">{summary.orders}</Fact>
          <Fact label="Sales">{money(summary.sales)}</Fact>
          <Fact label="Subtotal">{money(summary.subtotal)}</Fact>
          <Fact label="Tax">{money(summary.tax)}</Fact>
          <Fact label="Tips">{money(summary.tips)}</Fact>
          {summary.serviceCharge > 0 && <Fact label="Service charge">{money(summary.serviceCharge)}</Fact>}
          <Fact label="Cancelled or refunded">
            {summary.returned.orders} ({money(summary.returned.amount)})
          </Fact>
        </dl>
      </section>
      <section className="ui-card" aria-labelledby="ord-summary-chart">
        <h2 id="ord-summary-chart" className="pay-section-title">
          Orders and sales per hour
        </h2>
        {summary.hours.length === 0 ? (
          <EmptyState title="No orders this day" message="Orders placed online appear here hour by hour." />
        ) : (
          <HourChart summary={summary} money={money} />
        )}
      </section>
    </>
  );
}

function HourChart({ summary, money }: { summary: SalesSummary; money: (minor: number) => string }) {
  const points = hourPoints(summary.hours);
  return (
    <figure className="pay-chart__figure">
      <div className="pay-chart__canvas">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
            <CartesianGrid stroke="var(--border)" vertical={false} />
            <XAxis dataKey="label" tick={CHART_TICK} minTickGap={8} />
            <YAxis
              yAxisId="sales"
              tick={CHART_TICK}
              tickFormatter={(value: number) => money(value).replace(/\.00$/, '')}
              width={64}
            />
            <YAxis yAxisId="orders" orientation="right" allowDecimals={false} tick={CHART_TICK} width={32} />
            <Tooltip
              formatter={(value, name) => (name === 'Sales' ? money(Number(value)) : String(value))}
              contentStyle={CHART_TOOLTIP}
            />
            <Legend />
            <Bar
              yAxisId="sales"
              dataKey="sales"
              name="Sales"
              fill="var(--brand)"
              radius={[4, 4, 0, 0]}
              isAnimationActive={false}
            />
            <Line
              yAxisId="orders"
              dataKey="orders"
              name="Orders"
              stroke="var(--success)"
              strokeWidth={2}
              isAnimationActive={false}
              type="linear"
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="pay-muted">
        {summary.orders} orders, {money(summary.sales)} in sales. Sales per hour as bars, orders as a line.
      </figcaption>
    </figure>
  );
}
