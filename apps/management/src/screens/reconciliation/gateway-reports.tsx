import { errorMessage } from '@brigade/api-client/problem-error';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { formatDateTime, formatDay } from '../../payments-kit/format';
import { type ReconciliationDay, useRefreshReconciliation } from './reconciliation-api';

type Report = ReconciliationDay['reports'][number];

/** "Dec 7, 2026 to Dec 9, 2026": a window's first and last dates. */
const daysOf = (reports: Report[]) =>
  reports.length > 1
    ? `${formatDay(reports[0]!.date)} to ${formatDay(reports.at(-1)!.date)}`
    : reports.map((report) => formatDay(report.date)).join('');

/** What the day's gateway reports are, in words: which days, when they were last read, what may change. */
export function reportsWords(reports: Report[]): string {
  const settlement = reports.filter((report) => report.report === 'settlement');
  const funding = reports.filter((report) => report.report === 'funding');
  const which = `the settlement of ${daysOf(settlement)} and the deposits of ${daysOf(funding)}`;
  const read = reports.flatMap((report) => (report.importedAt ? [report.importedAt] : []));
  if (read.length === 0)
    return `Not read from the gateway yet: ${which}. Until they are, settled and deposited amounts show as on their way.`;
  const latest = read.reduce((last, at) => (at > last ? at : last));
  const open = reports.filter((report) => !report.final).length;
  const unread = reports.length - read.length;
  return [
    `From ${which}, as the gateway reported them (last read ${formatDateTime(latest)}).`,
    unread > 0 ? `${unread} of them not read yet.` : '',
    open > 0
      ? 'Reports read before their day ended may still change: what they leave out shows as on its way.'
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

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
