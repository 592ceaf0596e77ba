import { errorMessage } from '@brigade/api-client/problem-error';
import { getTimesheet } from '@brigade/contracts/staff';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Skeleton } from '@brigade/ui/components/skeleton';
import { useState } from 'react';
import { formatMinor, localDay } from '../../payments-kit/format';
import { NotAllowed } from '../../payments-kit/ui';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import { saveCsv } from '../reports/save-csv';
import { type TipsReport, useTipsReport } from '../tips/tips-api';
import { ClockSettingsForm } from './clock-settings-form';
import { PeriodPicker } from './period-picker';
import { TimesheetBody } from './timesheet-body';
import { timesheetCsv } from './timesheet-csv';
import { type Timesheet, useTimesheet } from './timesheets-api';
import '../reports/reports.css';
import './timesheets.css';

const TITLE = 'Timesheets';

const netTipsOf = (report: TipsReport | undefined, sheet: Timesheet) =>
  report && report.from === sheet.from && report.to === sheet.to
    ? new Map(report.rows.flatMap((r) => (r.employeeId === null ? [] : [[r.employeeId, r.netTips] as const])))
    : undefined;

/**
 * /reports/timesheets (issue 47, managers and above): a pay period's hours per employee from the time clock,
 * regular and overtime, wages and declared tips, labour cost against net sales by day and hour, the shifts
 * with corrections, a CSV for payroll, and the time-clock settings.
 */
export default function TimesheetsScreen() {
  const allowed = useCan(getTimesheet);
  const { restaurantName, timezone } = useCurrentRestaurant();
  const [day, setDay] = useState(() => localDay(0, new Date(), timezone));
  const sheet = useTimesheet(day, allowed);
  // the same period's net tips (after tip-out) go into the payroll CSV when the tips report is at hand
  const tips = useTipsReport(day, allowed);
  if (!allowed) return <NotAllowed title={TITLE} who="managers, admins and owners" />;
  const data = sheet.data;
  const money = (minor: number) => formatMinor(minor, data?.currency);
  return (
    <>
      <PageHeader
        title={TITLE}
        description="Hours from the time clock for a pay period: regular and overtime, wages and declared tips, and labour cost against sales."
        actions={
          data ? (
            <Button
              variant="secondary"
              // waits a moment for the net tips (a failed tips report leaves them out, not the CSV)
              disabled={tips.isFetching && !tips.isError}
              onClick={() =>
                saveCsv(
                  timesheetCsv(data, restaurantName, netTipsOf(tips.data, data)),
                  `timesheet-${data.from}-${data.to}.csv`,
                )
              }
            >
              Download CSV
            </Button>
          ) : null
        }
      />
      <PeriodPicker day={day} onDay={setDay} sheet={data} />
      {sheet.isPending ? (
        <Skeleton height="20rem" />
      ) : sheet.isError ? (
        <ErrorView
          title="Could not load the timesheet"
          message={errorMessage(sheet.error)}
          actions={<Button onClick={() => void sheet.refetch()}>Try Again</Button>}
        />
      ) : (
        <>
          <TimesheetBody sheet={sheet.data} money={money} />
          <ClockSettingsForm key={JSON.stringify(sheet.data.settings)} settings={sheet.data.settings} />
        </>
      )}
    </>
  );
}
