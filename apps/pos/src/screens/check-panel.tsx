import { POS_SERVICES, SERVICE_LABELS } from '@brigade/domain/pos/api';
import { Button } from '@brigade/ui/components/button';
import { type Dispatch, useId } from 'react';
import type { Check, CheckAction } from '../check/check';
import type { PricedCheck } from '../check/pricing';
import { useRegisterContext } from '../register/context';
import { CheckLineRow } from './check-line';
import { PayButtons } from './check-panel-dialogs';
import { CARD_NEEDS_CONNECTION } from './offline-banner';

/**
 * The right of the register: dine in or takeout, a name to call, the lines, the figures (computed with the
 * server's own pricing code) and "Pay". On a phone it is a sheet over the menu.
 */
export function CheckPanel(props: {
  check: Check;
  priced: PricedCheck;
  dispatch: Dispatch<CheckAction>;
  onPay: () => void;
  /** Paying by card on the register's terminal; absent when it has none. */
  onPayCard?: (() => void) | undefined;
  /** "Send, pay later": opened as a tab sent to the kitchen (decision 072). */
  later: { onKeep: () => void; busy: boolean; problem: string | null };
  onClose: () => void;
}) {
  const { check, priced, dispatch } = props;
  const guestId = useId();
  // offline, cash sales are kept on the register (decision 063); the card dialog says why it cannot charge
  const payable = check.lines.length > 0 && priced.totals !== null && priced.problems.length === 0;
  return (
    <aside className="pos-check" aria-labelledby={`${guestId}-title`}>
      <header className="pos-check__head">
        <h2 id={`${guestId}-title`} className="pos-check__title">
          Check
        </h2>
        <Button variant="secondary" className="pos-check__back" onClick={props.onClose}>
          Back to menu
        </Button>
      </header>
      <div className="pos-check__setup">
        <fieldset aria-label="Service" className="pos-segment">
          {POS_SERVICES.map((service) => (
            <button
              key={service}
              type="button"
              className="pos-segment__option"
              aria-pressed={check.service === service}
              onClick={() => dispatch({ type: 'service', service })}
            >
              {SERVICE_LABELS[service]}
            </button>
          ))}
        </fieldset>
        <label className="ui-visually-hidden" htmlFor={guestId}>
          Guest name or table tent (optional)
        </label>
        <input
          id={guestId}
          className="ui-field__input pos-check__guest"
          placeholder="Guest name or table tent (optional)"
          maxLength={60}
          value={check.guestName}
          onChange={(event) => dispatch({ type: 'guest', guestName: event.target.value })}
        />
      </div>
      {check.lines.length === 0 ? (
        <p className="pos-check__empty">Tap an item to start a sale.</p>
      ) : (
        <ol className="pos-lines" aria-label="Lines">
          {priced.lines.map((line) => (
            <CheckLineRow key={line.line.key} line={line} dispatch={dispatch} />
          ))}
        </ol>
      )}
      <CheckFoot
        priced={priced}
        payable={payable}
        onPay={props.onPay}
        onPayCard={props.onPayCard}
        later={props.later}
      />
    </aside>
  );
}

/** The check's figures, what stops it being paid, and the ways to pay it (or to pay later). */
function CheckFoot(props: {
  priced: PricedCheck;
  payable: boolean;
  onPay: () => void;
  onPayCard?: (() => void) | undefined;
  later: { onKeep: () => void; busy: boolean; problem: string | null };
}) {
  const { priced } = props;
  const { offline } = useRegisterContext();
  const total = priced.totals?.total ?? 0;
  return (
    <div className="pos-check__foot">
      <Figures priced={priced} />
      {priced.problems.length > 0 && (
        <div role="alert">
          <ul className="pos-check__problems">
            {priced.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        </div>
      )}
      <PayButtons total={total} disabled={!props.payable} onPay={props.onPay} onPayCard={props.onPayCard} />
      <Button
        variant="secondary"
        block
        className="pos-check__later"
        disabled={!props.payable || props.later.busy}
        onClick={props.later.onKeep}
      >
        Send, pay later
      </Button>
      {props.later.problem && (
        <p className="pos-check__later-problem" role="alert">
          {props.later.problem}
        </p>
      )}
      {offline && props.onPayCard && <p className="pos-check__offline">{CARD_NEEDS_CONNECTION}</p>}
    </div>
  );
}

/** Subtotal, each tax, the service charge and the total. */
function Figures({ priced }: { priced: PricedCheck }) {
  const { money } = useRegisterContext();
  const totals = priced.totals;
  if (!totals) return null;
  return (
    <dl className="pos-figures">
      <div>
        <dt>Subtotal</dt>
        <dd>{money(totals.subtotal)}</dd>
      </div>
      {totals.taxes.map((tax) => (
        <div key={tax.taxRateId}>
          <dt>{tax.included > 0 && tax.amount === 0 ? `${tax.name} (included)` : tax.name}</dt>
          <dd>{money(tax.amount > 0 ? tax.amount : tax.included)}</dd>
        </div>
      ))}
      {totals.serviceCharge > 0 && (
        <div>
          <dt>Service charge</dt>
          <dd>{money(totals.serviceCharge)}</dd>
        </div>
      )}
      <div className="pos-figures__total">
        <dt>Total</dt>
        <dd data-testid="check-total">{money(totals.total)}</dd>
      </div>
    </dl>
  );
}

/** On a phone: the check's count and total under the menu; opens the check. */
export function CheckBar(props: { count: number; total: number; onOpen: () => void }) {
  const { money } = useRegisterContext();
  return (
    <div className="pos-checkbar">
      <Button size="lg" block onClick={props.onOpen}>
        View check ({props.count}) · {money(props.total)}
      </Button>
    </div>
  );
}
