import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { TextField } from '@brigade/ui/components/text-field';
import { useState } from 'react';
import { isDeviceRefusal, type Sale, useAddTip } from '../queries';
import { useRegisterContext } from '../register/context';
import { cardAwaitingTip, cardOf, tipCents } from '../sales/figures';

/**
 * The tip written on a signed receipt (docs/behaviour/pos.md#tips-on-the-receipt): the amount typed from the
 * receipt, the new total, and the server's answer — the card is captured with it. "No tip" captures it as it
 * is. Refusals (over 25% of the authorised amount, already added) show in place.
 */
/**
 * The tip's request. Its Idempotency-Key is kept only across a request that got no answer (the network), so
 * that retry counts once; any answer (a decline, a refusal) makes the next try a new request.
 */
function useTipRequest(sale: Sale, onAdded: (sale: Sale) => void) {
  const { scope, device, onRefused } = useRegisterContext();
  const addTip = useAddTip(scope, device.token);
  const card = cardAwaitingTip(sale);
  const [key, setKey] = useState(() => ({ tip: -1, key: '' }));
  const submit = (tip: number | null) => {
    if (tip === null || !card || addTip.isPending) return;
    const use = key.tip === tip && key.key ? key : { tip, key: crypto.randomUUID() };
    setKey(use);
    addTip.mutate(
      { orderId: sale.orderId, tenderId: card.tenderId, tip, key: use.key },
      {
        onSuccess: onAdded,
        onError: (refusal) => {
          if (refusal instanceof ProblemError) setKey({ tip: -1, key: '' });
          if (isDeviceRefusal(refusal)) onRefused(errorMessage(refusal));
        },
      },
    );
  };
  return { addTip, submit };
}

export function TipDialog(props: { sale: Sale; onClose: () => void; onAdded: (sale: Sale) => void }) {
  const { sale, onClose } = props;
  const { money } = useRegisterContext();
  const { addTip, submit } = useTipRequest(sale, props.onAdded);
  const [typed, setTyped] = useState('');
  const cents = tipCents(typed);
  const error = addTip.error;
  const fieldErrors = error instanceof ProblemError ? error.errors : [];
  const tipError = cents === null ? 'Enter the tip as an amount, such as 4.50' : fieldErrors[0]?.message;
  const otherError = error && fieldErrors.length === 0 ? errorMessage(error) : null;
  const total = sale.totals.total + (cents ?? 0);
  // an empty or zero tip is "No tip", never the primary action: a card is captured once
  const add = () => {
    if (cents) submit(cents);
  };
  return (
    <Dialog
      open
      onClose={() => {
        if (!addTip.isPending) onClose();
      }}
      title={`Add tip to sale #${sale.number}`}
      description={`Type the tip written on the signed receipt. ${cardOf(sale) ?? 'The card'} is charged the total with it.`}
      footer={
        <>
          <Button variant="secondary" size="lg" onClick={() => submit(0)} disabled={addTip.isPending}>
            No tip
          </Button>
          <Button
            size="lg"
            loading={addTip.isPending}
            loadingText="Charging..."
            disabled={!cents}
            onClick={add}
          >
            {cents ? `Add ${money(cents)} tip` : 'Add tip'}
          </Button>
        </>
      }
    >
      <form
        className="pos-void"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <dl className="pos-figures pos-void__sale">
          <div>
            <dt>Check</dt>
            <dd>{money(sale.totals.total)}</dd>
          </div>
          <div>
            <dt>Total with tip</dt>
            <dd data-testid="tip-total">{money(total)}</dd>
          </div>
        </dl>
        <TextField
          label="Tip ($)"
          inputMode="decimal"
          autoComplete="off"
          value={typed}
          data-autofocus
          onChange={(event) => {
            setTyped(event.target.value);
            if (addTip.isError) addTip.reset();
          }}
          error={tipError}
        />
        {otherError && <Alert title="The tip was not added">{otherError}</Alert>}
      </form>
    </Dialog>
  );
}
