import type { ResponseOf } from '@brigade/api-client/client';
import { errorMessage } from '@brigade/api-client/problem-error';
import { getOrderingFunnel } from '@brigade/contracts/reports';
import { type Column, DataTable } from '@brigade/ui/app-kit/data-table';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Skeleton } from '@brigade/ui/components/skeleton';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../api';
import { restaurantKey } from '../../components/query-keys';
import { formatDay } from '../../payments-kit/format';
import { NotAllowed } from '../../payments-kit/ui';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import { PeriodPicker, usePeriod } from './period-picker';

type Funnel = ResponseOf<typeof getOrderingFunnel>['data'];
const TITLE = 'Ordering funnel';

function useFunnel(range: { from: string; to: string }, enabled: boolean) {
  const { tenantId, restaurantId } = useCurrentRestaurant();
  return useQuery({
    queryKey: restaurantKey(restaurantId, 'reports', 'funnel', range.from, range.to),
    queryFn: async ({ signal }) =>
      (await apiClient.call(getOrderingFunnel, { params: { tenantId, restaurantId }, query: range, signal }))
        .data,
    enabled,
    placeholderData: keepPreviousData,
  });
}

/**
 * The online-ordering funnel (managers and above, docs/behaviour/reports.md#online-ordering-funnel): guests
 * who opened the order menu, asked for a quote, placed an order and had it accepted, with the share of each
 * step that reached the next, over a day, week, month or custom range.
 */
export function OrderingFunnelScreen() {
  const allowed = useCan(getOrderingFunnel);
  const { timezone } = useCurrentRestaurant();
  const { range, picker } = usePeriod('week', timezone);
  const funnel = useFunnel(range, allowed);
  if (!allowed) return <NotAllowed title={TITLE} who="managers, admins and owners" />;
  return (
    <>
      <PageHeader
        title={TITLE}
        description="How many guests opened the order menu, priced a cart, ordered, and had the order accepted. Views and quotes are counted every half minute."
      />
      <PeriodPicker {...picker} />
      {funnel.isPending ? (
        <Skeleton height="16rem" />
      ) : funnel.isError ? (
        <ErrorView
          title="Could not load the funnel"
          message={errorMessage(funnel.error)}
          actions={<Button onClick={() => void funnel.refetch()}>Try Again</Button>}
        />
      ) : (
        <FunnelBody funnel={funnel.data} />
      )}
    </>
  );
}

/** A step's share of the one before; nothing to compare with when the step before counted none. */
const shareText = (rate: number, before: number, of: string) =>
  before === 0 ? `no ${of} to compare with` : `${rate}% of ${of}`;

function FunnelBody({ funnel }: { funnel: Funnel }) {
  const t = funnel.totals;
  const steps = [
    { key: 'menuViews', label: 'Menu views', value: t.menuViews, rate: null },
    {
      key: 'quotes',
      label: 'Carts priced',
      value: t.quotes,
      rate: shareText(t.quoteRate, t.menuViews, 'views'),
    },
    {
      key: 'ordersPlaced',
      label: 'Orders placed',
      value: t.ordersPlaced,
      rate: shareText(t.orderRate, t.quotes, 'carts'),
    },
    {
      key: 'ordersAccepted',
      label: 'Orders accepted',
      value: t.ordersAccepted,
      rate: shareText(t.acceptRate, t.ordersPlaced, 'orders'),
    },
  ];
  const count = (header: string, pick: (day: Funnel['days'][number]) => number) => ({
    header,
    align: 'end' as const,
    cell: (day: Funnel['days'][number]) => pick(day),
  });
  const columns: Column<Funnel['days'][number]>[] = [
    { header: 'Day', primary: true, cell: (day) => formatDay(day.date) },
    count('Menu views', (day) => day.menuViews),
    count('Carts priced', (day) => day.quotes),
    count('Orders placed', (day) => day.ordersPlaced),
    count('Accepted', (day) => day.ordersAccepted),
  ];
  return (
    <div className="rep-body">
      <section aria-label="Funnel" className="rep-figures">
        {steps.map((step) => (
          <div key={step.key} className="rep-figure" data-testid={`funnel-${step.key}`}>
            <span className="rep-figure__label">{step.label}</span>
            <span className="rep-figure__value">{step.value}</span>
            {step.rate ? <span className="rep-figure__change">{step.rate}</span> : null}
          </div>
        ))}
      </section>
      <DataTable
        label="By day"
        rows={funnel.days}
        columns={columns}
        rowKey={(day) => day.date}
        empty={{
          title: 'No guests in this period',
          message: 'Visits to the online order page and the orders placed there show here.',
        }}
      />
    </div>
  );
}
