import type { OrderTotals } from '@brigade/domain/ordering/totals';
import { Button } from '@brigade/ui/components/button';
import { useId, useState } from 'react';
import { missingFor, priceCart } from '../cart';
import { useKiosk } from '../kiosk-context';
import type { PlacedOrder } from '../queries';
import { KioskHeader } from './kiosk-header';
import { OrderLines } from './order-lines';
import { PayButtons } from './pay-buttons';

/**
 * The order before it is placed: its lines (quantity, remove), eat here or take out, a name to be called or a
 * table tent number, the total with tax, and how to pay (pay-buttons.tsx).
 */
export function ReviewScreen(props: { onBack: () => void; onPlaced: (order: PlacedOrder) => void }) {
  const { menu, items, cart, money } = useKiosk();
  const [tried, setTried] = useState(false);
  const priced = menu ? priceCart(cart, items, menu.rules) : null;
  const missing = missingFor(cart) ?? priced?.problems[0] ?? null;
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
          <PayButtons
            total={totals ? money(totals.total) : ''}
            blocked={() => {
              setTried(true);
              return missing !== null;
            }}
            onPlaced={props.onPlaced}
          />
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
