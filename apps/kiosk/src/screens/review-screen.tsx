import { errorMessage } from '@brigade/api-client/problem-error';
import type { OrderTotals } from '@brigade/domain/ordering/totals';
import { Alert } from '@brigade/ui/components/alert';
import { Button } from '@brigade/ui/components/button';
import { useId, useState } from 'react';
import { missingFor, orderOf, priceCart } from '../cart';
import { useKiosk } from '../kiosk-context';
import { type PlacedOrder, usePlaceOrder } from '../queries';
import { KioskHeader } from './kiosk-header';
import { OrderLines } from './order-lines';

/**
 * The order before it is placed: its lines (quantity, remove), eat here or take out, a name to be called or a
 * table tent number, the total with tax, and "Pay at counter". The order is sent with the cart's key, so a
 * retry after a lost answer never places it twice.
 */
export function ReviewScreen(props: { onBack: () => void; onPlaced: (order: PlacedOrder) => void }) {
  const { kiosk, menu, items, cart, money } = useKiosk();
  const place = usePlaceOrder(kiosk.token);
  const [tried, setTried] = useState(false);
  const priced = menu ? priceCart(cart, items, menu.rules) : null;
  const missing = missingFor(cart) ?? priced?.problems[0] ?? null;
  const submit = () => {
    setTried(true);
    if (missing || place.isPending) return;
    place.mutate({ key: cart.orderKey, order: orderOf(cart) }, { onSuccess: props.onPlaced });
  };
  const totals = priced?.totals;
  return (
    <main className="kiosk-screen kiosk-review">
      <KioskHeader title="Your order" />
      <div className="kiosk-review__body">
        <section className="kiosk-review__lines" aria-label="Your items">
          <OrderLines />
          <Button variant="secondary" size="lg" onClick={props.onBack}>
            Add more items
          </Button>
        </section>
        <section className="kiosk-review__details" aria-label="How you eat and pay">
          <ServiceAndName />
          {totals && <Totals totals={totals} />}
          {tried && missing && (
            <p className="kiosk-missing" role="alert">
              {missing}
            </p>
          )}
          {place.error && (
            <Alert tone="error" title="Your order was not placed">
              {errorMessage(place.error)} Try again, or order at the counter.
            </Alert>
          )}
          <Button
            size="lg"
            block
            className="kiosk-pay"
            loading={place.isPending}
            loadingText="Placing your order..."
            onClick={submit}
          >
            {place.error ? 'Try again' : `Pay at counter${totals ? ` · ${money(totals.total)}` : ''}`}
          </Button>
        </section>
      </div>
    </main>
  );
}

/** Eat here or take out, the guest's name, and (eating here) the table tent's number. */
function ServiceAndName() {
  const { cart, dispatch } = useKiosk();
  const nameId = useId();
  const tentId = useId();
  return (
    <>
      <fieldset className="kiosk-group">
        <legend className="kiosk-group__legend">Eat here or take out?</legend>
        <div className="kiosk-service">
          {(['dine_in', 'takeout'] as const).map((service) => (
            <button
              key={service}
              type="button"
              className="kiosk-option kiosk-option--big"
              aria-pressed={cart.service === service}
              onClick={() => dispatch({ type: 'service', service })}
            >
              {service === 'dine_in' ? 'Eat here' : 'Take out'}
            </button>
          ))}
        </div>
      </fieldset>
      <div className="kiosk-who">
        <div className="ui-field">
          <label className="ui-field__label" htmlFor={nameId}>
            Your name
          </label>
          <input
            id={nameId}
            className="ui-field__input kiosk-input"
            autoComplete="off"
            maxLength={40}
            value={cart.guestName}
            onChange={(event) => dispatch({ type: 'guest', guestName: event.target.value })}
          />
        </div>
        {cart.service === 'dine_in' && (
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={tentId}>
              Table tent number
            </label>
            <input
              id={tentId}
              className="ui-field__input kiosk-input"
              inputMode="numeric"
              autoComplete="off"
              maxLength={3}
              value={cart.tent}
              onChange={(event) => dispatch({ type: 'tent', tent: event.target.value })}
            />
            <span className="ui-field__hint">The number on the stand you take to your table.</span>
          </div>
        )}
      </div>
    </>
  );
}

/** Subtotal, tax and total, as the server will charge them. */
function Totals({ totals }: { totals: OrderTotals }) {
  const { money } = useKiosk();
  return (
    <dl className="kiosk-totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{money(totals.subtotal)}</dd>
      </div>
      <div>
        <dt>Tax</dt>
        <dd>{money(totals.tax)}</dd>
      </div>
      <div className="kiosk-totals__total">
        <dt>Total</dt>
        <dd data-testid="order-total">{money(totals.total)}</dd>
      </div>
    </dl>
  );
}
