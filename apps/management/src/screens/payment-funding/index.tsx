import { PageHeader } from '@brigade/ui/app-kit/page-header';
import { useSearchParams } from 'react-router';
import { localDay } from '../../payments-kit/format';
import { usePaymentRights } from '../../payments-kit/payments-api';
import { NotAllowed, WithMerchantAccount } from '../../payments-kit/ui';
import { Chargebacks } from './chargebacks';
import { FundingChart } from './funding-chart';
import { FundingDaySection } from './funding-day';
import { DayPicker, RANGE_CHOICES, type RangeDays, rangeEnding } from './range';
import { SettlementSection } from './settlement';

const TITLE = 'Settlement & funding';

/**
 * What the card processor settled and deposited (managers and up): a day's settlement batches and deposit,
 * and a chart of net sales, fees and deposits day by day over up to 31 days. The day and range live in the
 * URL (?date=2026-11-20&days=14).
 */
export default function PaymentFundingScreen() {
  const rights = usePaymentRights();
  if (!rights.settlement || !rights.funding)
    return <NotAllowed title={TITLE} who="managers, admins and owners" />;
  return (
    <>
      <PageHeader
        title={TITLE}
        description="Settlement batches, deposits, fees and chargebacks from the card processor."
      />
      <WithMerchantAccount loadingLabel="Loading settlement and funding">
        {() => <FundingBody />}
      </WithMerchantAccount>
    </>
  );
}

function FundingBody() {
  const [search, setSearch] = useSearchParams();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(search.get('date') ?? '')
    ? (search.get('date') as string)
    : localDay(-1);
  const daysParam = Number(search.get('days'));
  const days: RangeDays = RANGE_CHOICES.includes(daysParam as RangeDays) ? (daysParam as RangeDays) : 14;
  const update = (next: { date?: string; days?: RangeDays }) => {
    const params = new URLSearchParams(search);
    params.set('date', next.date ?? date);
    params.set('days', String(next.days ?? days));
    setSearch(params, { replace: true });
  };
  const range = rangeEnding(date, days);
  return (
    <div className="pay-funding">
      <DayPicker date={date} days={days} onChange={update} />
      <FundingChart from={range.from} to={range.to} days={days} />
      <div className="pay-funding__day">
        <FundingDaySection date={date} />
        <SettlementSection date={date} />
      </div>
      <Chargebacks from={range.from} to={range.to} />
    </div>
  );
}
