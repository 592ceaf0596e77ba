import { errorMessage } from '@brigade/api-client/problem-error';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { type ReconciliationDay, useRefreshReconciliation } from './reconciliation-api';
import { reportsWords } from './reconciliation-figures';

/**
 * The day's gateway reports (issue 44): the reconciliation reads what the daily import stored; a manager can
 * have the day's six reports read again (the server skips those read in the last minute).
 */
export function GatewayReports({ day }: { day: ReconciliationDay }) {
  const refresh = useRefreshReconciliation(day.date);
  return (
    <section aria-label="Gateway reports" className="rec-reports">
      <p className="rec-read">{reportsWords(day.reports)}</p>
      <Button variant="secondary" onClick={() => refresh.mutate()} disabled={refresh.isPending}>
        {refresh.isPending ? 'Reading…' : 'Read from the gateway'}
      </Button>
      {refresh.isError ? (
        <Alert title="Could not read the gateway's reports">{errorMessage(refresh.error)}</Alert>
      ) : null}
    </section>
  );
}
