import { Badge } from '@brigade/ui/app-kit/badge';
import { useMoneyCurrency } from '../../payments-kit/currency';
import { formatDay, formatMinor, words } from '../../payments-kit/format';
import { useFundingRange } from '../../payments-kit/payments-api';

/** The chargebacks in the chart's period (from the same daily funding), with type, reason and partial. */
export function Chargebacks({ from, to }: { from: string; to: string }) {
  const range = useFundingRange(from, to, true);
  const currency = useMoneyCurrency();
  if (!range.data) return null;
  const chargebacks = range.data.flatMap((day) => day.chargebacks.map((c) => ({ ...c, day: day.date })));
  return (
    <section className="ui-card pay-chargebacks" aria-labelledby="pay-chargebacks-title">
      <h2 id="pay-chargebacks-title" className="section-title">
        Chargebacks
      </h2>
      {chargebacks.length === 0 ? (
        <p className="pay-muted">No chargebacks in this period.</p>
      ) : (
        <ul className="pay-plain-list">
          {chargebacks.map((c, index) => (
            <li key={c.casenumber ?? `${c.day}-${index}`} className="pay-chargeback">
              <strong>{formatMinor(c.amount, currency)}</strong>
              <Badge tone="warning">{words(c.type)}</Badge>
              {c.partial && <Badge>Partial</Badge>}
              <span>
                {c.reasoncode ? `Reason ${c.reasoncode}` : 'No reason code'}
                {c.reasondescription ? `: ${c.reasondescription}` : ''}
              </span>
              <span className="pay-muted">
                {formatDay(c.chargebackdate ?? c.day)}
                {c.casenumber ? ` · case ${c.casenumber}` : ''}
                {c.transactionAmount !== null ? ` · of ${formatMinor(c.transactionAmount, currency)}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
