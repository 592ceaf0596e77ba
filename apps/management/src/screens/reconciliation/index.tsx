import { errorMessage } from '@brigade/api-client/problem-error';
import { getReconciliation } from '@brigade/contracts/reports';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { Skeleton } from '@brigade/ui/components/skeleton';
import type { ReactNode } from 'react';
import { formatMinor } from '../../payments-kit/format';
import { NotAllowed } from '../../payments-kit/ui';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import { PeriodPicker, usePeriod } from '../reports/period-picker';
import { saveCsv } from '../reports/save-csv';
import { GatewayReports } from './gateway-reports';
import { useReconciliation, useReconciliationRange } from './reconciliation-api';
import { ReconciliationBody } from './reconciliation-body';
import { reconciliationCsv, reconciliationRangeCsv } from './reconciliation-figures';
import { ReconciliationRangeBody } from './reconciliation-range';
import '../reports/reports.css';
import './reconciliation.css';

const TITLE = 'Reconciliation';
const money = (minor: number) => formatMinor(minor);

type Picker = ReturnType<typeof usePeriod>['picker'];

/**
 * /reports/reconciliation (issue 44, managers and above): card money as the sales ledger has it beside what
 * the gateway settled and deposited, transaction by transaction; what differs is marked; a CSV download and a
 * print layout of the same. A day, a week, a month or a custom range (up to 31 days) is read from the reports
 * the daily import stored (a day's can be read from the gateway again on asking); a range shows one line per
 * day and every transaction that needs a look.
 */
export default function ReconciliationScreen() {
  const allowed = useCan(getReconciliation);
  const { timezone } = useCurrentRestaurant();
  const { range, picker } = usePeriod('day', timezone);
  if (!allowed) return <NotAllowed title={TITLE} who="managers, admins and owners" />;
  return picker.period === 'day' ? (
    <DayView date={range.from} picker={picker} />
  ) : (
    <RangeView range={range} picker={picker} />
  );
}

function DayView({ date, picker }: { date: string; picker: Picker }) {
  const { restaurantName } = useCurrentRestaurant();
  const report = useReconciliation(date, true);
  const data = report.data;
  return (
    <>
      <PageHeader
        title={TITLE}
        description="A day's card payments as the sales ledger has them, beside what the gateway settled and what reached the bank."
        actions={
          data ? (
            <Actions
              csv={() => reconciliationCsv(data, restaurantName)}
              name={`reconciliation-${data.date}`}
            />
          ) : null
        }
      />
      <PeriodPicker {...picker} />
      {report.isPending ? (
        <Skeleton height="20rem" />
      ) : report.isError ? (
        <Failed message={errorMessage(report.error)} retry={() => void report.refetch()} />
      ) : report.data.rows.length === 0 ? (
        <EmptyState
          title="No card payments on this day"
          message="Card payments taken or given back on the day show here with what the gateway settled and deposited."
        />
      ) : (
        <ReconciliationBody day={report.data} money={money} below={<GatewayReports day={report.data} />} />
      )}
    </>
  );
}

function RangeView({ range, picker }: { range: { from: string; to: string }; picker: Picker }) {
  const { restaurantName } = useCurrentRestaurant();
  const report = useReconciliationRange(range, true);
  const data = report.data;
  const openDay = (date: string) => {
    picker.onAnchor(date);
    picker.onPeriod('day');
  };
  return (
    <>
      <PageHeader
        title={TITLE}
        description="Each business day's card money as the sales ledger has it, beside what the gateway settled and what reached the bank, from the reports imported each morning."
        actions={
          data ? (
            <Actions
              csv={() => reconciliationRangeCsv(data, restaurantName)}
              name={`reconciliation-${data.from}-to-${data.to}`}
            />
          ) : null
        }
      />
      <PeriodPicker {...picker} />
      {report.isPending ? (
        <Skeleton height="20rem" />
      ) : report.isError ? (
        <Failed message={errorMessage(report.error)} retry={() => void report.refetch()} />
      ) : report.data.days.length === 0 && report.data.deposits.length === 0 ? (
        <EmptyState
          title="No card payments in these days"
          message="Days with card payments taken or given back show here, each with what the gateway settled and deposited."
        />
      ) : (
        <ReconciliationRangeBody range={report.data} money={money} onDay={openDay} />
      )}
    </>
  );
}

function Actions({ csv, name }: { csv: () => string; name: string }): ReactNode {
  return (
    <>
      <Button variant="secondary" onClick={() => saveCsv(csv(), `${name}.csv`)}>
        Download CSV
      </Button>
      <Button variant="secondary" onClick={() => window.print()}>
        Print
      </Button>
    </>
  );
}

function Failed({ message, retry }: { message: string; retry: () => void }) {
  return (
    <ErrorView
      title="Could not reconcile these days"
      message={message}
      actions={<Button onClick={retry}>Try Again</Button>}
    />
  );
}
