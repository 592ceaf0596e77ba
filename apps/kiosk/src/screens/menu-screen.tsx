import { Button } from '@brigade/ui/components/button';
import { EmptyState } from '@brigade/ui/components/empty-state';
import { useMemo, useState } from 'react';
import { categoriesOf, itemCount, priceCart } from '../cart';
import { useKiosk } from '../kiosk-context';
import type { Item } from '../queries';
import { ItemDialog } from './item-dialog';
import { KioskHeader } from './kiosk-header';

/**
 * The kiosk's menu: its categories as large tabs, the chosen one's items as large cards (name, description,
 * price; sold out ones shown and disabled), and the order bar with the count and total.
 */
export function MenuScreen({ onReview }: { onReview: () => void }) {
  const { menu, items, cart, money, dispatch } = useKiosk();
  const categories = useMemo(() => categoriesOf(menu?.menus ?? []), [menu]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [open, setOpen] = useState<Item | null>(null);
  const category = categories.find((c) => c.id === chosen) ?? categories[0];
  const total = menu ? priceCart(cart, items, menu.rules).totals?.total : undefined;
  const count = itemCount(cart);
  return (
    <main className="kiosk-screen kiosk-menu">
      <KioskHeader title="What would you like?" />
      <nav className="kiosk-categories" aria-label="Categories">
        {categories.map((c) => (
          <button
            key={c.id}
            type="button"
            className="kiosk-category"
            aria-pressed={c === category}
            onClick={() => setChosen(c.id)}
          >
            {c.name}
          </button>
        ))}
      </nav>
      <section className="kiosk-items" aria-label={category ? category.name : 'Menu'}>
        {!category ? (
          <EmptyState title="Nothing to order here right now" message="Please order at the counter." />
        ) : (
          <ul className="kiosk-items__grid">
            {category.items.map((item) => (
              <li key={item.itemId}>
                <button
                  type="button"
                  className="kiosk-item"
                  disabled={item.soldOut}
                  onClick={() => setOpen(item)}
                >
                  <span className="kiosk-item__name">{item.name}</span>
                  {item.description && <span className="kiosk-item__description">{item.description}</span>}
                  <span className="kiosk-item__price">
                    {item.soldOut ? 'Sold out' : priceOf(item, money)}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <footer className="kiosk-bar">
        <p className="kiosk-bar__summary" aria-live="polite">
          {count === 0 ? 'Your order is empty' : `${count} ${count === 1 ? 'item' : 'items'}`}
        </p>
        <Button size="lg" className="kiosk-bar__next" disabled={count === 0} onClick={onReview}>
          {count === 0 ? 'Review order' : `Review order · ${total === undefined ? '' : money(total)}`}
        </Button>
      </footer>
      {open && (
        <ItemDialog
          item={open}
          onClose={() => setOpen(null)}
          onAdd={(line) => {
            dispatch({ type: 'add', line });
            setOpen(null);
          }}
        />
      )}
    </main>
  );
}

function priceOf(item: Item, money: (cents: number) => string): string {
  if (item.pricingStrategy !== 'size') return money(item.price);
  const lowest = Math.min(...item.sizes.map((s) => s.price));
  return `from ${money(lowest)}`;
}
