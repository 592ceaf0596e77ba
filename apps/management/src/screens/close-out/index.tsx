import { errorMessage } from '@brigade/api-client/problem-error';
import { getCloseOut } from '@brigade/contracts/pos';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { Skeleton } from '@brigade/ui/components/skeleton';
import { useState } from 'react';
import { formatMinor, localDay } from '../../payments-kit/format';
import { NotAllowed } from '../../payments-kit/ui';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import { saveCsv } from '../reports/save-csv';
import { useCloseOut } from './close-out-api';
import { CloseOutBody, nameLookup } from './close-out-body';
import { closeOutCsv } from './close-out-figures';
import { DayPicker } from './day-picker';
import '../reports/reports.css';
import './close-out.css';

const TITLE = 'Close-out';

/**
 * /reports/close-out (issue 46, managers and above): a business day's figures by staff member from the sales
 * ledger, every register's drawer with what it should hold, what was counted and over/short, and the cash
 * rung up with no drawer open; a CSV download and a print layout of the same.
 */
export default function CloseOutScreen() {
  const allowed = useCan(getCloseOut);
  const { restaurantName, timezone } = useCurrentRestaurant();
  const [day, setDay] = useState(() => localDay(0, new Date(), timezone));
  const report = useCloseOut(day, allowed);
  if (!allowed) return <NotAllowed title={TITLE} who="managers, admins and owners" />;
  const data = report.data;
  const money = (minor: number) => formatMinor(minor, data?.currency);
  const empty = data && data.staff.length === 0 && data.drawers.length === 0;
  return (
    <>
      <PageHeader
        title={TITLE}
        description="The end of a business day: each staff member's sales, tips and cash, and every register's drawer counted against what it should hold."
        actions={
          data ? (
            <>
              <Button
                variant="secondary"
                onClick={() =>
                  saveCsv(closeOutCsv(data, restaurantName, nameLookup(data)), `close-out-${data.date}.csv`)
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
          title="Could not load the close-out"
          message={errorMessage(report.error)}
          actions={<Button onClick={() => void report.refetch()}>Try Again</Button>}
        />
      ) : empty ? (
        <EmptyState
          title="No sales on this day"
          message="Sales, tips and cash drawers of the day show here once the restaurant takes orders."
        />
      ) : (
        <CloseOutBody report={report.data} money={money} />
      )}
    </>
  );
}
