import { errorMessage } from '@brigade/api-client/problem-error';
import type { CardEntryState } from '@brigade/domain/payments/card-entry';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { Skeleton } from '@brigade/ui/components/skeleton';
import { useCardEntryMessages } from '@brigade/ui/lib/card-entry-frame';
import { useId, useRef, useState } from 'react';
import { type OpenCheck, payCheckKeyed, useCardEntry } from '../check-queries';
import { readReceiptChoice } from '../device-store';
import { useRegisterContext } from '../register/context';
import { ChargeProblem, useCardCharge } from './card-dialog';
import { SaleDone } from './sale-done';

/**
 * A keyed card (docs/behaviour/pos.md#a-keyed-card): the card cannot be read, or the guest pays by phone.
 * The card is typed into the gateway's own card-entry frame, which hands back a token (the number never
 * reaches the register or the server); the tip is the one the guest names. "Charge" sends the token with an
 * Idempotency-Key, kept while the outcome is unknown so "Try again" cannot charge twice.
 */
export function KeyedCardDialog(props: { check: OpenCheck; onPaid: () => void; onClose: () => void }) {
  const { money, register, scope, device } = useRegisterContext();
  const [card, setCard] = useState<CardEntryState>({ kind: 'empty' });
  const [tip, setTip] = useState(0);
  const charge = useCardCharge(props.onPaid);
  const send = (entered: { token: string; expiry: string }) => (key: string) =>
    payCheckKeyed(
      scope,
      device.token,
      props.check.orderId,
      {
        version: props.check.version,
        receipt: readReceiptChoice(device.deviceId),
        token: entered.token,
        expiry: entered.expiry,
        tip,
      },
      key,
    );
  const balance = props.check.balance;
  if (charge.sale) return <SaleDone sale={charge.sale} onNewSale={props.onClose} />;
  const tips = [
    { key: 'none', label: 'No tip', amount: 0 },
    ...register.tipPresets.map((percent) => {
      const amount = Math.round((balance * percent) / 100);
      return { key: `${percent}%`, label: `${percent}% ${money(amount)}`, amount };
    }),
  ];
  return (
    <Dialog
      open
      onClose={() => {
        if (!charge.sending) props.onClose();
      }}
      title={`Key in a card ${money(balance + tip)}`}
      description="Type the card into the secure box: it goes to the card processor, never to Brigade."
      size="md"
      footer={
        <>
          <Button variant="secondary" size="lg" onClick={props.onClose} disabled={charge.sending}>
            Close
          </Button>
          <Button
            size="lg"
            className="pos-dialog__primary"
            disabled={card.kind !== 'token'}
            loading={charge.sending}
            loadingText="Charging..."
            onClick={() => card.kind === 'token' && void charge.start(send(card))}
          >
            {charge.held ? 'Try again' : `Charge ${money(balance + tip)}`}
          </Button>
        </>
      }
    >
      <div className="pos-keyed">
        <fieldset className="pos-pay__amounts" aria-label="Tip">
          {tips.map((choice) => (
            <button
              key={choice.key}
              type="button"
              className="pos-option"
              aria-pressed={tip === choice.amount}
              disabled={charge.sending || charge.held}
              onClick={() => setTip(choice.amount)}
            >
              {choice.label}
            </button>
          ))}
        </fieldset>
        <KeyedFrame state={card} onChange={setCard} />
        {charge.problem && <ChargeProblem problem={charge.problem} testId="keyed-problem" />}
      </div>
    </Dialog>
  );
}

/** The gateway's card-entry page in a frame, and what it said of the card so far. */
function KeyedFrame(props: { state: CardEntryState; onChange: (state: CardEntryState) => void }) {
  const { scope } = useRegisterContext();
  const entry = useCardEntry(scope);
  const frame = useRef<HTMLIFrameElement>(null);
  const statusId = useId();
  useCardEntryMessages(entry.data?.origin, frame, props.onChange);
  const { state } = props;
  let status = 'Enter the card number, expiry and CVV.';
  if (state.kind === 'token') status = 'Card details received.';
  else if (state.kind === 'invalid') status = state.message;
  return (
    <div className="pos-keyed__frame">
      {entry.isPending ? (
        <Skeleton height="9rem" />
      ) : entry.isError ? (
        <div className="ui-alert" role="alert">
          <p className="ui-alert__title">The card entry could not be loaded: {errorMessage(entry.error)}</p>
          <Button variant="secondary" onClick={() => void entry.refetch()}>
            Try Again
          </Button>
        </div>
      ) : (
        <iframe
          ref={frame}
          src={entry.data.url}
          title="Card details"
          className="pos-keyed__iframe"
          aria-describedby={statusId}
        />
      )}
      <p
        id={statusId}
        className={state.kind === 'invalid' ? 'pos-keyed__invalid' : 'pos-keyed__status'}
        aria-live="polite"
      >
        {status}
      </p>
    </div>
  );
}
