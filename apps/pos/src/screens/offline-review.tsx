import { Button } from '@brigade/ui/components/button';
import { useState } from 'react';
import { clockTime } from '../money';
import { dismissSale } from '../offline/use-offline-queue';
import type { Sale } from '../queries';
import { useRegisterContext } from '../register/context';
import { useIsManager } from '../register/manager';

/**
 * What a manager looks at after the register was offline (decision 063): the sales recorded at the price
 * charged though an item was 86'd or repriced meanwhile (kept on the order by the server), and the sales
 * the server refused to record as they were (kept on this register, with the server's words). Staff who
 * are not managers see how many wait for one.
 */
export function OfflineReview({ sales }: { sales: Sale[] }) {
  const { queue } = useRegisterContext();
  const manager = useIsManager();
  const conflicted = sales.filter((sale) => (sale.offline?.conflicts.length ?? 0) > 0);
  const count = conflicted.length + queue.refused.length;
  if (count === 0) return null;
  if (!manager)
    return (
      <p className="pos-review pos-review--note" role="status">
        {count === 1 ? '1 sale made offline needs' : `${count} sales made offline need`} a manager’s look.
      </p>
    );
  return (
    <section className="pos-review" aria-labelledby="pos-review-title">
      <h2 id="pos-review-title" className="pos-review__title">
        Sales made offline to check
      </h2>
      <ul className="pos-review__list" data-testid="offline-conflicts">
        {conflicted.map((sale) => (
          <ConflictRow key={sale.orderId} sale={sale} />
        ))}
        {queue.refused.map((sale) => (
          <RefusedRow
            key={sale.key}
            saleKey={sale.key}
            check={sale.kind === 'check'}
            total={sale.total}
            soldAt={sale.soldAt}
            problem={sale.problem}
          />
        ))}
      </ul>
    </section>
  );
}

function ConflictRow({ sale }: { sale: Sale }) {
  const { money, register } = useRegisterContext();
  return (
    <li className="pos-review__item">
      <p className="pos-review__head">
        <strong>#{sale.number}</strong> · {money(sale.totals.total)} · sold at{' '}
        {clockTime(sale.offline!.soldAt, register.timezone)}, recorded at the price charged
      </p>
      <ul className="pos-review__conflicts">
        {sale.offline!.conflicts.map((conflict) => (
          <li key={conflict}>{conflict}</li>
        ))}
      </ul>
    </li>
  );
}

/** A sale the server would not record: its words, and taking it off this register once dealt with. */
function RefusedRow(props: {
  saleKey: string;
  /** A check kept open to pay later (decision 072): no money was taken. */
  check: boolean;
  total: number;
  soldAt: string;
  problem?: string | undefined;
}) {
  const { money, register } = useRegisterContext();
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="pos-review__item" data-tone="error">
      <p className="pos-review__head">
        <strong>Not recorded</strong> · {money(props.total)} · {props.check ? 'check kept open' : 'sold'} at{' '}
        {clockTime(props.soldAt, register.timezone)}
      </p>
      <p className="pos-review__problem">{props.problem}</p>
      {confirming ? (
        <div className="pos-review__actions">
          <span>
            {props.check
              ? 'Nothing was paid: open the check again, then remove it here.'
              : 'The cash stays in the drawer: ring the sale up again, then remove it here.'}
          </span>
          <Button size="sm" variant="danger" onClick={() => void dismissSale(props.saleKey)}>
            Remove from this register
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      ) : (
        <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
          Remove…
        </Button>
      )}
    </li>
  );
}
