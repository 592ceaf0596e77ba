import { errorMessage } from '@brigade/api-client/problem-error';
import { getReconciliation } from '@brigade/contracts/reports';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { Skeleton } from '@brigade/ui/components/skeleton';
import { useState } from 'react';
import { formatMinor, localDay } from '../../payments-kit/format';
import { NotAllowed } from '../../payments-kit/ui';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import { DayPicker } from '../close-out/day-picker';
import { saveCsv } from '../reports/save-csv';
import { useReconciliation } from './reconciliation-api';
import { ReconciliationBody } from './reconciliation-body';
import { reconciliationCsv } from './reconciliation-figures';
import '../reports/reports.css';
import './reconciliation.css';

const TITLE = 'Reconciliation';

/**
 * /reports/reconciliation (issue 44, managers and above): a business day's card money, transaction by
 * transaction, as the sales ledger has it beside what the gateway settled and deposited; what differs is
 * marked; a CSV download and a print layout of the same.
 */
export default function ReconciliationScreen() {
  const allowed = useCan(getReconciliation);
  const { restaurantName, timezone } = useCurrentRestaurant();
  const [day, setDay] = useState(() => localDay(0, new Date(), timezone));
  const report = useReconciliation(day, allowed);
  if (!allowed) return <NotAllowed title={TITLE} who="managers, admins and owners" />;
  const data = report.data;
  return (
    <>
      <PageHeader
        title={TITLE}
        description="A day's card payments as the sales ledger has them, beside what the gateway settled and what reached the bank."
        actions={
          data ? (
            <>
              <Button
                variant="secondary"
                onClick={() =>
                  saveCsv(reconciliationCsv(data, restaurantName), `reconciliation-${data.date}.csv`)
                }
              >
                Download CSV
              </Button>
              <Button variant="secondary" onClick={() => window.print()}>
                Print
              </Button>
            </>
          ) : null
        }
      />
      <DayPicker day={day} onDay={setDay} />
      {report.isPending ? (
        <Skeleton height="20rem" />
      ) : report.isError ? (
        <ErrorView
          title="Could not reconcile the day"
          message={errorMessage(report.error)}
          actions={<Button onClick={() => void report.refetch()}>Try Again</Button>}
        />
      ) : report.data.rows.length === 0 ? (
        <EmptyState
          title="No card payments on this day"
          message="Card payments taken or given back on the day show here with what the gateway settled and deposited."
        />
      ) : (
        <ReconciliationBody day={report.data} money={(minor) => formatMinor(minor)} />
      )}
    </>
  );
}
