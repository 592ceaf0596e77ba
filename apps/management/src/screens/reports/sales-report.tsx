import { errorMessage } from '@brigade/api-client/problem-error';
import { getSalesReport } from '@brigade/contracts/reports';
import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useToast } from '@brigade/ui/app-kit/toast';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Skeleton } from '@brigade/ui/components/skeleton';
import { useMyRestaurants } from '@brigade/ui/lib/queries';
import { useState } from 'react';
import { formatMinor } from '../../payments-kit/format';
import { NotAllowed } from '../../payments-kit/ui';
import { useCan, useCurrentRestaurant } from '../../restaurant-context';
import { PeriodPicker, usePeriod } from './period-picker';
import { ReportBody } from './report-body';
import { journalCsv, salesReportCsv } from './report-period';
import { type ReportScope, type SalesReport, useJournalFetch, useSalesReport } from './reports-api';
import { saveCsv } from './save-csv';

const TITLE = 'Sales report';

/**
 * Sales of a day, week, month or custom range (managers and above), compared with the period before, from
 * the sales ledger: totals, a chart by day (or hour for one day), items, sales categories, taxes and cards;
 * a CSV download and a print layout of the same figures.
 */
export function SalesReportScreen() {
  const allowed = useCan(getSalesReport);
  const { restaurantName, timezone, tenantId } = useCurrentRestaurant();
  const restaurants = useMyRestaurants(tenantId);
  const several = (restaurants.data?.length ?? 0) > 1;
  const [chosenScope, setScope] = useState<ReportScope>('restaurant');
  const scope = several ? chosenScope : 'restaurant';
  const covered = scope === 'all' ? 'All restaurants' : restaurantName;
  const { range, picker } = usePeriod('day', timezone);
  const report = useSalesReport(range, allowed, scope);
  if (!allowed) return <NotAllowed title={TITLE} who="managers, admins and owners" />;
  return (
    <>
      <PageHeader
        title={TITLE}
        description={
          scope === 'all'
            ? "Sales every restaurant of the organization took, net of returns, on the organization's clock. Every figure comes from the sales ledger."
            : 'Sales the restaurant took, net of returns, on its own clock. Every figure comes from the sales ledger.'
        }
        actions={
          report.data ? (
            <ReportActions report={report.data} range={range} scope={scope} covered={covered} />
          ) : null
        }
      />
      {several ? (
        <ScopeSwitch
          scope={scope}
          onScope={setScope}
          restaurantName={restaurantName}
          count={restaurants.data?.length ?? 0}
        />
      ) : null}
      <PeriodPicker {...picker} />
      {report.isPending ? (
        <Skeleton height="20rem" />
      ) : report.isError ? (
        <ErrorView
          title="Could not load the report"
          message={errorMessage(report.error)}
          actions={<Button onClick={() => void report.refetch()}>Try Again</Button>}
        />
      ) : (
        <ReportBody report={report.data} money={(minor) => formatMinor(minor, report.data.currency)} />
      )}
    </>
  );
}

/** Download CSV, Download journal and Print, for the report on screen. */
function ReportActions({
  report,
  range,
  scope,
  covered,
}: {
  report: SalesReport;
  range: { from: string; to: string };
  scope: ReportScope;
  covered: string;
}) {
  const fetchJournal = useJournalFetch();
  const toast = useToast();
  return (
    <>
      <Button
        variant="secondary"
        onClick={() => saveCsv(salesReportCsv(report, covered), `sales-${report.from}-to-${report.to}.csv`)}
      >
        Download CSV
      </Button>
      <Button
        variant="secondary"
        onClick={() =>
          void fetchJournal(range, scope).then(
            (journal) => saveCsv(journalCsv(journal), `journal-${range.from}-to-${range.to}.csv`),
            (error: unknown) => toast.error(errorMessage(error)),
          )
        }
      >
        Download journal
      </Button>
      <Button variant="secondary" onClick={() => window.print()}>
        Print
      </Button>
    </>
  );
}

/** The restaurant on screen, or every restaurant of the organization (shown when there are several). */
function ScopeSwitch({
  scope,
  onScope,
  restaurantName,
  count,
}: {
  scope: ReportScope;
  onScope: (scope: ReportScope) => void;
  restaurantName: string;
  count: number;
}) {
  return (
    <fieldset className="rep-period__kinds rep-scope" aria-label="Restaurants">
      <button
        type="button"
        className="rep-period__kind"
        aria-pressed={scope === 'restaurant'}
        onClick={() => onScope('restaurant')}
      >
        {restaurantName}
      </button>
      <button
        type="button"
        className="rep-period__kind"
        aria-pressed={scope === 'all'}
        onClick={() => onScope('all')}
      >
        All {count} restaurants
      </button>
    </fieldset>
  );
}
