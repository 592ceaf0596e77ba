import { errorMessage, ProblemError } from '@brigade/api-client/problem-error';
import type { PlaceKioskOrderInput } from '@brigade/domain/pos/kiosk';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { Dialog } from '@brigade/ui/components/dialog';
import { useEffect, useState } from 'react';
import { orderOf } from '../cart';
import { useKiosk } from '../kiosk-context';
import { type PlacedOrder, useCancelTerminal, usePlaceOrder } from '../queries';

type Payment = NonNullable<PlaceKioskOrderInput['payment']>;

/**
 * How the guest pays: "Pay here by card" when a terminal is paired to the kiosk (the terminal asks for the tip
 * and the card while the kiosk says to follow it, with Cancel), and "Pay at counter". Both send the cart's
 * key: a declined card can go to the counter, and a lost answer is never a second order or charge.
 */
export function PayButtons(props: {
  total: string;
  blocked: () => boolean;
  onPlaced: (order: PlacedOrder) => void;
}) {
  const { kiosk, menu, cart, setBusy } = useKiosk();
  const place = usePlaceOrder(kiosk.token);
  useEffect(() => setBusy(place.isPending), [place.isPending, setBusy]);
  useEffect(() => () => setBusy(false), [setBusy]);
  const [payment, setPayment] = useState<Payment>('counter');
  const pay = (how: Payment) => {
    if (props.blocked() || place.isPending) return;
    setPayment(how);
    place.mutate(
      { key: cart.orderKey, order: { ...orderOf(cart), payment: how } },
      { onSuccess: props.onPlaced },
    );
  };
  const declined = place.error instanceof ProblemError && place.error.status === 402;
  return (
    <>
      {place.error && (
        <Alert tone="error" title={declined ? 'Your card was not accepted' : 'Your order was not placed'}>
          {errorMessage(place.error)}{' '}
          {menu?.cardTerminal
            ? 'Try your card again, or pay at the counter.'
            : 'Try again, or order at the counter.'}
        </Alert>
      )}
      {menu?.cardTerminal && (
        <Button
          size="lg"
          block
          className="kiosk-pay"
          loading={place.isPending && payment === 'card'}
          loadingText="Waiting for the card terminal..."
          onClick={() => pay('card')}
        >
          Pay here by card · {props.total}
        </Button>
      )}
      <Button
        size="lg"
        block
        variant={menu?.cardTerminal ? 'secondary' : 'primary'}
        className="kiosk-pay"
        loading={place.isPending && payment === 'counter'}
        loadingText="Placing your order..."
        onClick={() => pay('counter')}
      >
        {place.error && !menu?.cardTerminal ? 'Try again' : `Pay at counter · ${props.total}`}
      </Button>
      {place.isPending && payment === 'card' && <FollowTheTerminal total={props.total} />}
    </>
  );
}

/** While the terminal waits for the guest: what to do, and Cancel (the order is then not paid). */
function FollowTheTerminal({ total }: { total: string }) {
  const { kiosk } = useKiosk();
  const cancel = useCancelTerminal(kiosk.token);
  return (
    <Dialog open alert onClose={() => cancel.mutate()} title="Follow the prompts on the card terminal">
      <div className="kiosk-idle">
        <p>
          Tap, insert or swipe your card to pay <strong>{total}</strong> (a tip is asked on the terminal).
        </p>
        {cancel.error && <Alert tone="error">{errorMessage(cancel.error)}</Alert>}
        <Button
          size="lg"
          block
          variant="secondary"
          loading={cancel.isPending}
          loadingText="Cancelling..."
          onClick={() => cancel.mutate()}
        >
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
