import { errorMessage } from '@brigade/api-client/problem-error';
import { ErrorView } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { SkeletonRows } from '@brigade/ui/components/skeleton';
import { useMoneyCurrency } from '../../payments-kit/currency';
import { formatDay, formatMinor } from '../../payments-kit/format';
import { type FundingDay, useFunding } from '../../payments-kit/payments-api';
import { Fact } from '../../payments-kit/ui';

/** The day's deposit: net sales, fees, adjustments and the total funded; none → an empty state. */
export function FundingDaySection({ date }: { date: string }) {
  const funding = useFunding(date, true);
  let body: React.ReactNode;
  if (funding.isPending) body = <SkeletonRows count={2} label="Loading the deposit" />;
  else if (funding.isError)
    body = (
      <ErrorView
        title="Could not load the deposit"
        message={errorMessage(funding.error)}
        actions={<Button onClick={() => void funding.refetch()}>Try Again</Button>}
      />
    );
  else if (funding.data === null)
    body = (
      <EmptyState title="No deposit on this day" message="The card processor funded nothing on this day." />
    );
  else body = <Deposit day={funding.data} />;
  return (
    <section className="ui-card pay-deposit" aria-labelledby="pay-deposit-title">
      <h2 id="pay-deposit-title" className="section-title">
        Deposit of {formatDay(date)}
      </h2>
      {body}
    </section>
  );
}

function Deposit({ day }: { day: FundingDay }) {
  const currency = useMoneyCurrency();
  const money = (minor: number | null) => formatMinor(minor, currency);
  return (
    <>
      <p className="pay-deposit__total">{money(day.totalFunding)}</p>
      <dl className="pay-facts">
        <Fact label="Net sales">{money(day.netSales)}</Fact>
        <Fact label="Fees">{money(day.fees)}</Fact>
        <Fact label="Adjustments">{money(day.adjustments)}</Fact>
        <Fact label="Funded on">{formatDay(day.fundingdate)}</Fact>
        <Fact label="Transactions">{day.transactions.length}</Fact>
      </dl>
      {day.adjustmentRecords.length > 0 && (
        <ul className="pay-plain-list" aria-label="Adjustments">
          {day.adjustmentRecords.map((record, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: adjustment records have no id of their own
            <li key={index}>
              {record.description ?? record.category ?? record.type}: {money(record.amount)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
