import { errorMessage } from '@brigade/api-client/problem-error';
import { getTipsReport } from '@brigade/contracts/staff';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Skeleton } from '@brigade/ui/components/skeleton';
import { useState } from 'react';
import { formatMinor, localDay } from '../../payments-kit/format';
import { NotAllowed } from '../../payments-kit/ui';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import { saveCsv } from '../reports/save-csv';
import { PeriodPicker } from '../timesheets/period-picker';
import { TipRules } from './tip-rules';
import { useTipsReport } from './tips-api';
import { TipsBody } from './tips-body';
import { tipsCsv } from './tips-csv';
import '../reports/reports.css';
import '../timesheets/timesheets.css';
import './tips.css';

const TITLE = 'Tips';

/**
 * /reports/tips (issue 47, managers and above): a pay period's tips per employee — card tips on the sales
 * rung up under them, declared cash tips, tip-out paid and received by the restaurant's rules, net tips — the
 * rules' pools, a CSV for payroll, and the tip-out rules themselves.
 */
export default function TipsScreen() {
  const allowed = useCan(getTipsReport);
  const { restaurantName, timezone } = useCurrentRestaurant();
  const [day, setDay] = useState(() => localDay(0, new Date(), timezone));
  const report = useTipsReport(day, allowed);
  if (!allowed) return <NotAllowed title={TITLE} who="managers, admins and owners" />;
  const data = report.data;
  const money = (minor: number) => formatMinor(minor, data?.currency);
  return (
    <>
      <PageHeader
        title={TITLE}
        description="Tips for a pay period: card tips on each server's sales, declared cash tips, and what the tip-out rules move between jobs by hours worked."
        actions={
          data ? (
            <Button
              variant="secondary"
              onClick={() => saveCsv(tipsCsv(data, restaurantName), `tips-${data.from}-${data.to}.csv`)}
            >
              Download CSV
            </Button>
          ) : null
        }
      />
      <PeriodPicker day={day} onDay={setDay} sheet={data} />
      {report.isPending ? (
        <Skeleton height="20rem" />
      ) : report.isError ? (
        <ErrorView
          title="Could not load the tips"
          message={errorMessage(report.error)}
          actions={<Button onClick={() => void report.refetch()}>Try Again</Button>}
        />
      ) : (
        <TipsBody report={report.data} money={money} />
      )}
      <TipRules />
    </>
  );
}
