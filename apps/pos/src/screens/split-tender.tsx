import { CASH_SHORT } from '@brigade/domain/pos/api';
import { CASH_SHORT_OF_AMOUNT, paidToward } from '@brigade/domain/pos/checks';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { type CashPlan, evenShares } from '../check/cash';
import type { Sale } from '../queries';
import { useRegisterContext } from '../register/context';

/**
 * Split tender in the cash dialog of an open check (docs/behaviour/pos.md#split-tender): the share to pay,
 * what the cash leaves to pay, and the part paid.
 */

/** Under the keypad: the change due, what a part leaves to pay, or why the cash cannot be taken. */
export function PlanText(props: {
  plan: CashPlan | null;
  digits: string;
  share: number | null;
  balance: number;
}) {
  const { money } = useRegisterContext();
  const { plan } = props;
  if (plan === null)
    return (
      <span className="pos-pay__short">
        {props.digits === ''
          ? 'Enter the cash tendered'
          : props.share === null
            ? CASH_SHORT
            : CASH_SHORT_OF_AMOUNT}
      </span>
    );
  return (
    <>
      Change due <strong data-testid="change-preview">{money(plan.change)}</strong>
      {plan.part && (
        <span className="pos-pay__left" data-testid="left-to-pay">
          {' '}
          · {money(props.balance - plan.amount)} left to pay
        </span>
      )}
    </>
  );
}

/** The whole balance, or an even share of it for a guest paying their part (split tender). */
export function SharePicker(props: {
  balance: number;
  share: number | null;
  locked: boolean;
  onShare: (amount: number | null) => void;
}) {
  const { money } = useRegisterContext();
  const shares = evenShares(props.balance);
  if (shares.length === 0) return null;
  const names: Record<number, string> = { 2: 'Half', 3: 'A third', 4: 'A quarter' };
  return (
    <fieldset className="pos-pay__amounts" aria-label="Amount to pay">
      <button
        type="button"
        className="pos-option"
        aria-pressed={props.share === null}
        disabled={props.locked}
        onClick={() => props.onShare(null)}
      >
        All {money(props.balance)}
      </button>
      {shares.map((share) => (
        <button
          key={share.of}
          type="button"
          className="pos-option"
          aria-pressed={props.share === share.amount}
          disabled={props.locked}
          onClick={() => props.onShare(share.amount)}
        >
          {names[share.of]} {money(share.amount)}
        </button>
      ))}
    </fieldset>
  );
}

/** A part of the check paid: the change, and what the sale says is left to pay on the check (still open). */
export function PartPaid(props: { sale: Sale; onBack: () => void }) {
  const { money } = useRegisterContext();
  const tender = props.sale.tenders.at(-1);
  return (
    <Dialog
      open
      onClose={props.onBack}
      title={`Part paid: ${money(tender?.amount ?? 0)}`}
      description="The check stays open with the rest to pay, in cash or by card (another guest's card too)."
      footer={
        <Button size="lg" className="pos-dialog__primary" onClick={props.onBack}>
          Back to the check
        </Button>
      }
    >
      <p className="pos-pay__change" aria-live="polite">
        {tender?.card ? (
          tender.card.tipPending ? (
            <span data-testid="part-tip">Tip to add from the receipt</span>
          ) : (
            <>
              Tip <strong data-testid="part-tip">{money(tender.card.tip)}</strong>
            </>
          )
        ) : (
          <>
            Change due <strong data-testid="part-change">{money(tender?.change ?? 0)}</strong>
          </>
        )}{' '}
        ·{' '}
        <span data-testid="part-left">{money(props.sale.totals.total - paidToward(props.sale.tenders))}</span>{' '}
        left to pay
      </p>
    </Dialog>
  );
}
