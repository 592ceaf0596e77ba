import { EmptyState } from '@brigade/ui/components/empty-state';
import { priceCart } from '../cart';
import { useKiosk } from '../kiosk-context';

/** The order's lines with their choices, amounts, − and + and Remove. */
export function OrderLines() {
  const { menu, items, cart, dispatch, money } = useKiosk();
  if (cart.lines.length === 0)
    return <EmptyState title="Your order is empty" message="Add something from the menu." />;
  const priced = menu ? priceCart(cart, items, menu.rules) : null;
  return (
    <ul className="kiosk-lines" aria-label="Lines">
      {cart.lines.map((line, index) => {
        const entry = priced?.lines[index];
        const name = entry?.item?.name ?? 'No longer available';
        return (
          <li key={line.key} className="kiosk-line">
            <div className="kiosk-line__what">
              <span className="kiosk-line__name">{name}</span>
              {entry?.priced?.sizeName && <span className="kiosk-line__choice">{entry.priced.sizeName}</span>}
              {entry?.priced?.modifiers.map((m) => (
                <span key={`${m.modifierGroupId}:${m.modifierId}`} className="kiosk-line__choice">
                  {m.quantity > 1 ? `${m.quantity} × ${m.name}` : m.name}
                </span>
              ))}
            </div>
            <div className="kiosk-line__how">
              <fieldset className="kiosk-stepper" aria-label={`Quantity of ${name}`}>
                <button
                  type="button"
                  className="kiosk-round"
                  aria-label={`One fewer ${name}`}
                  disabled={line.quantity <= 1}
                  onClick={() => dispatch({ type: 'quantity', key: line.key, quantity: line.quantity - 1 })}
                >
                  −
                </button>
                <output className="kiosk-stepper__value">{line.quantity}</output>
                <button
                  type="button"
                  className="kiosk-round"
                  aria-label={`One more ${name}`}
                  onClick={() => dispatch({ type: 'quantity', key: line.key, quantity: line.quantity + 1 })}
                >
                  +
                </button>
              </fieldset>
              <span className="kiosk-line__amount">
                {entry?.priced ? money(entry.priced.lineTotal) : '—'}
              </span>
              <button
                type="button"
                className="kiosk-line__remove"
                aria-label={`Remove ${name}`}
                onClick={() => dispatch({ type: 'remove', key: line.key })}
              >
                Remove
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
